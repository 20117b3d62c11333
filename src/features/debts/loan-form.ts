import { balanceAfterPaid, proposedInstalment } from '../../../schema/calc/amortisation'
import type { InterestType, LoanFrequency, LoanType } from '../../../schema/entities/loan'
import { parseRate } from '../../../schema/money/currency'
import { toPaise } from '../../../schema/money/money'
import {
  checkLoan,
  checkLoanKind,
  checkLoanPlan,
  checkLoanStanding,
  checkLoanStart,
  checkLoanTerms,
  loanToInput,
  type KeptDates,
  type LoanInput,
} from '../../../schema/validation/loan-input'
import { isBlank } from '../../../schema/validation/rules'
import type { LoanDoc } from '../../data/loans'

/** The loan form as typed (text fields), shared by the wizard and the edit screen. */
export interface LoanForm {
  type: LoanType | ''
  name: string
  status: 'new' | 'existing' | ''
  startDate: string
  principal: string
  interestRate: string
  interestType: InterestType
  /** The duration is given as months or as a payoff date (spec part 2 §5: choose one). */
  durationMode: 'months' | 'date'
  durationMonths: string
  payoffDate: string
  lender: string
  collateral: string
  paidSoFar: string
  lastPaymentDate: string
  lastPaymentAmount: string
  missedPayments: string
  emi: string
  frequency: LoanFrequency
  nextDueDate: string
  allowsEarlySettlement: boolean
  notes: string
  /** The loan's currency; '' until chosen: the home currency. */
  currency: string
  /** The rate to the home currency as typed ('' : not converted). */
  fxRate: string
}

export const EMPTY_FORM: LoanForm = {
  type: '',
  name: '',
  status: '',
  startDate: '',
  principal: '',
  interestRate: '',
  interestType: 'emi',
  durationMode: 'months',
  durationMonths: '',
  payoffDate: '',
  lender: '',
  collateral: '',
  paidSoFar: '',
  lastPaymentDate: '',
  lastPaymentAmount: '',
  missedPayments: '0',
  emi: '',
  frequency: 'monthly',
  nextDueDate: '',
  allowsEarlySettlement: true,
  notes: '',
  currency: '',
  fxRate: '',
}

/** The form as loan-input reads it: only the chosen duration field counts. */
export function toInput(form: LoanForm): LoanInput {
  return {
    ...form,
    durationMonths: form.durationMode === 'months' ? form.durationMonths : '',
    payoffDate: form.durationMode === 'date' ? form.payoffDate : '',
    currency: form.currency || undefined,
    fxRate: form.fxRate.trim() === '' ? null : (parseRate(form.fxRate) ?? Number.NaN),
  }
}

/** A stored loan as the form shows it; its duration as months (what it stores). */
export function formOf(loan: LoanDoc): LoanForm {
  return { ...loanToInput(loan), durationMode: 'months' }
}

/** The wizard's steps: 1 kind, 2 new/existing, 3 details, 4 current status (existing only), 5 plan, 6 review. */
export type StepNumber = 1 | 2 | 3 | 4 | 5 | 6

/** Why Continue is disabled on `step`, or null when the step is complete. */
export function stepProblem(step: StepNumber, form: LoanForm, today: string, kept: KeptDates = {}): string | null {
  const input = toInput(form)
  const problem = (r: { ok: true } | { ok: false; error: string }) => (r.ok ? null : r.error)
  switch (step) {
    case 1:
      return problem(checkLoanKind(input))
    case 2:
      return problem(checkLoanStart(input, today, kept))
    case 3:
      return problem(checkLoanTerms(input, today, form.startDate, kept))
    case 4:
      return problem(checkLoanStanding(input, today, true, kept))
    case 5:
      return problem(checkLoanPlan(input, today, kept))
    case 6:
      return problem(checkLoan(input, today, kept))
  }
}

/** The instalment the schedule gives for the terms typed so far (null until they are complete). */
export function suggestedEmi(form: LoanForm, today: string): number | null {
  const terms = checkLoanTerms(toInput(form), today, form.startDate || today)
  if (!terms.ok) return null
  const t = terms.value
  return proposedInstalment({
    principal: t.principal,
    rateBps: t.interestRateBps,
    months: t.durationMonths,
    interestType: t.interestType,
  })
}

/**
 * What an existing loan still owes after the amount paid so far went through the schedule
 * (spec: computed before submit).
 */
export function computedBalance(form: LoanForm, today: string): number | null {
  const input = toInput(form)
  const terms = checkLoanTerms(input, today, form.startDate || today)
  const standing = checkLoanStanding(input, today, form.status === 'existing')
  if (!terms.ok || !standing.ok) return null
  const t = terms.value
  return balanceAfterPaid(
    { principal: t.principal, rateBps: t.interestRateBps, months: t.durationMonths, interestType: t.interestType },
    standing.value.paidBefore,
  )
}

/** Paise typed in a field, or null. */
export const paiseOf = (text: string): number | null => (isBlank(text) ? null : toPaise(text))
