import { describe, expect, it } from 'vitest'
import { dueGroup, dueText, isInReminderWindow, nextDueDay } from '../../schema/calc/recurrence'
import { fromDayString, toDayString } from '../../schema/time'

function series(start: string, frequency: 'daily' | 'weekly' | 'monthly' | 'yearly', n: number): string[] {
  const out = [start]
  for (let i = 1; i < n; i++) out.push(nextDueDay(out[i - 1]!, frequency, start))
  return out
}

describe('nextDueDay', () => {
  it('keeps a 31st anchor through short months (31 Jan → 28 Feb → 31 Mar)', () => {
    expect(series('2026-01-31', 'monthly', 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ])
    expect(series('2028-01-31', 'monthly', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31'])
  })
  it('rolls over the year end', () => {
    expect(nextDueDay('2026-12-15', 'monthly')).toBe('2027-01-15')
    expect(nextDueDay('2026-12-31', 'daily')).toBe('2027-01-01')
    expect(nextDueDay('2026-12-29', 'weekly')).toBe('2027-01-05')
  })
  it('keeps 29 Feb yearly anchors on 28 Feb in common years and back on 29 Feb in leap years', () => {
    expect(series('2024-02-29', 'yearly', 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ])
  })
  it('monthly dues are one calendar month apart and never drift from the anchor day (invariant)', () => {
    for (let day = 1; day <= 31; day++) {
      const start = `2026-01-${String(day).padStart(2, '0')}`
      const dues = series(start, 'monthly', 36)
      dues.forEach((due, i) => {
        const [y, m, d] = due.split('-').map(Number) as [number, number, number]
        expect((y - 2026) * 12 + (m - 1)).toBe(i)
        const monthLength = new Date(y, m, 0).getDate()
        expect(d).toBe(Math.min(day, monthLength))
        expect(toDayString(fromDayString(due))).toBe(due)
      })
    }
  })
  it('daily and weekly steps are exactly 1 and 7 local days', () => {
    const daily = series('2026-03-01', 'daily', 400)
    daily
      .slice(1)
      .forEach((d, i) => expect(Math.round((fromDayString(d) - fromDayString(daily[i]!)) / 86_400_000)).toBe(1))
    const weekly = series('2026-03-01', 'weekly', 60)
    weekly
      .slice(1)
      .forEach((d, i) => expect(Math.round((fromDayString(d) - fromDayString(weekly[i]!)) / 86_400_000)).toBe(7))
  })
})

describe('due texts and groups', () => {
  const now = new Date(2026, 10, 21, 10).getTime()
  it.each([
    ['2026-11-21', 'Due today', 'today'],
    ['2026-11-22', 'Due tomorrow', 'week'],
    ['2026-11-28', 'Due in 7 days', 'week'],
    ['2026-11-29', 'Due in 8 days', 'later'],
    ['2026-11-20', 'Overdue by 1 day', 'today'],
    ['2026-11-18', 'Overdue by 3 days', 'today'],
  ])('%s → %s (%s)', (due, text, group) => {
    expect(dueText(due, now)).toBe(text)
    expect(dueGroup(due, now)).toBe(group)
  })
  it('reminds inside the reminder window', () => {
    expect(isInReminderWindow('2026-11-24', 3, now)).toBe(true)
    expect(isInReminderWindow('2026-11-25', 3, now)).toBe(false)
    expect(isInReminderWindow('2026-11-21', 0, now)).toBe(true)
  })
})
