import { isCalendarDay } from '../entities/common'
import {
  HOUSEHOLD_COLORS,
  HOUSEHOLD_FREQUENCIES,
  HOUSEHOLD_ICONS,
  PAYMENT_METHODS,
  REVIEW_PERIODS,
  SPLIT_METHODS,
  type HouseholdFrequency,
  type HouseholdIcon,
  type PaymentMethod,
  type SplitMethod,
} from '../entities/household'
import { currencyDigits, isRate, parseAmountIn, parseRate, type Rate } from '../money/currency'
import { CURRENCY_CODES, toPaise, type Paise } from '../money/money'
import {
  fail,
  MAX_CATEGORY_CHARS,
  MAX_NAME_CHARS,
  MAX_NOTE_CHARS,
  MAX_PLAN_PAISE,
  memberOf,
  optionalText,
  requiredText,
  RULE_MESSAGES,
  tooLong,
  refuse,
  type Checked,
  type Parsed,
} from './rules'

/** Longest bank or UPI reference of a payment between members. */
export const MAX_REFERENCE_CHARS = 100

/** Spec part 2 §5 and §8 texts, shared by the household forms and the REST routes. */
export const HOUSEHOLD_MESSAGES = {
  nameRequired: 'Please enter a household name',
  amountInvalid: 'Please enter a valid amount',
  categoryRequired: 'Please select a category',
  reasonRequired: 'Please provide a reason for denial',
  reasonTooLong: tooLong('Reason', MAX_NOTE_CHARS),
  targetRequired: 'Please select who you paid',
  payerRequired: 'Please choose who paid',
  emailInvalid: 'Please enter a valid email address',
  dateInvalid: 'Please enter a valid date',
  reviewPeriodInvalid: `Review period must be one of ${REVIEW_PERIODS.join(', ')} hours`,
  createFailed: 'Failed to create household',
  addExpenseFailed: 'Failed to add expense',
  settlementFailed: 'Failed to record settlement',
  approveFailed: 'Failed to approve expense',
  denyFailed: 'Failed to deny expense',
  notFound: 'Household not found',
  expenseNotFound: 'Expense not found',
  settlementNotFound: 'Settlement not found',
  adminOnly: 'Only a household admin can do this',
  notMember: 'That person is not a member of this household',
  alreadyMember: 'Already a member of this household',
  invitationNotFound: 'Invitation not found',
  payerCannotReview: 'The payer does not review their own expense',
  entrantCannotReview: 'You added this expense: the other members review it',
  notReviewer: 'You are not a reviewer of this expense',
  alreadyDecided: 'This expense has already been decided',
  selfSettlement: 'You cannot settle with yourself',
  onlyReceiverConfirms: 'Only the person who received the money can confirm',
  onlyReceiverDeclines: 'Only the person who received the money can decline',
  onlyPayerCancels: 'Only the person who paid can cancel this payment',
  declineReasonRequired: 'Please give a reason for declining',
  settlementConfirmed: 'This payment has already been confirmed',
  settlementDeclined: 'This payment was declined',
  settlementCancelled: 'This payment was cancelled',
  startDateInvalid: 'Please choose a valid start date',
  endDateInvalid: 'The end date must be on or after the start date',
  frequencyInvalid: `Frequency must be one of ${HOUSEHOLD_FREQUENCIES.join(', ')}`,
  recurringNotFound: 'Recurring expense not found',
  tooManyRecurring: 'A household can keep at most 20 recurring expenses',
  descriptionTooLong: tooLong('Description', MAX_NOTE_CHARS),
  notesTooLong: tooLong('Notes', MAX_NOTE_CHARS),
  referenceTooLong: tooLong('Reference', MAX_REFERENCE_CHARS),
  iconInvalid: `Icon must be one of ${HOUSEHOLD_ICONS.join(', ')}`,
  colorInvalid: 'Please choose one of the household colours',
  splitMethodInvalid: `Split method must be one of ${SPLIT_METHODS.join(', ')}`,
  paymentMethodInvalid: `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`,
  splitTooLong: 'A split can list at most 50 members',
  percentageInvalid: 'A percentage must be a number from 0 to 100',
  sharesInvalid: 'Shares must be whole numbers from 0 to 1000',
  dayOfMonthInvalid: 'Day of month must be a whole number from 1 to 31',
  currencyInvalid: 'Please select a supported currency',
  rateInvalid: 'Please enter a valid rate (a number above zero, at most 10 digits)',
  rateNeedsCurrency: 'A rate needs a currency: say which currency the amount is in',
  rateNotAllowed: 'Only an admin, whoever paid or whoever added it can change its rate',
  /** An amount with more decimals than its currency has (half a yen). */
  amountDigits: (code: string) =>
    currencyDigits(code) === 0
      ? `${code} amounts are whole numbers`
      : `${code} amounts have at most ${currencyDigits(code)} decimal places`,
  needsConnection: 'This needs a connection to the server. Try again when you are online.',
  /** A payment above the debt is recorded with this word; `owed` is formatted, null when nothing is owed. */
  moreThanOwed: (owed: string | null) =>
    owed === null
      ? 'You do not owe them anything, counting payments waiting for confirmation'
      : `This is more than you owe them (${owed}), counting payments waiting for confirmation`,
} as const

