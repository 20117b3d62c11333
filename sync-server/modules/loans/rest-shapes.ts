import { z } from 'zod'
import { loanFigures, paymentStatus, type LoanFigures } from '../../../schema/calc/loan-figures'
import { PAYMENT_REFUSALS, type Loan, type LoanPayment } from '../../../schema/entities/loan'
import { fromPaise } from '../../../schema/money/money'
import type { LoanInput, PaymentInput } from '../../../schema/validation/loan-input'
import { toDayString } from '../../../schema/time'
import { restCurrencyOf, RestCurrencyFields } from '../plan/rest-currency'

/**
 * Wire shapes of /api/loans (spec part 2 §3, §7): snake_case, decimal rupees and the rate in
 * percent at the boundary; paise, basis points and the replicated entities inside.
 * Loose on purpose: each rule is checked by loan-input so a refusal carries its own message.
 */
const Num = z.union([z.number(), z.string().max(40)]).nullish()
const Text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).nullish()
const Day = z.string().max(40).nullish()

export const LoanBody = z.object({
  loan_type: Text(40),
  loan_name: Text(200),
  loan_status: Text(40),
  start_date: Day,
  principal_amount: Num,
  current_balance: Num,
  interest_rate: Num,
  interest_type: Text(40),
  loan_duration_months: Num,
  final_payoff_date: Day,
  lender_name: Text(200),
  collateral: Text(400),
  total_paid_so_far: Num,
  last_payment_date: Day,
  last_payment_amount: Num,
  missed_payments: Num,
  payment_frequency: Text(40),
  emi_amount: Num,
  next_due_date: Day,
  allows_early_settlement: z.boolean().nullish(),
  notes: Text(2000),
  ...RestCurrencyFields,
})
export type LoanBody = z.infer<typeof LoanBody>

/** The body as loan-input's form fields; absent fields are left out so an update keeps them. */
export function loanBodyToInput(body: LoanBody): LoanInput {
  const pairs: [keyof LoanInput, unknown][] = [
    ['type', body.loan_type],
    ['name', body.loan_name],
    ['status', body.loan_status],
    ['startDate', body.start_date],
    ['principal', body.principal_amount],
    ['interestRate', body.interest_rate],
    ['interestType', body.interest_type],
    ['durationMonths', body.loan_duration_months],
    ['payoffDate', body.final_payoff_date],
    ['lender', body.lender_name],
    ['collateral', body.collateral],
    ['paidSoFar', body.total_paid_so_far],
    ['lastPaymentDate', body.last_payment_date],
    ['lastPaymentAmount', body.last_payment_amount],
    ['missedPayments', body.missed_payments],
    ['frequency', body.payment_frequency],
    ['emi', body.emi_amount],
    ['nextDueDate', body.next_due_date],
    ['allowsEarlySettlement', body.allows_early_settlement],
    ['notes', body.notes],
  ]
  return Object.fromEntries(pairs.filter(([, v]) => v !== undefined))
}

export const PaymentBody = z.object({
  payment_date: Day,
  amount_paid: Num,
  principal_paid: Num,
  interest_paid: Num,
  payment_type: Text(40),
  payment_method: Text(40),
  notes: Text(1000),
})
export type PaymentBody = z.infer<typeof PaymentBody>

export const paymentBodyToInput = (body: PaymentBody): PaymentInput => ({
  amount: body.amount_paid,
  principal: body.principal_paid,
  interest: body.interest_paid,
  date: body.payment_date,
  type: body.payment_type,
  method: body.payment_method,
  note: body.notes,
})

export const LoanItem = z.object({
  id: z.string(),
  loan_type: z.string(),
  loan_name: z.string(),
  loan_status: z.string(),
  start_date: z.string(),
  principal_amount: z.number(),
  current_balance: z.number(),
  interest_rate: z.number(),
  interest_type: z.string(),
  loan_duration_months: z.number(),
  final_payoff_date: z.string().nullable(),
  lender_name: z.string(),
  collateral: z.string(),
  total_paid_so_far: z.number(),
  last_payment_date: z.string().nullable(),
  last_payment_amount: z.number().nullable(),
  missed_payments: z.number(),
  payment_frequency: z.string(),
  emi_amount: z.number(),
  due_date: z.string().nullable(),
  allows_early_settlement: z.boolean(),
  notes: z.string(),
  status: z.enum(['active', 'closed']),
  payment_status: z.string(),
  progress_percent: z.number(),
  created_at: z.string(),
  /** Present on loans with a currency of their own: every amount above is in it. */
  currency: z.string().optional(),
  fx_rate: z.number().nullable().optional(),
})
export type LoanItem = z.infer<typeof LoanItem>

export const PaymentItem = z.object({
  id: z.string(),
  loan_id: z.string(),
  payment_date: z.string(),
  amount_paid: z.number(),
  principal_paid: z.number(),
  interest_paid: z.number(),
  payment_type: z.string(),
  payment_method: z.string(),
  notes: z.string(),
  /** Why the server did not count it (recorded offline, more than the loan owed by then); null when it counts. */
  refused: z.enum(PAYMENT_REFUSALS).nullable(),
})
export type PaymentItem = z.infer<typeof PaymentItem>

/** A loan with the figures its payments give (balance, total paid, last payment, due day). */
export function toLoanItem(loan: Loan, payments: readonly LoanPayment[], today: string): LoanItem {
  const f: LoanFigures = loanFigures(loan, payments)
  return {
    id: loan.id,
    loan_type: loan.type,
    loan_name: loan.name,
    loan_status: loan.status,
    start_date: loan.startDate,
    principal_amount: fromPaise(loan.principal),
    current_balance: fromPaise(f.balance),
    interest_rate: loan.interestRateBps / 100,
    interest_type: loan.interestType,
    loan_duration_months: loan.durationMonths,
    final_payoff_date: loan.payoffDate ?? null,
    lender_name: loan.lender,
    collateral: loan.collateral,
    total_paid_so_far: fromPaise(f.totalPaid),
    last_payment_date: f.lastPaymentDate,
    last_payment_amount: f.lastPaymentAmount === null ? null : fromPaise(f.lastPaymentAmount),
    missed_payments: loan.missedPayments,
    payment_frequency: loan.frequency,
    emi_amount: fromPaise(loan.emi),
    due_date: f.nextDueDate,
    allows_early_settlement: loan.allowsEarlySettlement,
    notes: loan.notes,
    status: loan.closed || f.balance === 0 ? 'closed' : 'active',
    payment_status: paymentStatus(f, today),
    progress_percent: Math.round(f.progress * 1000) / 10,
    created_at: new Date(loan.createdAt).toISOString(),
    ...restCurrencyOf(loan),
  }
}

export function toPaymentItem(p: LoanPayment): PaymentItem {
  return {
    id: p.id,
    loan_id: p.loanId,
    payment_date: toDayString(p.date),
    amount_paid: fromPaise(p.amount),
    principal_paid: fromPaise(p.principalPaid),
    interest_paid: fromPaise(p.interestPaid),
    payment_type: p.type,
    payment_method: p.method,
    notes: p.note,
    refused: p.refused,
  }
}
