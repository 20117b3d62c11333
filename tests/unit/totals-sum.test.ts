import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inHomeCurrency, sumTotals, totalsOf } from '../../schema/calc/totals'
import { moneyEntryOf, sumInHome } from '../../schema/money/currency'

const entry = fc.record({
  type: fc.constantFrom('expense' as const, 'income' as const),
  amount: fc.integer({ min: 1, max: 10_000_000_000 }),
})
/** A ledger cut into parts (months, or a window's edges and whole months). */
const parts = fc.array(fc.array(entry, { maxLength: 20 }), { maxLength: 12 })

describe('sumTotals', () => {
  it('the parts added up are the totals of all their entries', () => {
    fc.assert(
      fc.property(parts, (cut) => {
        expect(sumTotals(cut.map((part) => totalsOf(part)))).toEqual(totalsOf(cut.flat()))
      }),
    )
  })

  it('keeps balance = income − expenses, whatever balance the parts carry', () => {
    fc.assert(
      fc.property(parts, (cut) => {
        const sum = sumTotals(cut.map((p) => ({ ...totalsOf(p), balance: 0 })))
        expect(sum.balance).toBe(sum.income - sum.expenses)
        expect(Number.isInteger(sum.income) && Number.isInteger(sum.expenses)).toBe(true)
      }),
    )
  })

  it('does not depend on how the ledger is grouped or ordered', () => {
    fc.assert(
      fc.property(parts, (cut) => {
        const whole = sumTotals(cut.map((part) => totalsOf(part)))
        expect(sumTotals([...cut].reverse().map((part) => totalsOf(part)))).toEqual(whole)
        const halves = [cut.slice(0, cut.length >> 1), cut.slice(cut.length >> 1)]
        expect(sumTotals(halves.map((h) => sumTotals(h.map((part) => totalsOf(part)))))).toEqual(whole)
      }),
    )
  })

  it('of nothing is all zero', () => {
    expect(sumTotals([])).toEqual(totalsOf([]))
  })
})

describe('totals in the home currency', () => {
  const CODES = ['INR', 'USD', 'AED', 'JPY'] as const
  const rate = fc.integer({ min: 1, max: 99_999 }).map((n) => n / 1000)
  const foreign = fc.record({
    type: fc.constantFrom('expense' as const, 'income' as const),
    currency: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
    own: fc.integer({ min: 1, max: 100_000_000 }),
    fxRate: fc.option(rate),
    fxHome: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
  })
  const ledger = fc
    .array(foreign, { maxLength: 30 })
    .map((rows) => rows.map(({ own, ...row }) => ({ ...row, amount: row.currency === 'JPY' ? own * 100 : own })))
  const home = fc.record({
    currency: fc.constantFrom(...CODES),
    legacyCurrency: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
  })

  it('add up the converted entries and count those with no rate to the home currency apart, never 1:1', () => {
    fc.assert(
      fc.property(ledger, home, (rows, h) => {
        const t = totalsOf(rows, h)
        const converted = inHomeCurrency(rows, h)
        const left = converted.notConverted
        expect(t).toEqual({
          ...totalsOf(converted.entries),
          incomeCount: rows.filter((r) => r.type === 'income').length,
          expenseCount: rows.filter((r) => r.type === 'expense').length,
          notConverted: left.length,
        })
        for (const type of ['income', 'expense'] as const) {
          const sum = sumInHome(
            rows.filter((r) => r.type === type).map((r) => moneyEntryOf(r, h)),
            h.currency,
          )
          expect(type === 'income' ? t.income : t.expenses).toBe(sum.total)
        }
        // Only entries in another currency than the home one, with no rate to it, are left out.
        for (const row of converted.notConverted) {
          expect(row.currency ?? h.legacyCurrency ?? h.currency).not.toBe(h.currency)
          expect(row.fxRate === null || row.fxHome !== h.currency).toBe(true)
        }
      }),
    )
  })

  it('an entry in the home currency counts as itself; one with a rate to another home is not converted', () => {
    const h = { currency: 'AED', legacyCurrency: 'INR' }
    const rows = [
      { type: 'expense' as const, amount: 10_00, currency: 'AED' },
      { type: 'expense' as const, amount: 500_00 },
      { type: 'expense' as const, amount: 11_80, currency: 'USD', fxRate: 3.6725, fxHome: 'AED' },
      { type: 'expense' as const, amount: 11_80, currency: 'USD', fxRate: 83.25, fxHome: 'INR' },
    ]
    expect(totalsOf(rows, h)).toMatchObject({ expenses: 10_00 + 43_34, expenseCount: 4, notConverted: 2 })
  })
})
