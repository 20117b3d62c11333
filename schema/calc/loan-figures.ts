import type { Loan, LoanFrequency, LoanPayment, PaymentRefusal } from '../entities/loan'
import type { Paise } from '../money/money'
import { fromDayString, toDayString } from '../time'
import { amortisationSchedule, amortise, monthlyRate, simpleInterest } from './amortisation'

/**
 * A loan's figures derived from its payment documents (never a stored counter): two devices
 * that record payments offline both count once they sync, and the server computes the same.
 * A payment the server refused (`refused` set) counts for nothing until it is corrected.
 */
export interface LoanFigures {
  balance: Paise
  totalPaid: Paise
  /** 0–1: (principal − balance) / principal. */
  progress: number
  lastPaymentDate: string | null
  lastPaymentAmount: Paise | null
  /** The due day after the regular payments recorded so far; null when the loan has none. */
  nextDueDate: string | null
}

type PaymentLike = Pick<LoanPayment, 'amount' | 'principalPaid' | 'date' | 'type' | 'updatedAt'> &
  Partial<Pick<LoanPayment, 'refused'>>

const MONTHS_OF: Record<LoanFrequency, number> = { weekly: 0, monthly: 1, quarterly: 3, yearly: 12 }

/** `day` moved on by `count` periods; a month end stays in its month (31 Jan → 28 Feb). */
export function addPeriods(day: string, frequency: LoanFrequency, count: number): string {
  const start = fromDayString(day)
  if (Number.isNaN(start) || count === 0) return day
  const d = new Date(start)
  if (frequency === 'weekly') {
    d.setDate(d.getDate() + 7 * count)
    return toDayString(d.getTime())
  }
  const months = MONTHS_OF[frequency] * count
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1)
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate()
  target.setDate(Math.min(d.getDate(), lastDay))
  return toDayString(target.getTime())
}

type LoanBasis = Pick<
  Loan,
  | 'principal'
  | 'currentBalance'
  | 'paidBefore'
  | 'lastPaymentDate'
  | 'lastPaymentAmount'
  | 'nextDueDate'
  | 'duePaymentsCounted'
  | 'frequency'
>

export function loanFigures(loan: LoanBasis, payments: readonly PaymentLike[]): LoanFigures {
  let principalPaid = 0
  let paid = 0
  let regular = 0
  let last: PaymentLike | null = null
  for (const p of payments) {
    if (p.refused) continue
    principalPaid += p.principalPaid
    paid += p.amount
    if (p.type === 'regular') regular += 1
    if (!last || p.date > last.date || (p.date === last.date && p.updatedAt > last.updatedAt)) last = p
  }
  const balance = Math.max(0, loan.currentBalance - principalPaid)
  return {
    balance,
    totalPaid: loan.paidBefore + paid,
    progress: loan.principal > 0 ? Math.min(1, Math.max(0, (loan.principal - balance) / loan.principal)) : 0,
    lastPaymentDate: last ? toDayString(last.date) : (loan.lastPaymentDate ?? null),
    lastPaymentAmount: last ? last.amount : (loan.lastPaymentAmount ?? null),
    nextDueDate: loan.nextDueDate
      ? addPeriods(loan.nextDueDate, loan.frequency, Math.max(0, regular - loan.duePaymentsCounted))
      : null,
  }
}

export type PaymentStatus = 'paid_off' | 'overdue' | 'due_soon' | 'on_track'

/** Days before the due day when a loan counts as due soon. */
export const DUE_SOON_DAYS = 7

/** overdue / due_soon change the list's styling (spec part 2 §4). `today` is 'YYYY-MM-DD'. */
export function paymentStatus(figures: Pick<LoanFigures, 'balance' | 'nextDueDate'>, today: string): PaymentStatus {
  if (figures.balance <= 0) return 'paid_off'
  if (!figures.nextDueDate) return 'on_track'
  if (figures.nextDueDate < today) return 'overdue'
  const soon = new Date(fromDayString(today))
  soon.setDate(soon.getDate() + DUE_SOON_DAYS)
  return figures.nextDueDate <= toDayString(soon.getTime()) ? 'due_soon' : 'on_track'
}