/** An expense's or a payment's amount in paise, as the household forms check it: above zero, at most ₹100,000,000. */
export function isHouseholdAmount(paise: number | null): paise is number {
  return paise !== null && paise > 0 && paise <= MAX_PLAN_PAISE
}

type Input = Record<string, unknown>
const M = HOUSEHOLD_MESSAGES

/** Decimal rupees as REST sends them (a number or its text) in paise, or null. */
function paiseOf(value: unknown): Paise | null {
  return typeof value === 'number' || typeof value === 'string' ? toPaise(value) : null
}

/**
 * A decimal amount as REST sends it, in stored units of `currency` (paise when null), refused
 * when it has more decimals than the currency has.
 */
function unitsOf(value: unknown, currency: string | null): Parsed<number | null> {
  if (currency === null) return { ok: true, value: paiseOf(value) }
  if (typeof value !== 'number' && typeof value !== 'string') return { ok: true, value: null }
  const text = String(value)
  const decimals = /\.(\d*)\s*$/.exec(text)?.[1]?.replace(/0+$/, '') ?? ''
  if (decimals.length > currencyDigits(currency)) return refuse(M.amountDigits(currency))
  return { ok: true, value: parseAmountIn(text, currency) }
}

/**
 * What is wrong with an amount a household form has typed in `currency` (REST's rule and message:
 * above zero, at most the currency's own decimals), or null.
 */
export function householdAmountError(text: string, currency: string): string | null {
  const checked = amount(text, currency)
  return checked.ok ? null : checked.error
}

function amount(value: unknown, currency: string | null = null): Parsed<number> {
  const units = unitsOf(value, currency)
  if (!units.ok) return units
  return isHouseholdAmount(units.value) ? { ok: true, value: units.value } : { ok: false, error: M.amountInvalid }
}

/**
 * The currency a body's amounts are in: the one it names when the app knows it (`currencyCheck`
 * refuses another), else `fallback` (the household's; null: rupees).
 */
function amountCurrency(input: Input, fallback: string | null): string | null {
  // Rupees read as they always were (rounded to the paisa) when the body names no currency.
  if (input.currency === undefined || input.currency === null) return fallback === 'INR' ? null : fallback
  return typeof input.currency === 'string' && CURRENCY_CODES.includes(input.currency) ? input.currency : null
}

function currencyCheck(value: unknown): Parsed<string | null> {
  if (value === undefined || value === null) return { ok: true, value: null }
  return typeof value === 'string' && CURRENCY_CODES.includes(value) ? { ok: true, value } : refuse(M.currencyInvalid)
}

/** A rate (a number or its decimal text); blank is null ("not converted"). */
export function rateCheck(value: unknown): Parsed<Rate | null> {
  if (value === undefined || value === null || value === '') return { ok: true, value: null }
  const rate = typeof value === 'string' ? parseRate(value) : value
  return isRate(rate) ? { ok: true, value: rate } : refuse(M.rateInvalid)
}

