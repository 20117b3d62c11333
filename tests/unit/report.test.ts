import { describe, expect, it } from 'vitest'
import {
  csvField,
  csvFileName,
  formatRate,
  monthReport,
  monthWindow,
  savingsRatePermille,
  shiftMonth,
  transactionsCsv,
  trendBuckets,
  trendMonths,
} from '../../schema/calc/report'
import type { LedgerEntry } from '../../schema/calc/totals'

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime()
const entry = (type: 'expense' | 'income', amount: number, category: string, date: number): LedgerEntry => ({
  type,
  amount,
  category,
  date,
})

/** A deterministic pseudo-random ledger (xorshift), so invariants are checked on many shapes. */
function ledger(seed: number, n: number, from: number, to: number): LedgerEntry[] {
  let x = seed
  const next = () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 2 ** 32
  }
  const cats = ['Food & Dining', 'Travel', 'Shopping', 'Bills & Utilities', 'Rent', 'Pets', 'Gifts']
  return Array.from({ length: n }, () =>
    entry(
      next() < 0.2 ? 'income' : 'expense',
      1 + Math.floor(next() * 5_000_000),
      cats[Math.floor(next() * cats.length)]!,
      from + Math.floor(next() * (to - from)),
    ),
  )
}

describe('month navigation', () => {
  it('wraps January back to December of the previous year and December on to January', () => {
    expect(shiftMonth({ year: 2027, month: 0 }, -1)).toEqual({ year: 2026, month: 11 })
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 })
    expect(shiftMonth({ year: 2026, month: 5 }, -30)).toEqual({ year: 2023, month: 11 })
  })
  it('back and forth by any amount returns to the same month', () => {
    for (let d = -40; d <= 40; d += 1)
      expect(shiftMonth(shiftMonth({ year: 2026, month: 3 }, d), -d)).toEqual({ year: 2026, month: 3 })
  })
  it('consecutive month windows tile time with no gap or overlap', () => {
    let ym = { year: 2025, month: 0 }
    for (let i = 0; i < 30; i += 1) {
      const next = shiftMonth(ym, 1)
      expect(monthWindow(ym).end).toBe(monthWindow(next).start)
      ym = next
    }
  })
})

describe('savings rate', () => {
  it('is one decimal of saved ÷ income, 0 with no income', () => {
    expect(savingsRatePermille(50_000_00, 37_500_00)).toBe(250)
    expect(formatRate(250)).toBe('25.0%')
    expect(savingsRatePermille(0, 1_000_00)).toBe(0)
    expect(savingsRatePermille(3_00, 2_00)).toBe(333) // 33.33… → 33.3
    expect(savingsRatePermille(3_00, 1_00)).toBe(667) // 66.66… → 66.7
    expect(formatRate(savingsRatePermille(1_000_00, 3_500_00))).toBe('-250.0%')
  })
  it('is never above 100 % and falls as spending rises', () => {
    let last = Infinity
    for (let spent = 0; spent <= 300_000; spent += 997) {
      const rate = savingsRatePermille(100_000, spent)
      expect(rate).toBeLessThanOrEqual(1000)
      expect(rate).toBeLessThanOrEqual(last)
      last = rate
    }
  })
})

describe('month report', () => {
  it.each([1, 2, 3, 4, 5])(
    'category amounts add up to the month’s expenses and shares to 100.0 %% (seed %i)',
    (seed) => {
      const report = monthReport(ledger(seed, 400, at(2026, 12, 1, 0), at(2027, 1, 1, 0)))
      expect(report.categories.reduce((s, c) => s + c.amount, 0)).toBe(report.expenses)
      expect(report.categories.reduce((s, c) => s + c.permille, 0)).toBe(1000)
      expect(report.saved).toBe(report.income - report.expenses)
      for (let i = 1; i < report.categories.length; i += 1)
        expect(report.categories[i - 1]!.amount).toBeGreaterThanOrEqual(report.categories[i]!.amount)
    },
  )
  it('matches a worked example', () => {
    const r = monthReport([
      entry('income', 80_000_00, 'Salary', at(2026, 12, 1)),
      entry('expense', 30_000_00, 'Rent', at(2026, 12, 2)),
      entry('expense', 10_000_00, 'Food & Dining', at(2026, 12, 3)),
      entry('expense', 5_000_00, 'Food & Dining', at(2026, 12, 9)),
    ])
    expect(r).toMatchObject({ income: 80_000_00, expenses: 45_000_00, saved: 35_000_00, savingsRatePermille: 438 })
    expect(r.categories.map((c) => [c.category, c.amount, c.permille])).toEqual([
      ['Rent', 30_000_00, 667],
      ['Food & Dining', 15_000_00, 333],
    ])
  })
  it('has no categories with no expenses', () => {
    expect(monthReport([entry('income', 100, 'Salary', at(2026, 12, 1))]).categories).toEqual([])
  })
})

