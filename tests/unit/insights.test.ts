import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { alertsForExpense, describeAlert } from '../../schema/calc/budget-alerts'
import {
  budgetsAtRisk,
  buildInsights,
  categoryVsAverage,
  describeComparison,
  describeDue,
  describeProjection,
  paymentsDueSoon,
  projectMonthEnd,
  type DuePayment,
} from '../../schema/calc/insights'
import type { LedgerEntry } from '../../schema/calc/totals'

const INR = { currency: 'INR' }
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime()
const expense = (amount: number, category: string, date: number): LedgerEntry => ({
  type: 'expense',
  amount,
  category,
  date,
})

describe('category against its 3-month average', () => {
  const now = at(2027, 1, 20)
  const history = [
    expense(5_000_00, 'Food & Dining', at(2026, 10, 5)),
    expense(4_000_00, 'Food & Dining', at(2026, 11, 5)),
    expense(4_200_00, 'Food & Dining', at(2026, 12, 5)),
  ]
  it('compares this month so far with the average of the previous three months', () => {
    const rows = categoryVsAverage([...history, expense(6_160_00, 'Food & Dining', at(2027, 1, 10))], now)
    expect(rows).toEqual([{ category: 'Food & Dining', current: 6_160_00, average: 4_400_00, months: 3, percent: 40 }])
    expect(describeComparison(rows[0]!)).toBe('Food & Dining: ₹6,160 so far, 40% above your 3-month average')
  })
  it('says nothing without history, for new categories, or for small differences', () => {
    expect(categoryVsAverage([expense(100_00, 'Food & Dining', at(2027, 1, 3))], now)).toEqual([])
    expect(categoryVsAverage([...history, expense(100_00, 'Pets', at(2027, 1, 3))], now)).toEqual([])
    expect(categoryVsAverage([...history, expense(4_500_00, 'Food & Dining', at(2027, 1, 3))], now)).toEqual([])
  })
  it('averages only over months that have entries', () => {
    const rows = categoryVsAverage(
      [expense(2_000_00, 'Travel', at(2026, 12, 5)), expense(1_000_00, 'Travel', at(2027, 1, 5))],
      now,
    )
    expect(rows[0]).toMatchObject({ average: 2_000_00, months: 1, percent: -50 })
    expect(describeComparison(rows[0]!)).toBe('Travel: ₹1,000 so far, 50% below what you spent last month')
  })
})

describe('month-end projection', () => {
  it('is spent ÷ days elapsed × days in month and never below what is spent', () => {
    expect(projectMonthEnd(10_000_00, at(2027, 1, 10))).toEqual({
      spentSoFar: 10_000_00,
      projected: 31_000_00,
      daysElapsed: 10,
      daysInMonth: 31,
    })
    for (let day = 1; day <= 28; day += 1)
      for (const spent of [1, 99, 12_345_67])
        expect(projectMonthEnd(spent, at(2027, 2, day))!.projected).toBeGreaterThanOrEqual(spent)
    expect(projectMonthEnd(1_000_00, at(2027, 1, 31))!.projected).toBe(1_000_00)
  })
  it('is null when nothing was spent, and says it is a projection', () => {
    expect(projectMonthEnd(0, at(2027, 1, 10))).toBeNull()
    expect(describeProjection(projectMonthEnd(10_000_00, at(2027, 1, 10))!)).toContain('This is a projection')
  })
})

describe('budgets at risk', () => {
  const now = at(2027, 1, 10)
  const budget = (category: string, amount: number, period: 'monthly' | 'daily' | 'one-time' = 'monthly') => ({
    category,
    amount,
    period,
    createdAt: at(2026, 12, 1),
  })
  it('flags a budget whose pace runs past its limit and one already over', () => {
    const risks = budgetsAtRisk(
      [budget('Food & Dining', 10_000_00), budget('Travel', 1_000_00), budget('Shopping', 50_000_00)],
      [
        expense(4_000_00, 'Food & Dining', at(2027, 1, 5)),
        expense(1_500_00, 'travel', at(2027, 1, 2)),
        expense(1_000_00, 'Shopping', at(2027, 1, 2)),
      ],
      now,
    )
    expect(risks.map((r) => [r.category, r.alreadyOver, r.projected])).toEqual([
      ['Travel', true, 1_500_00],
      ['Food & Dining', false, 12_400_00],
    ])
  })
  it('every flagged budget is over at its projection, which is at least what is spent', () => {
    for (let spent = 0; spent <= 20_000_00; spent += 77_777) {
      for (const r of budgetsAtRisk(
        [budget('Food & Dining', 10_000_00)],
        [expense(spent || 1, 'Food & Dining', at(2027, 1, 3))],
        now,
      )) {
        expect(r.projected).toBeGreaterThan(r.limit)
        expect(r.projected).toBeGreaterThanOrEqual(r.spent)
      }
    }
  })
  it('lists daily and one-time budgets only when already over', () => {
    expect(
      budgetsAtRisk(
        [budget('Food & Dining', 10_000_00, 'daily'), budget('Travel', 10_000_00, 'one-time')],
        [expense(100_00, 'Food & Dining', now), expense(100_00, 'Travel', now)],
        now,
      ),
    ).toEqual([])
  })
})

