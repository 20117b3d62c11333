import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { monthReport, transactionsCsv, trendBuckets, type CsvEntry } from '../../schema/calc/report'
import { inHomeCurrency } from '../../schema/calc/totals'
import { amountText, inHome, moneyEntryOf, type HomeCurrency } from '../../schema/money/currency'

const HOME: HomeCurrency = { currency: 'AED' }
const CURRENCIES = ['AED', 'INR', 'USD', 'JPY', 'BHD'] as const
const RATES = [0.0442, 3.6725, 0.0245, 9.75, 1.000001, 0.000123] as const
const JAN = new Date(2026, 0, 1).getTime()
const DAY = 86_400_000

/** An entry in any currency: a rate to AED, or none (not converted); yen in whole yen. */
const entry = fc
  .record({
    type: fc.constantFrom('expense' as const, 'income' as const),
    units: fc.integer({ min: 1, max: 100_000_000 }),
    currency: fc.constantFrom(...CURRENCIES),
    rate: fc.option(fc.constantFrom(...RATES), { nil: null }),
    category: fc.constantFrom('Food & Dining', 'Travel', 'Rent'),
    day: fc.integer({ min: 0, max: 364 }),
    description: fc.string({ maxLength: 8 }),
  })
  .map((e): CsvEntry => ({
    type: e.type,
    amount: e.currency === 'JPY' ? e.units * 100 : e.units,
    currency: e.currency,
    fxRate: e.currency === 'AED' ? null : e.rate,
    fxHome: 'AED',
    category: e.category,
    date: JAN + e.day * DAY + 12 * 3_600_000,
    description: e.description,
  }))
const ledger = fc.array(entry, { maxLength: 40 })

const converted = (e: CsvEntry) => inHome(moneyEntryOf(e, HOME), HOME.currency)

describe('a report in the home currency', () => {
  it('adds up exactly the converted entries; those with no rate are left out and counted', () => {
    fc.assert(
      fc.property(ledger, (list) => {
        const split = inHomeCurrency(list, HOME)
        const report = monthReport(split.entries)
        let income = 0
        let expenses = 0
        let missing = 0
        for (const e of list) {
          const amount = converted(e)
          if (amount === null) missing += 1
          else if (e.type === 'income') income += amount
          else expenses += amount
        }
        expect(report.income).toBe(income)
        expect(report.expenses).toBe(expenses)
        expect(report.saved).toBe(income - expenses)
        expect(split.notConverted).toHaveLength(missing)
        expect(report.categories.reduce((sum, c) => sum + c.amount, 0)).toBe(expenses)
      }),
    )
  })

  it('the trend buckets add up to the converted entries of the year', () => {
    fc.assert(
      fc.property(ledger, (list) => {
        const buckets = trendBuckets(inHomeCurrency(list, HOME).entries, { year: 2026, month: 11 })
        const expected = list.reduce((sum, e) => sum + (e.type === 'expense' ? (converted(e) ?? 0) : 0), 0)
        expect(buckets.reduce((sum, b) => sum + b.expenses, 0)).toBe(expected)
      }),
    )
  })

  it('a ledger all in the home currency gives exactly the figures it gave before currencies', () => {
    fc.assert(
      fc.property(ledger, (list) => {
        const inr = list.map(({ currency: _c, fxRate: _r, fxHome: _h, ...rest }) => rest)
        const home = { currency: 'INR' }
        const split = inHomeCurrency(inr, home)
        expect(split.notConverted).toEqual([])
        expect(monthReport(split.entries)).toEqual(monthReport(inr))
        expect(trendBuckets(split.entries, { year: 2026, month: 11 })).toEqual(
          trendBuckets(inr, { year: 2026, month: 11 }),
        )
      }),
    )
  })
})

/** The CSV's rows, read back (no quoted commas: descriptions here are made without them). */
const rowsOf = (csv: string) =>
  csv
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','))

describe('CSV export with currencies', () => {
  it('each row has the original amount and currency, the rate, and the home amount (empty when not converted)', () => {
    const safe = entry.map((e) => ({ ...e, description: 'x' }))
    fc.assert(
      fc.property(fc.array(safe, { maxLength: 30 }), (list) => {
        const rows = rowsOf(transactionsCsv(list, HOME))
        expect(rows[0]!.slice(4)).toEqual(['Amount', 'Currency', 'Rate', 'Amount (AED)'])
        const sorted = [...list].sort((a, b) => a.date - b.date)
        rows.slice(1).forEach((row, i) => {
          const e = sorted[i]!
          const home = converted(e)
          expect(row[4]).toBe(amountText(e.amount, e.currency!))
          expect(row[5]).toBe(e.currency)
          expect(row[6]).toBe(home === null || e.currency === 'AED' ? '' : String(e.fxRate))
          expect(row[7]).toBe(home === null ? '' : amountText(home, 'AED'))
        })
      }),
    )
  })

  it('writes $11.80 at 3.6725 as 43.34 AED, ¥500 as 500, and a pound with no rate with empty cells', () => {
    const base = { type: 'expense' as const, category: 'Travel', description: 'x', fxHome: 'AED', date: JAN }
    const csv = transactionsCsv(
      [
        { ...base, amount: 11_80, currency: 'USD', fxRate: 3.6725 },
        { ...base, amount: 500_00, currency: 'JPY', fxRate: 0.0245, date: JAN + 1 },
        { ...base, amount: 20_00, currency: 'GBP', fxRate: null, date: JAN + 2 },
      ],
      HOME,
    )
    expect(rowsOf(csv).map((r) => r.slice(4).join(','))).toEqual([
      'Amount,Currency,Rate,Amount (AED)',
      '11.80,USD,3.6725,43.34',
      '500,JPY,0.0245,12.25',
      '20.00,GBP,,',
    ])
  })
})
