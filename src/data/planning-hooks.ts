import { useMemo } from 'react'
import { budgetWindow } from '../../schema/calc/budget-status'
import { buildInsights, DUE_SOON_DAYS, insightsWindow, type Insights } from '../../schema/calc/insights'
import { toDayString } from '../../schema/time'
import type { BudgetDoc } from './budgets'
import { useObservable, type Live } from './hooks'
import { allBudgets$, expensesBetween$, recurringDueBy$, type RecurringDoc } from './planning'
import type { TransactionDoc } from './transactions'

const NO_BUDGETS: BudgetDoc[] = []
const NO_TRANSACTIONS: TransactionDoc[] = []
const NO_PAYMENTS: RecurringDoc[] = []

/** Every budget, oldest first, live. */
export function useAllBudgets(): Live<BudgetDoc[]> {
  return useObservable(() => allBudgets$(), NO_BUDGETS, [])
}

/** Expenses dated in [start, end), live. */
export function useExpensesBetween(start: number, end: number): Live<TransactionDoc[]> {
  return useObservable(() => expensesBetween$(start, end), NO_TRANSACTIONS, [start, end])
}

/**
 * The window that covers every budget's current period at `now` (one-time budgets from their
 * creation day), capped at the largest stored date; null with no budgets.
 */
export function budgetsSpan(budgets: readonly BudgetDoc[], now: number): { start: number; end: number } | null {
  if (budgets.length === 0) return null
  let start = Number.MAX_SAFE_INTEGER
  let end = 0
  for (const b of budgets) {
    const w = budgetWindow(b.period, now, b.createdAt)
    start = Math.min(start, w.start)
    end = Math.max(end, Math.min(w.end, 1e14))
  }
  return { start, end }
}

/**
 * Insights for `now` from three live, index-backed queries: the budgets, the expenses from three
 * months back (or the oldest budget window) to this month's end, and the recurring payments due
 * within a week.
 */
export function useInsights(now: number): Live<Insights> {
  const budgets = useAllBudgets()
  const base = insightsWindow(now)
  const span = budgetsSpan(budgets.data, now)
  const start = Math.min(base.start, span?.start ?? base.start)
  const end = Math.max(base.end, span?.end ?? base.end)
  const expenses = useExpensesBetween(start, end)
  const horizon = toDayString(new Date(now).setDate(new Date(now).getDate() + DUE_SOON_DAYS))
  const due = useObservable(() => recurringDueBy$(horizon), NO_PAYMENTS, [horizon])
  const insights = useMemo(() => buildInsights(expenses.data, budgets.data, due.data, now), [expenses.data, budgets.data, due.data, now])
  return { data: insights, loading: budgets.loading || expenses.loading || due.loading }
}
