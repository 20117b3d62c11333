import { balanceAfterPaid } from '../calc/amortisation'
import { paymentRefusal, type PaymentLimits } from '../calc/loan-figures'
import {
  INTEREST_TYPES,
  LOAN_FREQUENCIES,
  LOAN_TYPES,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  type Loan,
  type LoanPayment,
} from '../entities/loan'
import { formatDecimal, formatMoney, toPaise, type Paise } from '../money/money'
import { fromDayString, toDayString } from '../time'
import {
  checkAmount,
  fail,
  isBlank,
  MAX_NAME_CHARS,
  MAX_NOTE_CHARS,
  oneOf,
  RULE_MESSAGES,
  tooLong,
  type Checked as CheckedOf,
  type RawInput,
} from './rules'
import { checkCurrency, type CurrencyInput } from './currency-input'

/** Longest lender, collateral and notes of a loan (its notes are longer than an entry's note). */
export const LOAN_TEXT_LIMITS = { lender: 100, collateral: 200, notes: 1000 } as const
const { lender: MAX_LENDER, collateral: MAX_COLLATERAL } = LOAN_TEXT_LIMITS

/**
 * Loan form rules (spec part 2 §2, §5), shared by the wizard, the edit screen and the REST
 * mirror so each refuses with the same message. Dates are 'YYYY-MM-DD'; `today` is the local day.
 */
export const LOAN_MESSAGES = {
  typeRequired: 'Please choose a loan type',
  typeInvalid: `Loan type must be one of ${LOAN_TYPES.join(', ')}`,
  statusRequired: 'Please choose whether the loan is new or existing',
  startRequired: 'Please choose the start date',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  startFuture: 'Start date cannot be in the future',
  principalRequired: 'Please enter the loan amount',
  ...RULE_MESSAGES,
  rateRequired: 'Please enter the interest rate (0 for none)',
  rateInvalid: 'Interest rate must be a number from 0 to 100',
  interestTypeInvalid: `Interest type must be one of ${INTEREST_TYPES.join(', ')}`,
  durationRequired: 'Please enter the duration in months or a final payoff date',
  durationInvalid: 'Duration must be a whole number of months from 1 to 600',
  payoffPast: 'Final payoff date cannot be in the past',
  payoffBeforeStart: 'Final payoff date must be after the start date',
  paidRequired: 'Please enter how much you have paid so far',
  lastPaymentFuture: 'Last payment date cannot be in the future',
  missedInvalid: 'Missed payments must be a whole number, 0 or more',
  emiRequired: 'Please enter the EMI',
  frequencyInvalid: `Payment frequency must be one of ${LOAN_FREQUENCIES.join(', ')}`,
  nextDuePast: 'Next due date cannot be in the past',
  notesTooLong: tooLong('Notes', LOAN_TEXT_LIMITS.notes),
  noteTooLong: tooLong('Note', MAX_NOTE_CHARS),
  textTooLong: `Lender and collateral must be at most ${MAX_LENDER} and ${MAX_COLLATERAL} characters`,
  paymentAmount: 'Payment amount must be greater than zero',
  paymentSplit: 'Principal and interest must add up to the amount paid',
  paymentDateFuture: 'Payment date cannot be in the future',
  paymentTypeInvalid: `Payment type must be one of ${PAYMENT_TYPES.join(', ')}`,
  paymentMethodInvalid: `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`,
  paymentOverOwed: (closing: string) => `Payment is more than what is owed: ${closing} closes this loan`,
  paidOff: 'This loan is paid off: nothing more is owed',
  principalOverBalance: (balance: string) => `Principal part is more than the outstanding balance of ${balance}`,
  interestOverTerms: (most: string) => `Interest part cannot be more than ${most}, all the interest this loan charges`,
} as const

type Raw = RawInput

/**
 * What a loan form or a REST body holds, before checking (numbers as typed). Every amount is in
 * the loan's `currency` (absent: the home currency, or an edited loan's own).
 */