describe('payments due this week', () => {
  const now = at(2027, 1, 10)
  const pay = (name: string, nextDueDate: string) => ({
    name,
    amount: 1_200_00,
    frequency: 'monthly' as const,
    nextDueDate,
  })
  it('keeps overdue and the next 7 days, soonest first', () => {
    const due = paymentsDueSoon(
      [pay('Later', '2027-01-18'), pay('Week', '2027-01-17'), pay('Tomorrow', '2027-01-11'), pay('Late', '2027-01-08')],
      now,
    )
    expect(due.map((d) => [d.name, d.days])).toEqual([
      ['Late', -2],
      ['Tomorrow', 1],
      ['Week', 7],
    ])
    expect(describeDue(due[1]!)).toBe('Tomorrow: ₹1,200 due tomorrow (11 Jan)')
  })
})

describe('buildInsights', () => {
  it('is empty for a user with no data', () => {
    expect(buildInsights([], [], [], at(2027, 1, 10), INR)).toEqual({
      categories: [],
      projection: null,
      risks: [],
      due: [],
      notConverted: 0,
    })
  })
})

describe('payments due in another currency', () => {
  it('are named in their own currency, not with the home currency’s sign; older ones read in the legacy one', () => {
    const now = at(2027, 1, 10)
    const payments = [
      {
        name: 'Netflix US',
        amount: 9_99,
        currency: 'USD',
        fxRate: null,
        frequency: 'monthly' as const,
        nextDueDate: '2027-01-12',
      },
      { name: 'Rent', amount: 25_000_00, frequency: 'monthly' as const, nextDueDate: '2027-01-11' },
    ]
    const { due } = buildInsights([], [], payments, now, { currency: 'AED', legacyCurrency: 'INR' })
    expect(due.map((d) => describeDue(d, { currency: 'AED', legacyCurrency: 'INR' }))).toEqual([
      'Rent: ₹25,000 due tomorrow (11 Jan)',
      'Netflix US: $9.99 due in 2 days (12 Jan)',
    ])
  })
})

describe('describeDue', () => {
  const due = (fields: Partial<DuePayment> = {}): DuePayment => ({
    name: 'Rent',
    amount: 25_000_00,
    frequency: 'monthly',
    nextDueDate: '2027-01-11',
    days: 1,
    ...fields,
  })

  it('reads a payment without a currency in the legacy currency after a change of home currency', () => {
    const home = { currency: 'AED', legacyCurrency: 'INR' }
    expect(describeDue(due(), home)).toBe('Rent: ₹25,000 due tomorrow (11 Jan)')
    expect(describeDue(due({ currency: 'AED' }), home)).toBe('Rent: د.إ\u200E25,000 due tomorrow (11 Jan)')
    expect(describeDue(due(), { currency: 'AED' })).toBe('Rent: د.إ\u200E25,000 due tomorrow (11 Jan)')
  })

  it('says of a payment without a currency what it says of one in the currency it was made in', () => {
    const code = fc.constantFrom('INR', 'USD', 'AED', 'JPY', 'BHD')
    fc.assert(
      fc.property(
        code,
        fc.option(code, { nil: undefined }),
        fc.integer({ min: 0, max: 10_000_000_00 }),
        (currency, legacyCurrency, amount) => {
          const home = { currency, legacyCurrency }
          const p = due({ amount })
          expect(describeDue(p, home)).toBe(describeDue({ ...p, currency: legacyCurrency ?? currency }, home))
        },
      ),
    )
  })
})

describe('budget alerts on a new expense', () => {
  const now = at(2027, 1, 20)
  const budgets = [
    { category: 'Food & Dining', amount: 10_000_00, period: 'monthly' as const, createdAt: at(2026, 12, 1) },
  ]
  it('announces 90 % when an expense takes spending from below 90 % to 92 %', () => {
    const newOne = expense(1_500_00, 'food & dining', at(2027, 1, 20))
    const alerts = alertsForExpense(
      newOne,
      budgets,
      [expense(7_700_00, 'Food & Dining', at(2027, 1, 3)), newOne],
      now,
      INR,
    )
    expect(alerts).toEqual([{ category: 'Food & Dining', level: 90, spent: 9_200_00, limit: 10_000_00, percent: 92 }])
    expect(describeAlert(alerts[0]!)).toBe('⚠️ Food & Dining budget is at 92% (₹9,200 of ₹10,000)')
  })
  it('stays quiet below 70 %, when already past the level, and for other months', () => {
    const a = expense(1_000_00, 'Food & Dining', at(2027, 1, 20))
    expect(alertsForExpense(a, budgets, [a], now, INR)).toEqual([])
    expect(alertsForExpense(a, budgets, [expense(7_500_00, 'Food & Dining', at(2027, 1, 2)), a], now, INR)).toEqual([])
    const old = expense(9_500_00, 'Food & Dining', at(2026, 12, 20))
    expect(alertsForExpense(old, budgets, [old], now, INR)).toEqual([])
  })
})
