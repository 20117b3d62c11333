import { z } from 'zod'
import { PhoneClaim } from './auth'

/** Wrong `link` codes from a number that void its pending claims (the user then saves the number again). */
export const LINK_CODE_TRIES = 5

/** A claim voided by too many wrong codes sent from its number. */
export const VoidedClaim = z.object({
  phone_number: z.string(),
  /** ISO 8601. */
  voided_at: z.string(),
})
export type VoidedClaim = z.infer<typeof VoidedClaim>

/** GET /api/whatsapp/status: the signed-in user's WhatsApp link (Settings → WhatsApp Integration). */
export const WhatsappStatus = z.object({
  /** A proven number is linked; an unproven one (saved before proofs existed) is not. */
  linked: z.boolean(),
  /** `whatsapp:+<code><number>` or null. */
  phone_number: z.string().nullable(),
  /** ISO 8601 of the last message received from the linked number, or null. */
  last_message_at: z.string().nullable(),
  /** `https://wa.me/<number>?text=<join phrase>`, or null when the server has no WhatsApp number. */
  join_url: z.string().nullable(),
  monthly_report: z.boolean(),
  /** The number waiting for its `link <code>` message, or null. */
  pending: PhoneClaim.nullable(),
  /** The caller's claim that wrong codes voided in the last day (until they save a number again), or null. */
  voided: VoidedClaim.nullable(),
})
export type WhatsappStatus = z.infer<typeof WhatsappStatus>
