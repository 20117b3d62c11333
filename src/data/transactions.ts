import { combineLatest, map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { INVERTED_BASE, invertTime } from '../../schema/entities/common'
import { newTransaction, type TransactionContent } from '../../schema/entities/transaction'
import type { Paise } from '../../schema/money/money'
import type { Receipt } from '../../schema/entities/receipt'
import { userData } from './database'
import { insertDocument, patchDocument, removeDocument } from './writes'
import { plainDocs } from './plain'
import { inOneRequest } from './rxdb-internals'

export type TransactionDoc = DocOf<'transactions'>

export interface TransactionInput {
  type: 'expense' | 'income'
  /** Integer paise, > 0. */
  amount: Paise
  /** The expense category or the income source. */
  category: string
  description?: string
  /** ms since the epoch. */
  date: number
  /** The receipt photo kept on this device (src/data/receipts.ts); null once removed. */
  receipt?: Receipt | null
}

/**
 * Saves a new expense or income (origin 'app' unless given) in the local database; replication
 * pushes it when online. Throws when the input breaks the entity's rules (the form checks first).
 */
export function addTransaction(input: TransactionInput | TransactionContent): Promise<TransactionDoc> {
  const content: TransactionContent = { origin: 'app', ...input }
  return insertDocument('transactions', newTransaction(content, { ownerId: userData().userId, updatedAt: Date.now() }))
}

export type TransactionChanges = Partial<
  Pick<TransactionInput, 'amount' | 'category' | 'description' | 'date' | 'receipt'> &
    Pick<TransactionContent, 'currency' | 'fxRate' | 'fxHome'>
>

export async function updateTransaction(id: string, changes: TransactionChanges): Promise<void> {
  const withDateKey = changes.date === undefined ? changes : { ...changes, dateDesc: invertTime(changes.date) }
  if (!(await patchDocument('transactions', id, withDateKey))) throw new Error(`Transaction ${id} not found`)
}

/** Deletes as a tombstone stamped with a new `updatedAt`, so last-writer-wins holds. */
export function deleteTransaction(id: string): Promise<void> {
  return removeDocument('transactions', id)
}

/** Transactions dated in [start, end), oldest first; served by the `date` index. */
export function transactionsBetween$(start: number, end: number): Observable<TransactionDoc[]> {
  const { db } = userData()
  return db.transactions
    .find({ selector: { date: { $gte: start, $lt: end } }, sort: [{ date: 'asc' }] })
    .$.pipe(map((docs) => plainDocs<TransactionDoc>(docs)))
}

/**
 * Expenses dated in [start, end), oldest first; served by the `[type, date]` index. `end` is
 * capped at the largest stored date, as one-time budget windows never end.
 */
export function expensesBetweenQuery(start: number, end: number) {
  const { db } = userData()
  return db.transactions.find({
    selector: { type: 'expense', date: { $gte: start, $lt: Math.min(end, INVERTED_BASE) } },
    sort: [{ type: 'asc' }, { date: 'asc' }],
  })
}

/**
 * The newest `limit` transactions. Sorted ascending on the inverted `dateDesc` index: a
 * descending sort on `date` makes the Dexie storage read every row (DESIGN §3).
 */
export function recentTransactions$(limit = 5): Observable<TransactionDoc[]> {
  const { db } = userData()
  return inOneRequest(
    db.transactions.find({ selector: { dateDesc: { $gte: 0 } }, sort: [{ dateDesc: 'asc' }], limit }),
  ).$.pipe(map((docs) => plainDocs<TransactionDoc>(docs)))
}

export interface LedgerQuery {
  /** [start, end) in ms, or null for all time. */
  window: { start: number; end: number } | null
  type: 'all' | 'expense' | 'income'
  /** The newest `limit` only (the list loads page by page); all when absent. */
  limit?: number
}

/**
 * Every transaction in a window (all time when null), newest first, optionally of one type.
 * Served by the `dateDesc` index (or `[type, dateDesc]` with a type): date ∈ [start, end) is
 * dateDesc ∈ (invert(end), invert(start)], and the ascending sort on dateDesc is newest first.
 */
export function ledger$({ window, type, limit }: LedgerQuery): Observable<TransactionDoc[]> {
  const { db } = userData()
  const dateDesc = window
    ? { $gt: invertTime(Math.min(window.end, INVERTED_BASE)), $lte: invertTime(Math.max(0, window.start)) }
    : { $gte: 0 }
  const selector = type === 'all' ? { dateDesc } : { type, dateDesc }
  return inOneRequest(
    db.transactions.find({ selector, sort: [{ dateDesc: 'asc' }], ...(limit === undefined ? {} : { limit }) }),
  ).$.pipe(map((docs) => plainDocs<TransactionDoc>(docs)))
}

/** How many expense and income records exist in all (the dashboard's counts); index-backed counts. */
export function transactionCounts$(): Observable<{ expense: number; income: number }> {
  const { db } = userData()
  const count = (type: 'expense' | 'income') => db.transactions.count({ selector: { type, date: { $gte: 0 } } }).$
  return combineLatest([count('expense'), count('income')]).pipe(map(([expense, income]) => ({ expense, income })))
}

/**
 * The rate of the user's latest expense or income in `currency` converted to `home`, with its date
 * (ms); null when none has one. Read from the entries themselves, so it works offline and follows
 * the user to every device (rate-offer.ts weighs it against their other entries and the daily rate).
 */
export async function lastRateEntry(currency: string, home: string): Promise<{ rate: number; date: number } | null> {
  if (currency === home) return null
  const { db } = userData()
  const latest = await db.transactions
    .findOne({ selector: { currency, fxHome: home, fxRate: { $gt: 0 } }, sort: [{ dateDesc: 'asc' }] })
    .exec()
  return latest?.fxRate ? { rate: latest.fxRate, date: latest.date } : null
}