export interface LoanInput extends CurrencyInput {
  type?: string | null
  name?: string | null
  status?: string | null
  startDate?: string | null
  principal?: Raw
  /** Percent per year ("8.5"). */
  interestRate?: Raw
  interestType?: string | null
  durationMonths?: Raw
  payoffDate?: string | null
  lender?: string | null
  collateral?: string | null
  paidSoFar?: Raw
  lastPaymentDate?: string | null
  lastPaymentAmount?: Raw
  missedPayments?: Raw
  frequency?: string | null
  emi?: Raw
  nextDueDate?: string | null
  allowsEarlySettlement?: boolean | null
  notes?: string | null
}

/** The loan's own fields (no id, owner, stamps): what create and edit write. */
export type LoanFields = Omit<Loan, 'id' | 'ownerId' | 'updatedAt' | 'createdAt' | 'closed' | 'duePaymentsCounted'>

/** Dates an edit keeps as they were are not checked against today again (a payoff date may have passed). */
export type KeptDates = Partial<Pick<Loan, 'startDate' | 'payoffDate' | 'lastPaymentDate' | 'nextDueDate'>>
export type LoanField = keyof LoanInput

export type Checked<T> = CheckedOf<T, LoanField>

/** rules.ts's amount rule, in the loan fields' words. */
function amount(value: Raw, field: LoanField, required: string, zero: boolean): Checked<Paise> {
  return checkAmount(value, field, { required, zero })
}

/** An optional day: undefined when blank; refused when not a real date. */
function day(value: string | null | undefined, field: LoanField): Checked<string | undefined> {
  if (isBlank(value)) return { ok: true, value: undefined }
  const text = value.trim()
  if (Number.isNaN(fromDayString(text))) return fail(field, LOAN_MESSAGES.dateInvalid)
  return { ok: true, value: text }
}

function wholeNumber(value: Raw): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : null
}

/** Step 1: a type (the name is optional). */
export function checkLoanKind(input: LoanInput): Checked<Pick<LoanFields, 'type' | 'name'>> {
  if (isBlank(input.type)) return fail('type', LOAN_MESSAGES.typeRequired)
  const type = oneOf(LOAN_TYPES, input.type, 'other')
  if (!type) return fail('type', LOAN_MESSAGES.typeInvalid)
  const name = (input.name ?? '').trim()
  if (name.length > MAX_NAME_CHARS) return fail('name', LOAN_MESSAGES.nameTooLong)
  return { ok: true, value: { type, name } }
}

/** Step 2: new or existing, and a start date not in the future. */
export function checkLoanStart(
  input: LoanInput,
  today: string,
  kept: KeptDates = {},
): Checked<Pick<LoanFields, 'status' | 'startDate'>> {
  if (input.status !== 'new' && input.status !== 'existing') return fail('status', LOAN_MESSAGES.statusRequired)
  if (isBlank(input.startDate)) return fail('startDate', LOAN_MESSAGES.startRequired)
  const start = day(input.startDate, 'startDate')
  if (!start.ok) return start
  if (start.value! > today && start.value !== kept.startDate) return fail('startDate', LOAN_MESSAGES.startFuture)
  return { ok: true, value: { status: input.status, startDate: start.value! } }
}

/** Whole months from `start` to `end` (a part month counts), at least 1. */
export function monthsBetween(start: string, end: string): number {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number]
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number]
  const months = (ey - sy) * 12 + (em - sm) + (ed > sd ? 1 : 0)
  return Math.max(1, months)
}

type Terms = Pick<
  LoanFields,
  'principal' | 'interestRateBps' | 'interestType' | 'durationMonths' | 'payoffDate' | 'currency' | 'fxRate'
>

