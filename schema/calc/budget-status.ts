import type { BudgetPeriod } from '../entities/budget'
import { inHome, moneyEntryOf, type CurrencyFields, type HomeCurrency } from '../money/currency'
import type { Paise } from '../money/money'
import { localMonthWindow, startOfLocalDay } from '../time'
import { inWindow, localWeekWindow, type Window } from './periods'
import type { LedgerEntry } from './totals'

/**
 * The fields budget calculations read; a Budget document satisfies it. `amount` is in `currency`
 * when the budget has one; the calculations below read it in the home currency (`budgetsInHome`).
 */
export interface BudgetInput extends CurrencyFields {
  category: string
  amount: Paise
  period: BudgetPeriod
  createdAt: number
}

/**
 * A budget's limit in the home currency: its amount when it is in the home one, converted at its
 * rate otherwise, and null when it has no rate to the home currency: never compared 1:1. A budget
 * with no currency of its own is in the one it was made in, as every entry is (the profile's
 * `legacyCurrency` once the home currency changed, else the home currency).
 */
export function budgetLimit(budget: BudgetInput, home: HomeCurrency): Paise | null {
  return inHome(moneyEntryOf(budget, home), home.currency)
}

/**
 * Budgets with their limits in the home currency (`amount` converted), ready for `budgetStatus`
 * and the alerts, and apart those whose limit is not converted: they compare with nothing.
 */
export function budgetsInHome<B extends BudgetInput>(
  budgets: Iterable<B>,
  home: HomeCurrency,
): { budgets: B[]; notConverted: B[] } {
  const converted: B[] = []
  const notConverted: B[] = []
  for (const budget of budgets) {
    const limit = budgetLimit(budget, home)
    if (limit === null) notConverted.push(budget)
    else converted.push(limit === budget.amount ? budget : { ...budget, amount: limit })
  }
  return { budgets: converted, notConverted }
}

/** The current window of a budget period in local time; one-time budgets run from their creation on. */
export function budgetWindow(period: BudgetPeriod, now: number, createdAt: number): Window {
  switch (period) {
    case 'daily': {
      const start = startOfLocalDay(now)
      const end = new Date(start)
      end.setDate(end.getDate() + 1)
      return { start, end: end.getTime() }
    }
    case 'weekly':
      return localWeekWindow(now)
    case 'monthly':
      return localMonthWindow(now)
    case 'yearly': {
      const y = new Date(now).getFullYear()
      return { start: new Date(y, 0, 1).getTime(), end: new Date(y + 1, 0, 1).getTime() }
    }
    case 'one-time':
      return { start: startOfLocalDay(createdAt), end: Number.MAX_SAFE_INTEGER }
  }
}

/** The smallest window covering every budget's current period (null without budgets). */
export function budgetsSpan(
  budgets: readonly { period: BudgetPeriod; createdAt: number }[],
  now: number,
): Window | null {
  if (budgets.length === 0) return null
  const windows = budgets.map((b) => budgetWindow(b.period, now, b.createdAt))
  return { start: Math.min(...windows.map((w) => w.start)), end: Math.max(...windows.map((w) => w.end)) }
}

export interface BudgetStatus {
  spent: Paise
  limit: Paise
  /** spent − limit clamped at 0 from below: what is left. */
  remaining: Paise
  /** limit exceeded by, 0 when within. */
  overBy: Paise
  /** Whole percent used, rounded down (so 89.99 % is not shown as 90). */
  percent: number
}

/** Whether an entry counts toward a budget of `category` (lower-cased) whose current window is `window`. */
function countsToward(e: Pick<LedgerEntry, 'type' | 'category' | 'date'>, category: string, window: Window): boolean {
  return e.type === 'expense' && e.category.toLowerCase() === category && inWindow(e.date, window)
}

/**
 * Spending of the budget's category (case-insensitive) in its current window. The entries are in
 * the home currency (`inHomeCurrency`), as the budget is.
 */
export function budgetStatus(budget: BudgetInput, entries: Iterable<LedgerEntry>, now: number): BudgetStatus {
  const window = budgetWindow(budget.period, now, budget.createdAt)
  const category = budget.category.toLowerCase()
  let spent = 0
  for (const e of entries) if (countsToward(e, category, window)) spent += e.amount
  return statusOf(spent, budget.amount)
}

/** How many of `entries` fall in the budget (its category, its current window): those not converted, say. */
export function countInBudget(
  budget: BudgetInput,
  entries: Iterable<Pick<LedgerEntry, 'type' | 'category' | 'date'>>,
  now: number,
): number {
  const window = budgetWindow(budget.period, now, budget.createdAt)
  const category = budget.category.toLowerCase()
  let count = 0
  for (const e of entries) if (countsToward(e, category, window)) count += 1
  return count
}

export function statusOf(spent: Paise, limit: Paise): BudgetStatus {
  return {
    spent,
    limit,
    remaining: Math.max(0, limit - spent),
    overBy: Math.max(0, spent - limit),
    percent: limit > 0 ? Math.floor((spent * 100) / limit) : 0,
  }
}

export type BarColour = 'red' | 'yellow' | 'green'

/** Red above 90 %, yellow above 70 %, else green (the home screen passes dangerAbove 80). */
export function barColour(spent: Paise, limit: Paise, dangerAbove = 90, warnAbove = 70): BarColour {
  // Compare in integers: spent/limit > p/100  ⇔  spent·100 > p·limit.
  if (spent * 100 > dangerAbove * limit) return 'red'
  if (spent * 100 > warnAbove * limit) return 'yellow'
  return 'green'
}

/** Alert levels announced when an expense takes a budget across them (spec: 70 % and 90 %). */
export const ALERT_LEVELS = [70, 90] as const

/** The highest alert level crossed going from `before` to `after` spent, or null. */
export function crossedAlert(before: Paise, after: Paise, limit: Paise): 70 | 90 | null {
  let crossed: 70 | 90 | null = null
  for (const level of ALERT_LEVELS) if (before * 100 < level * limit && after * 100 >= level * limit) crossed = level
  return crossed
}

export interface AllocationSummary {
  totalIncome: Paise
  totalAllocated: Paise
  totalSpent: Paise
  /** income − allocated; negative means more is allocated than earned. */
  available: Paise
  /** allocated as a whole percent of income (0 with no income). */
  allocatedPercent: number
}

export function allocationSummary(
  monthlyIncome: Paise,
  budgets: Iterable<{ allocated: Paise; spent: Paise }>,
): AllocationSummary {
  let totalAllocated = 0
  let totalSpent = 0
  for (const b of budgets) {
    totalAllocated += b.allocated
    totalSpent += b.spent
  }
  return {
    totalIncome: monthlyIncome,
    totalAllocated,
    totalSpent,
    available: monthlyIncome - totalAllocated,
    allocatedPercent: monthlyIncome > 0 ? Math.round((totalAllocated * 100) / monthlyIncome) : 0,
  }
}
