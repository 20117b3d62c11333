import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sumTotals, totalsOf } from '../../schema/calc/totals'

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
        expect(sumTotals(cut.map(totalsOf))).toEqual(totalsOf(cut.flat()))
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
        const whole = sumTotals(cut.map(totalsOf))
        expect(sumTotals([...cut].reverse().map(totalsOf))).toEqual(whole)
        const halves = [cut.slice(0, cut.length >> 1), cut.slice(cut.length >> 1)]
        expect(sumTotals(halves.map((h) => sumTotals(h.map(totalsOf))))).toEqual(whole)
      }),
    )
  })

  it('of nothing is all zero', () => {
    expect(sumTotals([])).toEqual(totalsOf([]))
  })
})
