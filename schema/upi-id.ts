// UPI addresses (VPAs), apart from the link builder (schema/upi.ts): the profile entity, which
// every signed-in page loads, needs only this rule.

/**
 * `name@handle`: the name of letters, digits, dots, hyphens and underscores (starting with a
 * letter or digit, at most 60), the handle the bank's or app's (a letter, then letters or digits).
 */
const UPI_ID = /^[a-z0-9][a-z0-9._-]{0,59}@[a-z][a-z0-9]{1,29}$/

/** The longest UPI ID accepted: 60 + 1 + 30 characters. */
export const MAX_UPI_ID_LENGTH = 91

/** The stored form of a UPI ID: trimmed and lowercase (UPI addresses ignore case). */
export function normalizeUpiId(input: string): string {
  return input.trim().toLowerCase()
}

/** True when `value` (already normalised) is a UPI ID as `name@handle`. */
export function isUpiId(value: string): boolean {
  return UPI_ID.test(value)
}
