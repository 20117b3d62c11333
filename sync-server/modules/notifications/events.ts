/**
 * The events reminders are about, found from the server's data (whichever device or channel wrote
 * it): what each is, its key in the sent-log, and the rules that find them. The keys make "once":
 * a payment's reminder is keyed by its due day and stage, a budget alert by the budget's period
 * and level, a review by the expense and stage, a settlement by itself, a ticket reply by the
 * message.
 */
import { z } from 'zod'
import { budgetLevelReached, paymentReminder, reviewDeadlineReminderAt } from '../../../schema/calc/reminders'
import { budgetsInHome } from '../../../schema/calc/budget-status'
import { zonedBudgetWindow } from '../../../schema/calc/zoned-time'
import { inHomeCurrency, type LedgerEntry } from '../../../schema/calc/totals'
import type { Budget } from '../../../schema/entities/budget'
import type { HomeCurrency } from '../../../schema/money/currency'
import type { HouseholdExpense, Settlement } from '../../../schema/entities/household'
import type { RecurringPayment } from '../../../schema/entities/recurring'
import type { Ticket } from '../../../schema/entities/ticket'
import type { ReminderKind } from '../../db/tables'

export const ReminderContext = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('payment'),
    paymentId: z.string(),
    due: z.string(),
    stage: z.enum(['ahead', 'day']),
  }),
  z.object({
    kind: z.literal('budget'),
    budgetId: z.string(),
    level: z.union([z.literal(70), z.literal(90)]),
    start: z.number(),
    end: z.number(),
  }),
  z.object({
    kind: z.literal('review'),
    expenseId: z.string(),
    householdId: z.string(),
    stage: z.enum(['waiting', 'deadline']),
  }),
  z.object({ kind: z.literal('settlement'), settlementId: z.string(), householdId: z.string() }),
  z.object({ kind: z.literal('ticket'), ticketId: z.string(), messageId: z.string() }),
])
export type ReminderContext = z.infer<typeof ReminderContext>

export interface ReminderEvent {
  userId: string
  context: ReminderContext
  /** The WhatsApp reply to the message that caused it already said it: no WhatsApp message again. */
  toldByWhatsapp?: boolean
}

/** The event's key in the sent-log (with the user and the target it is once per). */
export function eventKey(c: ReminderContext): string {
  switch (c.kind) {
    case 'payment':
      return `payment:${c.paymentId}:${c.due}:${c.stage}`
    case 'budget':
      return `budget:${c.budgetId}:${c.start}:${c.level}`
    case 'review':
      return `review:${c.expenseId}:${c.stage}`
    case 'settlement':
      return `settlement:${c.settlementId}`
    case 'ticket':
      return `ticket:${c.ticketId}:${c.messageId}`
  }
}

export const kindOf = (c: ReminderContext): ReminderKind => c.kind

/** The user's zone (their setting, else REPORT_TIME_ZONE). */
export type ZoneOf = (userId: string) => string

/** A recurring payment due today or within its reminder days, in its owner's zone. */
export function paymentEvent(ownerId: string, p: RecurringPayment, now: number, zoneOf: ZoneOf): ReminderEvent | null {
  const reminder = paymentReminder(p.nextDueDate, p.reminderDays, now, zoneOf(ownerId))
  if (!reminder) return null
  return { userId: ownerId, context: { kind: 'payment', paymentId: p.id, due: p.nextDueDate, stage: reminder.stage } }
}

/**
 * A pending household expense for each member whose review it waits on (still a member): the
 * request at once, and the reminder before the deadline once its time has come.
 */
export function reviewEvents(
  e: HouseholdExpense,
  now: number,
  zoneOf: ZoneOf,
  isMember: (householdId: string, userId: string) => boolean,
): ReminderEvent[] {
  if (e.status !== 'pending' || now >= e.deadline) return []
  const out: ReminderEvent[] = []
  for (const review of e.reviews) {
    if (review.status !== 'pending' || !isMember(e.householdId, review.userId)) continue
    const base = { kind: 'review' as const, expenseId: e.id, householdId: e.householdId }
    out.push({ userId: review.userId, context: { ...base, stage: 'waiting' } })
    const at = reviewDeadlineReminderAt(e.deadline, e.createdAt, zoneOf(review.userId))
    if (at !== null && now >= at) out.push({ userId: review.userId, context: { ...base, stage: 'deadline' } })
  }
  return out
}

/** A settlement the receiver has not confirmed yet. */
export function settlementEvent(
  s: Settlement,
  isMember: (householdId: string, userId: string) => boolean,
): ReminderEvent | null {
  if (s.status !== 'pending' || !isMember(s.householdId, s.toUserId)) return null
  return { userId: s.toUserId, context: { kind: 'settlement', settlementId: s.id, householdId: s.householdId } }
}

/** Replies older than this are not announced (a first run on an old database, a ticket edited much later). */
export const TICKET_REPLY_FRESH_MS = 3 * 86_400_000

/** The latest admin reply of a ticket, when it is recent. */
export function ticketEvent(ownerId: string, t: Ticket, now: number): ReminderEvent | null {
  const reply = latestAdminReply(t)
  if (!reply || now - reply.at > TICKET_REPLY_FRESH_MS) return null
  return { userId: ownerId, context: { kind: 'ticket', ticketId: t.id, messageId: reply.id } }
}

export function latestAdminReply(t: Ticket): Ticket['messages'][number] | undefined {
  return t.messages.filter((m) => m.authorRole === 'admin').sort((a, b) => b.at - a.at)[0]
}

/**
 * Spending of the budget's category (case-insensitive) in [start, end), in the home currency:
 * entries in another currency count at their own rate, and not at all without one.
 */
export function spentIn(
  budget: Pick<Budget, 'category'>,
  entries: readonly LedgerEntry[],
  window: { start: number; end: number },
  home: HomeCurrency,
) {
  const { start, end } = window
  const category = budget.category.toLowerCase()
  let spent = 0
  for (const e of inHomeCurrency(entries, home).entries)
    if (e.type === 'expense' && e.category.toLowerCase() === category && e.date >= start && e.date < end)
      spent += e.amount
  return spent
}

/**
 * The highest alert level each budget has reached in its current period (in the user's zone).
 * `entries` are in the order they were written: when the latest expense of the budget's category
 * came by WhatsApp, the webhook's reply already carried the alert (modules/whatsapp/service.ts).
 */
export function budgetEvents(
  userId: string,
  budgets: readonly Budget[],
  entries: readonly (LedgerEntry & { origin?: string })[],
  now: number,
  timeZone: string,
  home: HomeCurrency,
): ReminderEvent[] {
  const out: ReminderEvent[] = []
  // Limits in the home currency too; one with no rate to it reaches no level.
  for (const b of budgetsInHome(budgets, home).budgets) {
    const { start, end } = zonedBudgetWindow(b.period, now, b.createdAt, timeZone)
    const level = budgetLevelReached(spentIn(b, entries, { start, end }, home), b.amount)
    if (level === null) continue
    const category = b.category.toLowerCase()
    const latest = entries.findLast(
      (e) => e.type === 'expense' && e.category.toLowerCase() === category && e.date >= start && e.date < end,
    )
    const context = { kind: 'budget' as const, budgetId: b.id, level, start, end }
    out.push({ userId, context, ...(latest?.origin === 'whatsapp' ? { toldByWhatsapp: true } : {}) })
  }
  return out
}