/** An entry's currency and rate: a rate without a currency is refused (what would it convert?). */
function entryCurrencyChecks(input: Input) {
  return {
    currency: () => currencyCheck(input.currency),
    fx_rate: (): Parsed<Rate | null> => {
      const rate = rateCheck(input.fx_rate)
      return rate.ok && rate.value !== null && input.currency == null ? refuse(M.rateNeedsCurrency) : rate
    },
  }
}

/** An entry's currency as a body gives it: absent means the household's; the rate to it, or null. */
export interface EntryCurrencyInput {
  currency: string | null
  fx_rate: Rate | null
}

/** A number (or its text) that `accepts`; blank is null. */
function numberIn(value: unknown, error: string, accepts: (n: number) => boolean): Parsed<number | null> {
  if (value === undefined || value === null || value === '') return { ok: true, value: null }
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && accepts(n) ? { ok: true, value: n } : { ok: false, error }
}

/** One of `list`; missing or null is `fallback`. */
function choice<T extends string>(list: readonly T[], value: unknown, fallback: T, error: string): Parsed<T> {
  if (value === undefined || value === null) return { ok: true, value: fallback }
  const chosen = typeof value === 'string' ? memberOf(list, value) : null
  return chosen === null ? { ok: false, error } : { ok: true, value: chosen }
}

/** A member's id as a body names them; anything else is not a member. */
function memberId(value: unknown): Parsed<string> {
  return typeof value === 'string' && value.length > 0 && value.length <= 64
    ? { ok: true, value }
    : { ok: false, error: M.notMember }
}

/**
 * Checks `fields` in order and gathers their values: the first refusal names its field. The one
 * way every household input below is checked, whatever sent it.
 */
function checkAll<T>(fields: { [K in keyof T]: () => Parsed<T[K]> }): Checked<T> {
  const value: Partial<T> = {}
  for (const key of Object.keys(fields) as (keyof T & string)[]) {
    const result = fields[key]()
    if (!result.ok) return fail(key, result.error)
    value[key] = result.value
  }
  return { ok: true, value: value as T }
}

/** A household's settings (spec part 2 §7): rupees in, paise out. */
export interface HouseholdSettingsInput {
  name: string
  description: string | null
  icon: HouseholdIcon
  color: string
  monthly_budget: Paise | null
  review_period_hours: number
  /** Null: not given (a new household takes its creator's home currency). */
  currency: string | null
}

const SETTINGS_CHECKS: { [K in keyof HouseholdSettingsInput]: (v: unknown) => Parsed<HouseholdSettingsInput[K]> } = {
  name: (v) => requiredText(v, M.nameRequired, MAX_NAME_CHARS, RULE_MESSAGES.nameTooLong),
  description: (v) => optionalText(v, MAX_NOTE_CHARS, M.descriptionTooLong),
  icon: (v) => choice(HOUSEHOLD_ICONS, v, 'home', M.iconInvalid),
  color: (v) =>
    choice(
      HOUSEHOLD_COLORS.map((c) => c.hex),
      v,
      '#10b981',
      M.colorInvalid,
    ),
  monthly_budget: (v) => {
    if (v === undefined || v === null || v === '') return { ok: true, value: null }
    const paise = paiseOf(v)
    return paise !== null && paise >= 0 && paise <= MAX_PLAN_PAISE
      ? { ok: true, value: paise }
      : refuse(M.amountInvalid)
  },
  review_period_hours: (v) => {
    const hours = numberIn(v, M.reviewPeriodInvalid, (n) => (REVIEW_PERIODS as readonly number[]).includes(n))
    return hours.ok ? { ok: true, value: hours.value ?? 24 } : hours
  },
  currency: currencyCheck,
}
type SettingsField = keyof HouseholdSettingsInput
const SETTINGS_FIELDS = Object.keys(SETTINGS_CHECKS) as SettingsField[]
const settingsCheck = (field: SettingsField, value: unknown) => () =>
  (SETTINGS_CHECKS[field] as (v: unknown) => Parsed<unknown>)(value)

