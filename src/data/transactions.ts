import { combineLatest, map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { INVERTED_BASE, invertTime } from '../../schema/entities/common'
import { Transaction } from '../../schema/entities/transaction'
import type { Paise } from '../../schema/money/money'
import { userData } from './database'

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
}

function newId(): string {
  return crypto.randomUUID()
}

/**
 * Saves a new expense or income in the local database; replication pushes it when online.
 * Throws when the input breaks the entity's rules (the form validates first).
 */
export async function addTransaction(input: TransactionInput): Promise<TransactionDoc> {
  const { db, userId, pending } = userData()
  const now = Date.now()
  const doc = Transaction.parse({
    id: newId(),
    ownerId: userId,
    updatedAt: now,
    type: input.type,
    amount: input.amount,
    category: input.category.trim(),
    description: (input.description ?? '').trim(),
    date: input.date,
    dateDesc: invertTime(input.date),
    origin: 'app',
  })
  pending.add('transactions', doc.id, doc.updatedAt)
  await db.transactions.insert(doc)
  return doc
}

export type TransactionChanges = Partial<Pick<TransactionInput, 'amount' | 'category' | 'description' | 'date'>>

export async function updateTransaction(id: string, changes: TransactionChanges): Promise<void> {
  const { db, pending } = userData()
  const doc = await db.transactions.findOne(id).exec()
  if (!doc) throw new Error(`Transaction ${id} not found`)
  const updatedAt = Math.max(Date.now(), doc.updatedAt + 1)
  pending.add('transactions', id, updatedAt)
  await doc.incrementalModify((current) => {
    const next = { ...current, ...changes, updatedAt }
    if (changes.date !== undefined) next.dateDesc = invertTime(changes.date)
    Transaction.parse(next)
    return next
  })
}

/** Deletes as a tombstone (RxDB remove) stamped with a new `updatedAt`, so last-writer-wins holds. */
export async function deleteTransaction(id: string): Promise<void> {
  const { db, pending } = userData()
  const doc = await db.transactions.findOne(id).exec()
  if (!doc) return
  const updatedAt = Math.max(Date.now(), doc.updatedAt + 1)
  pending.add('transactions', id, updatedAt)
  await doc.incrementalModify((current) => {
    const deleted = current as typeof current & { _deleted?: boolean }
    deleted.updatedAt = updatedAt
    deleted._deleted = true
    return deleted
  })
}

const plain = (docs: { toJSON(): unknown }[]): TransactionDoc[] => docs.map((d) => d.toJSON() as TransactionDoc)

/** Transactions dated in [start, end), oldest first; served by the `date` index. */
export function transactionsBetween$(start: number, end: number): Observable<TransactionDoc[]> {
  const { db } = userData()
  return db.transactions
    .find({ selector: { date: { $gte: start, $lt: end } }, sort: [{ date: 'asc' }] })
    .$.pipe(map(plain))
}

/**
 * The newest `limit` transactions. Sorted ascending on the inverted `dateDesc` index: a
 * descending sort on `date` makes the Dexie storage read every row (DESIGN §3).
 */
export function recentTransactions$(limit = 5): Observable<TransactionDoc[]> {
  const { db } = userData()
  return db.transactions
    .find({ selector: { dateDesc: { $gte: 0 } }, sort: [{ dateDesc: 'asc' }], limit })
    .$.pipe(map(plain))
}

export interface LedgerQuery {
  /** [start, end) in ms, or null for all time. */
  window: { start: number; end: number } | null
  type: 'all' | 'expense' | 'income'
}

/**
 * Every transaction in a window (all time when null), newest first, optionally of one type.
 * Served by the `dateDesc` index (or `[type, dateDesc]` with a type): date ∈ [start, end) is
 * dateDesc ∈ (invert(end), invert(start)], and the ascending sort on dateDesc is newest first.
 */
export function ledger$({ window, type }: LedgerQuery): Observable<TransactionDoc[]> {
  const { db } = userData()
  const dateDesc = window
    ? { $gt: invertTime(Math.min(window.end, INVERTED_BASE)), $lte: invertTime(Math.max(0, window.start)) }
    : { $gte: 0 }
  const selector = type === 'all' ? { dateDesc } : { type, dateDesc }
  return db.transactions.find({ selector, sort: [{ dateDesc: 'asc' }] }).$.pipe(map(plain))
}

/** How many expense and income records exist in all (the dashboard's counts); index-backed counts. */
export function transactionCounts$(): Observable<{ expense: number; income: number }> {
  const { db } = userData()
  const count = (type: 'expense' | 'income') => db.transactions.count({ selector: { type, date: { $gte: 0 } } }).$
  return combineLatest([count('expense'), count('income')]).pipe(map(([expense, income]) => ({ expense, income })))
}
