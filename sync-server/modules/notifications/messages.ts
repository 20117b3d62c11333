/**
 * What each reminder says, written when it is sent (so "due in 2 days" is true on the day it
 * arrives), and the check that the event still stands: a paid payment, a reviewed expense, a
 * confirmed settlement, a budget back under its level or a deleted document renders nothing.
 */
import { describeAlert } from '../../../schema/calc/budget-alerts'
import { statusOf } from '../../../schema/calc/budget-status'
import { paymentReminder } from '../../../schema/calc/reminders'
import { reviewCountdown } from '../../../schema/calc/household-review'
import type { Household } from '../../../schema/entities/household'
import { formatMoney } from '../../../schema/money/money'
import { householdCurrencyOf } from '../../../schema/calc/household-money'
import {
  entryCurrency,
  inHome,
  moneyEntryOf,
  type CurrencyFields,
  type HomeCurrency,
} from '../../../schema/money/currency'
import { latestAdminReply, spentIn } from './events'
import type { ReminderContext } from './events'
import type { ReminderSources } from '../../db/reminder-sources'

export interface RenderedReminder {
  title: string
  body: string
  /** The app path a tap opens. */
  url: string
  /** The WhatsApp template's variables {{1}}, {{2}}… in order (README "Reminders"). */
  variables: string[]
}

export interface RenderInput {
  userId: string
  context: ReminderContext
  now: number
  timeZone: string
  home: HomeCurrency
}

const METHOD_LABELS = { upi: 'UPI', bank_transfer: 'Bank transfer', cash: 'Cash', other: 'Other' } as const

/** 'Sat, 5 Dec' of a 'YYYY-MM-DD' day (a calendar day: no zone applies). */
function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const format = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
  return format.format(new Date(Date.UTC(y, m - 1, d)))
}

/** '6 Dec, 2:00 pm' on the user's clock. */
function timeLabel(ms: number, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  })
  return format.format(new Date(ms))
}

function memberName(household: Household | undefined, userId: string): string {
  const member = household?.members.find((m) => m.userId === userId)
  return member?.name.trim() || member?.email || 'A member'
}

/**
 * A household entry's amount as the household screens show it: in the entry's own currency (an
 * entry without one is in the household's, or its legacy one), never in the recipient's home
 * currency; in another currency than the household's, to the cent and with the household figure
 * when it has a rate ("$20 (≈ ₹1,665)").
 */
function householdAmount(entry: CurrencyFields & { amount: number }, household: Household | undefined): string {
  const hc = householdCurrencyOf(household ?? {})
  const code = entryCurrency(entry, hc)
  if (code === hc.currency) return formatMoney(entry.amount, code)
  const own = formatMoney(entry.amount, code, { exact: true })
  const converted = inHome(moneyEntryOf(entry, hc), hc.currency)
  return converted === null ? own : `${own} (≈ ${formatMoney(converted, hc.currency, { exact: true })})`
}

export class ReminderTexts {
  constructor(private readonly sources: ReminderSources) {}

  /** The reminder as it stands now, or null when its event is over. */
  render(input: RenderInput): Promise<RenderedReminder | null> {
    switch (input.context.kind) {
      case 'payment':
        return this.#payment(input, input.context)
      case 'budget':
        return this.#budget(input, input.context)
      case 'review':
        return this.#review(input, input.context)
      case 'settlement':
        return this.#settlement(input, input.context)
      case 'ticket':
        return this.#ticket(input, input.context)
    }
  }

