import { ALLOCATION_TEXTS } from '../calc/allocation'
import { BUDGET_PERIODS, type BudgetPeriod } from '../entities/budget'
import { FREQUENCIES, type Frequency } from '../entities/recurring'
import { MAX_INCOME_PAISE } from '../entities/transaction'
import { toPaise, type Paise } from '../money/money'
import { fromDayString } from '../time'

/**
 * Input rules of the planning screens (Your Money, Recurring Payments, budgets over REST),
 * shared by the client forms and the REST mirror so both refuse with the same message.
 */
export const PLAN_MESSAGES = {
  incomeRequired: 'Please enter your monthly income',
  allocationRequired: 'Please enter an amount to allocate',
  amountRequired: 'Please enter an amount',
  amountInvalid: 'Please enter a valid amount',
  amountNegative: 'Amount cannot be negative',
  amountPositive: 'Amount must be greater than zero',
  amountTooLarge: 'Amount seems too large. Maximum allowed is 100,000,000.',
  nameRequired: 'Please enter a name',
  nameTooLong: 'Name must be at most 100 characters',
  categoryRequired: 'Please enter a category',
  categoryTooLong: 'Category must be at most 60 characters',
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

/** Largest amount any planning field accepts: the income limit of spec part 1 §9. */
export const MAX_PLAN_PAISE = MAX_INCOME_PAISE

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

type AmountInput = string | number | null | undefined

function isBlank(value: AmountInput): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/**
 * A decimal amount in paise. `zero` says whether 0 is acceptable (income and allocations may be
 * 0; a bill or budget limit may not). Refuses blanks, non-numbers, negatives and values over
 * 100,000,000.
 */
export function parsePlanAmount(
  value: AmountInput,
  { required, zero }: { required: string; zero: boolean },
): Parsed<Paise> {
  if (isBlank(value)) return { ok: false, error: required }
  const paise = toPaise(value as string | number)
  if (paise === null) return { ok: false, error: PLAN_MESSAGES.amountInvalid }
  if (paise < 0) return { ok: false, error: PLAN_MESSAGES.amountNegative }
  if (paise === 0 && !zero) return { ok: false, error: PLAN_MESSAGES.amountPositive }
  if (paise > MAX_PLAN_PAISE) return { ok: false, error: PLAN_MESSAGES.amountTooLarge }
  return { ok: true, value: paise }
}

export const parseIncome = (value: AmountInput) =>
  parsePlanAmount(value, { required: PLAN_MESSAGES.incomeRequired, zero: true })
export const parseAllocation = (value: AmountInput) =>
  parsePlanAmount(value, { required: PLAN_MESSAGES.allocationRequired, zero: true })

/**
 * An allocation no larger than `ceiling` (`allocationCeiling`: what the income leaves for this
 * budget); `format` writes the ceiling in the user's currency.
 */
export function checkAllocation(value: AmountInput, ceiling: Paise, format: (paise: Paise) => string): Parsed<Paise> {
  const parsed = parseAllocation(value)
  if (!parsed.ok || parsed.value <= ceiling) return parsed
  return { ok: false, error: PLAN_MESSAGES.allocationOverIncome(format(ceiling)) }
}

/** A 'YYYY-MM-DD' that is a real calendar day. */
export function parseDueDate(value: string | null | undefined): Parsed<string> {
  if (value === undefined || value === null || value.trim() === '')
    return { ok: false, error: PLAN_MESSAGES.dueDateRequired }
  const day = value.trim()
  if (Number.isNaN(fromDayString(day))) return { ok: false, error: PLAN_MESSAGES.dueDateInvalid }
  return { ok: true, value: day }
}

/** Reminder days: a whole number 0–30; blank means the default 3. */
export function parseReminderDays(value: string | number | null | undefined): Parsed<number> {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return { ok: true, value: DEFAULT_REMINDER_DAYS }
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < 0 || n > 30) return { ok: false, error: PLAN_MESSAGES.reminderInvalid }
  return { ok: true, value: n }
}

export const DEFAULT_REMINDER_DAYS = 3

export function parseFrequency(value: string | null | undefined): Parsed<Frequency> {
  if (value === undefined || value === null || value === '')
    return { ok: false, error: PLAN_MESSAGES.frequencyRequired }
  return (FREQUENCIES as readonly string[]).includes(value)
    ? { ok: true, value: value as Frequency }
    : { ok: false, error: PLAN_MESSAGES.frequencyInvalid }
}

export function parsePeriod(value: string | null | undefined): Parsed<BudgetPeriod> {
  if (value === undefined || value === null || value === '') return { ok: true, value: 'monthly' }
  return (BUDGET_PERIODS as readonly string[]).includes(value)
    ? { ok: true, value: value as BudgetPeriod }
    : { ok: false, error: PLAN_MESSAGES.periodInvalid }
}

export interface RecurringFormInput {
  name: string | null | undefined
  amount: AmountInput
  category?: string | null | undefined
  frequency: string | null | undefined
  dueDate: string | null | undefined
  reminderDays?: string | number | null | undefined
}

export interface RecurringFields {
  name: string
  amount: Paise
  category: string
  frequency: Frequency
  dueDate: string
  reminderDays: number
}

export type RecurringField = keyof RecurringFields

/** The recurring payment a form or REST body describes, or the first field it gets wrong with its message. */
export function parseRecurring(
  input: RecurringFormInput,
): { ok: true; value: RecurringFields } | { ok: false; field: RecurringField; error: string } {
  const name = (input.name ?? '').trim()
  if (!name) return { ok: false, field: 'name', error: PLAN_MESSAGES.nameRequired }
  if (name.length > 100) return { ok: false, field: 'name', error: PLAN_MESSAGES.nameTooLong }
  const amount = parsePlanAmount(input.amount, { required: PLAN_MESSAGES.amountRequired, zero: false })
  if (!amount.ok) return { ok: false, field: 'amount', error: amount.error }
  const category = (input.category ?? '').trim()
  if (category.length > 60) return { ok: false, field: 'category', error: PLAN_MESSAGES.categoryTooLong }
  const frequency = parseFrequency(input.frequency)
  if (!frequency.ok) return { ok: false, field: 'frequency', error: frequency.error }
  const dueDate = parseDueDate(input.dueDate)
  if (!dueDate.ok) return { ok: false, field: 'dueDate', error: dueDate.error }
  const reminderDays = parseReminderDays(input.reminderDays)
  if (!reminderDays.ok) return { ok: false, field: 'reminderDays', error: reminderDays.error }
  return {
    ok: true,
    value: {
      name,
      amount: amount.value,
      category,
      frequency: frequency.value,
      dueDate: dueDate.value,
      reminderDays: reminderDays.value,
    },
  }
}
