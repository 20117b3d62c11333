import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { alertsForExpense, type BudgetAlert } from '../../schema/calc/budget-alerts'
import { budgetsSpan } from '../../schema/calc/budget-status'
import type { BudgetPeriod } from '../../schema/entities/budget'
import type { Paise } from '../../schema/money/money'
import type { BudgetDoc } from './budgets'
import { userData } from './database'
import type { TransactionDoc } from './transactions'
import { insertDocument, patchDocument, removeDocument } from './writes'
import { plainDocs } from './plain'

/** Storage for the planning screens (/budgets, /reports, insights). Every query is index-backed. */

export type RecurringDoc = DocOf<'recurring_payments'>


/** Every budget in the order it was made; served by the `createdAt` index. */
export function allBudgets$(): Observable<BudgetDoc[]> {
  const { db } = userData()
  return db.budgets.find({ selector: { createdAt: { $gte: 0 } }, sort: [{ createdAt: 'asc' }] }).$.pipe(map((docs) => plainDocs<BudgetDoc>(docs)))
}

export interface BudgetFields {
  category: string
  /** Integer paise, > 0. */
  amount: Paise
  period: BudgetPeriod
}

/** Saves a new budget locally (works offline; replication pushes it). */
export function createBudget(fields: BudgetFields): Promise<BudgetDoc> {
  return insertDocument('budgets', { category: fields.category.trim(), amount: fields.amount, period: fields.period, allocated: 0, createdAt: Date.now() })
}

export async function updateBudget(id: string, fields: BudgetFields): Promise<void> {
  if (!(await patchDocument('budgets', id, { category: fields.category.trim(), amount: fields.amount, period: fields.period }))) throw new Error(`Budget ${id} not found`)
}

export function deleteBudget(id: string): Promise<void> {
  return removeDocument('budgets', id)
}

/** Expenses dated in [start, end), oldest first; served by the `[type, date]` index. */
export function expensesBetween$(start: number, end: number): Observable<TransactionDoc[]> {
  const { db } = userData()
  return db.transactions
    .find({ selector: { type: 'expense', date: { $gte: start, $lt: end } }, sort: [{ type: 'asc' }, { date: 'asc' }] })
    .$.pipe(map((docs) => plainDocs<TransactionDoc>(docs)))
}

/** Recurring payments due on or before `day` ('YYYY-MM-DD'), soonest first; served by the `nextDueDate` index. */
export function recurringDueBy$(day: string): Observable<RecurringDoc[]> {
  const { db } = userData()
  return db.recurring_payments
    .find({ selector: { nextDueDate: { $lte: day } }, sort: [{ nextDueDate: 'asc' }] })
    .$.pipe(map((docs) => plainDocs<RecurringDoc>(docs)))
}

/**
 * The 70 % / 90 % alerts a just-saved expense triggers on its category's budgets. Reads the
 * budgets and, per matching budget, that window's expenses of the type/date index.
 */
export async function budgetAlertsFor(expense: TransactionDoc, now = Date.now()): Promise<BudgetAlert[]> {
  if (expense.type !== 'expense') return []
  const { db } = userData()
  const category = expense.category.toLowerCase()
  const budgets = plainDocs<BudgetDoc>(await db.budgets.find({ selector: { createdAt: { $gte: 0 } }, sort: [{ createdAt: 'asc' }] }).exec()).filter((b) => b.category.toLowerCase() === category)
  const span = budgetsSpan(budgets, now)
  if (!span) return []
  const { start, end } = span
  const entries = plainDocs<TransactionDoc>(
    await db.transactions.find({ selector: { type: 'expense', date: { $gte: start, $lt: Math.min(end, 1e14) } }, sort: [{ type: 'asc' }, { date: 'asc' }] }).exec(),
  )
  return alertsForExpense(expense, budgets, entries, now)
}
