import { isCalendarDay } from '../entities/common'
import { fail, isBlank, MAX_NAME_CHARS, refuse, RULE_MESSAGES, tooLong, type Checked, type Parsed } from './rules'

/**
 * Profile Details (spec part 1 §3 'User'): the one set of rules the Settings form and
 * PUT /api/auth/update-profile both check with, so a field's message is the same on both sides.
 */

export const ANNUAL_INCOME_RANGES = ['0-3L', '3-6L', '6-10L', '10-15L', '15L+'] as const
export type AnnualIncomeRange = (typeof ANNUAL_INCOME_RANGES)[number]

export const PROFILE_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: RULE_MESSAGES.nameTooLong,
  birthDateInvalid: 'Date of birth must be a YYYY-MM-DD date',
  birthDateFuture: 'Date of birth cannot be in the future',
  birthDateTooOld: 'Date of birth must be after 1900',
  dependentsOverFamily: 'Number of dependents cannot be more than your family size',
  incomeRangeUnknown: 'Unknown annual income range',
  phoneInvalid: 'Please enter a valid phone number',
  nonResidentInvalid: 'Non-resident status must be yes or no',
  notText: (label: string) => `${label} must be text`,
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

/** What a valid update sets: a missing key leaves the stored value, null clears it. */
export interface ProfileInput {
  name?: string
  phone_number?: string | null
  date_of_birth?: string | null
  nationality?: string | null
  state_province?: string | null
  annual_income_range?: AnnualIncomeRange | null
  family_size?: number | null
  number_of_dependents?: number | null
  job_title?: string | null
  is_non_resident?: boolean
  address?: string | null
}
export type ProfileField = keyof ProfileInput

type FieldCheck<K extends ProfileField> = (value: unknown) => Parsed<ProfileInput[K]>

/** '' and null clear a field (null is stored); anything else goes through `check`. */
const clearable =
  <T>(check: (value: unknown) => Parsed<T>) =>
  (value: unknown): Parsed<T | null> =>
    value === null || value === '' ? { ok: true, value: null } : check(value)

const text = (label: string, max: number) =>
  clearable((value) => {
    if (typeof value !== 'string') return refuse(PROFILE_MESSAGES.notText(label))
    const trimmed = value.trim()
    return trimmed.length > max ? refuse(tooLong(label, max)) : { ok: true, value: trimmed }
  })

const wholeNumber = (label: string, min: number, max: number) =>
  clearable((value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
    if (typeof n !== 'number' || !Number.isInteger(n)) return refuse(PROFILE_MESSAGES.notWhole(label))
    if (n < min) return refuse(PROFILE_MESSAGES.tooSmall(label, min))
    if (n > max) return refuse(PROFILE_MESSAGES.tooBig(label, max))
    return { ok: true, value: n }
  })

function birthDate(value: unknown): Parsed<string> {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return refuse(PROFILE_MESSAGES.birthDateInvalid)
  if (value < '1900-01-01') return refuse(PROFILE_MESSAGES.birthDateTooOld)
  if (!isCalendarDay(value)) return refuse(PROFILE_MESSAGES.birthDateInvalid)
  return value > latestDayNow() ? refuse(PROFILE_MESSAGES.birthDateFuture) : { ok: true, value }
}

function name(value: unknown): Parsed<string> {
  const trimmed = typeof value === 'string' ? value.trim() : ''
  if (isBlank(trimmed)) return refuse(PROFILE_MESSAGES.nameRequired)
  return trimmed.length > MAX_NAME_CHARS ? refuse(PROFILE_MESSAGES.nameTooLong) : { ok: true, value: trimmed }
}

function incomeRange(value: unknown): Parsed<AnnualIncomeRange> {
  return (ANNUAL_INCOME_RANGES as readonly unknown[]).includes(value)
    ? { ok: true, value: value as AnnualIncomeRange }
    : refuse(PROFILE_MESSAGES.incomeRangeUnknown)
}

function nonResident(value: unknown): Parsed<boolean> {
  if (value === true || value === 'true') return { ok: true, value: true }
  if (value === false || value === 'false') return { ok: true, value: false }
  return refuse(PROFILE_MESSAGES.nonResidentInvalid)
}

/** The phone number is only kept or removed here (a new one needs proof); the length is the transport's limit. */
function phone(value: unknown): Parsed<string | null> {
  if (value === null) return { ok: true, value: null }
  return typeof value === 'string' && value.length <= 40 ? { ok: true, value } : refuse(PROFILE_MESSAGES.phoneInvalid)
}

const FIELD_CHECKS: { [K in ProfileField]-?: FieldCheck<K> } = {
  name,
  phone_number: phone,
  date_of_birth: clearable(birthDate),
  nationality: text('Nationality', PROFILE_TEXT_LIMITS.nationality),
  state_province: text('State / Province', PROFILE_TEXT_LIMITS.state_province),
  annual_income_range: clearable(incomeRange),
  family_size: wholeNumber('Family size', 1, 50),
  number_of_dependents: wholeNumber('Number of dependents', 0, 50),
  job_title: text('Job title', PROFILE_TEXT_LIMITS.job_title),
  is_non_resident: nonResident,
  address: text('Address', PROFILE_TEXT_LIMITS.address),
}
const PROFILE_FIELDS = Object.keys(FIELD_CHECKS) as ProfileField[]

/**
 * Dependents are part of the family: never more of them than its size. Only when both are valid
 * numbers (a family size that failed its own rule already has its message).
 */
export function dependentsProblem(familySize: unknown, dependents: unknown) {
  return typeof familySize === 'number' && familySize >= 1 && typeof dependents === 'number' && dependents > familySize
    ? PROFILE_MESSAGES.dependentsOverFamily
    : null
}

/** Every field's verdict; keys the input does not give (or unknown keys) are left out. */
function checkFields(input: object) {
  const given = input as Record<string, unknown>
  const value: Record<string, unknown> = {}
  const errors: Partial<Record<ProfileField, string>> = {}
  for (const field of PROFILE_FIELDS) {
    if (given[field] === undefined) continue
    const result = (FIELD_CHECKS[field] as (v: unknown) => Parsed<unknown>)(given[field])
    if (result.ok) value[field] = result.value
    else errors[field] = result.error
  }
  const problem = dependentsProblem(value.family_size, value.number_of_dependents)
  if (problem && !errors.number_of_dependents) errors.number_of_dependents = problem
  return { value: value as ProfileInput, errors }
}

/** An update as the server takes it: the first field it gets wrong, or what it sets. */
export function checkProfile(input: object): Checked<ProfileInput, ProfileField> {
  const { value, errors } = checkFields(input)
  const field = PROFILE_FIELDS.find((f) => errors[f] !== undefined)
  return field ? fail(field, errors[field] as string) : { ok: true, value }
}

/** The first message per field, for a form that shows each under its own input. */
export function profileFieldErrors(input: object): Partial<Record<ProfileField, string>> | null {
  const { errors } = checkFields(input)
  return Object.keys(errors).length === 0 ? null : errors
}
