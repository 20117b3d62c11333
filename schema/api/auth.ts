import { z } from 'zod'
import { CURRENCY_CODES } from '../money/money'
import { MAX_NAME_CHARS, RULE_MESSAGES } from '../validation/rules'

/** Wire contract of /api/auth (spec part 1 §3, §5, §7). Field names are the spec's snake_case. */

export { ANNUAL_INCOME_RANGES } from '../validation/profile-input'

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  currentPasswordWrong: 'Current password is incorrect',
  phoneRequired: 'Please enter a phone number',
  phoneTooShort: 'Phone number must be at least 10 digits',
  phoneTooLong: 'Phone number must be at most 15 digits',
  phoneTaken: 'This phone number is already linked to another account',
  phoneNeedsProof: 'A new WhatsApp number needs a code sent from it: save it in Settings → WhatsApp Integration',
  currencyUnsupported: 'Unsupported currency',
} as const

export const PublicUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** `whatsapp:+<country code><number>` or null. */
  phone_number: z.string().nullable(),
  /** True once a `link <code>` message from the number proved it; only then is it linked. */
  phone_verified: z.boolean(),
  role: z.enum(['admin', 'user']),
  currency: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
  date_of_birth: z.string().nullable(),
  nationality: z.string().nullable(),
  state_province: z.string().nullable(),
  annual_income_range: z.string().nullable(),
  family_size: z.number().int().nullable(),
  number_of_dependents: z.number().int().nullable(),
  job_title: z.string().nullable(),
  is_non_resident: z.boolean(),
  address: z.string().nullable(),
})
export type PublicUser = z.infer<typeof PublicUser>

export const AuthResponse = z.object({ user: PublicUser, token: z.string() })
export type AuthResponse = z.infer<typeof AuthResponse>

/** GET /api/auth/me. */
export const MeResponse = z.object({ user: PublicUser })

const Email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .toLowerCase()
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))

const NewPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(6, AUTH_MESSAGES.passwordTooShort)
  .max(200, 'Password must be at most 200 characters')

export const RegisterBody = z.object({
  email: Email,
  password: NewPassword,
  name: z.string().trim().max(MAX_NAME_CHARS, RULE_MESSAGES.nameTooLong).nullish(),
  phone_number: z.string().max(40).nullish(),
})

export const LoginBody = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    // Each check names its problem: zod 4 would give a too-long value the schema's "required" error.
    .max(254, 'Email must be at most 254 characters')
    .toLowerCase(),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(200, 'Password must be at most 200 characters'),
})

export const ChangePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200, 'Password must be at most 200 characters'),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(6, 'Min 6 characters')
    .max(200, 'Password must be at most 200 characters'),
})

export const UpdatePhoneBody = z.object({ phone_number: z.string().max(40).nullish() })

/** Any object: the profile rules (schema/validation/profile-input.ts) are checked by the route, as by the form. */
export const UpdateProfileBody = z.record(z.string(), z.unknown())

export const CurrencyBody = z.object({
  currency_code: z.enum(CURRENCY_CODES, { error: AUTH_MESSAGES.currencyUnsupported }),
})

export const SuccessUser = z.object({ success: z.literal(true), user: PublicUser })

/** A pending claim of a number: it links once `link <code>` arrives from that number in time. */
export const PhoneClaim = z.object({
  phone_number: z.string(),
  /** Six digits. */
  code: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
})
export type PhoneClaim = z.infer<typeof PhoneClaim>

/**
 * PUT /api/auth/update-phone: `pending` with the code to send from the number, or (the number is
 * already the caller's proven one) not pending, nothing to do.
 */
export const UpdatePhoneResponse = z.discriminatedUnion('pending', [
  PhoneClaim.extend({ success: z.literal(true), pending: z.literal(true), user: PublicUser }),
  z.object({ success: z.literal(true), pending: z.literal(false), user: PublicUser }),
])
export type UpdatePhoneResponse = z.infer<typeof UpdatePhoneResponse>
export const SuccessToken = z.object({ success: z.literal(true), token: z.string() })
