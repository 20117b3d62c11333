/**
 * Replies about forwarded bank and UPI messages: why nothing was booked, the question asked
 * before booking, "already booked". Pure: amounts in paise, times in ms, the caller's clock.
 */
import type { NoticeKind } from '../../../schema/parse/message'
import { formatMoney } from '../../../schema/money/money'
import { formatDay } from './replies'

/** A bank message's amount is shown to the paisa it has. */
const EXACT = { exact: true }

const NOTHING = 'so nothing was booked'

/** Why a message that is not a transaction booked nothing (a mandate has its own reply). */
export function noticeReply(kind: Exclude<NoticeKind, 'mandate'>): string {
  switch (kind) {
    case 'otp':
      return `🔒 That's a one-time password (OTP) message, not a payment, ${NOTHING}. Never share an OTP.`
    case 'request':
      return `🙋 That's a request for money, not a payment, ${NOTHING}. Once you pay it, forward its message here.`
    case 'failed':
      return (
        `❌ That payment failed or was declined, ${NOTHING}. If money left your account anyway, forward the ` +
        "bank's reversal message when it comes."
      )
    case 'pending-refund':
      return `⏳ That refund hasn't reached your account yet, ${NOTHING}. Forward the bank's credit SMS when it comes.`
    case 'reminder':
      return `🧾 That's a bill or statement reminder, not a payment, ${NOTHING}.`
    case 'card-payment':
      return (
        "💳 That's your card bill payment arriving at the card. The payment from your bank account is the entry " +
        `to book, ${NOTHING} here.`
      )
    case 'promotion':
      return `📣 That's an offer or advert, not a payment, ${NOTHING}.`
    case 'balance':
      return `ℹ️ That's a balance update, not a payment, ${NOTHING}.`
  }
}

export interface MandateFacts {
  amount?: number
  merchant?: string
  /** ms, when the notice gives the day. */
  date?: number
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly'
}

/** A "will be debited" notice: nothing happened yet; offer a recurring payment when we can make one. */
export function mandateReply(facts: MandateFacts, currency: string, now: number, canOffer: boolean): string {
  const amount = facts.amount === undefined ? 'money' : formatMoney(facts.amount, currency, EXACT)
  const what = [facts.merchant ? ` for ${facts.merchant}` : '', facts.date ? ` on ${formatDay(facts.date, now)}` : '']
  const lead = `🗓️ That says ${amount} *will be* debited${what.join('')}: it hasn't happened yet, ${NOTHING}.`
  if (!canOffer) return lead
  return `${lead}\n\nReply *recurring* to add it as a ${facts.frequency} recurring payment, or *no* to leave it.`
}

export function recurringAddedReply(
  name: string,
  amount: number,
  frequency: string,
  due: number,
  now: number,
  currency: string,
): string {
  return (
    `✅ *Recurring payment added*: ${name}, ${formatMoney(amount, currency, EXACT)} ${frequency}, ` +
    `next due ${formatDay(due, now)}. It's in Recurring Payments in the app.`
  )
}

/** What was understood from a message, for a question or a duplicate notice. */
export interface DraftSummary {
  type: 'expense' | 'income'
  amount: number
  category: string
  /** ms */
  date: number
  merchant?: string
  /** The draft's own currency; absent: the home currency. */
  currency?: string | undefined
}

function understood(d: DraftSummary, currency: string, now: number): string {
  const party = d.merchant ? ` ${d.type === 'expense' ? 'to' : 'from'} ${d.merchant}` : ''
  return (
    `*${d.type}* of *${formatMoney(d.amount, d.currency ?? currency, EXACT)}*${party} on ${formatDay(d.date, now)}, ` +
    `under *${d.category}*`
  )
}

/** Why the question is asked. */
export type QuestionReason = 'category' | 'direction' | 'amount' | 'deposit' | 'maybe-duplicate' | 'deleted-before'

const REASONS: Record<QuestionReason, string> = {
  category: "I don't know this payee yet. Tell me its category once and I'll remember it.",
  direction: "The message doesn't say whether money went out or came in.",
  amount: 'The message has more than one amount, and I took this one.',
  deposit: "This looks like cash paid into your account, which isn't income.",
  'maybe-duplicate': 'An entry with the same account, amount, day and payee is already booked.',
  'deleted-before': 'You removed this entry before.',
}

export function questionReply(draft: DraftSummary, reasons: QuestionReason[], currency: string, now: number): string {
  const why = reasons.map((r) => REASONS[r]).join(' ')
  const again = reasons.includes('maybe-duplicate') || reasons.includes('deleted-before')
  const [flip, flow] = draft.type === 'expense' ? ['income', 'came in'] : ['expense', 'went out']
  const how = again
    ? 'Reply *ok* to book it again, or *no* to leave it.'
    : `Reply *ok* to book it, a category like *food* to file it there, *${flip}* if money ${flow}, or *no* to drop it.`
  return `🤔 *Please check*: I read this as an ${understood(draft, currency, now)}.\n${why}\n\n${how}`
}

export function duplicateReply(draft: DraftSummary, currency: string, now: number): string {
  return (
    `☑️ *Already booked*: this ${understood(draft, currency, now)} is in your ledger (the same payment's ` +
    'reference), so nothing was added.'
  )
}

export function droppedReply(): string {
  return '👍 Okay, nothing was booked.'
}

/** The pending question is still open: the reply was not one of its answers. */
export function stillAskingReply(question: string): string {
  return `I'm still waiting for an answer to this:\n\n${question}`
}
