/**
 * One stored form for phone numbers: `whatsapp:+<country code><number>`, whatever the input
 * looked like (`+919876543210`, `919876543210`, `whatsapp:+91 98765 43210`, `98765 43210`).
 * A bare 10-digit number (or 11 with the trunk 0) is taken as Indian (+91); 00 is the
 * international prefix. Returns null when fewer than 10 digits remain
 * or more than 15 (the E.164 limit).
 */
export function normalizePhone(input: string, defaultCountryCode = '91'): string | null {
  let digits = input.replace(/^\s*whatsapp:/i, '').replace(/\D/g, '')
  // Dialled forms: the international prefix 00 (0091…) and a national trunk 0 (09876543210).
  if (digits.startsWith('00')) digits = digits.slice(2)
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1)
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

export type SettingsCountryCode = (typeof SETTINGS_COUNTRY_CODES)[number]['code']

/**
 * Splits a stored number (`whatsapp:+919876543210`) into one of the offered country codes and
 * the rest, for the Settings form (spec part 1 §5): the first offered prefix whose remainder has
 * 10 or more digits wins; otherwise a 10-digit number is taken as Indian (91). Returns null when
 * there is no number or it fits neither rule (the form then starts empty).
 */
export function splitPhoneNumber(
  stored: string | null | undefined,
): { code: SettingsCountryCode; number: string } | null {
  const digits = (stored ?? '').replace(/^\s*whatsapp:/i, '').replace(/\D/g, '')
  if (!digits) return null
  for (const { code } of SETTINGS_COUNTRY_CODES) {
    if (digits.startsWith(code) && digits.length - code.length >= 10) return { code, number: digits.slice(code.length) }
  }
  return digits.length === 10 ? { code: '91', number: digits } : null
}
