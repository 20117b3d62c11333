import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { totalsOf } from '../../schema/calc/totals'
import { MonthTotals, monthKeyOf, monthStartOf, splitWindow, type MonthEntry } from '../../src/data/month-totals'

const YEAR_MS = 365 * 86_400_000
const BASE = Date.UTC(2024, 0, 1)
const date = fc.integer({ min: BASE - 3 * YEAR_MS, max: BASE + 3 * YEAR_MS })
const entry = (id: string) =>
  fc.record({
    id: fc.constant(id),
    type: fc.constantFrom('expense' as const, 'income' as const),
    amount: fc.integer({ min: 1, max: 10_000_000_000 }),
    date,
  })

/** A random history: inserts, edits (amount, type, a move to another month) and deletes of ten ids. */
type Step = { id: string; entry: MonthEntry | null }
const step: fc.Arbitrary<Step> = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.boolean())
  .chain(([n, remove]): fc.Arbitrary<Step> =>
    remove ? fc.constant({ id: `t${n}`, entry: null }) : entry(`t${n}`).map((e) => ({ id: e.id, entry: e })),
  )
/** A random history: inserts, edits (amount, type, a move to another month) and deletes of ten ids. */
const history = fc.array(step, { maxLength: 80 })

function replay(steps: Step[]) {
  const totals = new MonthTotals()
  const state = new Map<string, MonthEntry>()
  for (const { id, entry } of steps) {
    totals.set(id, entry)
    if (entry) state.set(id, entry)
    else state.delete(id)
  }
  return { totals, rows: [...state.values()] }
}

describe('month totals', () => {
  it('equal a full scan of the current rows after any inserts, edits, month moves and deletes', () => {
    fc.assert(
      fc.property(history, (steps) => {
        const { totals, rows } = replay(steps)
        expect(totals.between()).toEqual(totalsOf(rows))
      }),
    )
  })

  it('equal a full scan over any whole-month range', () => {
    fc.assert(
      fc.property(history, date, date, (steps, a, b) => {
        const { totals, rows } = replay(steps)
        const [from, to] = [monthKeyOf(Math.min(a, b)), monthKeyOf(Math.max(a, b))]
        const inRange = rows.filter((r) => r.date >= monthStartOf(from) && r.date < monthStartOf(to))
        expect(totals.between(from, to)).toEqual(totalsOf(inRange))
      }),
    )
  })

  it('are the same whatever order a scan and its racing changes arrive in (last state of each row wins)', () => {
    fc.assert(
      fc.property(history, history, (scanned, racing) => {
        const inOrder = replay([...scanned, ...racing])
        // The scan may already hold some racing changes: replaying them again changes nothing.
        const withRepeat = replay([...scanned, ...racing.slice(0, racing.length >> 1), ...racing])
        expect(withRepeat.totals.between()).toEqual(inOrder.totals.between())
      }),
    )
  })
})

describe('splitWindow', () => {
  it('covers the window exactly once with whole months and edges', () => {
    fc.assert(
      fc.property(date, date, date, (a, b, probe) => {
        const [start, end] = [Math.min(a, b), Math.max(a, b)]
        const split = splitWindow(start, end)
        const inWhole = probe >= monthStartOf(split.fromKey) && probe < monthStartOf(split.toKey)
        const inEdges = split.edges.filter((e) => probe >= e.start && probe < e.end).length
        const inWindow = probe >= start && probe < end
        expect((split.fromKey < split.toKey && inWhole ? 1 : 0) + inEdges).toBe(inWindow ? 1 : 0)
        expect(split.edges.length).toBeLessThanOrEqual(2)
      }),
    )
  })

  it('needs no edge for a window of whole local months', () => {
    const start = new Date(2025, 2, 1).getTime()
    const end = new Date(2025, 5, 1).getTime()
    expect(splitWindow(start, end)).toEqual({ fromKey: monthKeyOf(start), toKey: monthKeyOf(end), edges: [] })
  })
})

describe('month totals in the home currency', () => {
  it('convert each entry as it is set, and count entries with no rate apart', () => {
    const home = { currency: 'AED', legacyCurrency: 'INR' }
    const totals = new MonthTotals(home)
    const day = new Date(2026, 10, 5).getTime()
    totals.set('a', {
      id: 'a',
      type: 'expense',
      amount: 11_80,
      date: day,
      currency: 'USD',
      fxRate: 3.6725,
      fxHome: 'AED',
    })
    totals.set('b', { id: 'b', type: 'expense', amount: 500_00, date: day })
    totals.set('c', { id: 'c', type: 'income', amount: 100_00, date: day, currency: 'AED' })
    expect(totals.between()).toEqual({
      income: 100_00,
      expenses: 43_34,
      balance: 100_00 - 43_34,
      incomeCount: 1,
      expenseCount: 2,
      notConverted: 1,
    })
    totals.set('b', null)
    expect(totals.between()).toMatchObject({ notConverted: 0, expenseCount: 1 })
  })
})
