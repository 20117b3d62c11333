import { describe, expect, it } from 'vitest'
import { inWindow, localDaysBetween, localWeekWindow, periodWindow, startOfLocalWeek } from '../../schema/calc/periods'
import { greeting, relativeDate } from '../../schema/calc/relative-date'
import { apportion, expensesByCategory, formatPermille } from '../../schema/calc/shares'
import { totalsOf, type LedgerEntry } from '../../schema/calc/totals'
import { weeklyTrend } from '../../schema/calc/trend'
import { localMonthWindow } from '../../schema/time'

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime()
const expense = (amount: number, category: string, date: number): LedgerEntry => ({
  type: 'expense',
  amount,
  category,
  date,
})
const income = (amount: number, date: number): LedgerEntry => ({ type: 'income', amount, category: 'Salary', date })

/** A deterministic pseudo-random source, so invariant tests are repeatable. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

describe('period windows', () => {
  const now = at(2026, 11, 21, 15, 30) // a Saturday

  it('today is the local calendar day', () => {
    const w = periodWindow('today', now)!
    expect(w.start).toBe(at(2026, 11, 21, 0))
    expect(w.end).toBe(at(2026, 11, 22, 0))
  })
  it('weeks start on Monday', () => {
    expect(new Date(startOfLocalWeek(now)).getDay()).toBe(1)
    expect(periodWindow('week', now)).toEqual({ start: at(2026, 11, 16, 0), end: at(2026, 11, 23, 0) })
  })
  it('January is a month like any other', () => {
    expect(periodWindow('month', at(2026, 1, 10))).toEqual({ start: at(2026, 1, 1, 0), end: at(2026, 2, 1, 0) })
    expect(localMonthWindow(at(2026, 12, 31, 23, 59))).toEqual({ start: at(2026, 12, 1, 0), end: at(2027, 1, 1, 0) })
  })
  it('a custom range includes the whole of its end day', () => {
    const w = periodWindow('custom', now, { from: '2026-11-01', to: '2026-11-10' })
    expect(inWindow(at(2026, 11, 10, 23, 59), w)).toBe(true)
    expect(inWindow(at(2026, 11, 11, 0, 0), w)).toBe(false)
    expect(inWindow(at(2026, 11, 1, 0, 0), w)).toBe(true)
    expect(inWindow(at(2026, 10, 31, 23, 59), w)).toBe(false)
  })
  it('a custom range with one bound is open on the other side; none means all', () => {
    expect(inWindow(at(2020, 1, 1), periodWindow('custom', now, { to: '2026-11-10' }))).toBe(true)
    expect(inWindow(at(2030, 1, 1), periodWindow('custom', now, { from: '2026-11-10' }))).toBe(true)
    expect(periodWindow('custom', now, {})).toBeNull()
    expect(periodWindow('all', now)).toBeNull()
  })
  it('every instant of a year falls in exactly one week window, and weeks tile', () => {
    let w = localWeekWindow(at(2026, 1, 1))
    for (let i = 0; i < 60; i++) {
      const next = localWeekWindow(w.end)
      expect(next.start).toBe(w.end)
      w = next
    }
    const random = rng(7)
    for (let i = 0; i < 500; i++) {
      const t = at(2026, 1, 1) + Math.floor(random() * 365 * 86_400_000)
      const win = localWeekWindow(t)
      expect(inWindow(t, win)).toBe(true)
      expect(win.end - win.start).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000)
    }
  })
  it('counts local days between instants', () => {
    expect(localDaysBetween(at(2026, 11, 20, 23, 59), at(2026, 11, 21, 0, 1))).toBe(1)
    expect(localDaysBetween(at(2026, 11, 21, 0, 1), at(2026, 11, 21, 23, 59))).toBe(0)
    expect(localDaysBetween(at(2026, 12, 31), at(2027, 1, 1))).toBe(1)
  })
})

describe('totals', () => {
  it('balance is income minus expenses, and the counts add up', () => {
    const random = rng(3)
    const entries = Array.from({ length: 300 }, (_, i) =>
      random() < 0.3 ? income(1 + Math.floor(random() * 1e7), i) : expense(1 + Math.floor(random() * 1e6), 'Food', i),
    )
    const t = totalsOf(entries)
    expect(t.balance).toBe(t.income - t.expenses)
    expect(t.incomeCount + t.expenseCount).toBe(entries.length)
    expect(Number.isInteger(t.income) && Number.isInteger(t.expenses)).toBe(true)
    expect(totalsOf([...entries].reverse())).toEqual(t)
  })
  it('is all zeros for nothing', () => {
    expect(totalsOf([])).toEqual({
      income: 0,
      expenses: 0,
      balance: 0,
      incomeCount: 0,
      expenseCount: 0,
      notConverted: 0,
    })
  })
})

describe('apportion (largest remainder)', () => {
  it('parts are whole and add up to the total exactly', () => {
    const random = rng(11)
    for (let i = 0; i < 500; i++) {
      const weights = Array.from({ length: 1 + Math.floor(random() * 9) }, () => Math.floor(random() * 1e6))
      if (weights.every((w) => w === 0)) continue
      const total = Math.floor(random() * 1e7)
      const parts = apportion(total, weights)
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
      expect(parts.every(Number.isInteger)).toBe(true)
      const sum = weights.reduce((a, b) => a + b, 0)
      parts.forEach((p, j) => expect(Math.abs(p - (weights[j]! * total) / sum)).toBeLessThan(1))
    }
  })
  it('three equal weights of 100 give 34/33/33', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33])
  })
  it('gives zeros when nothing is weighted', () => {
    expect(apportion(100, [0, 0])).toEqual([0, 0])
  })
})

describe('expensesByCategory', () => {
  it('sorts by amount, ignores income, and shares add up to 100.0 %', () => {
    const d = at(2026, 1, 5)
    const rows = expensesByCategory([
      expense(100, 'Food', d),
      expense(300, 'Rent', d),
      expense(50, 'Food', d),
      income(999999, d),
      expense(150, 'Travel', d),
    ])
    expect(rows.map((r) => r.category)).toEqual(['Rent', 'Food', 'Travel'])
    expect(rows.map((r) => r.amount)).toEqual([300, 150, 150])
    expect(rows.map((r) => formatPermille(r.permille))).toEqual(['50.0%', '25.0%', '25.0%'])
    expect(rows.reduce((a, r) => a + r.permille, 0)).toBe(1000)
  })
  it('always sums to 1000 permille for random ledgers', () => {
    const random = rng(5)
    for (let i = 0; i < 100; i++) {
      const entries = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        expense(1 + Math.floor(random() * 1e5), `C${Math.floor(random() * 7)}`, 0),
      )
      const rows = expensesByCategory(entries)
      expect(rows.reduce((a, r) => a + r.permille, 0)).toBe(1000)
      expect(rows.reduce((a, r) => a + r.amount, 0)).toBe(entries.reduce((a, e) => a + e.amount, 0))
      for (let j = 1; j < rows.length; j++) expect(rows[j - 1]!.amount).toBeGreaterThanOrEqual(rows[j]!.amount)
    }
  })
})

describe('weeklyTrend', () => {
  const now = at(2026, 11, 21, 18) // Saturday; week began Monday 16th
  it('compares this week with last week, expenses only', () => {
    const t = weeklyTrend(
      [
        expense(5000, 'Food', at(2026, 11, 16, 0, 1)),
        expense(2000, 'Food', at(2026, 11, 15, 23, 59)),
        expense(2000, 'Food', at(2026, 11, 9, 0, 0)),
        income(1e6, now),
        expense(7, 'Food', at(2026, 11, 8, 23, 59)),
      ],
      now,
    )
    expect(t).toEqual({ thisWeek: 5000, lastWeek: 4000, change: 1000, percent: 25 })
  })
  it('has no percent without last week’s spending', () => {
    expect(weeklyTrend([expense(100, 'Food', now)], now).percent).toBeNull()
  })
})

describe('relative dates and greeting', () => {
  const now = at(2026, 11, 21, 15, 5)
  it('says Today and Yesterday by local day, else a short date', () => {
    expect(relativeDate(at(2026, 11, 21, 0, 5), now)).toMatch(/^Today, 12:05\s?am$/i)
    expect(relativeDate(at(2026, 11, 20, 23, 59), now)).toMatch(/^Yesterday, 11:59\s?pm$/i)
    expect(relativeDate(at(2026, 11, 12), now)).toBe('12 Nov')
    expect(relativeDate(at(2025, 11, 12), now)).toBe('12 Nov 2025')
  })
  it('greets by the hour', () => {
    expect(greeting(at(2026, 1, 1, 11, 59))).toBe('Good Morning')
    expect(greeting(at(2026, 1, 1, 12, 0))).toBe('Good Afternoon')
    expect(greeting(at(2026, 1, 1, 17, 59))).toBe('Good Afternoon')
    expect(greeting(at(2026, 1, 1, 18, 0))).toBe('Good Evening')
  })
})
