import { z } from 'zod'
import { nextVersion } from '../../../schema/entities/common'
import { newTransaction, type Transaction } from '../../../schema/entities/transaction'
import { fromPaise, toPaise } from '../../../schema/money/money'
import { fromDayString } from '../../../schema/time'
import {
  checkTransaction,
  type TransactionDraft,
  type TransactionField,
} from '../../../schema/validation/transaction-input'

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

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null

/**
 * The transaction a REST create (no `existing`) or update (fields missing from `body` keep
 * their value) produces, or the spec message of the first rule it breaks. An update checks
 * only the fields it changes.
 */
export function buildTransaction(
  kind: TransactionKind,
  body: RestTransactionBody,
  ownerId: string,
  existing?: Transaction,
  now = Date.now(),
): BuildResult {
  const label = kind === 'income' ? (body.source ?? body.category) : body.category
  const hasDate = given(body.date) && body.date !== ''
  const draft: TransactionDraft = {
    type: kind,
    amount: given(body.amount) ? toPaise(body.amount) : (existing?.amount ?? null),
    category: given(label) ? label : (existing?.category ?? null),
    date: hasDate ? parseRestDate(body.date!) : (existing?.date ?? now),
    description: body.description === undefined ? existing?.description : (body.description ?? ''),
  }
  const changed: TransactionField[] = existing
    ? [
        ...(given(body.amount) ? (['amount'] as const) : []),
        ...(given(label) ? (['category'] as const) : []),
        ...(hasDate ? (['date'] as const) : []),
      ]
    : ['amount', 'category', 'date']
  const checked = checkTransaction(draft, now, changed)
  if (!checked.ok) return { ok: false, error: checked.error }
  // An edit starts from the stored entry, so what REST cannot say (where it came from, its merchant,
  // bank reference and receipt) stays.
  const base = existing ?? { origin: 'rest' as const }
  const updatedAt = nextVersion(now, existing?.updatedAt)
  const doc = newTransaction({ ...base, ...checked.value }, { ownerId, updatedAt, id: existing?.id })
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