  async #payment(
    input: RenderInput,
    c: Extract<ReminderContext, { kind: 'payment' }>,
  ): Promise<RenderedReminder | null> {
    const p = await this.sources.owned('recurring_payments', input.userId, c.paymentId)
    // Marked paid (the next due day moved), deleted, or no longer at this stage today.
    if (!p || p.nextDueDate !== c.due) return null
    const reminder = paymentReminder(p.nextDueDate, p.reminderDays, input.now, input.timeZone)
    if (reminder?.stage !== c.stage) return null
    const when = reminder.days === 0 ? 'today' : reminder.days === 1 ? 'tomorrow' : `in ${reminder.days} days`
    // Due in its own currency (to the cent when it is not the home one), as the app shows it.
    const code = entryCurrency(p, input.home)
    const amount = formatMoney(p.amount, code, code === input.home.currency ? undefined : { exact: true })
    return {
      title: `${p.name} is due ${when}`,
      body: `${amount} on ${dayLabel(p.nextDueDate)}. Mark it paid in Recurring Payments.`,
      url: '/recurring-payments',
      variables: [p.name, amount, when, dayLabel(p.nextDueDate)],
    }
  }

  async #budget(input: RenderInput, c: Extract<ReminderContext, { kind: 'budget' }>): Promise<RenderedReminder | null> {
    const b = await this.sources.owned('budgets', input.userId, c.budgetId)
    if (!b) return null
    const spent = spentIn(b, await this.sources.entriesIn(input.userId, c.start, c.end), c, input.home)
    // An expense undone since, or a limit raised: the budget is no longer at this level.
    if (spent * 100 < c.level * b.amount) return null
    const { percent } = statusOf(spent, b.amount)
    const alert = { category: b.category, level: c.level, spent, limit: b.amount, percent }
    return {
      title: `Budget alert: ${b.category}`,
      body: describeAlert(alert, input.home.currency),
      url: '/budgets',
      variables: [
        b.category,
        String(percent),
        formatMoney(spent, input.home.currency),
        formatMoney(b.amount, input.home.currency),
      ],
    }
  }

  async #review(input: RenderInput, c: Extract<ReminderContext, { kind: 'review' }>): Promise<RenderedReminder | null> {
    const e = await this.sources.householdExpense(c.expenseId)
    const mine = e?.reviews.find((r) => r.userId === input.userId)
    if (!e || e.status !== 'pending' || mine?.status !== 'pending' || input.now >= e.deadline) return null
    if (!(await this.sources.isMember(e.householdId, input.userId))) return null
    const household = await this.sources.household(e.householdId)
    const payer = memberName(household, e.paidBy)
    const amount = householdAmount(e, household)
    const where = household?.name ?? 'your household'
    const left = reviewCountdown(e.deadline, input.now)
    const deadline = timeLabel(e.deadline, input.timeZone)
    const waiting = c.stage === 'waiting'
    const what = `${amount} for ${e.category} in ${where}`
    return {
      title: waiting ? 'An expense waits for your review' : `Review closes soon: ${left}`,
      body: waiting
        ? `${payer} added ${what}. Approve or deny it by ${deadline}; after that it is approved automatically.`
        : `${payer}'s ${what} is approved automatically at ${deadline} unless you review it.`,
      url: '/households/reviews',
      variables: [payer, amount, e.category, where, deadline],
    }
  }

  async #settlement(
    input: RenderInput,
    c: Extract<ReminderContext, { kind: 'settlement' }>,
  ): Promise<RenderedReminder | null> {
    const s = await this.sources.settlement(c.settlementId)
    if (!s || s.status !== 'pending' || s.toUserId !== input.userId) return null
    if (!(await this.sources.isMember(s.householdId, input.userId))) return null
    const household = await this.sources.household(s.householdId)
    const payer = memberName(household, s.fromUserId)
    const amount = householdAmount(s, household)
    const where = household?.name ?? 'your household'
    return {
      title: 'A payment to confirm',
      body:
        `${payer} says they paid you ${amount} (${METHOD_LABELS[s.method]}) in ${where}. ` +
        'Confirm it once you have received it.',
      url: `/households/${encodeURIComponent(s.householdId)}?tab=balances`,
      variables: [payer, amount, where],
    }
  }

  async #ticket(input: RenderInput, c: Extract<ReminderContext, { kind: 'ticket' }>): Promise<RenderedReminder | null> {
    const t = await this.sources.owned('tickets', input.userId, c.ticketId)
    // Only the latest reply is announced: an older one still waiting (quiet hours) is overtaken.
    if (!t || latestAdminReply(t)?.id !== c.messageId) return null
    const reply = latestAdminReply(t)!
    const text = reply.body.length > 140 ? `${reply.body.slice(0, 139)}…` : reply.body
    const number = t.ticketNumber || 'your ticket'
    return {
      title: `Support replied: ${t.subject}`,
      body: text,
      url: `/support/tickets/${encodeURIComponent(t.id)}`,
      variables: [number, t.subject],
    }
  }
}
