import type { Frequency } from '../entities/recurring'
import { fromDayString, toDayString } from '../time'
import { localDaysBetween } from './periods'

function parts(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return { y, m: m - 1, d }
}

function daysInMonth(y: number, m: number): number {
  return new Date(y, m + 1, 0).getDate()
}

function dayString(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/**
 * The due day after `current` for a payment first due on `anchor`. Monthly and yearly payments
 * keep the anchor's day of month, clamped to short months: anchored on 31 Jan, the dues are
 * 28/29 Feb, 31 Mar, 30 Apr…, never drifting to 3 Mar. Yearly on 29 Feb falls on 28 Feb in
 * common years and returns to 29 Feb in leap years.
 */
export function nextDueDay(current: string, frequency: Frequency, anchor: string = current): string {
  const c = parts(current)
  switch (frequency) {
    case 'daily':
    case 'weekly': {
      const d = new Date(c.y, c.m, c.d + (frequency === 'daily' ? 1 : 7))
      return toDayString(d.getTime())
    }
    case 'monthly': {
      const y = c.m === 11 ? c.y + 1 : c.y
      const m = (c.m + 1) % 12
      return dayString(y, m, Math.min(parts(anchor).d, daysInMonth(y, m)))
    }
    case 'yearly': {
      const a = parts(anchor)
      return dayString(c.y + 1, a.m, Math.min(a.d, daysInMonth(c.y + 1, a.m)))
    }
  }
}

/** Whole local days from today to `due` (0 = due today, negative = overdue). */
export function daysUntil(due: string, now: number): number {
  return localDaysBetween(now, fromDayString(due))
}

/** 'Due today', 'Due tomorrow', 'Due in N days', or 'Overdue by N days'. */
export function dueText(due: string, now: number): string {
  const days = daysUntil(due, now)
  if (days === 0) return 'Due today'
  if (days === 1) return 'Due tomorrow'
  if (days > 1) return `Due in ${days} days`
  return days === -1 ? 'Overdue by 1 day' : `Overdue by ${-days} days`
}

export type DueGroup = 'today' | 'week' | 'later'

/** DUE TODAY (today or overdue), UPCOMING THIS WEEK (1–7 days), LATER. */
export function dueGroup(due: string, now: number): DueGroup {
  const days = daysUntil(due, now)
  if (days <= 0) return 'today'
  if (days <= 7) return 'week'
  return 'later'
}

/** True when the payment is inside its reminder window (or overdue): shown on /home. */
export function isInReminderWindow(due: string, reminderDays: number, now: number): boolean {
  return daysUntil(due, now) <= reminderDays
}
