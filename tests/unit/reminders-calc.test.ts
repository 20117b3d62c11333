import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BUDGET_PERIODS } from '../../schema/entities/budget'
import { budgetWindow } from '../../schema/calc/budget-status'
import { daysUntil } from '../../schema/calc/recurrence'
import {
  budgetLevelReached,
  DEADLINE_LEAD_MS,
  deliverableAt,
  isQuietTime,
  paymentReminder,
  reviewDeadlineReminderAt,
} from '../../schema/calc/reminders'
import {
  currentZoneName,
  isTimeZone,
  zonedBudgetWindow,
  zonedDayString,
  zonedDaysUntil,
  zonedParts,
  zonedStartOfDay,
  zonedTime,
} from '../../schema/calc/zoned-time'
import { toDayString } from '../../schema/time'

const HOUR = 3_600_000
const DAY = 86_400_000
/** India (no DST, +05:30), two DST zones either side of UTC, a +13/+14 zone, and one whose DST starts at midnight. */
const ZONES = ['Asia/Kolkata', 'Europe/London', 'America/New_York', 'Pacific/Auckland', 'America/Santiago'] as const
const zone = fc.constantFrom(...ZONES)
/** 2000–2040, ms precision. */
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })

describe('zoned time', () => {
  it('knows real zones and refuses made-up ones', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })

  it('reads wall clocks: 18:30 UTC is midnight in India and 18:30 in London in winter', () => {
    const ms = Date.UTC(2026, 0, 14, 18, 30)
    expect(zonedParts(ms, 'Asia/Kolkata')).toMatchObject({ year: 2026, month: 0, day: 15, hour: 0, minute: 0 })
    expect(zonedParts(ms, 'Europe/London')).toMatchObject({ day: 14, hour: 18, minute: 30, weekday: 3 })
    expect(zonedTime('Asia/Kolkata', 2026, 0, 15)).toBe(ms)
  })

  it('round-trips every wall time that exists (fast-check)', () => {
    fc.assert(
      fc.property(instant, zone, (ms, tz) => {
        const p = zonedParts(ms, tz)
        const back = zonedTime(tz, p.year, p.month, p.day, p.hour, p.minute)
        // Same wall clock; the instant is the first one showing it (autumn shows some twice).
        expect(zonedParts(back, tz)).toMatchObject({ ...p, second: 0 })
        expect(back).toBeLessThanOrEqual(ms)
      }),
      { numRuns: 400 },
    )
  })

  it('starts each day on that day, also where DST begins at midnight (Santiago: the day starts at 01:00)', () => {
    // 2026-09-06 in Chile: clocks go from 00:00 to 01:00.
    const start = zonedTime('America/Santiago', 2026, 8, 6)
    expect(zonedDayString(start, 'America/Santiago')).toBe('2026-09-06')
    expect(zonedParts(start, 'America/Santiago').hour).toBe(1)
    expect(zonedDayString(start - 1, 'America/Santiago')).toBe('2026-09-05')
    fc.assert(
      fc.property(instant, zone, (ms, tz) => {
        const start = zonedStartOfDay(ms, tz)
        expect(start).toBeLessThanOrEqual(ms)
        expect(zonedDayString(start, tz)).toBe(zonedDayString(ms, tz))
        expect(zonedDayString(start - 1, tz)).not.toBe(zonedDayString(ms, tz))
      }),
      { numRuns: 400 },
    )
  })

  it('counts calendar days, not 24-hour spans, across DST changes', () => {
    // London: 29 March 2026 has 23 hours.
    const morning = zonedTime('Europe/London', 2026, 2, 28, 23, 30)
    expect(zonedDaysUntil('2026-03-29', morning, 'Europe/London')).toBe(1)
    expect(zonedDaysUntil('2026-03-30', morning, 'Europe/London')).toBe(2)
    expect(zonedDaysUntil('2026-03-28', morning, 'Europe/London')).toBe(0)
    // The same instant is already the 29th in India.
    expect(zonedDaysUntil('2026-03-29', morning, 'Asia/Kolkata')).toBe(0)
  })

  it("agrees with the app's local-time calculations when the zone is the process's (TZ=Asia/Kolkata)", () => {
    fc.assert(
      fc.property(instant, instant, fc.constantFrom(...BUDGET_PERIODS), (now, createdAt, period) => {
        expect(zonedBudgetWindow(period, now, createdAt, 'Asia/Kolkata')).toEqual(budgetWindow(period, now, createdAt))
        expect(zonedDayString(now, 'Asia/Kolkata')).toBe(toDayString(now))
        const day = toDayString(createdAt)
        expect(zonedDaysUntil(day, now, 'Asia/Kolkata')).toBe(daysUntil(day, now))
      }),
      { numRuns: 300 },
    )
  })

  it('budget windows hold `now`, start at a local midnight and follow one another (fast-check)', () => {
    const periods = fc.constantFrom('daily', 'weekly', 'monthly', 'yearly' as const)
    fc.assert(
      fc.property(instant, zone, periods, (now, tz, period) => {
        const w = zonedBudgetWindow(period, now, 0, tz)
        expect(w.start).toBeLessThanOrEqual(now)
        expect(now).toBeLessThan(w.end)
        expect(zonedStartOfDay(w.start, tz)).toBe(w.start)
        expect(zonedStartOfDay(w.end, tz)).toBe(w.end)
        // The next window starts where this one ends.
        expect(zonedBudgetWindow(period, w.end, 0, tz).start).toBe(w.end)
        if (period === 'weekly') expect(zonedParts(w.start, tz).weekday).toBe(1)
        if (period === 'monthly') expect(zonedParts(w.start, tz).day).toBe(1)
      }),
      { numRuns: 400 },
    )
  })

  it('one-time budgets run from the local day they were made, without end', () => {
    const createdAt = Date.UTC(2026, 4, 10, 20, 0) // 11 May 01:30 in India
    const w = zonedBudgetWindow('one-time', Date.UTC(2027, 0, 1), createdAt, 'Asia/Kolkata')
    expect(zonedDayString(w.start, 'Asia/Kolkata')).toBe('2026-05-11')
    expect(w.end).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe('quiet hours', () => {
  it('are 22:00 to 08:00 on the user’s clock', () => {
    const at = (h: number, m = 0) => zonedTime('Asia/Kolkata', 2026, 10, 20, h, m)
    expect(isQuietTime(at(21, 59), 'Asia/Kolkata')).toBe(false)
    expect(isQuietTime(at(22), 'Asia/Kolkata')).toBe(true)
    expect(isQuietTime(at(7, 59), 'Asia/Kolkata')).toBe(true)
    expect(isQuietTime(at(8), 'Asia/Kolkata')).toBe(false)
    // 10:00 in India is 04:30 in London: quiet there.
    expect(isQuietTime(at(10), 'Europe/London')).toBe(true)
  })

  it('defer to the next 08:00, never drop and never wait longer (fast-check)', () => {
    fc.assert(
      fc.property(instant, zone, (ms, tz) => {
        const at = deliverableAt(ms, tz)
        expect(at).toBeGreaterThanOrEqual(ms)
        expect(isQuietTime(at, tz)).toBe(false)
        // At most the length of one night (10 h, 11 h across a DST change).
        expect(at - ms).toBeLessThanOrEqual(11 * HOUR)
        if (!isQuietTime(ms, tz)) expect(at).toBe(ms)
        else expect(zonedParts(at, tz)).toMatchObject({ hour: 8, minute: 0 })
        // Nothing earlier than `at` (and after `ms`) is outside the quiet hours.
        if (at > ms) expect(isQuietTime(at - 60_000, tz)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('move 23:30 to 08:00 the next day and 03:00 to 08:00 the same day', () => {
    const tz = 'Asia/Kolkata'
    expect(deliverableAt(zonedTime(tz, 2026, 11, 31, 23, 30), tz)).toBe(zonedTime(tz, 2027, 0, 1, 8))
    expect(deliverableAt(zonedTime(tz, 2027, 0, 1, 3), tz)).toBe(zonedTime(tz, 2027, 0, 1, 8))
  })
})

describe('recurring payment reminders', () => {
  const tz = 'Asia/Kolkata'
  const on = (day: number, hour = 10) => zonedTime(tz, 2026, 11, day, hour)

  it('come reminder_days ahead (every day until the due day), and on the day', () => {
    expect(paymentReminder('2026-12-10', 3, on(6), tz)).toBeNull()
    expect(paymentReminder('2026-12-10', 3, on(7, 0), tz)).toEqual({ stage: 'ahead', days: 3 })
    expect(paymentReminder('2026-12-10', 3, on(9, 23), tz)).toEqual({ stage: 'ahead', days: 1 })
    expect(paymentReminder('2026-12-10', 3, on(10, 0), tz)).toEqual({ stage: 'day', days: 0 })
    expect(paymentReminder('2026-12-10', 3, on(11), tz)).toBeNull()
  })

  it('with reminder_days 0, only on the day', () => {
    expect(paymentReminder('2026-12-10', 0, on(9), tz)).toBeNull()
    expect(paymentReminder('2026-12-10', 0, on(10), tz)).toEqual({ stage: 'day', days: 0 })
  })

  it("follow the user's zone: 20:00 UTC on the 9th is already the due day in India, not in New York", () => {
    const ms = Date.UTC(2026, 11, 9, 20, 0)
    expect(paymentReminder('2026-12-10', 3, ms, 'Asia/Kolkata')?.stage).toBe('day')
    expect(paymentReminder('2026-12-10', 3, ms, 'America/New_York')).toEqual({ stage: 'ahead', days: 1 })
  })

  it('are due exactly on the days from due − reminder_days to due (fast-check)', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: 0, max: 30 }), fc.integer({ min: -5, max: 40 }), (now, tz, r, k) => {
        const p = zonedParts(now, tz)
        const due = zonedDayString(zonedTime(tz, p.year, p.month, p.day + k, 12), tz)
        const reminder = paymentReminder(due, r, now, tz)
        if (k === 0) expect(reminder).toEqual({ stage: 'day', days: 0 })
        else if (k > 0 && k <= r) expect(reminder).toEqual({ stage: 'ahead', days: k })
        else expect(reminder).toBeNull()
      }),
      { numRuns: 400 },
    )
  })
})

describe('budget alert levels', () => {
  it('are the highest of 70 % and 90 % reached, in whole paise', () => {
    expect(budgetLevelReached(6_999, 10_000)).toBeNull()
    expect(budgetLevelReached(7_000, 10_000)).toBe(70)
    expect(budgetLevelReached(8_999, 10_000)).toBe(70)
    expect(budgetLevelReached(9_000, 10_000)).toBe(90)
    expect(budgetLevelReached(25_000, 10_000)).toBe(90)
    expect(budgetLevelReached(0, 0)).toBeNull()
  })

  it('never go down as spending grows, and match the percentage (fast-check)', () => {
    const paise = fc.integer({ min: 0, max: 1e11 })
    fc.assert(
      fc.property(paise, paise, fc.integer({ min: 1, max: 1e11 }), (a, b, limit) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        const rank = (l: 70 | 90 | null) => (l === null ? 0 : l)
        expect(rank(budgetLevelReached(low, limit))).toBeLessThanOrEqual(rank(budgetLevelReached(high, limit)))
        const level = budgetLevelReached(high, limit)
        if (level !== null) expect(high * 100).toBeGreaterThanOrEqual(level * limit)
        if (level !== 90) expect(high * 100).toBeLessThan(90 * limit)
      }),
    )
  })
})

describe('review deadline reminders', () => {
  const tz = 'Asia/Kolkata'
  const at = (day: number, hour: number, minute = 0) => zonedTime(tz, 2026, 10, day, hour, minute)

  it('come 3 hours before the deadline', () => {
    expect(reviewDeadlineReminderAt(at(21, 18), at(20, 18), tz)).toBe(at(21, 15))
  })

  it('come at 21:00 the evening before when 3 hours before falls in the quiet hours', () => {
    // Deadline 09:00: 06:00 is quiet, so 21:00 the day before.
    expect(reviewDeadlineReminderAt(at(21, 9), at(20, 9), tz)).toBe(at(20, 21))
    // Deadline 01:30: 22:30 is quiet, so 21:00 that evening.
    expect(reviewDeadlineReminderAt(at(22, 1, 30), at(21, 1, 30), tz)).toBe(at(21, 21))
  })

  it('are skipped when they would come within an hour of the request', () => {
    // A 6-hour review from 20:30: 23:30 is quiet, 21:00 is only 30 minutes after the request.
    expect(reviewDeadlineReminderAt(at(21, 2, 30), at(20, 20, 30), tz)).toBeNull()
  })

  it('always come before the deadline, outside the quiet hours, and an hour or more after the request', () => {
    const period = fc.constantFrom(6, 12, 24, 48, 72)
    fc.assert(
      fc.property(instant, zone, period, (createdAt, tz, hours) => {
        const deadline = createdAt + hours * HOUR
        const reminder = reviewDeadlineReminderAt(deadline, createdAt, tz)
        if (reminder === null) return
        expect(reminder).toBeLessThanOrEqual(deadline - DEADLINE_LEAD_MS)
        expect(reminder).toBeGreaterThanOrEqual(createdAt + HOUR)
        expect(deadline - reminder).toBeLessThan(DAY)
        expect(isQuietTime(reminder, tz)).toBe(false)
      }),
      { numRuns: 400 },
    )
  })
})

describe('currentZoneName', () => {
  it('gives a zone its current name, and the same clock', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata')
    expect(currentZoneName('Asia/Kolkata')).toBe('Asia/Kolkata')
    expect(currentZoneName('Europe/London')).toBe('Europe/London')
    const at = Date.UTC(2026, 10, 27, 4, 30)
    for (const old of ['Asia/Calcutta', 'Asia/Katmandu', 'Asia/Saigon', 'Europe/Kiev'])
      expect(zonedParts(at, currentZoneName(old))).toEqual(zonedParts(at, old))
  })
})
