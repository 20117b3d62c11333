/**
 * One stored form for phone numbers: `whatsapp:+<country code><number>`, whatever the input
 * looked like (`+919876543210`, `919876543210`, `whatsapp:+91 98765 43210`, `98765 43210`).
 * A bare 10-digit number is taken as Indian (+91). Returns null when fewer than 10 digits remain
 * or more than 15 (the E.164 limit).
 */
export function normalizePhone(input: string, defaultCountryCode = '91'): string | null {
  const digits = input.replace(/^\s*whatsapp:/i, '').replace(/\D/g, '')
  if (digits.length < 10 || digits.length > 15) return null
  const full = digits.length === 10 ? defaultCountryCode + digits : digits
  return `whatsapp:+${full}`
}

/** The country codes Settings offers (spec part 1 §2). */
export const SETTINGS_COUNTRY_CODES = [
  { code: '91', label: 'India' },
  { code: '1', label: 'USA/Canada' },
  { code: '44', label: 'UK' },
  { code: '971', label: 'UAE' },
  { code: '966', label: 'Saudi Arabia' },
] as const
