import type { Frequency } from '../entities/recurring'
import { fromDayString, toDayString } from '../time'
import { dueGroup, isInReminderWindow, nextDueDay, type DueGroup } from './recurrence'

/** The fields the schedule reads; a RecurringPayment document satisfies it. */
export interface ScheduleInput {
  frequency: Frequency
  /** The first due day; its day of month anchors month ends. */
  dueDate: string
  nextDueDate: string
  reminderDays: number
}

/** Mark Paid records an expense in this category when the payment has none. */
export const DEFAULT_RECURRING_CATEGORY = 'Bills & Utilities'

/** The due day after a payment is marked paid: one period on from `nextDueDate`, anchored on `dueDate`. */
export function nextDueAfterPaid(payment: Pick<ScheduleInput, 'frequency' | 'dueDate' | 'nextDueDate'>): string {
  return nextDueDay(payment.nextDueDate, payment.frequency, payment.dueDate)
}

export const DUE_GROUPS: readonly { key: DueGroup; title: string }[] = [
  { key: 'today', title: 'DUE TODAY' },
  { key: 'week', title: 'UPCOMING THIS WEEK' },
  { key: 'later', title: 'LATER' },
]

/**
 * Splits payments into DUE TODAY (today or overdue), UPCOMING THIS WEEK (1–7 days) and LATER,
 * each soonest first (ties keep their input order). Every payment lands in exactly one group.
 */
export function groupByDue<T extends Pick<ScheduleInput, 'nextDueDate'>>(
  payments: readonly T[],
  now: number,
): Record<DueGroup, T[]> {
  const groups: Record<DueGroup, T[]> = { today: [], week: [], later: [] }
  const sorted = [...payments].sort(byNextDue)
  for (const p of sorted) groups[dueGroup(p.nextDueDate, now)].push(p)
  return groups
}

/** The payments inside their reminder window (or overdue), soonest first: /home's 'Due soon' card. */
export function dueSoon<T extends Pick<ScheduleInput, 'nextDueDate' | 'reminderDays'>>(
  payments: readonly T[],
  now: number,
): T[] {
  return payments.filter((p) => isInReminderWindow(p.nextDueDate, p.reminderDays, now)).sort(byNextDue)
}

/** 'YYYY-MM-DD' strings order like the days they name. */
function byNextDue(a: Pick<ScheduleInput, 'nextDueDate'>, b: Pick<ScheduleInput, 'nextDueDate'>): number {
  return a.nextDueDate < b.nextDueDate ? -1 : a.nextDueDate > b.nextDueDate ? 1 : 0
}

/** The last day a reminder window can reach from `now` (reminder days are at most 30): an index bound. */
export function reminderHorizon(now: number, maxReminderDays = 30): string {
  const d = new Date(now)
  d.setDate(d.getDate() + maxReminderDays)
  return toDayString(d.getTime())
}

/** '28 Feb' (or '28 Feb 2027' with the year) of a 'YYYY-MM-DD' day, in en-IN. */
export function formatDueDay(day: string, withYear = false): string {
  const ms = fromDayString(day)
  if (Number.isNaN(ms)) return day
  return new Date(ms).toLocaleDateString(
    'en-IN',
    withYear ? { day: 'numeric', month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' },
  )
}