/** POST /households: every setting, the missing ones at their defaults. */
export function checkNewHousehold(input: Input): Checked<HouseholdSettingsInput> {
  return checkAll(Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, settingsCheck(f, input[f])])) as never)
}

/** PUT /households/{id}: only the settings the body gives; the others stay as stored. */
export function checkHouseholdChanges(input: Input): Checked<Partial<HouseholdSettingsInput>> {
  const given = SETTINGS_FIELDS.filter((f) => input[f] !== undefined)
  return checkAll(Object.fromEntries(given.map((f) => [f, settingsCheck(f, input[f])])) as never)
}

export function checkInvite(input: Input): Checked<{ email: string }> {
  return checkAll({
    email: () => {
      const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : ''
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { ok: true, value: email } : refuse(M.emailInvalid)
    },
  })
}

/** A reason a member gives (deny an expense, decline a payment): required, at most 500 characters. */
export function checkReason(input: Input, required: string): Checked<{ reason: string }> {
  return checkAll({ reason: () => requiredText(input.reason, required, MAX_NOTE_CHARS, M.reasonTooLong) })
}

/** One member's part of a split, as the body gives it (amounts in paise). */
export interface SplitBody {
  user_id: string
  amount_owed?: Paise
  percentage?: number
  shares?: number
}

function splitPart(part: unknown, currency: string | null): Parsed<SplitBody> {
  if (typeof part !== 'object' || part === null) return refuse(M.notMember)
  const p = part as Input
  const checked = checkAll({
    user_id: () => memberId(p.user_id),
    amount_owed: () => {
      const units = p.amount_owed === undefined ? { ok: true as const, value: 0 } : unitsOf(p.amount_owed, currency)
      if (!units.ok) return units
      return units.value !== null && units.value >= 0 && units.value <= MAX_PLAN_PAISE
        ? { ok: true, value: units.value }
        : refuse(M.amountInvalid)
    },
    percentage: () => numberIn(p.percentage, M.percentageInvalid, (n) => n >= 0 && n <= 100),
    shares: () => numberIn(p.shares, M.sharesInvalid, (n) => Number.isInteger(n) && n >= 0 && n <= 1000),
  })
  if (!checked.ok) return checked
  const { user_id, amount_owed, percentage, shares } = checked.value
  return {
    ok: true,
    value: {
      user_id,
      ...(p.amount_owed !== undefined && { amount_owed }),
      ...(percentage !== null && { percentage }),
      ...(shares !== null && { shares }),
    },
  }
}

function splits(value: unknown, currency: string | null): Parsed<SplitBody[] | null> {
  if (value === undefined || value === null) return { ok: true, value: null }
  if (!Array.isArray(value)) return refuse(M.notMember)
  if (value.length > 50) return refuse(M.splitTooLong)
  const parts: SplitBody[] = []
  for (const part of value) {
    const checked = splitPart(part, currency)
    if (!checked.ok) return checked
    parts.push(checked.value)
  }
  return { ok: true, value: parts }
}

function day(value: unknown, error: string): Parsed<string> {
  return typeof value === 'string' && isCalendarDay(value) ? { ok: true, value } : refuse(error)
}

const optional = <T>(value: unknown, check: (v: unknown) => Parsed<T>): Parsed<T | null> =>
  value === undefined || value === null ? { ok: true, value: null } : check(value)

/** What an expense and a recurring expense have in common. */
interface ExpenseFields {
  amount: Paise
  category: string
  description: string | null
  paid_by: string | null
  split_method: SplitMethod
  splits: SplitBody[] | null
}

function expenseChecks(
  input: Input,
  currency: string | null,
): { [K in keyof ExpenseFields]: () => Parsed<ExpenseFields[K]> } {
  return {
    amount: () => amount(input.amount, currency),
    category: () => requiredText(input.category, M.categoryRequired, MAX_CATEGORY_CHARS, RULE_MESSAGES.categoryTooLong),
    description: () => optionalText(input.description, MAX_NOTE_CHARS, M.descriptionTooLong),
    paid_by: () => (input.paid_by === '' ? refuse(M.payerRequired) : optional(input.paid_by, memberId)),
    split_method: () => choice(SPLIT_METHODS, input.split_method, 'equal', M.splitMethodInvalid),
    splits: () => splits(input.splits, currency),
  }
}

