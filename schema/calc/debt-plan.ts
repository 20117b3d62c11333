import type { Paise } from '../money/money'
import { amortise, MAX_MONTHS, monthlyRate, type Projection } from './amortisation'

/**
 * Planning over what is owed now: a lump-sum prepayment on one loan, and a payoff plan across
 * all loans. Real-number simulations, results rounded to the paisa (see amortisation.ts).
 */

export interface PrepaymentInput {
  balance: Paise
  rateBps: number
  /** The monthly payment now. */
  emi: Paise
  prepayment: Paise
}

export interface PrepaymentOption extends Projection {
  emi: Paise
  /** Against paying on as now; never negative. */
  interestSaved: Paise
  monthsSaved: number
}

export interface PrepaymentWhatIf {
  base: Projection & { emi: Paise }
  /** Keep the EMI, finish sooner. */
  reduceTenure: PrepaymentOption
  /** Keep the end date, pay less each month (the EMI scaled down with the balance). */
  reduceEmi: PrepaymentOption
}

/**
 * A prepayment of `prepayment` now, both ways. Null when the EMI does not cover the interest
 * (nothing ever clears, so there is nothing to compare). Neither option costs more interest or
 * takes longer than paying on as now: the tenure option owes less every month at the same
 * payment, and the EMI option is the same plan scaled by (balance − prepayment) / balance.
 */
export function prepaymentWhatIf({ balance, rateBps, emi, prepayment }: PrepaymentInput): PrepaymentWhatIf | null {
  const base = amortise(balance, rateBps, emi)
  if (base.months === null) return null
  const left = Math.max(0, balance - Math.min(prepayment, balance))
  const option = (projection: Projection, newEmi: number): PrepaymentOption => ({
    ...projection,
    emi: Math.round(newEmi),
    interestSaved: Math.max(0, base.interest - projection.interest),
    monthsSaved: Math.max(0, (base.months ?? 0) - (projection.months ?? 0)),
  })
  const scaledEmi = balance > 0 ? (emi * left) / balance : 0
  return {
    base: { ...base, emi },
    reduceTenure: option(amortise(left, rateBps, emi), emi),
    reduceEmi: option(left > 0 ? amortise(left, rateBps, scaledEmi) : amortise(0, rateBps, 0), scaledEmi),
  }
}

export interface PlanDebt {
  id: string
  name: string
  balance: Paise
  rateBps: number
  /** The monthly payment the loan needs (its EMI). */
  minPayment: Paise
}

export type PlanStrategy = 'snowball' | 'avalanche'

export interface PayoffPlan {
  strategy: PlanStrategy
  /** Loans in the order they are paid off, with the month each is cleared. */
  order: { id: string; name: string; month: number | null }[]
  /** Months until everything is paid; null when the payments never clear it (within 100 years). */
  months: number | null
  interest: Paise
  /** Total owed at the start and after each month. */
  balances: Paise[]
}

/** Snowball: smallest balance first; avalanche: highest rate first (ties by the other rule, then id). */
export function priorityOrder(debts: readonly PlanDebt[], strategy: PlanStrategy): PlanDebt[] {
  const byBalance = (a: PlanDebt, b: PlanDebt) => a.balance - b.balance
  const byRate = (a: PlanDebt, b: PlanDebt) => b.rateBps - a.rateBps
  const [first, second] = strategy === 'snowball' ? [byBalance, byRate] : [byRate, byBalance]
  return [...debts].sort((a, b) => first(a, b) || second(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/**
 * Pays every loan's minimum each month and puts `extra` (plus the minimums of loans already
 * cleared: the budget stays the same) on the first loan of the strategy's order that is still
 * owed, spilling over to the next when it clears.
 */
export function payoffPlan(debts: readonly PlanDebt[], extra: Paise, strategy: PlanStrategy): PayoffPlan {
  const ordered = priorityOrder(debts, strategy)
  const owed = ordered.map((d) => d.balance)
  const clearedAt: (number | null)[] = ordered.map((d) => (d.balance > 0.5 ? null : 0))
  const budget = ordered.reduce((sum, d) => sum + d.minPayment, 0) + Math.max(0, extra)
  const balances: Paise[] = [Math.round(owed.reduce((a, b) => a + b, 0))]
  let interest = 0
  let month = 0
  const anyOwed = () => owed.some((b) => b > 0.5)
  while (anyOwed() && month < MAX_MONTHS) {
    month += 1
    ordered.forEach((d, i) => {
      const accrued = (owed[i] ?? 0) * monthlyRate(d.rateBps)
      interest += accrued
      owed[i] = (owed[i] ?? 0) + accrued
    })
    let left = budget
    ordered.forEach((d, i) => {
      const pay = Math.min(d.minPayment, owed[i] ?? 0, left)
      owed[i] = (owed[i] ?? 0) - pay
      left -= pay
    })
    for (let i = 0; i < ordered.length && left > 0; i += 1) {
      const pay = Math.min(left, owed[i] ?? 0)
      owed[i] = (owed[i] ?? 0) - pay
      left -= pay
    }
    owed.forEach((b, i) => {
      if (b <= 0.5 && clearedAt[i] === null) clearedAt[i] = month
    })
    balances.push(Math.round(owed.reduce((a, b) => a + Math.max(0, b), 0)))
    // Nothing shrinks any more: the budget does not cover the interest.
    if (balances.length > 2 && balances.at(-1)! >= balances.at(-2)!) break
  }
  const order = ordered
    .map((d, i) => ({ id: d.id, name: d.name, month: clearedAt[i] ?? null }))
    .sort((a, b) => (a.month ?? MAX_MONTHS + 1) - (b.month ?? MAX_MONTHS + 1))
  return { strategy, order, months: anyOwed() ? null : month, interest: Math.round(interest), balances }
}
