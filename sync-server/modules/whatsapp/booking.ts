/**
 * Booking what a WhatsApp message says, once: a bank message's payment is written under the id
 * its reference (or account, amount and time) gives, so the same payment forwarded again, shared
 * from the phone or pasted in the app is the same entry; what the parser is unsure of is asked
 * first and remembered per user (whatsapp_pending) until a one-word answer settles it.
 */
import { z } from 'zod'
import { budgetsInHome, budgetsSpan, budgetStatus, crossedAlert } from '../../../schema/calc/budget-status'
import { inHomeCurrency, type LedgerEntry } from '../../../schema/calc/totals'
import { nextVersion } from '../../../schema/entities/common'
import { maxAmountOf, newTransaction, type Transaction } from '../../../schema/entities/transaction'
import type { Answer } from '../../../schema/parse/answers'
import { isCertainKey, paymentEntryId, paymentKey, reversedKey } from '../../../schema/parse/dedupe'
import { merchantKey, resolveEntryDate, type EntryReading } from '../../../schema/parse/message'
import type { DocumentsRepository } from '../../db/documents'
import type { WhatsappMessageKind } from '../../db/tables'
import type { WhatsappRepository } from '../../db/whatsapp'
import { duplicateReply, questionReply, type QuestionReason } from './bank-replies'
import { budgetAlert, entryReply, formatDay, tooLargeReply } from './replies'
import { budgetLine, budgetsHit, liveBudgets, transactionsIn, type ProfileSettings } from './ledger'
import { currencyFields, type RateDeps } from './rates'
import { inHome, moneyEntryOf } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'

export interface Outcome {
  kind: WhatsappMessageKind
  reply: string
  transactionId?: string
}

/** What booking and the pending questions read and write. */
export interface WhatsappDeps extends RateDeps {
  documents: DocumentsRepository
  whatsapp: WhatsappRepository
}

export interface BookingContext {
  userId: string
  profile: ProfileSettings
  messageSid: string
  now: number
}

const KeyFacts = z.object({
  ref: z.string().optional(),
  account: z.string().optional(),
  merchant: z.string().optional(),
  date: z.union([
    z.object({ daysAgo: z.number() }),
    z.object({
      day: z.number(),
      month: z.number(),
      year: z.number().optional(),
      hour: z.number().optional(),
      minute: z.number().optional(),
    }),
  ]),
})

/** An entry waiting for the user's word: what "ok" books. */
export const EntryDraft = z.object({
  type: z.enum(['expense', 'income']),
  amount: z.number().int().positive(),
  category: z.string().min(1),
  description: z.string(),
  date: z.number(),
  merchant: z.string().optional(),
  /** The entry's currency, and its rate to `fxHome` (null: not converted); absent on older drafts. */
  currency: z.string().optional(),
  fxRate: z.number().nullable().optional(),
  fxHome: z.string().optional(),
  /** How a bank message names the payment (dedupe.ts), and what it was made from (to re-key it). */
  key: z.string().optional(),
  keyFacts: KeyFacts.optional(),
  /** The id to write under: the payment's, or a removed entry's to bring back; absent: a new id. */
  id: z.string().optional(),
  reverses: z.string().optional(),
  /** The message the entry comes from. */
  messageSid: z.string(),
})
export type EntryDraft = z.infer<typeof EntryDraft>

type Prior = { state: 'new'; id?: string } | { state: 'booked' | 'similar' | 'removed'; doc: Transaction; id?: string }

export class MessageBooking {
  constructor(private readonly deps: WhatsappDeps) {}

