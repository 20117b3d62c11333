import { isUpiId, MAX_UPI_ID_LENGTH, normalizeUpiId } from '../upi-id'
import { refuse, type Parsed } from './rules'

export const UPI_MESSAGES = {
  upiIdInvalid: 'Enter your UPI ID as name@handle, like priya@okaxis',
  upiIdTooLong: `A UPI ID has at most ${MAX_UPI_ID_LENGTH} characters`,
} as const

/** A UPI ID as typed in Settings: stored trimmed and lowercase; empty removes it. */
export function checkUpiId(input: string): Parsed<string> {
  const id = normalizeUpiId(input)
  if (id.length > MAX_UPI_ID_LENGTH) return refuse(UPI_MESSAGES.upiIdTooLong)
  return id === '' || isUpiId(id) ? { ok: true, value: id } : refuse(UPI_MESSAGES.upiIdInvalid)
}
