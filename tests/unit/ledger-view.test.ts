import { describe, expect, it } from 'vitest'
import {
  ledgerView,
  matchesSearch,
  normaliseSearch,
  TYPE_FILTERS,
  type SearchableEntry,
} from '../../schema/calc/ledger-view'
import { totalsOf } from '../../schema/calc/totals'
import { weeklyTrend } from '../../schema/calc/trend'
import { describeTrend } from '../../schema/calc/trend-text'
import {
  categoryOptions,
  EDIT_EXPENSE_CATEGORIES,
  EDIT_INCOME_SOURCES,
  EXPENSE_CATEGORIES,
  INCOME_SOURCES,
} from '../../schema/categories'

/** A deterministic pseudo-random source, so invariant tests are repeatable. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

const WORDS = ['Lunch', 'cab', 'CAB ride', 'Rent', 'salary', 'Chai', '', 'Gift for Asha']
const CATEGORIES = ['Food & Dining', 'Transportation', 'Salary', 'Pets', 'Shopping']

function randomEntries(n: number, seed: number): SearchableEntry[] {
  const next = rng(seed)
  return Array.from({ length: n }, (_, i) => ({
    type: next() < 0.3 ? 'income' : 'expense',
    amount: 1 + Math.floor(next() * 10_000_000),
    category: CATEGORIES[Math.floor(next() * CATEGORIES.length)]!,
    description: WORDS[Math.floor(next() * WORDS.length)]!,
    date: 1_700_000_000_000 + i * 60_000,
  }))
}

describe('ledgerView', () => {
  const entries = randomEntries(2_000, 7)

  it.each(
    TYPE_FILTERS.flatMap((type) => ['', 'cab', 'FOOD', '  salary ', 'zzz'].map((search) => [type, search] as const)),
  )('totals are exactly the sums of the rows it keeps (type %s, search %j)', (type, search) => {
    const view = ledgerView(entries, { type, search })
    expect(view.totals).toEqual(totalsOf(view.rows))
    expect(view.totals.incomeCount + view.totals.expenseCount).toBe(view.rows.length)
    expect(Number.isInteger(view.totals.income) && Number.isInteger(view.totals.expenses)).toBe(true)
  })

  it('keeps exactly the entries that match, in input order', () => {
    const view = ledgerView(entries, { type: 'expense', search: 'Cab' })
    const expected = entries.filter(
      (e) =>
        e.type === 'expense' &&
        (e.description.toLowerCase().includes('cab') || e.category.toLowerCase().includes('cab')),
    )
    expect(view.rows).toEqual(expected)
    expect(view.rows.length).toBeGreaterThan(0)
  })

  it('the type filters partition the set: all = expense + income', () => {
    const all = ledgerView(entries, { type: 'all', search: 'a' })
    const expense = ledgerView(entries, { type: 'expense', search: 'a' })
    const income = ledgerView(entries, { type: 'income', search: 'a' })
    expect(expense.rows.length + income.rows.length).toBe(all.rows.length)
    expect(expense.totals.expenses).toBe(all.totals.expenses)
    expect(income.totals.income).toBe(all.totals.income)
    expect(expense.totals.income).toBe(0)
    expect(income.totals.expenses).toBe(0)
  })

  it('a longer search never finds more (narrowing)', () => {
    for (const [short, long] of [
      ['c', 'ca'],
      ['ca', 'cab'],
      ['cab', 'cab ride'],
      ['s', 'sal'],
    ] as const) {
      const a = ledgerView(entries, { type: 'all', search: short }).rows
      const b = ledgerView(entries, { type: 'all', search: long }).rows
      expect(b.length).toBeLessThanOrEqual(a.length)
      expect(b.every((e) => a.includes(e))).toBe(true)
    }
  })

  it('search is case-insensitive over description and category; blank matches all', () => {
    const e: SearchableEntry = {
      type: 'expense',
      amount: 100,
      category: 'Food & Dining',
      description: 'Masala Dosa',
      date: 0,
    }
    expect(matchesSearch(e, normaliseSearch('DOSA'))).toBe(true)
    expect(matchesSearch(e, normaliseSearch(' food '))).toBe(true)
    expect(matchesSearch(e, normaliseSearch('rent'))).toBe(false)
    expect(ledgerView([e], { type: 'all', search: '   ' }).rows).toHaveLength(1)
    expect(ledgerView([], { type: 'all', search: '' }).totals).toEqual({
      income: 0,
      expenses: 0,
      balance: 0,
      incomeCount: 0,
      expenseCount: 0,
      notConverted: 0,
    })
  })
})

describe('describeTrend', () => {
  const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime()
  const now = at(2026, 11, 18) // Wednesday; week from Mon 16 Nov
  const spend = (amount: number, date: number) => ({ type: 'expense' as const, amount, category: 'Food', date })

  it('words the change against last week', () => {
    expect(
      describeTrend(weeklyTrend([spend(250_000, at(2026, 11, 17)), spend(200_000, at(2026, 11, 10))], now)),
    ).toEqual({ direction: 'up', text: '↑ 25% vs last week' })
    expect(
      describeTrend(weeklyTrend([spend(90_000, at(2026, 11, 17)), spend(100_000, at(2026, 11, 10))], now)),
    ).toEqual({ direction: 'down', text: '↓ 10% vs last week' })
    expect(describeTrend(weeklyTrend([spend(100, at(2026, 11, 17)), spend(100, at(2026, 11, 15))], now))).toEqual({
      direction: 'same',
      text: 'Same as last week',
    })
    expect(describeTrend(weeklyTrend([spend(100, at(2026, 11, 17))], now))).toEqual({
      direction: 'none',
      text: 'No spending last week',
    })
    expect(
      describeTrend(weeklyTrend([spend(100_001, at(2026, 11, 17)), spend(100_000, at(2026, 11, 10))], now)).text,
    ).toBe('↑ <1% vs last week')
  })

  it('the arrow always agrees with the sign of the change', () => {
    const next = rng(3)
    for (let i = 0; i < 500; i += 1) {
      const trend = weeklyTrend(
        [spend(1 + Math.floor(next() * 1e6), at(2026, 11, 17)), spend(1 + Math.floor(next() * 1e6), at(2026, 11, 11))],
        now,
      )
      const { direction, text } = describeTrend(trend)
      if (trend.change > 0) expect([direction, text.startsWith('↑')]).toEqual(['up', true])
      else if (trend.change < 0) expect([direction, text.startsWith('↓')]).toEqual(['down', true])
      else expect(direction).toBe('same')
    }
  })
})

describe('categoryOptions', () => {
  it('add lists are the spec defaults, with the user’s own before Others (expenses only)', () => {
    expect(categoryOptions('expense', 'add')).toEqual([...EXPENSE_CATEGORIES])
    expect(categoryOptions('expense', 'add', ['Pets', 'pets', 'Food & Dining'])).toEqual([
      ...EXPENSE_CATEGORIES.slice(0, -1),
      'Pets',
      'Others',
    ])
    expect(categoryOptions('income', 'add', ['Pets'])).toEqual([...INCOME_SOURCES])
  })

  it('edit lists are the edit dialog’s, plus the current value when missing, catch-all last', () => {
    expect(categoryOptions('expense', 'edit')).toEqual([...EDIT_EXPENSE_CATEGORIES])
    expect(categoryOptions('expense', 'edit', ['Pets'], 'Transportation')).toEqual([
      ...EDIT_EXPENSE_CATEGORIES.slice(0, -1),
      'Pets',
      'Transportation',
      'Other',
    ])
    expect(categoryOptions('income', 'edit', [], 'Rental')).toEqual([
      ...EDIT_INCOME_SOURCES.slice(0, -1),
      'Rental',
      'Other',
    ])
    expect(categoryOptions('income', 'edit', [], 'Salary')).toEqual([...EDIT_INCOME_SOURCES])
  })

  it('always contains the current value exactly once and never duplicates (case-insensitive)', () => {
    const next = rng(11)
    const pool = [
      'Pets',
      'PETS',
      'Gym',
      'Other',
      'Others',
      'Transport',
      'Salary',
      'Rental',
      'Food & Dining',
      'food & dining',
    ]
    for (let i = 0; i < 300; i += 1) {
      const custom = pool.filter(() => next() < 0.3)
      const current = pool[Math.floor(next() * pool.length)]!
      for (const type of ['expense', 'income'] as const) {
        for (const list of ['add', 'edit'] as const) {
          const options = categoryOptions(type, list, custom, current)
          const lower = options.map((o) => o.toLowerCase())
          expect(new Set(lower).size).toBe(lower.length)
          expect(lower).toContain(current.toLowerCase())
          expect(['other', 'others']).toContain(lower[lower.length - 1])
        }
      }
    }
  })
})
