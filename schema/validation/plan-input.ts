import { ALLOCATION_TEXTS } from '../calc/allocation'
import { BUDGET_PERIODS, type BudgetPeriod } from '../entities/budget'
import { FREQUENCIES, type Frequency } from '../entities/recurring'
import type { Paise } from '../money/money'
import { fromDayString } from '../time'
import { checkAmountIn, checkCurrency, type CurrencyInput, type EntryCurrency } from './currency-input'
import {
  checkAmount,
  fail,
  isBlank,
  MAX_CATEGORY_CHARS,
  MAX_NAME_CHARS,
  memberOf,
  oneOf,
  RULE_MESSAGES,
  refuse,
  type Checked,
  type Parsed,
  type RawInput,
} from './rules'

/**
 * Input rules of the planning screens (Your Money, Recurring Payments, budgets over REST),
 * shared by the client forms and the REST mirror so both refuse with the same message.
 */
export const PLAN_MESSAGES = {
  incomeRequired: 'Please enter your monthly income',
  allocationRequired: 'Please enter an amount to allocate',
  amountRequired: 'Please enter an amount',
  nameRequired: 'Please enter a name',
  categoryRequired: 'Please enter a category',
  ...RULE_MESSAGES,
  frequencyRequired: 'Please choose a frequency',
  frequencyInvalid: `Frequency must be one of ${FREQUENCIES.join(', ')}`,
  periodInvalid: `Period must be one of ${BUDGET_PERIODS.join(', ')}`,
  dueDateRequired: 'Please choose a due date',
  dueDateInvalid: 'Please enter a valid due date (YYYY-MM-DD)',
  reminderInvalid: 'Reminder days must be a whole number from 0 to 30',
  budgetRequired: 'Please choose a budget',
  /** Before saving, in the spec's own words (part 1: the warning when more is allocated than earned). */
  allocationOverIncome: (most: string) => `${ALLOCATION_TEXTS.over} At most ${most} is available for this budget.`,
} as const

/** A planning amount in paise (rules.ts `checkAmount`): 0 is accepted when `zero`. */
export function parsePlanAmount(value: RawInput, rule: { required: string; zero: boolean }): Parsed<Paise> {
  const checked = checkAmount(value, 'value', rule)
  return checked.ok ? checked : refuse(checked.error)
}

export const parseIncome = (value: RawInput) =>
  parsePlanAmount(value, { required: PLAN_MESSAGES.incomeRequired, zero: true })
export const parseAllocation = (value: RawInput) =>
  parsePlanAmount(value, { required: PLAN_MESSAGES.allocationRequired, zero: true })

/**
 * An allocation no larger than `ceiling` (`allocationCeiling`: what the income leaves for this
 * budget); `format` writes the ceiling in the user's currency.
 */
export function checkAllocation(value: RawInput, ceiling: Paise, format: (paise: Paise) => string): Parsed<Paise> {
  const parsed = parseAllocation(value)
  if (!parsed.ok || parsed.value <= ceiling) return parsed
  return refuse(PLAN_MESSAGES.allocationOverIncome(format(ceiling)))
}

/** A 'YYYY-MM-DD' that is a real calendar day. */
export function parseDueDate(value: string | null | undefined): Parsed<string> {
  if (isBlank(value)) return refuse(PLAN_MESSAGES.dueDateRequired)
  const day = value.trim()
  if (Number.isNaN(fromDayString(day))) return refuse(PLAN_MESSAGES.dueDateInvalid)
  return { ok: true, value: day }
}

/** Reminder days: a whole number 0–30; blank means the default 3. */
export function parseReminderDays(value: string | number | null | undefined): Parsed<number> {
  if (isBlank(value)) return { ok: true, value: DEFAULT_REMINDER_DAYS }
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < 0 || n > 30) return refuse(PLAN_MESSAGES.reminderInvalid)
  return { ok: true, value: n }
}

export const DEFAULT_REMINDER_DAYS = 3

export function parseFrequency(value: string | null | undefined): Parsed<Frequency> {
  if (isBlank(value)) return refuse(PLAN_MESSAGES.frequencyRequired)
  const frequency = memberOf(FREQUENCIES, value.trim())
  return frequency ? { ok: true, value: frequency } : refuse(PLAN_MESSAGES.frequencyInvalid)
}

