import { MAX_INCOME_PAISE } from '../entities/transaction'
import { toPaise, type Paise } from '../money/money'

/**
 * The one shape every input check answers with, in the form, over REST and for synced documents:
 * the value it stands for, or the first field it gets wrong with that field's message (the
 * spec's text, taken from the module's messages table by key).
 */
export type Checked<T, F extends string = string> = { ok: true; value: T } | Refused<F>
export type Refused<F extends string = string> = { ok: false; field: F; error: string }

export const fail = <F extends string>(field: F, error: string): Refused<F> => ({ ok: false, field, error })

/** The same for a check of one value, which has no field to name. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }
export const refuse = (error: string) => ({ ok: false as const, error })

/** What a text or number field holds before any rule. */
export type RawInput = string | number | null | undefined

/** Missing, or only spaces: the one "is blank" of every form. */
export function isBlank(value: RawInput | boolean): value is null | undefined | '' {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/** Longest name of a payment, loan, household or profile. */
export const MAX_NAME_CHARS = 100
/** Longest category or income source (what the Transaction entity stores). */
export const MAX_CATEGORY_CHARS = 60
/** Longest note, description or reason of an entry, a payment or a decision. */
export const MAX_NOTE_CHARS = 500
/** Largest amount any planning, loan or household field accepts: the income limit of spec part 1 §9. */
export const MAX_PLAN_PAISE = MAX_INCOME_PAISE

/** The one "too long" message of every text field. */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`

export const RULE_MESSAGES = {
  amountInvalid: 'Please enter a valid amount',
  amountNegative: 'Amount cannot be negative',
  amountPositive: 'Amount must be greater than zero',
  amountTooLarge: 'Amount seems too large. Maximum allowed is 100,000,000.',
  nameTooLong: tooLong('Name', MAX_NAME_CHARS),
  categoryTooLong: tooLong('Category', MAX_CATEGORY_CHARS),
} as const

/**
 * A decimal amount in paise: the one amount rule of the planning and loan forms. `zero` says
 * whether 0 is acceptable (income, allocations, paid so far); `required` is the blank field's
 * message. Refuses non-numbers, negatives and values over 100,000,000.
 */
export function checkAmount<F extends string>(
  value: RawInput,
  field: F,
  { required, zero }: { required: string; zero: boolean },
): Checked<Paise, F> {
  if (isBlank(value)) return fail(field, required)
  const paise = toPaise(value)
  if (paise === null) return fail(field, RULE_MESSAGES.amountInvalid)
  if (paise < 0) return fail(field, RULE_MESSAGES.amountNegative)
  if (paise === 0 && !zero) return fail(field, RULE_MESSAGES.amountPositive)
  if (paise > MAX_PLAN_PAISE) return fail(field, RULE_MESSAGES.amountTooLarge)
  return { ok: true, value: paise }
}

/** `value` when it is one of `list` (exactly as written), else null (the caller's message). */
export function memberOf<T extends string>(list: readonly T[], value: string): T | null {
  return (list as readonly string[]).includes(value) ? (value as T) : null
}

/** One of `list`; blank means `fallback`; anything else is null (the caller's message). */
export function oneOf<T extends string>(list: readonly T[], value: string | null | undefined, fallback: T): T | null {
  return isBlank(value) ? fallback : memberOf(list, value)
}

/**
 * A text an input must give: missing, not text or blank is `required`, longer than `max` (after
 * trimming) is `tooLongMessage`; the value is trimmed.
 */
export function requiredText(value: unknown, required: string, max: number, tooLongMessage: string): Parsed<string> {
  const trimmed = typeof value === 'string' ? value.trim() : ''
  if (trimmed === '') return refuse(required)
  return trimmed.length > max ? refuse(tooLongMessage) : { ok: true, value: trimmed }
}

/** An optional text: missing, null or '' is null; otherwise text of at most `max` characters, kept as written. */
export function optionalText(value: unknown, max: number, tooLongMessage: string): Parsed<string | null> {
  if (value === undefined || value === null || value === '') return { ok: true, value: null }
  if (typeof value !== 'string') return refuse(tooLongMessage)
  return value.length > max ? refuse(tooLongMessage) : { ok: true, value }
}
