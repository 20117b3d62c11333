import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { invertTime } from '../../../schema/entities/common'
import type { Transaction } from '../../../schema/entities/transaction'
import { fromPaise, toPaise } from '../../../schema/money/money'
import { fromDayString } from '../../../schema/time'
import { amountProblem, dateProblem, TRANSACTION_MESSAGES } from '../../../schema/validation/transaction-input'

export type TransactionKind = Transaction['type']

/**
 * The spec's REST payload (part 1 §7): decimal `amount`, `category` (expenses) or `source`
 * (income), a 'YYYY-MM-DD' or ISO `date`. Loose on purpose: the limits are checked by
 * `buildTransaction` so each refusal carries the spec's own message.
 */
export const RestTransactionBody = z.object({
  amount: z.union([z.number(), z.string().max(40)]).nullish(),
  category: z.string().max(200).nullish(),
  source: z.string().max(200).nullish(),
  date: z.union([z.string().max(40), z.number()]).nullish(),
  description: z.string().max(500, 'Description must be at most 500 characters').nullish(),
})
export type RestTransactionBody = z.infer<typeof RestTransactionBody>

export const RestTransactionItem = z.object({
  id: z.string(),
  /** Decimal rupees (major units). */
  amount: z.number(),
  category: z.string().optional(),
  source: z.string().optional(),
  /** ISO 8601. */
  date: z.string(),
  description: z.string(),
  updated_at: z.string(),
})
export type RestTransactionItem = z.infer<typeof RestTransactionItem>

const NOON_HOURS = 12

/**
 * ms of a REST date: 'YYYY-MM-DD' is that day at 12:00 server-local time (noon keeps the day
 * the same in every nearby time zone); an ISO timestamp is taken as is. NaN when unreadable.
 */
export function parseRestDate(value: string | number): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : NaN
  const text = value.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const midnight = fromDayString(text)
    if (Number.isNaN(midnight)) return NaN
    const noon = new Date(midnight)
    noon.setHours(NOON_HOURS)
    return noon.getTime()
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return Date.parse(text)
  return NaN
}

export type BuildResult = { ok: true; doc: Transaction } | { ok: false; error: string }

/**
 * The transaction a REST create (no `existing`) or update (fields missing from `body` keep
 * their value) produces, or the spec message of the first rule it breaks.
 */
export function buildTransaction(
  kind: TransactionKind,
  body: RestTransactionBody,
  ownerId: string,
  existing?: Transaction,
  now = Date.now(),
): BuildResult {
  let amount: number
  if (body.amount !== undefined && body.amount !== null) {
    const paise = toPaise(body.amount)
    const problem = amountProblem(kind, paise)
    if (problem || paise === null) return { ok: false, error: problem ?? TRANSACTION_MESSAGES.amountInvalid }
    amount = paise
  } else if (existing) amount = existing.amount
  else return { ok: false, error: TRANSACTION_MESSAGES.amountInvalid }

  const labelInput = kind === 'income' ? (body.source ?? body.category) : body.category
  const required = kind === 'income' ? TRANSACTION_MESSAGES.sourceRequired : TRANSACTION_MESSAGES.categoryRequired
  let category: string
  if (labelInput !== undefined && labelInput !== null) {
    category = labelInput.trim()
    if (category === '') return { ok: false, error: required }
    if (category.length > 60)
      return { ok: false, error: `${kind === 'income' ? 'Source' : 'Category'} must be at most 60 characters` }
  } else if (existing) category = existing.category
  else return { ok: false, error: required }

  let date: number
  if (body.date !== undefined && body.date !== null && body.date !== '') {
    date = parseRestDate(body.date)
    const problem = dateProblem(date, now)
    if (problem) return { ok: false, error: problem }
  } else date = existing?.date ?? now

  const doc: Transaction = {
    id: existing?.id ?? randomUUID(),
    ownerId,
    type: kind,
    amount,
    category,
    description: body.description === undefined ? (existing?.description ?? '') : (body.description ?? '').trim(),
    date,
    dateDesc: invertTime(date),
    origin: existing?.origin ?? 'rest',
    // Strictly newer than what the devices hold, so last-writer-wins keeps this edit.
    updatedAt: Math.max(now, (existing?.updatedAt ?? 0) + 1),
    ...(existing?.messageId ? { messageId: existing.messageId } : {}),
  }
  return { ok: true, doc }
}

export function toRestItem(doc: Transaction, updatedAt: number): RestTransactionItem {
  return {
    id: doc.id,
    amount: fromPaise(doc.amount),
    ...(doc.type === 'income' ? { source: doc.category } : { category: doc.category }),
    date: new Date(doc.date).toISOString(),
    description: doc.description,
    updated_at: new Date(updatedAt).toISOString(),
  }
}