/** A budget's period; blank means monthly. */
export function parsePeriod(value: string | null | undefined): Parsed<BudgetPeriod> {
  const period = oneOf(BUDGET_PERIODS, value?.trim(), 'monthly')
  return period ? { ok: true, value: period } : refuse(PLAN_MESSAGES.periodInvalid)
}

export interface RecurringFormInput extends CurrencyInput {
  name: string | null | undefined
  amount: RawInput
  category?: string | null | undefined
  frequency: string | null | undefined
  dueDate: string | null | undefined
  reminderDays?: string | number | null | undefined
}

export interface RecurringFields extends EntryCurrency {
  name: string
  /** Stored units of `currency` (paise when it names none). */
  amount: Paise
  category: string
  frequency: Frequency
  dueDate: string
  reminderDays: number
}

export type RecurringField = keyof Required<RecurringFields>

/** The recurring payment a form or REST body describes, or the first field it gets wrong with its message. */
export function parseRecurring(input: RecurringFormInput): Checked<RecurringFields, RecurringField> {
  const name = (input.name ?? '').trim()
  if (!name) return fail('name', PLAN_MESSAGES.nameRequired)
  if (name.length > MAX_NAME_CHARS) return fail('name', PLAN_MESSAGES.nameTooLong)
  const currency = checkCurrency(input)
  if (!currency.ok) return currency
  const rule = { required: PLAN_MESSAGES.amountRequired, zero: false }
  const amount = checkAmountIn(input.amount, currency.value.currency, 'amount', rule)
  if (!amount.ok) return amount
  const category = (input.category ?? '').trim()
  if (category.length > MAX_CATEGORY_CHARS) return fail('category', PLAN_MESSAGES.categoryTooLong)
  const frequency = parseFrequency(input.frequency)
  if (!frequency.ok) return fail('frequency', frequency.error)
  const dueDate = parseDueDate(input.dueDate)
  if (!dueDate.ok) return fail('dueDate', dueDate.error)
  const reminderDays = parseReminderDays(input.reminderDays)
  if (!reminderDays.ok) return fail('reminderDays', reminderDays.error)
  return {
    ok: true,
    value: {
      name,
      amount: amount.value,
      category,
      frequency: frequency.value,
      dueDate: dueDate.value,
      reminderDays: reminderDays.value,
      ...currency.value,
    },
  }
}

/**
 * A budget as a REST body gives it; on an update a missing field keeps the budget's value. The
 * limit is in `currency`'s own digits (rupee-style paise when none), checked as a device's is.
 */
export interface BudgetInput extends CurrencyInput {
  category?: string | null
  amount?: RawInput
  period?: string | null
}
export type BudgetField = keyof BudgetInput
export interface BudgetFields extends EntryCurrency {
  category: string
  amount: Paise
  period: BudgetPeriod
}

/**
 * The budget a create (no `existing`) or an update produces: a category (at most 60 characters),
 * an amount above zero in its currency's digits, a period (monthly unless given) and a currency
 * with its rate, or the first field it gets wrong.
 */
export function checkBudget(input: BudgetInput, existing?: BudgetFields): Checked<BudgetFields, BudgetField> {
  const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null
  const category = given(input.category) ? input.category.trim() : existing?.category
  if (!category) return fail('category', PLAN_MESSAGES.categoryRequired)
  if (category.length > MAX_CATEGORY_CHARS) return fail('category', PLAN_MESSAGES.categoryTooLong)
  const currency = checkCurrency(input)
  if (!currency.ok) return currency
  const amount =
    existing && !given(input.amount)
      ? { ok: true as const, value: existing.amount }
      : checkAmountIn(input.amount, currency.value.currency, 'amount', {
          required: PLAN_MESSAGES.amountRequired,
          zero: false,
        })
  if (!amount.ok) return amount
  const period = !given(input.period)
    ? { ok: true as const, value: existing?.period ?? 'monthly' }
    : parsePeriod(input.period)
  if (!period.ok) return fail('period', period.error)
  return { ok: true, value: { category, amount: amount.value, period: period.value, ...currency.value } }
}
