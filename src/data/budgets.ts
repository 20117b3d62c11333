import { map, type Observable } from 'rxjs'
import { alertsForExpense, type BudgetAlert } from '../../schema/calc/budget-alerts'
import { budgetsSpan } from '../../schema/calc/budget-status'
import type { DocOf } from '../../schema/collections'
import type { BudgetPeriod } from '../../schema/entities/budget'
import type { HomeCurrency, Rate } from '../../schema/money/currency'
import type { Paise } from '../../schema/money/money'
import { userData } from './database'
import { plainDocs } from './plain'
import { expensesBetweenQuery, type TransactionDoc } from './transactions'
import { insertDocument, patchDocument, removeDocument } from './writes'

export type BudgetDoc = DocOf<'budgets'>

/** Budgets in the order they were made (the first `limit`, or all); served by the `createdAt` index. */
function budgetsQuery(limit?: number) {
  const { db } = userData()
  return db.budgets.find({
    selector: { createdAt: { $gte: 0 } },
    sort: [{ createdAt: 'asc' }],
    ...(limit === undefined ? {} : { limit }),
  })
}

export function budgets$(limit?: number): Observable<BudgetDoc[]> {
  return budgetsQuery(limit).$.pipe(map((docs) => plainDocs<BudgetDoc>(docs)))
}

/** How many budgets exist, live (index-backed count). */
export function budgetCount$(): Observable<number> {
  const { db } = userData()
  return db.budgets.count({ selector: { createdAt: { $gte: 0 } } }).$
}

export interface BudgetFields {
  category: string
  /** Stored units of `currency` (paise for rupees), > 0. */
  amount: Paise
  period: BudgetPeriod
  /** The limit's currency (the form always names it); absent: the home currency. */
  currency?: string
  /** Units of `fxHome` per unit of `currency`; null: not converted (or in the home currency). */
  fxRate?: Rate | null
  fxHome?: string
}

function budgetContent(fields: BudgetFields) {
  const { category, amount, period, currency, fxRate = null, fxHome } = fields
  const money = currency === undefined ? {} : { currency, fxRate, ...(fxRate !== null && fxHome ? { fxHome } : {}) }
  return { category: category.trim(), amount, period, ...money }
}

/** Saves a new budget locally (works offline; replication pushes it). */
export function createBudget(fields: BudgetFields): Promise<BudgetDoc> {
  return insertDocument('budgets', { ...budgetContent(fields), allocated: 0, createdAt: Date.now() })
}

export async function updateBudget(id: string, fields: BudgetFields): Promise<void> {
  if (!(await patchDocument('budgets', id, budgetContent(fields)))) throw new Error(`Budget ${id} not found`)
}

export function deleteBudget(id: string): Promise<void> {
  return removeDocument('budgets', id)
}

/**
 * The 70 % / 90 % alerts a just-saved expense triggers on its category's budgets, in the home
 * currency. Reads the budgets and, per matching budget, that window's expenses of the type/date index.
 */
export async function budgetAlertsFor(
  expense: TransactionDoc,
  home: HomeCurrency,
  now = Date.now(),
): Promise<BudgetAlert[]> {
  if (expense.type !== 'expense') return []
  const category = expense.category.toLowerCase()
  const budgets = plainDocs<BudgetDoc>(await budgetsQuery().exec()).filter((b) => b.category.toLowerCase() === category)
  const span = budgetsSpan(budgets, now)
  if (!span) return []
  const { start, end } = span
  const entries = plainDocs<TransactionDoc>(await expensesBetweenQuery(start, end).exec())
  return alertsForExpense(expense, budgets, entries, now, home)
}
