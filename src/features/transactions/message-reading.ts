/**
 * Reading pasted or shared bank messages for the add forms: the parser and its merchant tables
 * are loaded on first use only (not with the form, and never with /home), then each message is
 * read with the user's own categories and merchant history, and checked against the ledger.
 */
import type { Doubt, EntryReading, MessageReading, NoticeKind } from '../../../schema/parse/message'
import type { TransactionType } from '../../../schema/entities/transaction'
import { formatMoney } from '../../../schema/money/money'
import { toDayString } from '../../../schema/time'
import { paymentKey } from '../../../schema/parse/dedupe'
import { expenseToReverse, merchantHistory, priorEntry, type PriorEntry } from '../../data/message-entries'

/** One message as the form shows it. */
export type PastedMessage =
  | { kind: 'entry'; text: string; entry: MessageEntry }
  | { kind: 'notice'; text: string; notice: NoticeKind; mandate?: MandateOffer }
  | { kind: 'unreadable'; text: string }

/** What an entry-reading fills the form with, and what the ledger holds of it already. */
export interface MessageEntry {
  type: TransactionType
  /** In stored units of `currency`, else of the home currency. */
  amount: number
  /** The currency the message names (ISO code); absent: the home currency. */
  currency?: string
  category: string
  description: string
  /** ms: the bank's date (and time, when it gives one). */
  date: number
  merchant?: string
  paymentKey?: string
  reverses?: string
  doubts: Doubt[]
  prior: PriorEntry
}

export interface MandateOffer {
  name: string
  /** Stored units of `currency` when it is given, else paise of the home currency. */
  amount: number
  currency?: string
  category: string
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly'
  /** YYYY-MM-DD */
  dueDate: string
}

export const NOTICE_TEXT: Record<NoticeKind, string> = {
  otp: "This is a one-time password (OTP) message, not a payment, so there's nothing to add. Never share an OTP.",
  request: "This is a request for money, not a payment, so there's nothing to add.",
  failed: "This payment failed or was declined, so there's nothing to add.",
  mandate: "This says money will be debited later. It hasn't happened yet, so there's nothing to add.",
  'pending-refund': "This refund hasn't reached your account yet, so there's nothing to add.",
  reminder: "This is a bill or statement reminder, not a payment, so there's nothing to add.",
  'card-payment': 'This is your card bill payment reaching the card: add the payment from your bank account instead.',
  promotion: "This is an offer or advert, not a payment, so there's nothing to add.",
  balance: "This is a balance update, not a payment, so there's nothing to add.",
}

export const DOUBT_TEXT: Record<Doubt, string> = {
  category: "This payee is new: pick its category once and it's remembered.",
  direction: "The message doesn't say whether money went out or came in.",
  amount: 'The message has more than one amount; this one was taken.',
  deposit: "This looks like cash paid into your account, which isn't income.",
}

/** "Expense of ₹450 to Swiggy on 24 Nov 2026". */
export function describeEntry(entry: MessageEntry, currency: string): string {
  const amount = formatMoney(entry.amount, entry.currency ?? currency, { exact: true })
  const party = entry.merchant ? ` ${entry.type === 'expense' ? 'to' : 'from'} ${entry.merchant}` : ''
  const day = new Date(entry.date).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
  return `${entry.type === 'expense' ? 'Expense' : 'Income'} of ${amount}${party} on ${day}`
}

/** Rupees as the amount field shows them: "450", "99.50". */
export function rupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2)
}

/** The parser and its message splitter, loaded on first use. */
const parserModules = () =>
  Promise.all([import('../../../schema/parse/message'), import('../../../schema/parse/split')])

async function entryOf(reading: EntryReading, now: number, key: string | undefined): Promise<MessageEntry> {
  const { resolveEntryDate } = await import('../../../schema/parse/message')
  const reverses = reading.refund ? await expenseToReverse(reading.ref, reading.merchant, reading.amount) : undefined
  return {
    type: reading.type,
    amount: reading.amount,
    ...(reading.currency ? { currency: reading.currency } : {}),
    category: reading.category,
    description: reading.description,
    date: resolveEntryDate(reading.date, now),
    doubts: reading.doubts,
    prior: await priorEntry(key),
    ...(reading.merchant ? { merchant: reading.merchant } : {}),
    ...(key ? { paymentKey: key } : {}),
    ...(reverses ? { reverses } : {}),
  }
}

async function mandateOf(
  reading: Extract<MessageReading, { kind: 'notice' }>,
  now: number,
): Promise<MandateOffer | undefined> {
  if (reading.notice !== 'mandate' || reading.amount === undefined) return undefined
  const { upcomingDate } = await import('../../../schema/parse/dates')
  return {
    name: reading.merchant ?? 'Mandate',
    amount: reading.amount,
    ...(reading.currency ? { currency: reading.currency } : {}),
    category: '',
    frequency: reading.frequency ?? 'monthly',
    dueDate: toDayString(upcomingDate(reading.date, now)),
  }
}

/**
 * A one-message reading turned the other way round, as the user said ("it's income"): the
 * category is then theirs to pick.
 */
function turned(reading: EntryReading, as: TransactionType | undefined): EntryReading {
  if (!as || as === reading.type) return reading
  const doubts = reading.doubts.filter((d) => d !== 'direction' && d !== 'category')
  return {
    ...reading,
    type: as,
    category: 'Others',
    categoryFrom: 'none',
    refund: false,
    doubts: [...doubts, 'category'],
  }
}

/**
 * Reads every message of a paste (at most MAX_PASTED_MESSAGES; `more` says how many were left
 * out). `as`: the direction the user gave a single message.
 */
export async function readPasted(
  text: string,
  userCategories: readonly string[],
  as?: TransactionType,
  now = Date.now(),
): Promise<{ messages: PastedMessage[]; more: number }> {
  const [{ readMessage }, { splitMessages, MAX_PASTED_MESSAGES }] = await parserModules()
  const learned = await merchantHistory()
  const parts = splitMessages(text)
  const messages: PastedMessage[] = []
  for (const part of parts.slice(0, MAX_PASTED_MESSAGES)) {
    const read = readMessage(part, { userCategories: [...userCategories], learned })
    const reading = read.kind === 'entry' && parts.length === 1 ? turned(read, as) : read
    if (reading.kind === 'entry') {
      const key = reading.fromBank ? paymentKey(reading) : undefined
      messages.push({ kind: 'entry', text: part, entry: await entryOf(reading, now, key) })
    } else if (reading.kind === 'notice') {
      const mandate = await mandateOf(reading, now)
      messages.push({ kind: 'notice', text: part, notice: reading.notice, ...(mandate ? { mandate } : {}) })
    } else messages.push({ kind: 'unreadable', text: part })
  }
  return { messages, more: Math.max(0, parts.length - MAX_PASTED_MESSAGES) }
}
