/**
 * The question WhatsApp asked and its one-word answers: "ok" books what was understood, "food"
 * files it there, "income"/"expense" turns it round, "no" drops it; a mandate notice's offer is
 * taken with "recurring" (or "ok"). Anything else is a new message: the question is dropped.
 */
import { z } from 'zod'
import { nextVersion } from '../../../schema/entities/common'
import { RecurringPayment } from '../../../schema/entities/recurring'
import { readAnswer, type Answer } from '../../../schema/parse/answers'
import { knownMerchant } from '../../../schema/parse/bank'
import { upcomingDate, type EntryDate } from '../../../schema/parse/dates'
import type { NoticeReading } from '../../../schema/parse/message'
import { toDayString } from '../../../schema/time'
import type { WhatsappPendingRow } from '../../db/tables'
import { droppedReply, mandateReply, noticeReply, recurringAddedReply, stillAskingReply } from './bank-replies'
import { EntryDraft, type BookingContext, type MessageBooking, type Outcome, type WhatsappDeps } from './booking'
import { currencyFields } from './rates'

/** A question older than this is forgotten: an "ok" a day later answers nothing. */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000

const RecurringDraft = z.object({
  name: z.string().min(1),
  amount: z.number().int().positive(),
  category: z.string(),
  frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly']),
  /** YYYY-MM-DD */
  dueDate: z.string(),
  /** The currency the mandate named (its amount is in it); absent on older drafts: the home currency. */
  currency: z.string().optional(),
})
type RecurringDraft = z.infer<typeof RecurringDraft>

/** The due day (YYYY-MM-DD) a mandate notice names, from today on. */
const nextDue = (date: EntryDate | undefined, now: number) => toDayString(upcomingDate(date, now))

/** The stored payload, or null when it does not read (then the question is dropped). */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

export class PendingQuestions {
  constructor(
    private readonly deps: WhatsappDeps,
    private readonly booking: MessageBooking,
  ) {}

  /** A notice books nothing; a mandate with an amount is offered as a recurring payment. */
  async notice(ctx: BookingContext, reading: NoticeReading): Promise<Outcome> {
    if (reading.notice !== 'mandate') return { kind: 'notice', reply: noticeReply(reading.notice) }
    const dueDate = nextDue(reading.date, ctx.now)
    const facts = {
      ...reading,
      frequency: reading.frequency ?? 'monthly',
      ...(reading.date ? { date: new Date(`${dueDate}T00:00:00`).getTime() } : { date: undefined }),
    }
    const canOffer = reading.amount !== undefined
    const reply = mandateReply(facts, reading.currency ?? ctx.profile.currency, ctx.now, canOffer)
    if (!canOffer || reading.amount === undefined) return { kind: 'notice', reply }
    const draft: RecurringDraft = {
      name: reading.merchant ?? 'Mandate',
      amount: reading.amount,
      category: reading.merchant ? (knownMerchant(reading.merchant.toLowerCase())?.[1] ?? '') : '',
      frequency: facts.frequency,
      dueDate,
      ...(reading.currency ? { currency: reading.currency } : {}),
    }
    await this.#remember(ctx, 'recurring', draft, reply)
    return { kind: 'notice', reply }
  }

  /** The outcome of an answer to the open question, or null when the message is not one. */
  async answer(ctx: BookingContext, body: string): Promise<Outcome | null> {
    const { whatsapp } = this.deps
    const row = await whatsapp.pendingFor(ctx.userId)
    if (!row) return null
    const answer = readAnswer(body, { userCategories: ctx.profile.customCategories })
    if (!answer || ctx.now - row.createdAt > PENDING_TTL_MS) {
      await whatsapp.clearPending(ctx.userId)
      return null
    }
    if (answer.kind === 'cancel') {
      await whatsapp.clearPending(ctx.userId)
      return { kind: 'answer', reply: droppedReply() }
    }
    return row.kind === 'recurring' ? await this.#recurring(ctx, row, answer) : await this.#entry(ctx, row, answer)
  }

  async #entry(
    ctx: BookingContext,
    row: WhatsappPendingRow,
    answer: Exclude<Answer, { kind: 'cancel' }>,
  ): Promise<Outcome> {
    const draft = EntryDraft.safeParse(parsePayload(row.payload))
    if (answer.kind === 'recurring' || !draft.success) {
      if (!draft.success) await this.deps.whatsapp.clearPending(ctx.userId)
      return { kind: 'answer', reply: draft.success ? stillAskingReply(row.question) : droppedReply() }
    }
    await this.deps.whatsapp.clearPending(ctx.userId)
    const context = { ...ctx, messageSid: draft.data.messageSid }
    if (answer.kind === 'confirm') return this.booking.book(context, draft.data)
    const changed = this.booking.answered(context, draft.data, answer)
    // A new direction is another payment key: check it once more, but ask nothing again.
    return changed.key === draft.data.key
      ? await this.booking.book(context, changed)
      : await this.booking.settle(context, changed, [])
  }

  async #recurring(
    ctx: BookingContext,
    row: WhatsappPendingRow,
    answer: Exclude<Answer, { kind: 'cancel' }>,
  ): Promise<Outcome> {
    const draft = RecurringDraft.safeParse(parsePayload(row.payload))
    if (!draft.success || (answer.kind !== 'recurring' && answer.kind !== 'confirm')) {
      if (!draft.success) await this.deps.whatsapp.clearPending(ctx.userId)
      return { kind: 'answer', reply: draft.success ? stillAskingReply(row.question) : droppedReply() }
    }
    await this.deps.whatsapp.clearPending(ctx.userId)
    const { name, amount, category, frequency, dueDate } = draft.data
    const currency = draft.data.currency ?? ctx.profile.currency
    const payment = RecurringPayment.parse({
      // At the rate offered for the pair, as an entry from a message is.
      ...(await currencyFields(this.deps, ctx.userId, currency, ctx.profile.currency)),
      id: crypto.randomUUID(),
      ownerId: ctx.userId,
      updatedAt: nextVersion(ctx.now),
      name,
      amount,
      category,
      frequency,
      dueDate,
      nextDueDate: dueDate,
    })
    await this.deps.documents.write(async (unit) => unit.put('recurring_payments', ctx.userId, payment))
    const due = new Date(`${dueDate}T00:00:00`).getTime()
    return { kind: 'answer', reply: recurringAddedReply(name, amount, frequency, due, ctx.now, currency) }
  }

  async #remember(ctx: BookingContext, kind: 'entry' | 'recurring', payload: unknown, question: string): Promise<void> {
    await this.deps.whatsapp.setPending({
      userId: ctx.userId,
      messageSid: ctx.messageSid,
      kind,
      payload: JSON.stringify(payload),
      question,
      createdAt: ctx.now,
    })
  }
}
