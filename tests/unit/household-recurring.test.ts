import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dayAfter,
  nextOccurrenceOf,
  nextOccurrences,
  occurrenceId,
  occurrencesBetween,
  type RecurringSchedule,
} from '../../schema/calc/household-recurring'
import { HOUSEHOLD_FREQUENCIES } from '../../schema/entities/household'

const monthly = (dayOfMonth: number, startDate: string, endDate = ''): RecurringSchedule => ({
  frequency: 'monthly',
  dayOfMonth,
  startDate,
  endDate,
})

describe('occurrencesBetween', () => {
  it('clamps the 31st to each month end: 28 Feb, 29 Feb in leap years, 30 Apr', () => {
    expect(occurrencesBetween(monthly(31, '2027-01-01'), '', '2027-05-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ])
    expect(occurrencesBetween(monthly(30, '2028-01-15'), '', '2028-03-31')).toEqual([
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
    ])
  })

  it('starts on the first occurrence on or after the start date and stops at the end date', () => {
    expect(occurrencesBetween(monthly(5, '2026-11-20', '2027-03-05'), '', '2027-12-31')).toEqual([
      '2026-12-05',
      '2027-01-05',
      '2027-02-05',
      '2027-03-05',
    ])
    expect(occurrencesBetween(monthly(5, '2026-11-20', '2027-03-04'), '', '2027-12-31')).toHaveLength(3)
  })

  it('repeats weekly on the start weekday and yearly on its month, 29 Feb on 28 Feb in common years', () => {
    const weekly: RecurringSchedule = { frequency: 'weekly', dayOfMonth: 1, startDate: '2026-12-29', endDate: '' }
    expect(occurrencesBetween(weekly, '', '2027-01-19')).toEqual([
      '2026-12-29',
      '2027-01-05',
      '2027-01-12',
      '2027-01-19',
    ])
    const yearly: RecurringSchedule = { frequency: 'yearly', dayOfMonth: 29, startDate: '2024-02-29', endDate: '' }
    expect(occurrencesBetween(yearly, '', '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ])
  })

  it('catches up from the last handled day without repeating it', () => {
    const rent = monthly(1, '2026-01-01')
    expect(occurrencesBetween(rent, '2026-09-01', '2026-11-26')).toEqual(['2026-10-01', '2026-11-01'])
    expect(occurrencesBetween(rent, '2026-11-01', '2026-11-26')).toEqual([])
    expect(occurrencesBetween(rent, '', '2025-12-31')).toEqual([])
  })
})

describe('nextOccurrences', () => {
  it('lists what is coming after a day, ending with the schedule', () => {
    expect(nextOccurrences(monthly(31, '2027-01-01'), '2027-01-31', 2)).toEqual(['2027-02-28', '2027-03-31'])
    expect(nextOccurrences(monthly(1, '2026-01-01', '2026-12-01'), '2026-11-01', 5)).toEqual(['2026-12-01'])
  })
})

describe('nextOccurrenceOf', () => {
  it("counts today's until the server has added it, then the next; null once over", () => {
    const rent = { ...monthly(1, '2026-01-01', '2026-12-01'), addedThrough: '2026-10-01' }
    expect(nextOccurrenceOf(rent, '2026-11-01')).toBe('2026-11-01')
    expect(nextOccurrenceOf({ ...rent, addedThrough: '2026-11-01' }, '2026-11-01')).toBe('2026-12-01')
    expect(nextOccurrenceOf({ ...rent, addedThrough: '2026-12-01' }, '2026-12-02')).toBeNull()
    expect(nextOccurrenceOf({ ...rent, addedThrough: '' }, '2025-06-10')).toBe('2026-01-01')
  })
})

describe('occurrenceId', () => {
  it('is one id per rule and day', () => {
    expect(occurrenceId('rule-1', '2026-12-01')).toBe('rule-1-20261201')
  })
})

const dayArb = fc
  .date({ min: new Date(Date.UTC(2020, 0, 1)), max: new Date(Date.UTC(2035, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
const scheduleArb = fc
  .record({
    frequency: fc.constantFrom(...HOUSEHOLD_FREQUENCIES),
    dayOfMonth: fc.integer({ min: 1, max: 31 }),
    startDate: dayArb,
    endDate: fc.option(dayArb, { nil: '' }),
  })
  .map((s) => ({ ...s, endDate: s.endDate && s.endDate < s.startDate ? '' : s.endDate }))

describe('occurrence invariants', () => {
  it('are strictly increasing, real days within [start, end], one per week/month/year', () => {
    fc.assert(
      fc.property(scheduleArb, dayArb, (s, through) => {
        const days = occurrencesBetween(s, '', through)
        days.forEach((day, i) => {
          expect(day >= s.startDate && day <= through).toBe(true)
          if (s.endDate) expect(day <= s.endDate).toBe(true)
          expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day)
          if (i > 0) expect(day > days[i - 1]!).toBe(true)
          if (s.frequency === 'monthly') {
            const last = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate()
            expect(Number(day.slice(8))).toBe(Math.min(s.dayOfMonth, last))
            if (i > 0) expect(day.slice(0, 7)).not.toBe(days[i - 1]!.slice(0, 7))
          }
        })
      }),
    )
  })

  it('split runs (catch-up from any last-run day, any order of re-runs) add exactly what one run adds', () => {
    fc.assert(
      fc.property(scheduleArb, fc.array(dayArb, { minLength: 1, maxLength: 6 }), (s, runDays) => {
        const end = runDays.reduce((a, b) => (a > b ? a : b))
        const all = occurrencesBetween(s, '', end)
        // Runs at arbitrary (even repeated or out-of-order) days, each from the last handled day.
        let handled = ''
        const added: string[] = []
        for (const day of [...runDays, end]) {
          const due = occurrencesBetween(s, handled, day)
          added.push(...due)
          if (day > handled) handled = day
        }
        expect(added).toEqual(all)
        expect(new Set(added.map((d) => occurrenceId('r', d))).size).toBe(added.length)
      }),
    )
  })

  it('the next occurrences are the ones a later run adds', () => {
    fc.assert(
      fc.property(scheduleArb, dayArb, (s, today) => {
        const next = nextOccurrences(s, today, 3)
        const last = next.at(-1)
        if (last) expect(occurrencesBetween(s, today, last)).toEqual(next)
        expect(next.every((d) => d >= dayAfter(today))).toBe(true)
      }),
    )
  })
})
