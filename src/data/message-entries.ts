/**
 * Entries made from a pasted or shared bank message, on the device and offline: booked once
 * (the id comes from the payment's key and the owner, as on the server, so the same payment
 * pasted twice, on two devices, or also forwarded on WhatsApp, is one document), and the user's
 * own history of merchants for the parser to learn from. Loaded only by the add forms.
 */
import { isCertainKey, paymentEntryId, reversedKey } from '../../schema/parse/dedupe'
import { merchantKey } from '../../schema/parse/text'
import type { TransactionType } from '../../schema/entities/transaction'
import { newTransaction, type TransactionContent } from '../../schema/entities/transaction'
import { nextVersion } from '../../schema/entities/common'
import { userData } from './database'
import { findStoredWithDeleted } from './rxdb-internals'
import { rateOffer } from './rate-offer'
import type { TransactionDoc } from './transactions'

/** How many of the newest entries the merchant history is read from (one indexed query). */
const HISTORY_SIZE = 3_000

export interface LearnedCategory {
  type: TransactionType
  category: string
}

/**
 * The category the user last gave each merchant, among their newest entries: a lookup by merchant
 * key (lowercase) for the parser's `learned` option.
 */
export async function merchantHistory(): Promise<(key: string) => LearnedCategory | undefined> {
  const { db } = userData()
  const docs = await db.transactions
    .find({ selector: { dateDesc: { $gte: 0 } }, sort: [{ dateDesc: 'asc' }], limit: HISTORY_SIZE })
    .exec()
  const latest = new Map<string, { at: number; learned: LearnedCategory }>()
  for (const doc of docs) {
    if (!doc.merchant) continue
    const key = merchantKey(doc.merchant)
    const seen = latest.get(key)
    if (!seen || doc.updatedAt > seen.at)
      latest.set(key, { at: doc.updatedAt, learned: { type: doc.type, category: doc.category } })
  }
  return (key) => latest.get(key)?.learned
}

/**
 * What the ledger already holds of this payment: `booked` (its reference says so for certain),
 * `similar` (same account, amount, day and payee without a reference: maybe a second payment),
 * or `new`.
 */
export type PriorEntry = { state: 'new' } | { state: 'booked' | 'similar'; entry: TransactionDoc }

export async function priorEntry(key: string | undefined): Promise<PriorEntry> {
  if (!key) return { state: 'new' }
  const { db, userId } = userData()
  const doc = await db.transactions.findOne(paymentEntryId(userId, key)).exec()
  if (!doc) return { state: 'new' }
  const entry = doc.toJSON() as TransactionDoc
  return { state: isCertainKey(key) ? 'booked' : 'similar', entry }
}

/** The expense a refund gives money back for: by the reference it quotes, else by merchant and amount. */
export async function expenseToReverse(ref: string | undefined, merchant: string | undefined, amount: number) {
  const { db, userId } = userData()
  if (ref) {
    const byRef = await db.transactions.findOne(paymentEntryId(userId, reversedKey(ref))).exec()
    if (byRef?.type === 'expense') return byRef.id
  }
  if (!merchant) return undefined
  const key = merchantKey(merchant)
  const recent = await db.transactions
    .find({
      selector: { type: 'expense', dateDesc: { $gte: 0 } },
      sort: [{ type: 'asc' }, { dateDesc: 'asc' }],
      limit: HISTORY_SIZE,
    })
    .exec()
  return recent.find((d) => d.amount === amount && d.merchant && merchantKey(d.merchant) === key)?.id
}

/**
 * The currency of an entry read from a message: the one it names, else the home currency; in
 * another one, the rate the user last gave for the pair to `home`, else none (not converted).
 */
export async function messageCurrency(
  named: string | undefined,
  home: string,
): Promise<Required<Pick<TransactionContent, 'currency' | 'fxRate'>> & Pick<TransactionContent, 'fxHome'>> {
  const currency = named ?? home
  // The newer of the user's own last rate for the pair and the daily one, as the forms offer.
  const rate = currency === home ? null : ((await rateOffer(currency, home))?.rate ?? null)
  return rate === null ? { currency, fxRate: null } : { currency, fxRate: rate, fxHome: home }
}

/**
 * Saves an entry made from a message. Under the payment's id when it has a key (and `again` is
 * not set: a second payment that only looks like a booked one gets an id of its own); a removed
 * entry under that id is brought back.
 */
export async function saveMessageEntry(
  content: Omit<TransactionContent, 'origin'>,
  again = false,
): Promise<TransactionDoc> {
  const { db, userId } = userData()
  const id = content.paymentKey && !again ? paymentEntryId(userId, content.paymentKey) : crypto.randomUUID()
  const removed = await findStoredWithDeleted(db.transactions, [id])
  const previous = removed[0]?.updatedAt ?? 0
  const doc = newTransaction(
    { ...content, origin: 'message' },
    { ownerId: userId, updatedAt: nextVersion(Date.now(), previous), id },
  )
  await db.transactions.upsert(doc)
  return doc
}
