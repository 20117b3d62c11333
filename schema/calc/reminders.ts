/**
 * When reminders are due (the server's reminder job sends them; see README "Reminders"). Every
 * time is in the user's zone; nothing is delivered in the quiet hours, 22:00 to 08:00, which
 * defer a reminder to 08:00 and never drop it.
 */
import type { Paise } from '../money/money'
import { ALERT_LEVELS } from './budget-status'
import { zonedDaysUntil, zonedParts, zonedTime } from './zoned-time'

export const QUIET_START_HOUR = 22
export const QUIET_END_HOUR = 8
/** A pending review is recalled this long before its deadline. */
export const DEADLINE_LEAD_MS = 3 * 3_600_000
/** Where a deadline reminder that would fall in the quiet hours moves: 21:00 the evening before. */
export const EVENING_HOUR = 21
/** A deadline reminder due this soon after the review request itself is not sent (the request just said it). */
export const DEADLINE_MIN_GAP_MS = 3_600_000

/** True from 22:00 to 07:59:59 on the zone's clock. */
export function isQuietTime(ms: number, timeZone: string): boolean {
  const { hour } = zonedParts(ms, timeZone)
  return hour >= QUIET_START_HOUR || hour < QUIET_END_HOUR
}

/**
 * The first moment at or after `ms` outside the quiet hours: `ms` itself in the day, else the
 * next 08:00 on the zone's clock.
 */
export function deliverableAt(ms: number, timeZone: string): number {
  if (!isQuietTime(ms, timeZone)) return ms
  const p = zonedParts(ms, timeZone)
  const day = p.hour >= QUIET_START_HOUR ? p.day + 1 : p.day
  return zonedTime(timeZone, p.year, p.month, day, QUIET_END_HOUR)
}

export type PaymentStage = 'ahead' | 'day'

/**
 * The reminder a recurring payment is due for on the zone's day of `now`: 'ahead' from
 * `reminderDays` days before the due day up to the day before it, 'day' on the due day; null
 * otherwise (too early, overdue, or reminderDays 0 before the day).
 */
export function paymentReminder(
  nextDueDate: string,
  reminderDays: number,
  now: number,
  timeZone: string,
): { stage: PaymentStage; days: number } | null {
  const days = zonedDaysUntil(nextDueDate, now, timeZone)
  if (days === 0) return { stage: 'day', days }
  if (days > 0 && days <= reminderDays) return { stage: 'ahead', days }
  return null
}

/**
 * The highest alert level (70 or 90 % of the limit) that `spent` has reached, or null. Alerts go
 * out once per budget period and level, so only the highest reached one is announced: spending
 * that jumps from 50 % to 95 % says 90 %, never a stale 70 % after it.
 */
export function budgetLevelReached(spent: Paise, limit: Paise): 70 | 90 | null {
  let reached: 70 | 90 | null = null
  // Integers only: spent/limit ≥ level/100 ⇔ spent·100 ≥ level·limit.
  for (const level of ALERT_LEVELS) if (limit > 0 && spent * 100 >= level * limit) reached = level
  return reached
}

/**
 * When to recall a review still pending: 3 hours before its deadline; when that falls in the
 * quiet hours, at 21:00 the evening before them (a reminder deferred to 08:00 would come after an
 * early-morning deadline). Null when that moment is less than an hour after the expense arrived:
 * the review request itself has only just gone out.
 */
export function reviewDeadlineReminderAt(deadline: number, createdAt: number, timeZone: string): number | null {
  let at = deadline - DEADLINE_LEAD_MS
  if (isQuietTime(at, timeZone)) {
    const p = zonedParts(at, timeZone)
    const day = p.hour >= QUIET_START_HOUR ? p.day : p.day - 1
    at = zonedTime(timeZone, p.year, p.month, day, EVENING_HOUR)
  }
  return at - createdAt < DEADLINE_MIN_GAP_MS ? null : at
}
