import { describe, expect, it } from 'vitest'
import {
  allocationSummary,
  barColour,
  budgetStatus,
  budgetWindow,
  crossedAlert,
  statusOf,
} from '../../schema/calc/budget-status'
import { BUDGET_PERIODS } from '../../schema/entities/budget'
import type { LedgerEntry } from '../../schema/calc/totals'

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime()
const expense = (amount: number, category: string, date: number): LedgerEntry => ({
  type: 'expense',
  amount,
  category,
  date,
})

describe('budget windows', () => {
  const now = at(2026, 11, 21)
  it.each(BUDGET_PERIODS)('%s contains now', (period) => {
    const w = budgetWindow(period, now, at(2026, 11, 2))
    expect(now >= w.start && now < w.end).toBe(true)
  })
  it('yearly is the calendar year; one-time starts on the creation day', () => {
    expect(budgetWindow('yearly', now, 0)).toEqual({ start: at(2026, 1, 1, 0), end: at(2027, 1, 1, 0) })
    expect(budgetWindow('one-time', now, at(2026, 3, 4, 15)).start).toBe(at(2026, 3, 4, 0))
  })
})

describe('budget status', () => {
  const now = at(2026, 11, 21)
  const budget = { category: 'Food & Dining', amount: 10000, period: 'monthly' as const, createdAt: at(2026, 1, 1) }
  it('counts only this period’s expenses of the category, case-insensitively', () => {
    const s = budgetStatus(
      budget,
      [
        expense(3000, 'food & dining', at(2026, 11, 1, 0)),
        expense(4000, 'Food & Dining', now),
        expense(9999, 'Food & Dining', at(2026, 10, 31, 23)),
        expense(500, 'Travel', now),
        { type: 'income', amount: 5000, category: 'Food & Dining', date: now },
      ],
      now,
    )
    expect(s).toEqual({ spent: 7000, limit: 10000, remaining: 3000, overBy: 0, percent: 70 })
  })
  it('remaining and overBy never both positive and add back to the limit', () => {
    for (let spent = 0; spent <= 30000; spent += 137) {
      const s = statusOf(spent, 10000)
      expect(s.remaining === 0 || s.overBy === 0).toBe(true)
      expect(s.spent - s.overBy + s.remaining).toBe(s.limit)
    }
  })
})

describe('bar colours', () => {
  it('red above 90, yellow above 70, else green; exactly 70 and 90 are the lower colour', () => {
    expect(barColour(7000, 10000)).toBe('green')
    expect(barColour(7001, 10000)).toBe('yellow')
    expect(barColour(9000, 10000)).toBe('yellow')
    expect(barColour(9001, 10000)).toBe('red')
    expect(barColour(8001, 10000, 80)).toBe('red')
  })
  it('is monotonic in spending', () => {
    const rank = { green: 0, yellow: 1, red: 2 }
    let last = 0
    for (let spent = 0; spent < 20000; spent += 13) {
      const r = rank[barColour(spent, 10000)]
      expect(r).toBeGreaterThanOrEqual(last)
      last = r
    }
  })
})

describe('crossedAlert', () => {
  it('announces the highest level crossed, once', () => {
    expect(crossedAlert(6000, 7000, 10000)).toBe(70)
    expect(crossedAlert(6000, 9500, 10000)).toBe(90)
    expect(crossedAlert(7000, 8000, 10000)).toBeNull()
    expect(crossedAlert(9000, 12000, 10000)).toBeNull()
    expect(crossedAlert(8999, 9000, 10000)).toBe(90)
  })
})

describe('allocationSummary', () => {
  it('available is income minus allocated', () => {
    const s = allocationSummary(50000_00, [
      { allocated: 20000_00, spent: 5000_00 },
      { allocated: 40000_00, spent: 100_00 },
    ])
    expect(s).toEqual({
      totalIncome: 50000_00,
      totalAllocated: 60000_00,
      totalSpent: 5100_00,
      available: -10000_00,
      allocatedPercent: 120,
    })
    expect(allocationSummary(0, []).allocatedPercent).toBe(0)
  })
})