  /** A reading of an entry: booked, asked about first, or "already booked". */
  async entry(ctx: BookingContext, reading: EntryReading): Promise<Outcome> {
    const limit = maxAmountOf(reading.type)
    // The limit is in the entry's own currency, as the forms apply it.
    const currency = reading.currency ?? ctx.profile.currency
    if (reading.amount > limit) return { kind: 'rejected', reply: tooLargeReply(reading.type, limit, currency) }
    const facts = { ref: reading.ref, account: reading.account, merchant: reading.merchant, date: reading.date }
    const key = reading.fromBank ? paymentKey({ ...reading, ...facts }) : undefined
    const date = resolveEntryDate(reading.date, ctx.now)
    const draft: EntryDraft = {
      type: reading.type,
      amount: reading.amount,
      category: reading.category,
      description: reading.description,
      date,
      messageSid: ctx.messageSid,
      ...(await currencyFields(this.deps, ctx.userId, currency, ctx.profile.currency)),
      ...(reading.merchant ? { merchant: reading.merchant } : {}),
      ...(key ? { key, keyFacts: KeyFacts.parse(facts) } : {}),
      ...(await this.#reversal(ctx.userId, reading, date)),
    }
    return this.settle(ctx, draft, reading.doubts)
  }

  /** Books `draft`, or asks first when the message left doubts or names a payment seen before. */
  async settle(ctx: BookingContext, draft: EntryDraft, doubts: QuestionReason[]): Promise<Outcome> {
    const prior = await this.#prior(ctx.userId, draft.key)
    if (prior.state === 'booked')
      return {
        kind: 'duplicate',
        reply: duplicateReply(prior.doc, ctx.profile.currency, ctx.now),
        transactionId: prior.doc.id,
      }
    const { id: _earlier, ...rest } = draft
    const placed: EntryDraft = prior.id ? { ...rest, id: prior.id } : rest
    const reasons: QuestionReason[] = [...doubts]
    if (prior.state === 'similar') reasons.push('maybe-duplicate')
    if (prior.state === 'removed') reasons.push('deleted-before')
    return reasons.length > 0 ? await this.#ask(ctx, placed, reasons) : await this.book(ctx, placed)
  }

  /** Writes the entry through the one write path and answers "Expense Added" (with budget alerts). */
  async book(ctx: BookingContext, draft: EntryDraft): Promise<Outcome> {
    const { documents } = this.deps
    const existing = draft.id ? await documents.getOwned('transactions', ctx.userId, draft.id) : undefined
    const content = {
      ...draft,
      origin: 'whatsapp' as const,
      messageId: draft.messageSid,
      ...(draft.key ? { paymentKey: draft.key } : {}),
    }
    const doc = newTransaction(content, {
      ownerId: ctx.userId,
      updatedAt: nextVersion(ctx.now, existing?.data.updatedAt),
      ...(draft.id ? { id: draft.id } : {}),
    })
    const alerts = await this.#budgetAlerts(ctx, doc)
    const stored = await documents.write(async (unit) => unit.put('transactions', ctx.userId, doc))
    const reply = entryReply(stored.data, ctx.profile.currency, ctx.now, alerts, await this.#details(ctx, stored.data))
    return { kind: 'entry', reply, transactionId: stored.id }
  }

  /** The draft an answer makes of the pending one: another direction or category, re-keyed. */
  answered(ctx: BookingContext, draft: EntryDraft, answer: Extract<Answer, { kind: 'type' | 'category' }>): EntryDraft {
    const category =
      answer.kind === 'category' ? answer.category : draft.type === answer.type ? draft.category : 'Others'
    if (answer.type === draft.type) return { ...draft, category }
    const rest = { ...draft, type: answer.type, category }
    delete rest.id
    delete rest.key
    const key = draft.keyFacts ? paymentKey({ ...draft.keyFacts, type: answer.type, amount: draft.amount }) : undefined
    return key ? { ...rest, key } : rest
  }

  async #ask(ctx: BookingContext, draft: EntryDraft, reasons: QuestionReason[]): Promise<Outcome> {
    const question = questionReply(draft, reasons, ctx.profile.currency, ctx.now)
    await this.deps.whatsapp.setPending({
      userId: ctx.userId,
      messageSid: ctx.messageSid,
      kind: 'entry',
      payload: JSON.stringify(draft),
      question,
      createdAt: ctx.now,
    })
    return { kind: 'question', reply: question }
  }

  /**
   * Whether this payment is in the ledger: booked (a reference says so for certain), similar (same
   * account, amount, day and payee: maybe a second payment), removed (a tombstone under its id), or
   * new. `id`: the id to book under (absent when it must be a new one).
   */
  async #prior(userId: string, key: string | undefined): Promise<Prior> {
    if (!key) return { state: 'new' }
    const id = paymentEntryId(userId, key)
    const found = await this.deps.documents.get('transactions', id)
    // Someone else's document under this id (it is derived from our user's id): book under a new one.
    if (found && found.ownerId !== userId) return { state: 'new' }
    if (!found) return { state: 'new', id }
    const doc = found.data as Transaction
    if (found.deleted) return { state: 'removed', doc, id }
    return isCertainKey(key) ? { state: 'booked', doc } : { state: 'similar', doc }
  }

