import { z } from 'zod'
import { CURRENCY_CODES, DEFAULT_CURRENCY } from '../money/money'
import { isUpiId, MAX_UPI_ID_LENGTH } from '../upi-id'
import { documentBase, Paise } from './common'

/** One document per user (id = owner id): preferences and data the app keeps beside the ledger. */
export const Profile = z.object({
  ...documentBase,
  /** The home currency: what totals are shown in. */
  currency: z.enum(CURRENCY_CODES).default(DEFAULT_CURRENCY),
  /**
   * The home currency before the first change of it, pinned then: entries with no currency of
   * their own were made in it, so changing the home currency converts nothing stored. Absent until
   * then (no default: a device that does not know it leaves the server's alone).
   */
  legacyCurrency: z.enum(CURRENCY_CODES).optional(),
  /** Categories the user added themselves ('Others' → custom text), kept for next time. */
  customCategories: z.array(z.string().trim().min(1).max(60)).max(200).default([]),
  monthlyIncome: Paise.min(0).default(0),
  hideBalance: z.boolean().default(false),
  monthlyReportByWhatsapp: z.boolean().default(true),
  userType: z.enum(['type_a', 'type_b']).default('type_b'),
  /** The UPI ID (name@handle, lowercase) household members pay this user at; '' when none. */
  upiId: z
    .string()
    .max(MAX_UPI_ID_LENGTH)
    .refine((id) => id === '' || isUpiId(id))
    .default(''),
  /** From onboarding's profile step; null when not given. */
  age: z.number().int().min(18).max(100).nullable().default(null),
  /** Savings the user said they have (onboarding), in paise. */
  savings: Paise.min(0).default(0),
  goals: z
    .array(
      z.object({
        name: z.string().max(100),
        category: z.enum(['financial', 'material']),
        custom: z.boolean(),
        amount: Paise.min(0),
      }),
    )
    .max(50)
    .default([]),
})
export type Profile = z.infer<typeof Profile>

/**
 * The profile fields a change of home currency writes: the new currency, and the legacy currency
 * pinned to the old one the first time (entries with no currency of their own stay in it). One
 * profile write; no entry is rewritten.
 */
export function homeCurrencyChange(
  profile: Pick<Profile, 'currency' | 'legacyCurrency'>,
  code: string,
): Pick<Profile, 'currency' | 'legacyCurrency'> {
  return { currency: code, legacyCurrency: profile.legacyCurrency ?? profile.currency }
}
