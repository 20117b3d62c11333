import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { householdBalances, settlementPlan } from '../../schema/calc/household-balances'
import {
  awaitsReviewBy,
  decidingReviews,
  expenseReviewers,
  reviewCountdown,
  reviewOutcome,
} from '../../schema/calc/household-review'
import { countsInBalances, mayDecideSettlement, owedBetween } from '../../schema/calc/settlements'
import { absorbRounding, percentOf, splitAmounts, splitMismatch, WHOLE_BP } from '../../schema/calc/splits'
import { SETTLEMENT_STATUSES, SPLIT_METHODS } from '../../schema/entities/household'

const amount = fc.integer({ min: 1, max: 10_000_000_000 })
const people = fc.integer({ min: 1, max: 12 }).map((n) => Array.from({ length: n }, (_, i) => `u${i}`))
const sum = (xs: readonly { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0)

/** Percentages in basis points that make exactly 100 %. */
function percentagesFor(n: number, seed: number): number[] {
  const raw = Array.from({ length: n }, (_, i) => ((seed * (i + 7)) % 97) + 1)
  const total = raw.reduce((a, b) => a + b, 0)
  const bp = raw.map((r) => Math.floor((r * WHOLE_BP) / total))
  bp[0]! += WHOLE_BP - bp.reduce((a, b) => a + b, 0)
  return bp
}

describe('splits', () => {
  it('every method splits the whole amount, in whole paise, and nothing more', () => {
    fc.assert(
      fc.property(amount, people, fc.integer({ min: 1, max: 10_000 }), (total, ids, seed) => {
        for (const method of SPLIT_METHODS) {
          const pct = percentagesFor(ids.length, seed)
          const inputs = ids.map((userId, i) => ({
            userId,
            weight: method === 'percentage' ? pct[i]! : ((seed + i) % 5) + 1,
            amount: Math.floor(total / ids.length) + (i === 0 ? total % ids.length : 0),
          }))
          const parts = splitAmounts(method, total, inputs)
          expect(sum(parts)).toBe(total)
          expect(parts.every((p) => Number.isInteger(p.amount) && p.amount >= 0)).toBe(true)
          expect(splitMismatch(total, parts)).toBeNull()
        }
      }),
    )
  })

  it('equal parts differ by at most one paisa, larger ones first', () => {
    fc.assert(
      fc.property(amount, people, (total, ids) => {
        const parts = splitAmounts(
          'equal',
          total,
          ids.map((userId) => ({ userId })),
        ).map((p) => p.amount)
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1)
        expect([...parts].sort((a, b) => b - a)).toEqual(parts)
      }),
    )
    expect(
      splitAmounts('equal', 10_000, [{ userId: 'a' }, { userId: 'b' }, { userId: 'c' }]).map((p) => p.amount),
    ).toEqual([3334, 3333, 3333])
  })

  it('names both figures when exact amounts miss the total by more than 0.01', () => {
    expect(splitMismatch(100_000, [{ amount: 50_000 }, { amount: 40_000 }])).toBe(
      "Split amounts (900.00) don't match total (1000.00)",
    )
    expect(splitMismatch(100_000, [{ amount: 50_000 }, { amount: 49_999 }])).toBeNull()
    fc.assert(
      fc.property(amount, fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 10 }), (total, xs) => {
        const parts = xs.map((a) => ({ amount: a }))
        const off = Math.abs(sum(parts) - total) > 1
        expect(splitMismatch(total, parts) !== null).toBe(off)
        if (!off) expect(sum(absorbRounding(total, parts))).toBe(total)
      }),
    )
  })

  it('a part’s percentage is its share of the total', () => {
    expect(percentOf(90_000, 30_000)).toBe(3333)
    expect(percentOf(0, 10)).toBe(0)
  })
})

