import type { Paise } from '../money/money'
import { settlementPlan, type PlannedPayment } from './household-balances'

/**
 * Up to this many people with a non-zero balance the plan is exact: the search looks at every
 * subset of them once (2¹² = 4,096), a bounded amount of work on any phone. Beyond it the fast
 * plan is used, which needs at most one payment more per group it fails to find.
 */
export const EXACT_PLAN_LIMIT = 12

/**
 * The fewest payments that bring every balance to zero. People with a non-zero balance who can
 * be split into g groups that each sum to zero need exactly n − g payments: a group of k settles
 * within itself in k − 1, and no plan does better. The most such groups are found over every
 * subset (for n ≤ EXACT_PLAN_LIMIT), then each group is settled by the fast plan, which takes
 * k − 1 payments in a group with no smaller zero-sum group inside it. Debtors pay creditors;
 * the result depends only on the balances, not on the order they come in. Balances must sum to
 * zero (what `householdBalances` gives).
 */
export function fewestPayments(balances: ReadonlyMap<string, Paise>): PlannedPayment[] {
  const people = [...balances].filter(([, b]) => b !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  if (people.length > EXACT_PLAN_LIMIT) return settlementPlan(balances)
  const plan = zeroSumGroups(people.map(([, b]) => b)).flatMap((group) =>
    settlementPlan(new Map(group.map((i) => people[i]!))),
  )
  return plan.sort((a, b) => b.amount - a.amount || compare(a.from, b.from) || compare(a.to, b.to))
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The most groups, each summing to zero, that `values` (summing to zero) split into, as lists
 * of indices. most[mask] is the most zero-sum groups that the people of `mask` can be laid out in
 * as consecutive runs of some order, plus a last run that need not sum to zero: adding a person
 * to the end closes a run exactly when the whole mask sums to zero.
 */
function zeroSumGroups(values: readonly number[]): number[][] {
  const n = values.length
  const full = (1 << n) - 1
  const sums = new Float64Array(full + 1)
  const most = new Uint8Array(full + 1)
  for (let mask = 1; mask <= full; mask += 1) {
    const low = 31 - Math.clz32(mask & -mask)
    sums[mask] = sums[mask & (mask - 1)]! + values[low]!
    let best = 0
    for (let rest = mask; rest !== 0; rest &= rest - 1) best = Math.max(best, most[mask ^ (rest & -rest)]!)
    most[mask] = best + (sums[mask] === 0 ? 1 : 0)
  }
  // Walk back from everyone, taking off the last person of an order that reaches the most; a
  // group ends each time what is left sums to zero.
  const groups: number[][] = []
  let current: number[] = []
  for (let mask = full; mask !== 0;) {
    const closes = sums[mask] === 0 ? 1 : 0
    let last = 0
    while (!(mask & (1 << last)) || most[mask ^ (1 << last)]! !== most[mask]! - closes) last += 1
    current.push(last)
    mask ^= 1 << last
    if (sums[mask] === 0) {
      groups.push(current)
      current = []
    }
  }
  return groups
}
