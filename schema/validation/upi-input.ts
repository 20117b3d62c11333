import { z } from 'zod'
import { isUpiId, MAX_UPI_ID_LENGTH, normalizeUpiId } from '../upi-id'
import { refuse, type Parsed } from './rules'

export const UPI_MESSAGES = {
  upiIdInvalid: 'Enter your UPI ID as name@handle, like priya@okaxis',
  upiIdTooLong: `A UPI ID has at most ${MAX_UPI_ID_LENGTH} characters`,
} as const

/** A UPI ID as typed in Settings: stored trimmed and lowercase; empty removes it. */
export const UpiIdInput = z
  .string()
  .transform(normalizeUpiId)
  .pipe(
    z
      .string()
      .max(MAX_UPI_ID_LENGTH, UPI_MESSAGES.upiIdTooLong)
      .refine((id) => id === '' || isUpiId(id), UPI_MESSAGES.upiIdInvalid),
  )

/** The message for a typed UPI ID, or null when it can be saved (as `value`). */
export function checkUpiId(input: string): Parsed<string> {
  const parsed = UpiIdInput.safeParse(input)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : refuse(parsed.error.issues[0]?.message ?? UPI_MESSAGES.upiIdInvalid)
}
