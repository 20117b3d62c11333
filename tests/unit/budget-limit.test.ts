import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { alertsForExpense } from '../../schema/calc/budget-alerts'
import { budgetLimit, budgetsInHome, budgetStatus, type BudgetInput } from '../../schema/calc/budget-status'
import type { LedgerEntry } from '../../schema/calc/totals'
import { Budget } from '../../schema/entities/budget'
import { convertAmount, type HomeCurrency } from '../../schema/money/currency'

const NOW = new Date(2027, 0, 20, 12).getTime()
const MONTH_START = new Date(2027, 0, 1).getTime()
const DAY = 86_400_000

const homeArb = fc.record({
  currency: fc.constantFrom('INR', 'AED', 'USD'),
  legacyCurrency: fc.option(fc.constantFrom('INR', 'AED', 'GBP'), { nil: undefined }),
})
const budgetArb = fc.record({
  category: fc.constantFrom('Food & Dining', 'Travel'),
  amount: fc.integer({ min: 1, max: 1_000_000_00 }),
  period: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly', 'one-time' as const),
  createdAt: fc.integer({ min: MONTH_START - 40 * DAY, max: NOW }),
})
const entriesArb = (home: string) =>
  fc.array(
    fc.record({
      type: fc.constantFrom('expense', 'income' as const),
      amount: fc.integer({ min: 1, max: 50_000_00 }),
      category: fc.constantFrom('Food & Dining', 'food & dining', 'Travel'),
      date: fc.integer({ min: MONTH_START - 40 * DAY, max: NOW }),
      currency: fc.constant(home),
    }),
    { maxLength: 25 },
  )

describe('budgets with a currency', () => {
  it('a budget in the home currency (or with none, made in it) behaves exactly as before', () => {
    fc.assert(
      fc.property(homeArb, budgetArb, fc.boolean(), (home: HomeCurrency, budget, named) => {
        // One with none is in the currency it was made in: the legacy one after a change (budget-currency.test.ts).
        fc.pre((home.legacyCurrency ?? home.currency) === home.currency)
        const withCurrency: BudgetInput = named ? { ...budget, currency: home.currency, fxRate: null } : budget
        expect(budgetLimit(withCurrency, home)).toBe(budget.amount)
        expect(budgetsInHome([withCurrency], home)).toEqual({ budgets: [withCurrency], notConverted: [] })
        fc.assert(
          fc.property(entriesArb(home.currency), (entries: LedgerEntry[]) => {
            expect(budgetStatus(withCurrency, entries, NOW)).toEqual(budgetStatus(budget, entries, NOW))
            const last = entries.at(-1)
            if (last)
              expect(alertsForExpense(last, [withCurrency], entries, NOW, home)).toEqual(
                alertsForExpense(last, [budget], entries, NOW, home),
              )
          }),
          { numRuns: 5 },
        )
      }),
      { numRuns: 60 },
    )
  })

  it('a limit in another currency is converted at its rate to the home currency, else left out (never 1:1)', () => {
    fc.assert(
      fc.property(budgetArb, fc.constantFrom(83.2, 0.0442, 3.6725), fc.boolean(), (budget, rate, sameHome) => {
        const home: HomeCurrency = { currency: 'INR' }
        const usd: BudgetInput = { ...budget, currency: 'USD', fxRate: rate, fxHome: sameHome ? 'INR' : 'AED' }
        const limit = budgetLimit(usd, home)
        if (sameHome) expect(limit).toBe(convertAmount(budget.amount, 'USD', 'INR', rate))
        else expect(limit).toBeNull()
        expect(budgetLimit({ ...usd, fxRate: null }, home)).toBeNull()
        const split = budgetsInHome([usd], home)
        expect(split.budgets.length + split.notConverted.length).toBe(1)
        if (limit !== null) expect(split.budgets[0]!.amount).toBe(limit)
      }),
    )
  })

  it('a budget whose limit is not converted alerts nothing', () => {
    const budget: BudgetInput = {
      category: 'Food & Dining',
      amount: 10_00,
      period: 'monthly',
      createdAt: MONTH_START,
      currency: 'USD',
      fxRate: null,
    }
    const spend: LedgerEntry = { type: 'expense', amount: 5_000_00, category: 'Food & Dining', date: NOW - DAY }
    expect(alertsForExpense(spend, [budget], [spend], NOW, { currency: 'INR' })).toEqual([])
    const converted = { ...budget, fxRate: 83.2, fxHome: 'INR' }
    expect(alertsForExpense(spend, [converted], [spend], NOW, { currency: 'INR' })).toHaveLength(1)
  })

  it('the entity keeps the fields, and refuses a rate with no home currency or digits the currency lacks', () => {
    const base = { id: 'b1', ownerId: 'u1', updatedAt: 1, category: 'Food', amount: 100_00, createdAt: 1 }
    const usd = Budget.parse({ ...base, currency: 'USD', fxRate: 83.2, fxHome: 'INR' })
    expect(usd).toMatchObject({ currency: 'USD', fxRate: 83.2, fxHome: 'INR' })
    expect(Budget.safeParse({ ...base, currency: 'USD', fxRate: 83.2 }).success).toBe(false)
    expect(Budget.safeParse({ ...base, currency: 'JPY', amount: 150 }).success).toBe(false)
    expect(Budget.safeParse({ ...base, currency: 'USD', fxRate: -1, fxHome: 'INR' }).success).toBe(false)
  })
})
