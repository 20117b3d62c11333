import { z } from 'zod'
import { MAX_NAME_CHARS, requiredText, RULE_MESSAGES, tooLong } from './rules'

/**
 * Profile Details (spec part 1 §3 'User'): the one set of rules the Settings form and
 * PUT /api/auth/update-profile both parse with, so a field's message is the same on both sides.
 */

export const ANNUAL_INCOME_RANGES = ['0-3L', '3-6L', '6-10L', '10-15L', '15L+'] as const

export const PROFILE_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: RULE_MESSAGES.nameTooLong,
  birthDateInvalid: 'Date of birth must be a YYYY-MM-DD date',
  birthDateFuture: 'Date of birth cannot be in the future',
  birthDateTooOld: 'Date of birth must be after 1900',
  dependentsOverFamily: 'Number of dependents cannot be more than your family size',
  incomeRangeUnknown: 'Unknown annual income range',
  notWhole: (label: string) => `${label} must be a whole number`,
  tooSmall: (label: string, min: number) => `${label} must be at least ${min}`,
  tooBig: (label: string, max: number) => `${label} must be at most ${max}`,
} as const

/** The latest calendar day anywhere on Earth now (UTC+14), so no one's today counts as the future. */
export function latestDayNow(now = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10)
}

/** Longest text of each optional profile detail. */
export const PROFILE_TEXT_LIMITS = { nationality: 100, state_province: 100, job_title: 100, address: 500 } as const

/** '' and null clear a field; a missing key leaves it unchanged. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional())

const optionalText = (label: string, field: keyof typeof PROFILE_TEXT_LIMITS) => {
  const max = PROFILE_TEXT_LIMITS[field]
  return clearable(z.string().trim().max(max, tooLong(label, max)))
}

const wholeNumber = (min: number, max: number, label: string) =>
  clearable(
    z.coerce
      .number({ error: PROFILE_MESSAGES.notWhole(label) })
      .int(PROFILE_MESSAGES.notWhole(label))
      .min(min, PROFILE_MESSAGES.tooSmall(label, min))
      .max(max, PROFILE_MESSAGES.tooBig(label, max)),
  )

const BirthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PROFILE_MESSAGES.birthDateInvalid)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), PROFILE_MESSAGES.birthDateInvalid)
  .refine((day) => day <= latestDayNow(), PROFILE_MESSAGES.birthDateFuture)
  .refine((day) => day >= '1900-01-01', PROFILE_MESSAGES.birthDateTooOld)

/**
 * Dependents are part of the family: never more of them than its size. Only when both are valid
 * numbers (a family size that failed its own rule already has its message).
 */
export function dependentsProblem(familySize: unknown, dependents: unknown) {
  return typeof familySize === 'number' && familySize >= 1 && typeof dependents === 'number' && dependents > familySize
    ? PROFILE_MESSAGES.dependentsOverFamily
    : null
}

export const ProfileInput = z
  .object({
    // A name may change but never become empty: the header's initials and greetings use it.
    name: requiredText(PROFILE_MESSAGES.nameRequired, MAX_NAME_CHARS, PROFILE_MESSAGES.nameTooLong).optional(),
    phone_number: z.string().max(40).nullish(),
    date_of_birth: clearable(BirthDate),
    nationality: optionalText('Nationality', 'nationality'),
    state_province: optionalText('State / Province', 'state_province'),
    annual_income_range: clearable(z.enum(ANNUAL_INCOME_RANGES, { error: PROFILE_MESSAGES.incomeRangeUnknown })),
    family_size: wholeNumber(1, 50, 'Family size'),
    number_of_dependents: wholeNumber(0, 50, 'Number of dependents'),
    job_title: optionalText('Job title', 'job_title'),
    is_non_resident: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
    address: optionalText('Address', 'address'),
  })
  .superRefine((input, ctx) => {
    const problem = dependentsProblem(input.family_size, input.number_of_dependents)
    if (problem) ctx.addIssue({ code: 'custom', path: ['number_of_dependents'], message: problem })
  })
export type ProfileInput = z.infer<typeof ProfileInput>

export type ProfileField = keyof z.input<typeof ProfileInput>

/** The first message per field, for a form that shows each under its own input. */
export function profileFieldErrors(input: unknown): Partial<Record<ProfileField, string>> | null {
  const result = ProfileInput.safeParse(input)
  if (result.success) return null
  const errors: Partial<Record<ProfileField, string>> = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProfileField | undefined
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}