  /** For a refund: the expense it gives money back for, by the reference it quotes, else by merchant and amount. */
  async #reversal(userId: string, reading: EntryReading, date: number): Promise<{ reverses?: string }> {
    if (!reading.refund) return {}
    if (reading.ref) {
      const byRef = await this.deps.documents.getOwned(
        'transactions',
        userId,
        paymentEntryId(userId, reversedKey(reading.ref)),
      )
      if (byRef && !byRef.deleted && byRef.data.type === 'expense') return { reverses: byRef.id }
    }
    if (!reading.merchant) return {}
    // Same day counts: a failed payment is often reversed within the hour.
    const before = date + 86_400_000
    const id = await this.deps.whatsapp.expenseToReverse(userId, merchantKey(reading.merchant), reading.amount, before)
    return id ? { reverses: id } : {}
  }

  /** Who was paid or paid us, and what a refund gives back for. */
  async #details(ctx: BookingContext, doc: Transaction): Promise<string[]> {
    const lines: string[] = []
    if (doc.merchant) lines.push(`${doc.type === 'expense' ? 'To' : 'From'}: ${doc.merchant}`)
    const reversed = doc.reverses
      ? await this.deps.documents.getOwned('transactions', ctx.userId, doc.reverses)
      : undefined
    if (reversed && !reversed.deleted) {
      const amount = formatMoney(reversed.data.amount, ctx.profile.currency, { exact: true })
      lines.push(`Refund for: ${amount} on ${formatDay(reversed.data.date, ctx.now)}`)
    }
    return lines
  }

  /**
   * Alerts for budgets this expense takes across 70 %, 90 % or 100 %; the ledger is only read when
   * a budget of its category covers its date.
   */
  async #budgetAlerts(ctx: BookingContext, booked: Transaction): Promise<string[]> {
    const { documents } = this.deps
    // Budgets are in the home currency: an entry counts at its converted figure, and not at all unconverted.
    const amount = inHome(moneyEntryOf(booked, ctx.profile), ctx.profile.currency)
    if (amount === null) return []
    const doc = { ...booked, amount }
    // Limits in the home currency too; one with no rate to it alerts nothing.
    const budgets = budgetsInHome(await liveBudgets(documents, ctx.userId), ctx.profile).budgets
    const hit = budgetsHit(budgets, doc, ctx.now)
    if (hit.length === 0) return []
    const span = budgetsSpan(hit, ctx.now)
    const before: LedgerEntry[] = span
      ? inHomeCurrency(await transactionsIn(documents, ctx.userId, span), ctx.profile).entries
      : []
    const alerts: string[] = []
    for (const budget of hit) {
      const spentBefore = budgetStatus(budget, before, ctx.now).spent
      const spentAfter = spentBefore + doc.amount
      const level =
        spentBefore <= budget.amount && spentAfter > budget.amount
          ? 100
          : crossedAlert(spentBefore, spentAfter, budget.amount)
      if (level !== null)
        alerts.push(budgetAlert(budgetLine(budget, [...before, doc], ctx.now), level, ctx.profile.currency))
    }
    return alerts
  }
}
