import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocationCeiling, allocationIncome, overAllocatedBy } from '../../schema/calc/allocation'
import { formatDecimal, formatMoney } from '../../schema/money/money'
import { checkAllocation, PLAN_MESSAGES } from '../../schema/validation/plan-input'

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

describe('an allocation is never more than the income leaves', () => {
  const rupees = (p: number) => formatMoney(p)

  it('₹9,99,99,999 into an ₹8,000 budget on ₹1,50,000 of income is refused before saving, in the spec’s words', () => {
    const ceiling = allocationCeiling(1_50_000_00, 0, 0)
    expect(checkAllocation('99999999', ceiling, rupees)).toEqual({
      ok: false,
      error: "You've allocated more than your income! At most ₹1,50,000 is available for this budget.",
    })
    expect(checkAllocation('150000', ceiling, rupees)).toEqual({ ok: true, value: 1_50_000_00 })
    expect(checkAllocation('', ceiling, rupees)).toEqual({ ok: false, error: PLAN_MESSAGES.allocationRequired })
  })

  it('what is accepted keeps the total within the income, unless it lowers an allocation', () => {
    fc.assert(
      fc.property(paise, paise, paise, paise, (income, elsewhere, current, asked) => {
        const checked = checkAllocation(formatDecimal(asked), allocationCeiling(income, elsewhere, current), rupees)
        // Accepted exactly when it fits what the income leaves, or is no more than before.
        expect(checked.ok).toBe(asked <= Math.max(income - elsewhere, current))
        if (checked.ok && asked > current) expect(elsewhere + checked.value).toBeLessThanOrEqual(income)
      }),
    )
  })
})
