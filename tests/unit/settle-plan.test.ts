import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { settlementPlan, type PlannedPayment } from '../../schema/calc/household-balances'
import { EXACT_PLAN_LIMIT, fewestPayments } from '../../schema/calc/settle-plan'

/** Balances in paise keyed u0, u1…, the last one making them sum to zero. */
function balancesOf(values: readonly number[]): Map<string, number> {
  const all = [...values, -values.reduce((a, b) => a + b, 0)]
  return new Map(all.map((v, i) => [`u${i}`, v]))
}

/** Round rupees from −₹1,000 to ₹1,000 (many subsets sum to zero, as in a real flat), in paise. */
const roundRupees = fc.integer({ min: -10, max: 10 }).map((h) => h * 100_00)
/** Any paise, where zero-sum subsets are rare. */
const anyPaise = fc.integer({ min: -5_000_000, max: 5_000_000 })
const balanceSet = (max: number) =>
  fc.array(fc.oneof(roundRupees, anyPaise), { minLength: 0, maxLength: max - 1 }).map((values) => balancesOf(values))

function settles(balances: ReadonlyMap<string, number>, plan: readonly PlannedPayment[]): boolean {
  const after = new Map(balances)
  for (const p of plan) {
    if (!(balances.get(p.from)! < 0 && balances.get(p.to)! > 0)) return false
    if (!Number.isInteger(p.amount) || p.amount <= 0) return false
    after.set(p.from, after.get(p.from)! + p.amount)
    after.set(p.to, after.get(p.to)! - p.amount)
  }
  return [...after.values()].every((b) => b === 0)
}

/**
 * The fewest payments by brute force, independent of the solver: over every way to split the
 * people with a non-zero balance into groups, the most groups that each sum to zero (g); then
 * n − g payments are needed and enough (a group of k settles in k − 1, and no fewer).
 */
function bruteForceMinimum(balances: ReadonlyMap<string, number>): number {
  const values = [...balances.values()].filter((b) => b !== 0)
  let best = 0
  const groups: number[] = []
  const place = (i: number) => {
    if (i === values.length) {
      if (groups.every((sum) => sum === 0)) best = Math.max(best, groups.length)
      return
    }
    for (let g = 0; g < groups.length; g += 1) {
      groups[g]! += values[i]!
      place(i + 1)
      groups[g]! -= values[i]!
    }
    groups.push(values[i]!)
    place(i + 1)
    groups.pop()
  }
  place(0)
  return values.length - best
}

describe('the fewest payments', () => {
  it('−300, 600, 400, 0, −400, −300 takes 3 payments (the fast plan takes 4)', () => {
    const rupees = [-300, 600, 400, 0, -400, -300]
    const balances = new Map(rupees.map((r, i) => [`m${i}`, r * 100]))
    const plan = fewestPayments(balances)
    expect(settles(balances, plan)).toBe(true)
    expect(plan).toHaveLength(3)
    expect(settlementPlan(balances)).toHaveLength(4)
  })

  it('settles every balance exactly, debtors paying creditors', () => {
    fc.assert(
      fc.property(balanceSet(16), (balances) => {
        expect(settles(balances, fewestPayments(balances))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('takes exactly the brute-force minimum of payments', () => {
    fc.assert(
      fc.property(balanceSet(9), (balances) => {
        expect(fewestPayments(balances)).toHaveLength(bruteForceMinimum(balances))
      }),
      { numRuns: 500 },
    )
  })

  it('never takes more payments than the fast plan, and beyond the limit is the fast plan', () => {
    fc.assert(
      fc.property(balanceSet(EXACT_PLAN_LIMIT + 4), (balances) => {
        const plan = fewestPayments(balances)
        const fast = settlementPlan(balances)
        expect(plan.length).toBeLessThanOrEqual(fast.length)
        const open = [...balances.values()].filter((b) => b !== 0).length
        if (open > EXACT_PLAN_LIMIT) expect(plan).toEqual(fast)
      }),
      { numRuns: 300 },
    )
  })

  it('gives the same plan whatever order the balances come in', () => {
    fc.assert(
      fc.property(
        balanceSet(EXACT_PLAN_LIMIT),
        fc.array(fc.nat(), { minLength: EXACT_PLAN_LIMIT, maxLength: EXACT_PLAN_LIMIT }),
        (balances, keys) => {
          const entries = [...balances]
          const shuffled = new Map(
            entries
              .map((e, i) => [keys[i % keys.length]! + i / entries.length, e] as const)
              .sort((a, b) => a[0] - b[0]),
          )
          expect(fewestPayments(new Map(shuffled.values()))).toEqual(fewestPayments(balances))
        },
      ),
    )
  })
})
