import { householdCurrencyOf } from '../../../schema/calc/household-money'
import { percentOf, splitAmounts, formatBasisPoints } from '../../../schema/calc/splits'
import type { SplitInput } from '../../../schema/calc/splits'
import type {
  Household,
  HouseholdExpense,
  RecurringHouseholdExpense,
  Settlement,
} from '../../../schema/entities/household'
import { fromPaise } from '../../../schema/money/money'
import { fromDayString, localMonthWindow, toDayString } from '../../../schema/time'
import { amountText, entryCurrency, inHome, moneyEntryOf } from '../../../schema/money/currency'
import type {
  EntryCurrencyInput,
  HouseholdExpenseInput,
  HouseholdSettingsInput,
  RecurringExpenseInput,
} from '../../../schema/validation/household-input'
import type { RecurringDraft } from './recurring'
import type { HouseholdSettings } from './service'

/** Wire shapes of the household routes (spec part 2 §7): snake_case and decimal rupees at the boundary. */

export function householdSettingsOf(body: Partial<HouseholdSettingsInput>): Partial<HouseholdSettings> {
  const out: Partial<HouseholdSettings> = {}
  if (body.name !== undefined) out.name = body.name
  if (body.description !== undefined) out.description = body.description ?? ''
  if (body.icon !== undefined) out.icon = body.icon
  if (body.color !== undefined) out.color = body.color
  if (body.monthly_budget !== undefined) out.monthlyBudget = body.monthly_budget ?? 0
  if (body.review_period_hours !== undefined) out.reviewPeriodHours = body.review_period_hours
  if (body.currency != null) out.currency = body.currency
  return out
}

export function householdView(household: Household, role: string, expenses: readonly HouseholdExpense[], now: number) {
  const { start, end } = localMonthWindow(now)
  return {
    id: household.id,
    name: household.name,
    description: household.description,
    icon: household.icon,
    color: household.color,
    monthly_budget: fromPaise(household.monthlyBudget),
    review_period_hours: household.reviewPeriodHours,
    currency: householdCurrencyOf(household).currency,
    member_count: household.memberIds.length,
    role,
    expense_count_this_month: expenses.filter((e) => e.date >= start && e.date < end).length,
    created_at: new Date(household.createdAt).toISOString(),
  }
}

export function memberView(household: Household) {
  return household.members.map((m) => ({
    user_id: m.userId,
    name: m.name,
    email: m.email,
    role: m.role,
    upi_id: m.upiId || null,
  }))
}

function nameIn(household: Household, userId: string): string {
  return household.members.find((m) => m.userId === userId)?.name ?? 'Former member'
}

/**
 * An entry's currency, rate and amount in the household currency (null: not converted), and a
 * reader of its own amounts as decimals in that currency's digits.
 */
function moneyView(entry: HouseholdExpense | Settlement, household: Household) {
  const hc = householdCurrencyOf(household)
  const currency = entryCurrency(entry, hc)
  const inHousehold = inHome(moneyEntryOf(entry, hc), hc.currency)
  return {
    decimal: (units: number) => Number(amountText(units, currency)),
    fields: {
      currency,
      fx_rate: currency === hc.currency ? null : moneyEntryOf(entry, hc).rate,
      amount_in_household_currency: inHousehold === null ? null : Number(amountText(inHousehold, hc.currency)),
    },
  }
}

/** The currency and rate a body gives an entry: none named is the household's; a rate converts to it. */
export function entryMoneyOf(body: EntryCurrencyInput, household: Household) {
  const home = householdCurrencyOf(household).currency
  const currency = body.currency ?? home
  if (currency === home || body.fx_rate === null) return { currency, fxRate: null }
  return { currency, fxRate: body.fx_rate, fxHome: home }
}

export function expenseView(e: HouseholdExpense, household: Household) {
  const money = moneyView(e, household)
  return {
    id: e.id,
    household_id: e.householdId,
    category: e.category,
    description: e.description,
    amount: money.decimal(e.amount),
    ...money.fields,
    date: toDayString(e.date),
    status: e.status,
    paid_by: e.paidBy,
    paid_by_name: nameIn(household, e.paidBy),
    created_by: e.ownerId,
    pending_approvals: e.reviews.filter((r) => r.status === 'pending').length,
    split_method: e.splitMethod,
    splits: e.splits.map((s) => ({
      user_id: s.userId,
      amount_owed: money.decimal(s.amount),
      percentage: Number(formatBasisPoints(percentOf(e.amount, s.amount))),
    })),
    reviews: e.reviews.map((r) => ({ user_id: r.userId, status: r.status, reason: r.reason })),
    deadline: new Date(e.deadline).toISOString(),
  }
}

