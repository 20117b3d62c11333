import { z } from 'zod'
import { DayString, documentBase, Id, Millis, Paise, PositivePaise } from './common'
import { entryCurrencyFields, refineEntryCurrency } from './entry-currency'

export const LOAN_TYPES = [
  'jewel',
  'personal',
  'home',
  'car',
  'credit_card',
  'education',
  'friend',
  'family',
  'other',
] as const
export type LoanType = (typeof LOAN_TYPES)[number]

/**
 * How interest accrues (spec part 2 §3): `emi` reducing balance with equal instalments; `simple`
 * flat interest on the original principal spread evenly; `compound` interest compounded monthly
 * and repaid with the principal at the end (gold loans, family loans); `none` interest-free.
 */
export const INTEREST_TYPES = ['emi', 'simple', 'compound', 'none'] as const
export type InterestType = (typeof INTEREST_TYPES)[number]

export const LOAN_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const
export type LoanFrequency = (typeof LOAN_FREQUENCIES)[number]

export const PAYMENT_TYPES = ['regular', 'extra', 'full'] as const
export const PAYMENT_METHODS = ['upi', 'bank_transfer', 'cash', 'card', 'auto_debit', 'other'] as const

/**
 * A loan or debt the user repays. Money in paise; the rate in basis points per year
 * (12.5 % = 1250). The figures a payment changes (balance, total paid, last payment) are NOT
 * kept here: they are derived from the `loan_payments` documents (`loanFigures`), so two devices
 * recording payments offline both count. What is stored is the state when the loan was added:
 * `currentBalance` (computed in the wizard), `paidBefore` and the last payment made before.
 * Every amount of a loan and of its payments is in the loan's `currency` (entry-currency.ts); its
 * `fxRate` converts them to the home currency in totals over several loans.
 */
export const Loan = z
  .object({
    ...documentBase,
    /** Optional (spec part 2 §5); screens fall back to the type's name. */
    name: z.string().trim().max(100).default(''),
    type: z.enum(LOAN_TYPES),
    status: z.enum(['new', 'existing']),
    principal: PositivePaise,
    interestRateBps: z.number().int().min(0).max(100_000),
    interestType: z.enum(INTEREST_TYPES).default('emi'),
    startDate: DayString,
    durationMonths: z.number().int().min(1).max(600),
    /** Set when the duration was given as a payoff date instead of months. */
    payoffDate: DayString.optional(),
    lender: z.string().trim().max(100).default(''),
    collateral: z.string().trim().max(200).default(''),
    currentBalance: Paise.min(0).default(0),
    paidBefore: Paise.min(0).default(0),
    lastPaymentDate: DayString.optional(),
    lastPaymentAmount: Paise.min(0).optional(),
    missedPayments: z.number().int().min(0).max(600).default(0),
    frequency: z.enum(LOAN_FREQUENCIES).default('monthly'),
    emi: Paise.min(0),
    /** The due day when the loan was added or edited; each regular payment after that moves it one period on. */
    nextDueDate: DayString.optional(),
    /** Regular payments already recorded when `nextDueDate` was set (an edit sets it anew). */
    duePaymentsCounted: z.number().int().min(0).max(100_000).default(0),
    allowsEarlySettlement: z.boolean().default(true),
    notes: z.string().max(1000).default(''),
    closed: z.boolean().default(false),
    createdAt: Millis,
    ...entryCurrencyFields,
  })
  .superRefine(
    refineEntryCurrency((l) => [l.principal, l.currentBalance, l.paidBefore, l.emi, l.lastPaymentAmount ?? 0]),
  )
export type Loan = z.infer<typeof Loan>

/**
 * Why the server did not count a payment: pushed from a device that recorded it offline, it was
 * more than the loan owed by then (another device's payments had come first), or its interest part
 * was more than the loan's terms charge. Set by the server only; the payment stays visible so the
 * user can correct or delete it.
 */
export const PAYMENT_REFUSALS = ['over_balance', 'over_interest'] as const
export type PaymentRefusal = (typeof PAYMENT_REFUSALS)[number]

/** One repayment; `principalPaid + interestPaid = amount` (checked by the input rules). */
export const LoanPayment = z.object({
  ...documentBase,
  loanId: Id,
  amount: PositivePaise,
  principalPaid: Paise.min(0).default(0),
  interestPaid: Paise.min(0).default(0),
  date: Millis,
  type: z.enum(PAYMENT_TYPES).default('regular'),
  method: z.enum(PAYMENT_METHODS).default('upi'),
  note: z.string().max(500).default(''),
  /** Null when the payment counts (see PAYMENT_REFUSALS). */
  refused: z.enum(PAYMENT_REFUSALS).nullable().default(null),
})
export type LoanPayment = z.infer<typeof LoanPayment>