describe('balances and the settle-up plan', () => {
  const expense = fc
    .tuple(amount, fc.integer({ min: 0, max: 7 }), fc.subarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: 1 }))
    .map(([total, payer, among]) => {
      const parts = splitAmounts(
        'equal',
        total,
        among.map((i) => ({ userId: `u${i}` })),
      )
      return { paidBy: `u${payer}`, amount: total, splits: parts }
    })
  const settlement = fc
    .tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 }), amount)
    .map(([f, to, a]) => ({ fromUserId: `u${f}`, toUserId: `u${to}`, amount: a }))
  const members = Array.from({ length: 8 }, (_, i) => `u${i}`)

  it('balances sum to zero', () => {
    fc.assert(
      fc.property(fc.array(expense, { maxLength: 20 }), fc.array(settlement, { maxLength: 10 }), (es, ss) => {
        const balances = householdBalances(members, es, ss)
        expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0)
      }),
    )
  })

  it('the plan settles every balance with at most n − 1 payments, debtors paying creditors', () => {
    fc.assert(
      fc.property(fc.array(expense, { maxLength: 20 }), fc.array(settlement, { maxLength: 10 }), (es, ss) => {
        const balances = householdBalances(members, es, ss)
        const plan = settlementPlan(balances)
        const open = [...balances.values()].filter((b) => b !== 0).length
        expect(plan.length).toBeLessThanOrEqual(Math.max(0, open - 1))
        const after = new Map(balances)
        for (const p of plan) {
          expect(balances.get(p.from)!).toBeLessThan(0)
          expect(balances.get(p.to)!).toBeGreaterThan(0)
          expect(p.amount).toBeGreaterThan(0)
          after.set(p.from, after.get(p.from)! + p.amount)
          after.set(p.to, after.get(p.to)! - p.amount)
        }
        expect([...after.values()].every((b) => b === 0)).toBe(true)
      }),
    )
  })

  it('a settlement from the debtor clears what they owe', () => {
    const b = householdBalances(
      ['a', 'b'],
      [
        {
          paidBy: 'a',
          amount: 1000,
          splits: [
            { userId: 'a', amount: 500 },
            { userId: 'b', amount: 500 },
          ],
        },
      ],
      [{ fromUserId: 'b', toUserId: 'a', amount: 500 }],
    )
    expect([...b.values()]).toEqual([0, 0])
  })
})

describe('review', () => {
  it('one denial denies; all approvals or the deadline approve; else pending', () => {
    expect(reviewOutcome([{ status: 'approved' }, { status: 'denied' }], 10, 0)).toBe('denied')
    expect(reviewOutcome([{ status: 'approved' }, { status: 'approved' }], 10, 0)).toBe('approved')
    expect(reviewOutcome([], 10, 0)).toBe('approved')
    expect(reviewOutcome([{ status: 'pending' }], 10, 9)).toBe('pending')
    expect(reviewOutcome([{ status: 'pending' }], 10, 10)).toBe('approved')
    expect(reviewOutcome([{ status: 'denied' }], 10, 99)).toBe('denied')
  })

  it('counts down in days and hours beyond a day, else hours and minutes, then Expired', () => {
    const H = 3_600_000
    expect(reviewCountdown(0, 1)).toBe('Expired')
    expect(reviewCountdown(53 * H + 5 * 60_000, 0)).toBe('2d 5h left')
    expect(reviewCountdown(3 * H + 20 * 60_000 + 59_000, 0)).toBe('3h 20m left')
    expect(reviewCountdown(24 * H, 0)).toBe('24h 0m left')
  })
})

