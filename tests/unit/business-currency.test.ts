import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inBooksCurrency, pnlSummary } from '../../schema/calc/pnl'
import { BUSINESS_CURRENCY, BusinessEntry } from '../../schema/entities/business'
import { convertAmount } from '../../schema/money/currency'

const rate = fc.integer({ min: 1, max: 9_999_999 }).map((n) => n / 1000)
const entry = fc.record({
  kind: fc.constantFrom('expense' as const, 'revenue' as const),
  amount: fc.integer({ min: 1, max: 1e10 }),
  date: fc.integer({ min: 0, max: 2e12 }),
  currency: fc.option(fc.constantFrom('INR', 'USD', 'AED'), { nil: undefined }),
  fxRate: fc.option(rate),
  fxHome: fc.option(fc.constantFrom('INR', 'USD'), { nil: undefined }),
})

describe('business entries in the books’ currency (INR)', () => {
  it('the P&L of the converted entries is the sum of each converted entry; none is taken 1:1', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const books = inBooksCurrency(entries, BUSINESS_CURRENCY)
        let revenue = 0
        let expenses = 0
        let missing = 0
        for (const e of entries) {
          const code = e.currency ?? 'INR'
          const usable = code === 'INR' || (e.fxRate !== null && e.fxHome === 'INR')
          if (!usable) missing++
          const amount = code === 'INR' ? e.amount : usable ? convertAmount(e.amount, code, 'INR', e.fxRate!) : 0
          if (e.kind === 'revenue') revenue += amount
          else expenses += amount
        }
        expect(books.notConverted).toBe(missing)
        expect(pnlSummary(books.entries)).toMatchObject({ revenue, expenses, profit: revenue - expenses })
      }),
    )
  })

  it('a dollar entry needs its rate to INR to be stored with one', () => {
    const base = { id: 'b1', ownerId: 'a', updatedAt: 1, kind: 'revenue', amount: 100_00, category: 'Sales', date: 1 }
    expect(BusinessEntry.safeParse({ ...base, currency: 'USD', fxRate: 83.1, fxHome: 'INR' }).success).toBe(true)
    expect(BusinessEntry.safeParse({ ...base, currency: 'USD', fxRate: null }).success).toBe(true)
    expect(BusinessEntry.safeParse({ ...base, currency: 'USD', fxRate: 83.1 }).success).toBe(false)
    expect(BusinessEntry.safeParse({ ...base, currency: 'USD', fxRate: 0, fxHome: 'INR' }).success).toBe(false)
  })
})
