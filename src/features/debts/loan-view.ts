import {
  debtFreeDay,
  loanFigures,
  monthsLeft,
  paymentStatus,
  planningRateBps,
  type LoanFigures,
  type PaymentStatus,
} from '../../../schema/calc/loan-figures'
import type { Loan, LoanPayment } from '../../../schema/entities/loan'
import { toDayString } from '../../../schema/time'

export interface LoanView {
  loan: Loan
  figures: LoanFigures
  status: PaymentStatus
  /** Months left at the EMI; null when the EMI does not cover the interest. */
  monthsLeft: number | null
  /** When the last payment falls due at this EMI (calendar months); null when it never clears. */
  debtFreeDay: string | null
  active: boolean
}

/** A loan with everything its payments give, as of `now`. */
export function loanView(loan: Loan, payments: readonly LoanPayment[], now: number): LoanView {
  const figures = loanFigures(loan, payments)
  const left = monthsLeft(figures.balance, planningRateBps(loan), loan.emi)
  const today = toDayString(now)
  return {
    loan,
    figures,
    status: paymentStatus(figures, today),
    monthsLeft: left,
    debtFreeDay: left === null ? null : debtFreeDay(today, left, figures.nextDueDate),
    active: !loan.closed && figures.balance > 0,
  }
}

/** Each loan's view; payments grouped by loan in one pass. */
export function loanViews(loans: readonly Loan[], payments: readonly LoanPayment[], now: number): LoanView[] {
  const byLoan = new Map<string, LoanPayment[]>()
  for (const p of payments) byLoan.set(p.loanId, [...(byLoan.get(p.loanId) ?? []), p])
  return loans.map((loan) => loanView(loan, byLoan.get(loan.id) ?? [], now))
}

export const STATUS_TEXT: Record<PaymentStatus, string> = {
  overdue: 'Overdue',
  due_soon: 'Due soon',
  on_track: 'On track',
  paid_off: 'Paid off',
}