describe('12-month trend', () => {
  const last = { year: 2027, month: 0 }
  it('has twelve consecutive months ending with the chosen one', () => {
    const { months, window } = trendMonths(last)
    expect(months).toHaveLength(12)
    expect(months[0]).toEqual({ year: 2026, month: 1 })
    expect(months[11]).toEqual(last)
    expect(window).toEqual({ start: at(2026, 2, 1, 0), end: at(2027, 2, 1, 0) })
  })
  it.each([7, 8, 9])('buckets add up to the window’s totals and each holds only its own month (seed %i)', (seed) => {
    const entries = ledger(seed, 3000, at(2025, 6, 1), at(2027, 6, 1))
    const buckets = trendBuckets(entries, last)
    const { window } = trendMonths(last)
    const inside = entries.filter((e) => e.date >= window.start && e.date < window.end)
    const sum = (type: string) => inside.filter((e) => e.type === type).reduce((s, e) => s + e.amount, 0)
    expect(buckets.reduce((s, b) => s + b.income, 0)).toBe(sum('income'))
    expect(buckets.reduce((s, b) => s + b.expenses, 0)).toBe(sum('expense'))
    for (const b of buckets) {
      const own = monthReport(inside.filter((e) => e.date >= b.start && e.date < b.end))
      expect([b.income, b.expenses]).toEqual([own.income, own.expenses])
    }
  })
  it('puts an entry at the first instant of a month in that month', () => {
    const buckets = trendBuckets(
      [entry('expense', 5, 'x', at(2027, 1, 1, 0)), entry('expense', 7, 'x', at(2027, 1, 1, 0) - 1)],
      last,
    )
    expect(buckets[11]!.expenses).toBe(5)
    expect(buckets[10]!.expenses).toBe(7)
  })
})

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a, b')).toBe('"a, b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvField(' padded')).toBe('" padded"')
  })
  it('neutralises a formula behind leading spaces, tabs and line breaks too', () => {
    expect(csvField(' =HYPERLINK("x")')).toBe(`"' =HYPERLINK(""x"")"`)
    expect(csvField('\n+1')).toBe(`"'\n+1"`)
    expect(csvField('\r\n@SUM(A1)')).toBe(`"'\r\n@SUM(A1)"`)
    expect(csvField(' \t-2')).toBe(`' \t-2`)
    expect(csvField('\u00a0=1')).toBe(`'\u00a0=1`)
    expect(csvField('＝1+1')).toBe("'＝1+1")
    expect(csvField('\tplain')).toBe(`'\tplain`)
    expect(csvField(' a = b')).toBe('" a = b"')
  })
  it('writes a header and one line per transaction in date order with decimal amounts', () => {
    const csv = transactionsCsv(
      [
        { ...entry('expense', 1_234_50, 'Food & Dining', at(2026, 12, 5)), description: 'Dinner, with "friends"' },
        { ...entry('income', 50_000_00, 'Salary', at(2026, 12, 1)), description: '' },
      ],
      { currency: 'INR' },
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date,Type,Category/Source,Description,Amount,Currency,Rate,Amount (INR)',
      '2026-12-01,Income,Salary,,50000.00,INR,,50000.00',
      '2026-12-05,Expense,Food & Dining,"Dinner, with ""friends""",1234.50,INR,,1234.50',
      '',
    ])
  })
  it('names the file with the month', () => {
    expect(csvFileName({ year: 2026, month: 11 })).toBe('hisaab-report-2026-12.csv')
  })
})
