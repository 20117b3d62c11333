import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { alertsForExpense } from '../../schema/calc/budget-alerts'
import { budgetLimit, budgetsInHome, budgetStatus, countInBudget } from '../../schema/calc/budget-status'
import { buildInsights } from '../../schema/calc/insights'
import { inHomeCurrency, type LedgerEntry } from '../../schema/calc/totals'
import { inHome, moneyEntryOf, type HomeCurrency } from '../../schema/money/currency'

const HOME: HomeCurrency = { currency: 'AED' }
const NOW = new Date(2027, 0, 20, 12).getTime()
const MONTH_START = new Date(2027, 0, 1).getTime()
const DAY = 86_400_000
const budget = { category: 'Food & Dining', amount: 100_00, period: 'monthly' as const, createdAt: MONTH_START }

/** An expense this month in any currency, with a rate to AED or none (not converted). */
const expense = fc
  .record({
    units: fc.integer({ min: 1, max: 5_000_00 }),
    currency: fc.constantFrom('AED', 'INR', 'USD', 'BHD'),
    rate: fc.option(fc.constantFrom(0.0442, 3.6725, 9.75), { nil: null }),
    category: fc.constantFrom('Food & Dining', 'food & dining', 'Travel'),
    day: fc.integer({ min: 0, max: 18 }),
  })
  .map((e): LedgerEntry => ({
    type: 'expense',
    amount: e.units,
    currency: e.currency,
    fxRate: e.currency === 'AED' ? null : e.rate,
    fxHome: 'AED',
    category: e.category,
    date: MONTH_START + e.day * DAY,
  }))
const ledger = fc.array(expense, { maxLength: 30 })
const converted = (e: LedgerEntry) => inHome(moneyEntryOf(e, HOME), HOME.currency)
/** The entry as it would be had it been typed in AED at its converted amount. */
const asHome = (e: LedgerEntry): LedgerEntry => ({ ...e, currency: 'AED', amount: converted(e)! })

describe('budgets in the home currency', () => {
  it('spent is the sum of the converted entries of its category and window; the rest are counted apart', () => {
    fc.assert(
      fc.property(ledger, (list) => {
        const split = inHomeCurrency(list, HOME)
        const food = list.filter((e) => e.category.toLowerCase() === 'food & dining')
        const expected = food.reduce((sum, e) => sum + (converted(e) ?? 0), 0)
        expect(budgetStatus(budget, split.entries, NOW).spent).toBe(expected)
        expect(countInBudget(budget, split.notConverted, NOW)).toBe(food.filter((e) => converted(e) === null).length)
      }),
    )
  })

  it('an alert reads converted amounts: the same as had every entry been typed in the home currency', () => {
    fc.assert(
      fc.property(ledger, expense, (before, added) => {
        const list = [...before, added]
        const alerts = alertsForExpense(added, [budget], list, NOW, HOME)
        if (converted(added) === null) expect(alerts).toEqual([])
        else {
          const inAed = list.filter((e) => converted(e) !== null).map(asHome)
          expect(alerts).toEqual(alertsForExpense(asHome(added), [budget], inAed, NOW, HOME))
        }
      }),
    )
  })

  it('$11.80 at 3.6725 on 60 AED spent of a 100 AED budget crosses 90 % (103 %), not 70 % at 1:1', () => {
    const base = { type: 'expense' as const, category: 'Food & Dining', date: NOW - DAY }
    const before = { ...base, amount: 60_00, currency: 'AED' }
    const lunch = { ...base, amount: 11_80, currency: 'USD', fxRate: 3.6725, fxHome: 'AED' }
    expect(alertsForExpense(lunch, [budget], [before, lunch], NOW, HOME)).toEqual([
      { category: 'Food & Dining', level: 90, spent: 103_34, limit: 100_00, percent: 103 },
    ])
    const noRate = { ...lunch, fxRate: null }
    expect(alertsForExpense(noRate, [budget], [before, noRate], NOW, HOME)).toEqual([])
  })
})

describe('insights in the home currency', () => {
  it('count the entries left out, and give exactly the figures of the converted entries alone', () => {
    fc.assert(
      fc.property(ledger, (list) => {
        const insights = buildInsights(list, [budget], [], NOW, HOME)
        const kept = list.filter((e) => converted(e) !== null)
        expect(insights.notConverted).toBe(list.length - kept.length)
        expect({ ...insights, notConverted: 0 }).toEqual(buildInsights(kept.map(asHome), [budget], [], NOW, HOME))
      }),
    )
  })

  it('an all-home-currency ledger without currency fields gives the same insights as one that names it', () => {
    fc.assert(
      fc.property(ledger, (list) => {
        const legacy = list.map(({ category, date, type, amount }) => ({ category, date, type, amount }))
        const named = legacy.map((e) => ({ ...e, currency: 'INR' }))
        const inr = { currency: 'INR' }
        expect(buildInsights(legacy, [budget], [], NOW, inr)).toEqual(buildInsights(named, [budget], [], NOW, inr))
        expect(buildInsights(legacy, [budget], [], NOW, inr).notConverted).toBe(0)
      }),
    )
  })
})

describe('a budget made before budgets had a currency', () => {
  const budget = { category: 'Food', amount: 5_000_00, period: 'monthly' as const, createdAt: 0 }

  it('keeps meaning the currency it was made in after the home currency changes: never read 1:1 in the new one', () => {
    fc.assert(
      fc.property(fc.constantFrom('USD', 'AED', 'JPY', 'EUR'), fc.integer({ min: 1, max: 10 ** 9 }), (home, amount) => {
        const legacy: HomeCurrency = { currency: home, legacyCurrency: 'INR' }
        const old = { ...budget, amount }
        // Its limit is in rupees, with no rate to the new home currency: not converted, compared with nothing.
        expect(budgetLimit(old, legacy)).toBeNull()
        expect(budgetsInHome([old], legacy).notConverted).toEqual([old])
        // Given a rupee rate toward the new home currency, it converts at it, as a budget naming INR does.
        const rated = { ...old, currency: 'INR', fxRate: 0.012, fxHome: home }
        expect(budgetLimit({ ...old, fxRate: 0.012, fxHome: home }, legacy)).toBe(budgetLimit(rated, legacy))
      }),
    )
    // Before any change there is no legacy currency: it is in the home currency, as it always was.
    expect(budgetLimit(budget, { currency: 'INR', legacyCurrency: null })).toBe(5_000_00)
  })
})