/** Step 3: currency and its rate, amount, interest rate (0 allowed) and type, duration as months or a payoff date. */
export function checkLoanTerms(
  input: LoanInput,
  today: string,
  startDate: string,
  kept: KeptDates = {},
): Checked<Terms> {
  const currency = checkCurrency(input)
  if (!currency.ok) return currency
  const principal = amount(input.principal, 'principal', LOAN_MESSAGES.principalRequired, false)
  if (!principal.ok) return principal
  if (isBlank(input.interestRate)) return fail('interestRate', LOAN_MESSAGES.rateRequired)
  const bps = toPaise(input.interestRate)
  if (bps === null || bps < 0 || bps > 10_000) return fail('interestRate', LOAN_MESSAGES.rateInvalid)
  const interestType = oneOf(INTEREST_TYPES, input.interestType, 'emi')
  if (!interestType) return fail('interestType', LOAN_MESSAGES.interestTypeInvalid)
  const payoff = day(input.payoffDate, 'payoffDate')
  if (!payoff.ok) return payoff
  if (payoff.value !== undefined && payoff.value < today && payoff.value !== kept.payoffDate)
    return fail('payoffDate', LOAN_MESSAGES.payoffPast)
  if (payoff.value !== undefined && payoff.value <= startDate)
    return fail('payoffDate', LOAN_MESSAGES.payoffBeforeStart)
  let durationMonths: number
  if (!isBlank(input.durationMonths)) {
    const months = wholeNumber(input.durationMonths)
    if (months === null || months < 1 || months > 600) return fail('durationMonths', LOAN_MESSAGES.durationInvalid)
    durationMonths = months
  } else if (payoff.value !== undefined) {
    durationMonths = monthsBetween(startDate, payoff.value)
    if (durationMonths > 600) return fail('payoffDate', LOAN_MESSAGES.durationInvalid)
  } else return fail('durationMonths', LOAN_MESSAGES.durationRequired)
  return {
    ok: true,
    value: {
      principal: principal.value,
      interestRateBps: bps,
      interestType,
      durationMonths,
      ...(payoff.value === undefined ? {} : { payoffDate: payoff.value }),
      ...currency.value,
    },
  }
}

type Standing = Pick<LoanFields, 'paidBefore' | 'lastPaymentDate' | 'lastPaymentAmount' | 'missedPayments'>

/** Step 4 (existing loans): paid so far, last payment (not in the future), missed payments ≥ 0. */
export function checkLoanStanding(
  input: LoanInput,
  today: string,
  existing: boolean,
  kept: KeptDates = {},
): Checked<Standing> {
  const missed = isBlank(input.missedPayments) ? 0 : wholeNumber(input.missedPayments)
  if (missed === null || missed < 0 || missed > 600) return fail('missedPayments', LOAN_MESSAGES.missedInvalid)
  if (!existing) return { ok: true, value: { paidBefore: 0, missedPayments: missed } }
  const paid = amount(input.paidSoFar, 'paidSoFar', LOAN_MESSAGES.paidRequired, true)
  if (!paid.ok) return paid
  const last = day(input.lastPaymentDate, 'lastPaymentDate')
  if (!last.ok) return last
  if (last.value !== undefined && last.value > today && last.value !== kept.lastPaymentDate)
    return fail('lastPaymentDate', LOAN_MESSAGES.lastPaymentFuture)
  let lastAmount: Paise | undefined
  if (!isBlank(input.lastPaymentAmount)) {
    const parsed = amount(input.lastPaymentAmount, 'lastPaymentAmount', LOAN_MESSAGES.amountInvalid, false)
    if (!parsed.ok) return parsed
    lastAmount = parsed.value
  }
  return {
    ok: true,
    value: {
      paidBefore: paid.value,
      missedPayments: missed,
      ...(last.value === undefined ? {} : { lastPaymentDate: last.value }),
      ...(lastAmount === undefined ? {} : { lastPaymentAmount: lastAmount }),
    },
  }
}

type Plan = Pick<LoanFields, 'emi' | 'frequency' | 'nextDueDate' | 'allowsEarlySettlement'>

/** Step 5: the EMI, frequency (default monthly) and a next due date not in the past. */
export function checkLoanPlan(input: LoanInput, today: string, kept: KeptDates = {}): Checked<Plan> {
  const emi = amount(input.emi, 'emi', LOAN_MESSAGES.emiRequired, false)
  if (!emi.ok) return emi
  const frequency = oneOf(LOAN_FREQUENCIES, input.frequency, 'monthly')
  if (!frequency) return fail('frequency', LOAN_MESSAGES.frequencyInvalid)
  const next = day(input.nextDueDate, 'nextDueDate')
  if (!next.ok) return next
  if (next.value !== undefined && next.value < today && next.value !== kept.nextDueDate)
    return fail('nextDueDate', LOAN_MESSAGES.nextDuePast)
  return {
    ok: true,
    value: {
      emi: emi.value,
      frequency,
      allowsEarlySettlement: input.allowsEarlySettlement ?? true,
      ...(next.value === undefined ? {} : { nextDueDate: next.value }),
    },
  }
}

