import { z } from 'zod'
import { nextVersion } from '../../../schema/entities/common'
import { newTransaction, type Transaction } from '../../../schema/entities/transaction'
import { isCurrencyCode, parseAmountIn, parseRate } from '../../../schema/money/currency'
import { fromPaise, toPaise } from '../../../schema/money/money'
import { fromDayString } from '../../../schema/time'
import {
  checkTransaction,
  withRateHome,
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
  /** ISO code of the amount's currency; absent: the home currency as before. */
  currency: z.string().max(10).optional(),
  /** Home-currency units per unit of `currency`; null: not converted. */
  fx_rate: z.union([z.number(), z.string().max(40)]).nullish(),
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
  /** Present on entries made with a currency of their own. */
  currency: z.string().optional(),
  fx_rate: z.number().nullable().optional(),
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
 * only the fields it changes. `home`: the user's home currency, which a new entry naming none is in.
 */
export function buildTransaction(
  kind: TransactionKind,
  body: RestTransactionBody,
  ownerId: string,
  existing?: Transaction,
  now = Date.now(),
  home?: string,
): BuildResult {
  const label = kind === 'income' ? (body.source ?? body.category) : body.category
  const hasDate = given(body.date) && body.date !== ''
  const money = restMoney(body, existing, home)
  const draft: TransactionDraft = {
    type: kind,
    ...money,
    category: given(label) ? label : (existing?.category ?? null),
    date: hasDate ? parseRestDate(body.date!) : (existing?.date ?? now),
    description: body.description === undefined ? existing?.description : (body.description ?? ''),
  }
  const currencyGiven = body.currency !== undefined || body.fx_rate !== undefined
  const changed: TransactionField[] = existing
    ? [
        ...(given(body.amount) ? (['amount'] as const) : []),
        ...(given(label) ? (['category'] as const) : []),
        ...(hasDate ? (['date'] as const) : []),
        ...(currencyGiven ? (['currency', 'fxRate'] as const) : []),
      ]
    : ['amount', 'category', 'date', 'currency', 'fxRate']
  const checked = checkTransaction(draft, now, changed)
  if (!checked.ok) return { ok: false, error: checked.error }
  // An edit starts from the stored entry, so what REST cannot say (where it came from, its merchant,
  // bank reference and receipt) stays.
  const base = existing ?? { origin: 'rest' as const }
  const updatedAt = nextVersion(now, existing?.updatedAt)
  // A rate given here converts to today's home currency; one kept from the entry keeps its own.
  const rateHome = body.fx_rate !== undefined || !existing ? home : existing.fxHome
  const value = rateHome ? withRateHome(checked.value, rateHome) : checked.value
  const doc = newTransaction({ ...base, ...value }, { ownerId, updatedAt, id: existing?.id })
  return { ok: true, doc }
}

/**
 * The amount, currency and rate a REST body says, over what an update's entry holds. The amount is
 * read in its currency's own digits; naming a currency without a rate makes it not converted.
 */
function restMoney(
  body: RestTransactionBody,
  existing: Transaction | undefined,
  home: string | undefined,
): Pick<TransactionDraft, 'amount' | 'currency' | 'fxRate'> {
  // A new entry that names no currency is in the home currency; an edit keeps the entry's.
  const currency = body.currency ?? (existing ? existing.currency : home)
  const known = currency !== undefined && isCurrencyCode(currency)
  const readAmount = (value: string | number) =>
    known ? parseAmountIn(typeof value === 'number' ? String(value) : value, currency) : toPaise(value)
  const amount = given(body.amount) ? readAmount(body.amount) : (existing?.amount ?? null)
  let fxRate: number | null | undefined = existing?.fxRate
  if (body.fx_rate !== undefined) fxRate = readRate(body.fx_rate)
  else if (body.currency !== undefined && body.currency !== existing?.currency) fxRate = null
  return { amount, ...(currency === undefined ? {} : { currency, fxRate: fxRate ?? null }) }
}

/** A REST rate: a number or a decimal string; null stays null; anything else is NaN (refused). */
function readRate(value: string | number | null): number | null {
  if (value === null) return null
  if (typeof value === 'number') return value
  return parseRate(value) ?? Number.NaN
}

export function toRestItem(doc: Transaction, updatedAt: number): RestTransactionItem {
  return {
    id: doc.id,
    amount: fromPaise(doc.amount),
    ...(doc.type === 'income' ? { source: doc.category } : { category: doc.category }),
    date: new Date(doc.date).toISOString(),
    description: doc.description,
    ...(doc.currency ? { currency: doc.currency, fx_rate: doc.fxRate ?? null } : {}),
    updated_at: new Date(updatedAt).toISOString(),
  }
}
