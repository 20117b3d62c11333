import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocationIncome, overAllocatedBy } from '../../schema/calc/allocation'

const paise = fc.integer({ min: 0, max: 10_000_000_000 })

describe('allocationIncome', () => {
  it('uses the planned figure whenever one is set, else what was recorded this month', () => {
    fc.assert(
      fc.property(paise, paise, (planned, recorded) => {
        const { income, basis } = allocationIncome(planned, recorded)
        expect(basis).toBe(planned > 0 ? 'planned' : 'recorded')
        expect(income).toBe(basis === 'planned' ? planned : recorded)
        expect(Number.isInteger(income)).toBe(true)
      }),
    )
  })

  it('shows the recorded ₹1,85,000 when nothing is planned', () => {
    expect(allocationIncome(0, 1_85_000_00)).toEqual({ income: 1_85_000_00, basis: 'recorded' })
  })
})

describe('overAllocatedBy', () => {
  it('is the excess over the limit, never negative, and zero exactly when within the limit', () => {
    fc.assert(
      fc.property(paise, paise, (allocated, limit) => {
        const over = overAllocatedBy(allocated, limit)
        expect(over).toBeGreaterThanOrEqual(0)
        expect(over === 0).toBe(allocated <= limit)
        if (over > 0) expect(limit + over).toBe(allocated)
      }),
    )
  })

  it('warns about ₹1,50,000 allocated to a ₹30,000 budget', () => {
    expect(overAllocatedBy(1_50_000_00, 30_000_00)).toBe(1_20_000_00)
  })
})