/**
 * The whole form. The current balance is computed here (spec: before submit): the principal for
 * a new loan; for an existing one, what the amount paid so far leaves after going through the
 * schedule.
 */
export function checkLoan(input: LoanInput, today: string, kept: KeptDates = {}): Checked<LoanFields> {
  const kind = checkLoanKind(input)
  if (!kind.ok) return kind
  const start = checkLoanStart(input, today, kept)
  if (!start.ok) return start
  const terms = checkLoanTerms(input, today, start.value.startDate, kept)
  if (!terms.ok) return terms
  const standing = checkLoanStanding(input, today, start.value.status === 'existing', kept)
  if (!standing.ok) return standing
  const plan = checkLoanPlan(input, today, kept)
  if (!plan.ok) return plan
  const lender = (input.lender ?? '').trim()
  const collateral = (input.collateral ?? '').trim()
  if (lender.length > MAX_LENDER || collateral.length > MAX_COLLATERAL) return fail('lender', LOAN_MESSAGES.textTooLong)
  const notes = input.notes ?? ''
  if (notes.length > LOAN_TEXT_LIMITS.notes) return fail('notes', LOAN_MESSAGES.notesTooLong)
  const { currency: _c, fxRate: _r, ...t } = terms.value
  const currentBalance = balanceAfterPaid(
    { principal: t.principal, rateBps: t.interestRateBps, months: t.durationMonths, interestType: t.interestType },
    standing.value.paidBefore,
  )
  return {
    ok: true,
    value: {
      ...kind.value,
      ...start.value,
      ...terms.value,
      ...standing.value,
      ...plan.value,
      lender,
      collateral,
      notes,
      currentBalance,
    },
  }
}

export interface PaymentInput {
  amount?: Raw
  principal?: Raw
  interest?: Raw
  /** 'YYYY-MM-DD'. */
  date?: string | null
  type?: string | null
  method?: string | null
  note?: string | null
}

export type PaymentFields = Pick<
  LoanPayment,
  'amount' | 'principalPaid' | 'interestPaid' | 'type' | 'method' | 'note'
> & {
  day: string
}
export type PaymentField = keyof PaymentInput
export type CheckedPayment = CheckedOf<PaymentFields, PaymentField>

export interface PaymentChecks {
  /** What the loan can take (for an edit, with the edited payment left out of the balance). */
  limits?: PaymentLimits
  /** How amounts read in messages (the user's currency); rupees with paise by default. */
  format?: (paise: Paise) => string
}

type Parts = { principal: Paise; interest: Paise }

/** The refusal of parts beyond the limits, on the field the user can fix. */
function beyondLimits(parts: Parts, given: boolean, checks: PaymentChecks) {
  const { limits, format = (p: Paise) => formatMoney(p, 'INR', { exact: true }) } = checks
  if (!limits) return null
  const refusal = paymentRefusal({ principalPaid: parts.principal, interestPaid: parts.interest }, limits)
  if (refusal === 'over_interest')
    return { field: 'interest' as const, error: LOAN_MESSAGES.interestOverTerms(format(limits.maxInterest)) }
  if (refusal === 'over_balance' && limits.balance === 0)
    return { field: 'amount' as const, error: LOAN_MESSAGES.paidOff }
  if (refusal === 'over_balance' && given)
    return { field: 'principal' as const, error: LOAN_MESSAGES.principalOverBalance(format(limits.balance)) }
  if (refusal === 'over_balance')
    return { field: 'amount' as const, error: LOAN_MESSAGES.paymentOverOwed(format(limits.closing)) }
  return null
}

/**
 * A payment: amount > 0, principal + interest = amount (when only the amount is given, `split`
 * proposes the parts), within what the loan can take (`checks.limits`: a prepayment may close the
 * loan, no more), a date not in the future, type default regular, method default upi.
 */
