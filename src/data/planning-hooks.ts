import { useMemo } from 'react'
import { NEVER } from 'rxjs'
import { budgetsSpan } from '../../schema/calc/budget-status'
import { buildInsights, DUE_SOON_DAYS, insightsWindow, type Insights } from '../../schema/calc/insights'
import { toDayString } from '../../schema/time'
import { useBudgets, useHomeCurrency, useObservable, type Live } from './hooks'
import { recurringDueBy$, type RecurringDoc } from './recurring'
import type { TransactionDoc } from './transactions'
import { transactionsIn$ } from './window-docs'

const NO_TRANSACTIONS: TransactionDoc[] = []
const NO_PAYMENTS: RecurringDoc[] = []

/** Expenses dated in [start, end) in no particular order, live (window-docs.ts); not read until `read`. */
export function useExpensesBetween(start: number, end: number, read = true): Live<TransactionDoc[]> {
  return useObservable(() => (read ? transactionsIn$(start, end, 'expense') : NEVER), NO_TRANSACTIONS, [
    start,
    end,
    read,
  ])
}

/**
 * Insights for `now` from three live, index-backed queries: the budgets, the expenses from three
 * months back (or the oldest budget window) to this month's end, and the recurring payments due
 * within a week. Figures are in the home currency (`buildInsights`). The expenses (months of rows, the
 * largest read of a screen) are not read until `read`: a screen can let its own figures go first.
 */
export function useInsights(now: number, read = true): Live<Insights> {
  const budgets = useBudgets()
  const base = insightsWindow(now)
  const span = budgetsSpan(budgets.data, now)
  const start = Math.min(base.start, span?.start ?? base.start)
  const end = Math.max(base.end, span?.end ?? base.end)
  const expenses = useExpensesBetween(start, end, read)
  const horizon = toDayString(new Date(now).setDate(new Date(now).getDate() + DUE_SOON_DAYS))
  const due = useObservable(() => recurringDueBy$(horizon), NO_PAYMENTS, [horizon])
  const home = useHomeCurrency()
  const insights = useMemo(
    () => buildInsights(expenses.data, budgets.data, due.data, now, home),
    [expenses.data, budgets.data, due.data, now, home],
  )
  const failed = [budgets, expenses, due].some((live) => live.failed)
  return { data: insights, loading: budgets.loading || expenses.loading || due.loading, failed }
}