export function reviewView(e: HouseholdExpense, household: Household) {
  const money = moneyView(e, household)
  return {
    id: e.id,
    expense_id: e.id,
    category: e.category,
    description: e.description,
    amount: money.decimal(e.amount),
    currency: money.fields.currency,
    household_id: household.id,
    household_name: household.name,
    paid_by_name: nameIn(household, e.paidBy),
    date: toDayString(e.date),
    deadline: new Date(e.deadline).toISOString(),
  }
}

/** A payment in its own currency with the household figure beside it. */
export function settlementView(s: Settlement, household: Household) {
  const money = moneyView(s, household)
  return {
    id: s.id,
    household_id: s.householdId,
    from_user: s.fromUserId,
    to_user: s.toUserId,
    amount: money.decimal(s.amount),
    ...money.fields,
    payment_method: s.method,
    transaction_id: s.transactionId || null,
    notes: s.note,
    status: s.status,
    decline_reason: s.status === 'declined' ? s.declineReason : null,
    date: new Date(s.date).toISOString(),
  }
}

/** The body's split as paise parts; without splits, everyone in the household shares equally. */
export function splitsOf(
  body: Pick<HouseholdExpenseInput, 'splits' | 'split_method' | 'currency'>,
  household: Household,
  amount: number,
) {
  const given = body.splits ?? []
  const inputs: SplitInput[] =
    given.length > 0
      ? given.map((s) => ({
          userId: s.user_id,
          amount: s.amount_owed ?? 0,
          weight: body.split_method === 'percentage' ? Math.round((s.percentage ?? 0) * 100) : (s.shares ?? 0),
        }))
      : household.memberIds.map((userId) => ({ userId, weight: 1 }))
  const method = given.length > 0 ? body.split_method : 'equal'
  // Parts in whole units of the expense's currency (whole yen), as its amount is.
  const currency = body.currency ?? householdCurrencyOf(household).currency
  return { method, parts: splitAmounts(method, amount, inputs, currency) }
}

export function dateOf(day: string | null | undefined, now: number): number {
  return day ? fromDayString(day.slice(0, 10)) : now
}

/** A recurring expense as REST shows it: amounts in its currency's digits, days as 'YYYY-MM-DD'. */
export function recurringView(rule: RecurringHouseholdExpense, household: Household) {
  const hc = householdCurrencyOf(household)
  const currency = entryCurrency(rule, hc)
  const decimal = (units: number) => Number(amountText(units, currency))
  return {
    id: rule.id,
    amount: decimal(rule.amount),
    currency,
    fx_rate: currency === hc.currency ? null : moneyEntryOf(rule, hc).rate,
    category: rule.category,
    description: rule.description,
    paid_by: rule.paidBy,
    created_by: rule.createdBy,
    split_method: rule.splitMethod,
    splits: rule.splits.map((s) => ({ user_id: s.userId, amount_owed: decimal(s.amount) })),
    frequency: rule.frequency,
    day_of_month: rule.dayOfMonth,
    start_date: rule.startDate,
    end_date: rule.endDate || null,
    added_through: rule.addedThrough || null,
  }
}

/**
 * The body as a rule draft; the split is made as for a one-off expense of the same amount. It
 * always names its currency, so a later change of the household currency does not move it.
 */
export function recurringDraftOf(body: RecurringExpenseInput, household: Household, userId: string): RecurringDraft {
  const { amount } = body
  const { method, parts } = splitsOf(body, household, amount)
  return {
    amount,
    category: body.category,
    description: body.description ?? '',
    paidBy: body.paid_by ?? userId,
    splitMethod: method,
    splits: parts,
    frequency: body.frequency,
    dayOfMonth: body.day_of_month ?? Number(body.start_date.slice(8, 10)),
    startDate: body.start_date,
    endDate: body.end_date ?? '',
    ...entryMoneyOf(body, household),
  }
}
