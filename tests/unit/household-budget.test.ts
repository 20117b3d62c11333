import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { barColour } from '../../schema/calc/budget-status'
import { householdMonthSpend, type HouseholdBudgetEntry } from '../../schema/calc/household-budget'
import { REVIEW_STATUSES } from '../../schema/entities/household'

const NOW = new Date(2026, 10, 26, 12, 0).getTime()
const START = new Date(2026, 10, 1).getTime()
const END = new Date(2026, 11, 1).getTime()

const entry = fc.record({
  amount: fc.integer({ min: 1, max: 10_000_000_000 }),
  date: fc.integer({ min: START - 40 * 86_400_000, max: END + 40 * 86_400_000 }),
  status: fc.constantFrom(...REVIEW_STATUSES),
})

describe('householdMonthSpend', () => {
  it('counts approved and pending expenses of this month, never denied ones or other months', () => {
    const expenses: HouseholdBudgetEntry[] = [
      { amount: 30_000_00, date: START, status: 'approved' },
      { amount: 10_000_00, date: NOW, status: 'pending' },
      { amount: 99_000_00, date: NOW, status: 'denied' },
      { amount: 50_000_00, date: START - 1, status: 'approved' },
      { amount: 50_000_00, date: END, status: 'pending' },
    ]
    expect(householdMonthSpend(expenses, 50_000_00, NOW)).toEqual({
      approved: 30_000_00,
      pending: 10_000_00,
      spent: 40_000_00,
      limit: 50_000_00,
      remaining: 10_000_00,
      overBy: 0,
      percent: 80,
      colour: 'yellow',
    })
  })

  it('turns yellow above 70 % and red above 90 %, like personal budgets', () => {
    const at = (spent: number) => householdMonthSpend([{ amount: spent, date: NOW, status: 'approved' }], 1000_00, NOW)
    expect([700_00, 700_01, 900_00, 900_01, 1500_00].map((s) => at(s).colour)).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ])
    expect(at(1500_00)).toMatchObject({ percent: 150, overBy: 500_00, remaining: 0 })
  })

  it('property: spent is the sum of this month’s undenied expenses; the parts add up; colour as barColour', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), fc.integer({ min: 0, max: 1e12 }), (expenses, budget) => {
        const result = householdMonthSpend(expenses, budget, NOW)
        const inMonth = expenses.filter((e) => e.date >= START && e.date < END && e.status !== 'denied')
        expect(result.spent).toBe(inMonth.reduce((sum, e) => sum + e.amount, 0))
        expect(result.approved + result.pending).toBe(result.spent)
        expect(result.remaining - result.overBy).toBe(budget - result.spent)
        expect(result.colour).toBe(barColour(result.spent, budget))
        // One more undenied expense this month never lowers what is spent.
        const more = householdMonthSpend([...expenses, { amount: 1, date: NOW, status: 'pending' }], budget, NOW)
        expect(more.spent).toBe(result.spent + 1)
      }),
    )
  })
})