/** Months left paying `emi` on what is owed; 0 when paid, null when the EMI never clears it. */
export function monthsLeft(balance: Paise, rateBps: number, emi: Paise): number | null {
  if (balance <= 0) return 0
  return amortise(balance, rateBps, emi).months
}

/**
 * The day the last of `months` monthly payments falls due, as 'YYYY-MM-DD': the next due day
 * moved on by the payments after it, in calendar months like the schedule (30-day months drifted
 * from a loan's own payoff date by a day a month or two, five days a year); with no due day ahead,
 * `today` plus the months. `today` when nothing is owed.
 */
export function debtFreeDay(today: string, months: number, nextDueDate: string | null): string {
  if (months <= 0) return today
  if (nextDueDate && nextDueDate >= today) return addPeriods(nextDueDate, 'monthly', months - 1)
  return addPeriods(today, 'monthly', months)
}

/** The rate the projections use: an interest-free loan accrues nothing whatever rate was typed. */
export const planningRateBps = (loan: Pick<Loan, 'interestType' | 'interestRateBps'>): number =>
  loan.interestType === 'none' ? 0 : loan.interestRateBps

type LoanTermsOf = Pick<Loan, 'interestType' | 'interestRateBps' | 'principal' | 'durationMonths'>

/** This month's interest on what is owed (a flat loan's monthly share of its interest; nothing when interest-free). */
function interestDue(loan: LoanTermsOf, balance: Paise): Paise {
  if (loan.interestType === 'emi' || loan.interestType === 'compound')
    return Math.max(0, Math.round(balance * monthlyRate(loan.interestRateBps)))
  if (loan.interestType === 'simple')
    return Math.round(simpleInterest(loan.principal, loan.interestRateBps, loan.durationMonths) / loan.durationMonths)
  return 0
}

/**
 * How a payment of `amount` splits, as the schedule has it: this month's interest due first, the
 * rest to principal. The user may change the parts before saving.
 */
export function proposeSplit(loan: LoanTermsOf, balance: Paise, amount: Paise): { principal: Paise; interest: Paise } {
  const interest = Math.min(amount, interestDue(loan, balance))
  return { principal: amount - interest, interest }
}

/** What one payment may hold, given what the loan owes before it. */
export interface PaymentLimits {
  /** The outstanding balance: the most a payment's principal part may repay. */
  balance: Paise
  /** The balance plus this month's interest due on it: the payment that closes the loan. */
  closing: Paise
  /** All the interest the loan's terms charge over its term: the most one payment's interest part may be. */
  maxInterest: Paise
}

/**
 * The limits of a payment on a loan that owes `balance` before it: a prepayment may close the loan
 * but repay no more than is owed, and no payment's interest part may exceed what the terms charge in all.
 */
export function paymentLimits(loan: LoanTermsOf, balance: Paise): PaymentLimits {
  const due = interestDue(loan, balance)
  const schedule = amortisationSchedule({
    principal: loan.principal,
    rateBps: loan.interestRateBps,
    months: loan.durationMonths,
    interestType: loan.interestType,
  })
  const termInterest = schedule.reduce((sum, row) => sum + row.interest, 0)
  return { balance, closing: balance + due, maxInterest: Math.max(termInterest, due) }
}

/** Why a payment of these parts is more than the loan can take, or null when it fits. */
export function paymentRefusal(
  parts: Pick<LoanPayment, 'principalPaid' | 'interestPaid'>,
  limits: PaymentLimits,
): PaymentRefusal | null {
  if (parts.principalPaid > limits.balance) return 'over_balance'
  if (parts.interestPaid > limits.maxInterest) return 'over_interest'
  return null
}