describe('who reviews an expense', () => {
  const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 1 })
  const expenseBy = fc.tuple(ids, fc.nat(), fc.nat()).map(([members, i, j]) => ({
    members,
    enteredBy: members[i % members.length]!,
    paidBy: members[j % members.length]!,
  }))

  it('every other member reviews, neither whoever entered it nor whoever paid it', () => {
    fc.assert(
      fc.property(expenseBy, ({ members, enteredBy, paidBy }) => {
        const reviewers = expenseReviewers(members, enteredBy, paidBy)
        expect(reviewers).not.toContain(enteredBy)
        expect(reviewers).not.toContain(paidBy)
        expect(reviewers).toEqual(members.filter((m) => m !== enteredBy && m !== paidBy))
        expect(reviewers.length).toBe(members.length - new Set([enteredBy, paidBy]).size)
      }),
    )
  })

  it('nobody is asked to review what they entered or paid, even when listed as a reviewer', () => {
    fc.assert(
      fc.property(expenseBy, fc.constantFrom('pending', 'approved', 'denied'), ({ members, enteredBy, paidBy }, s) => {
        const reviews = members.map((userId) => ({ userId, status: 'pending' as const, reason: '', at: 0 }))
        const expense = { status: s, ownerId: enteredBy, paidBy, reviews }
        for (const m of members)
          expect(awaitsReviewBy(expense, m)).toBe(s === 'pending' && m !== enteredBy && m !== paidBy)
        expect(decidingReviews(expense, reviews).map((r) => r.userId)).toEqual(
          expenseReviewers(members, enteredBy, paidBy),
        )
      }),
    )
  })
})

describe('settlements', () => {
  const members = ['a', 'b', 'c', 'd']
  const member = fc.constantFrom(...members)
  const expense = fc
    .tuple(fc.integer({ min: 1, max: 5_000_000 }), member, fc.subarray(members, { minLength: 1 }))
    .map(([total, paidBy, among]) => ({
      paidBy,
      amount: total,
      splits: splitAmounts(
        'equal',
        total,
        among.map((userId) => ({ userId })),
      ),
    }))
  const settlement = fc
    .tuple(member, member, fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom(...SETTLEMENT_STATUSES))
    .map(([fromUserId, toUserId, amount, status]) => ({ fromUserId, toUserId, amount, status }))
  const ledger = fc.tuple(fc.array(expense, { maxLength: 12 }), fc.array(settlement, { maxLength: 8 }), member, member)

  it('paying what is owed moves neither across zero; a paisa more puts one across', () => {
    fc.assert(
      fc.property(ledger, ([es, ss, from, to]) => {
        fc.pre(from !== to)
        const owed = owedBetween(members, es, ss, from, to)
        expect(owed).toBeGreaterThanOrEqual(0)
        const standing = ss.filter((s) => s.status === 'confirmed' || s.status === 'pending')
        const after = (amount: number) =>
          householdBalances(members, es, [...standing, { fromUserId: from, toUserId: to, amount }])
        const before = after(0)
        const exact = after(owed)
        if (before.get(from)! <= 0) expect(exact.get(from)!).toBeLessThanOrEqual(0)
        if (before.get(to)! >= 0) expect(exact.get(to)!).toBeGreaterThanOrEqual(0)
        const more = after(owed + 1)
        expect(more.get(from)! > 0 || more.get(to)! < 0).toBe(true)
      }),
    )
  })

  it('declined and cancelled payments change neither balances nor what is owed', () => {
    fc.assert(
      fc.property(ledger, ([es, ss, from, to]) => {
        const voided = ss.map((s) => ({ ...s, status: 'declined' as const }))
        expect(owedBetween(members, es, voided, from, to)).toBe(owedBetween(members, es, [], from, to))
        expect(householdBalances(members, es, ss.filter(countsInBalances))).toEqual(
          householdBalances(
            members,
            es,
            ss.filter((s) => s.status === 'confirmed'),
          ),
        )
      }),
    )
  })

  it('only the receiver confirms or declines, only the payer cancels, and only while pending', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SETTLEMENT_STATUSES),
        fc.constantFrom(...SETTLEMENT_STATUSES),
        fc.constantFrom('payer', 'receiver', 'other'),
        (status, next, who) => {
          const s = { status, fromUserId: 'payer', toUserId: 'receiver' }
          const expected =
            status === 'pending' &&
            ((who === 'receiver' && (next === 'confirmed' || next === 'declined')) ||
              (who === 'payer' && next === 'cancelled'))
          expect(mayDecideSettlement(s, who, next)).toBe(expected)
        },
      ),
    )
  })
})