/**
 * POST /households/{id}/expenses: without splits the amount is split equally among all members.
 * Amounts are in the named currency's digits (the household's when none is named).
 */
export interface HouseholdExpenseInput extends ExpenseFields, EntryCurrencyInput {
  /** 'YYYY-MM-DD', or null for today. */
  date: string | null
}

export function checkHouseholdExpense(
  input: Input,
  householdCurrency: string | null = null,
): Checked<HouseholdExpenseInput> {
  return checkAll({
    ...expenseChecks(input, amountCurrency(input, householdCurrency)),
    ...entryCurrencyChecks(input),
    // A timestamp's day counts: REST clients send '2026-03-01T10:00:00Z' as often as the day.
    date: () => optional(input.date, (v) => day(typeof v === 'string' ? v.slice(0, 10) : v, M.dateInvalid)),
  })
}

/**
 * POST/PUT /households/{id}/recurring: an expense that comes back weekly, monthly or yearly from
 * `start_date` (monthly and yearly on `day_of_month`, default the start date's day) until `end_date`.
 */
export interface RecurringExpenseInput extends ExpenseFields, EntryCurrencyInput {
  frequency: HouseholdFrequency
  day_of_month: number | null
  start_date: string
  end_date: string | null
}

/** Amounts in the named currency's digits (the household's when none is named), as for a one-off expense. */
export function checkRecurringExpense(
  input: Input,
  householdCurrency: string | null = null,
): Checked<RecurringExpenseInput> {
  return checkAll({
    ...expenseChecks(input, amountCurrency(input, householdCurrency)),
    ...entryCurrencyChecks(input),
    frequency: () => {
      const frequency = typeof input.frequency === 'string' ? memberOf(HOUSEHOLD_FREQUENCIES, input.frequency) : null
      return frequency === null ? refuse(M.frequencyInvalid) : { ok: true, value: frequency }
    },
    day_of_month: () =>
      numberIn(input.day_of_month, M.dayOfMonthInvalid, (n) => Number.isInteger(n) && n >= 1 && n <= 31),
    start_date: () => day(input.start_date, M.startDateInvalid),
    end_date: () =>
      optional(input.end_date, (v) => {
        const end = day(v, M.endDateInvalid)
        return end.ok && end.value < String(input.start_date) ? refuse(M.endDateInvalid) : end
      }),
  })
}

/** POST /households/{id}/settlements: a payment to another member, in the named currency (else the household's). */
export interface SettlementInput extends EntryCurrencyInput {
  to_user: string
  amount: Paise
  payment_method: PaymentMethod
  transaction_id: string | null
  notes: string | null
}

export function checkSettlement(input: Input, householdCurrency: string | null = null): Checked<SettlementInput> {
  return checkAll({
    to_user: () => {
      const to = input.to_user
      if (typeof to !== 'string' || to === '') return refuse(M.targetRequired)
      return to.length > 64 ? refuse(M.notMember) : { ok: true, value: to }
    },
    amount: () => amount(input.amount, amountCurrency(input, householdCurrency)),
    ...entryCurrencyChecks(input),
    payment_method: () => choice(PAYMENT_METHODS, input.payment_method, 'upi', M.paymentMethodInvalid),
    transaction_id: () =>
      optionalText(
        typeof input.transaction_id === 'string' ? input.transaction_id.trim() : input.transaction_id,
        MAX_REFERENCE_CHARS,
        M.referenceTooLong,
      ),
    notes: () => optionalText(input.notes, MAX_NOTE_CHARS, M.notesTooLong),
  })
}

/** PUT /households/expenses/{id}/rate and /households/settlements/{id}/rate: a rate, or null to clear it. */
export function checkRate(input: Input): Checked<{ fx_rate: Rate | null }> {
  return checkAll({ fx_rate: () => rateCheck(input.fx_rate) })
}
