import { inHome, moneyEntryOf, type HomeCurrency } from '../money/currency'
import { formatMoney, type Paise } from '../money/money'
import { budgetsInHome, budgetWindow, crossedAlert, statusOf, type BudgetInput } from './budget-status'
import { inWindow } from './periods'
import { inHomeCurrency, type LedgerEntry } from './totals'

export interface BudgetAlert {
  category: string
  /** The level crossed: 70 or 90 (spec part 1 §9). */
  level: 70 | 90
  spent: Paise
  limit: Paise
  /** Whole percent used now, rounded down. */
  percent: number
}

/**
 * The alerts a just-saved expense triggers: for every budget of its category (case-insensitive)
 * whose current window holds the expense, whether the expense took the spending across 70 % or
 * 90 % of the limit. `entries` must cover those windows and include the new expense. Every amount is
 * taken in the home currency, limits too: entries with no rate count toward nothing, an expense
 * that is not converted crosses nothing, nor does a budget whose limit is not converted.
 */
export function alertsForExpense(
  expense: LedgerEntry,
  budgets: Iterable<BudgetInput>,
  entries: Iterable<LedgerEntry>,
  now: number,
  home: HomeCurrency,
): BudgetAlert[] {
  const amount = inHome(moneyEntryOf(expense, home), home.currency)
  if (expense.type !== 'expense' || amount === null) return []
  const category = expense.category.toLowerCase()
  const list = inHomeCurrency([...entries], home).entries
  const alerts: BudgetAlert[] = []
  // Limits in the home currency too; a budget whose limit has no rate alerts nothing.
  for (const b of budgetsInHome(budgets, home).budgets) {
    if (b.category.toLowerCase() !== category) continue
    const window = budgetWindow(b.period, now, b.createdAt)
    if (!inWindow(expense.date, window)) continue
    let after = 0
    for (const e of list)
      if (e.type === 'expense' && e.category.toLowerCase() === category && inWindow(e.date, window)) after += e.amount
    const level = crossedAlert(after - amount, after, b.amount)
    if (level !== null)
      alerts.push({
        category: b.category,
        level,
        spent: after,
        limit: b.amount,
        percent: statusOf(after, b.amount).percent,
      })
  }
  return alerts
}

/** '⚠️ Food & Dining budget is at 92% (₹9,200 of ₹10,000)'. */
export function describeAlert(a: BudgetAlert, currency?: string): string {
  const of = `${formatMoney(a.spent, currency)} of ${formatMoney(a.limit, currency)}`
  return `⚠️ ${a.category} budget is at ${a.percent}% (${of})`
}