export function checkPayment(
  input: PaymentInput,
  today: string,
  split: (amount: Paise) => Parts,
  checks: PaymentChecks = {},
): CheckedPayment {
  const bad = (field: PaymentField, error: string) => fail(field, error)
  const paid = amount(input.amount, 'principal', LOAN_MESSAGES.paymentAmount, false)
  if (!paid.ok)
    return bad('amount', paid.error === LOAN_MESSAGES.amountTooLarge ? paid.error : LOAN_MESSAGES.paymentAmount)
  let parts = split(paid.value)
  const given = !isBlank(input.principal) || !isBlank(input.interest)
  if (given) {
    const principal = amount(isBlank(input.principal) ? 0 : input.principal, 'principal', '', true)
    if (!principal.ok) return bad('principal', principal.error)
    const interest = amount(isBlank(input.interest) ? 0 : input.interest, 'principal', '', true)
    if (!interest.ok) return bad('interest', interest.error)
    parts = { principal: principal.value, interest: interest.value }
  }
  if (parts.principal + parts.interest !== paid.value) return bad('principal', LOAN_MESSAGES.paymentSplit)
  const beyond = beyondLimits(parts, given, checks)
  if (beyond) return bad(beyond.field, beyond.error)
  const date = day(input.date, 'startDate')
  if (!date.ok) return bad('date', date.error)
  const when = date.value ?? today
  if (when > today) return bad('date', LOAN_MESSAGES.paymentDateFuture)
  const type = oneOf(PAYMENT_TYPES, input.type, 'regular')
  if (!type) return bad('type', LOAN_MESSAGES.paymentTypeInvalid)
  const method = oneOf(PAYMENT_METHODS, input.method, 'upi')
  if (!method) return bad('method', LOAN_MESSAGES.paymentMethodInvalid)
  const note = input.note ?? ''
  if (note.length > MAX_NOTE_CHARS) return bad('note', LOAN_MESSAGES.noteTooLong)
  return {
    ok: true,
    value: {
      amount: paid.value,
      principalPaid: parts.principal,
      interestPaid: parts.interest,
      day: when,
      type,
      method,
      note,
    },
  }
}

/** A stored payment as form input (decimal amounts as text, its local day), for editing. */
export function paymentToInput(payment: LoanPayment): PaymentInput {
  return {
    amount: formatDecimal(payment.amount),
    principal: formatDecimal(payment.principalPaid),
    interest: formatDecimal(payment.interestPaid),
    date: toDayString(payment.date),
    type: payment.type,
    method: payment.method,
    note: payment.note,
  }
}

type Chosen = 'type' | 'status' | 'interestType' | 'frequency' | 'allowsEarlySettlement' | 'currency' | 'fxRate'

/**
 * The loan form as typed: every field as text but the choices and the early settlement switch;
 * `currency` is '' for a loan made before loans had one, and `fxRate` the rate as typed.
 */
export type LoanText = Pick<Loan, Exclude<Chosen, 'currency' | 'fxRate'>> & {
  [K in Exclude<keyof LoanInput, Chosen>]-?: string
} & { currency: string; fxRate: string }

/** A stored loan as form input (decimal rupees and percent as text), for editing. */
export function loanToInput(loan: Loan): LoanText {
  const rupees = (paise: number) => formatDecimal(paise).replace(/\.00$/, '')
  return {
    type: loan.type,
    name: loan.name,
    status: loan.status,
    startDate: loan.startDate,
    principal: rupees(loan.principal),
    interestRate: rupees(loan.interestRateBps),
    interestType: loan.interestType,
    durationMonths: String(loan.durationMonths),
    payoffDate: loan.payoffDate ?? '',
    lender: loan.lender,
    collateral: loan.collateral,
    paidSoFar: rupees(loan.paidBefore),
    lastPaymentDate: loan.lastPaymentDate ?? '',
    lastPaymentAmount: loan.lastPaymentAmount === undefined ? '' : rupees(loan.lastPaymentAmount),
    missedPayments: String(loan.missedPayments),
    frequency: loan.frequency,
    emi: rupees(loan.emi),
    nextDueDate: loan.nextDueDate ?? '',
    allowsEarlySettlement: loan.allowsEarlySettlement,
    notes: loan.notes,
    currency: loan.currency ?? '',
    fxRate: loan.fxRate == null ? '' : String(loan.fxRate),
  }
}
