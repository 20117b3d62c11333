import type { InterestType } from '../entities/loan'
import type { Paise } from '../money/money'

/**
 * Loan maths over integer paise. Rates are basis points per year; interest accrues monthly at
 * rate / 12. Schedules are exact to the paisa (each row's parts are whole paise and the
 * principal parts add up to the principal); projections (`amortise`, what-ifs, plans) run on
 * real numbers and round only their results, so comparing two of them is never skewed by
 * rounding order.
 */

export interface LoanTerms {
  principal: Paise
  rateBps: number
  months: number
  interestType: InterestType
}

export interface ScheduleRow {
  /** 1 = the first month after the start. */
  month: number
  payment: Paise
  interest: Paise
  principal: Paise
  /** What is still owed after this month's payment. */
  balance: Paise
}

/** Projections stop here (100 years): a payment that never clears a loan is reported, not looped. */
export const MAX_MONTHS = 1200

export const monthlyRate = (rateBps: number): number => rateBps / 10_000 / 12

/**
 * The exact (unrounded) reducing-balance instalment P·r / (1 − (1+r)⁻ⁿ), in paise; P / n when
 * interest-free. `expm1` keeps it exact where (1+r)ⁿ is too large for (1+r)ⁿ − 1 to be computed.
 */
function exactEmi(principal: Paise, r: number, n: number): number {
  return r === 0 ? principal / n : (principal * r) / -Math.expm1(-n * Math.log1p(r))
}

/**
 * The reducing-balance instalment, rounded to the nearest paisa (₹10,00,000 at 8.5 % over 240 months
 * → ₹8,678.23), and always more than the first month's interest; P / n rounded up when interest-free.
 * The schedule's instalments stay within a paisa or two of it (see `emiSchedule`).
 */
export function emiFor(principal: Paise, rateBps: number, months: number): Paise {
  const n = Math.max(1, Math.floor(months))
  const r = monthlyRate(rateBps)
  if (r === 0) return Math.ceil(principal / n)
  const emi = Math.max(1, Math.round(exactEmi(principal, r, n)))
  // Rounding down must never leave an instalment that only covers the first month's (rounded)
  // interest: a projection at it would never end (fast-check found ₹100 at 27.12 % over 274 months).
  return Math.max(emi, Math.round(principal * r) + 1)
}

/** `total` in `n` whole parts that differ by at most one paisa and add up to it exactly. */
function evenParts(total: Paise, n: number): Paise[] {
  const base = Math.floor(total / n)
  const extra = total - base * n
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0))
}

/**
 * The exact reducing-balance schedule, rounded row by row without carrying any rounding forward:
 * what has been paid in all (k × the exact EMI) and the interest so far are each rounded as running
 * totals, and the principal is the rest. Rounding each month's interest and carrying the balance
 * instead grows every half paisa by (1+r) a month: at 36 % over 360 months one paisa of EMI moves the
 * last instalment by ₹14,000. So every instalment is within a paisa or two of the exact EMI, there are
 * exactly `months` rows, and the principal parts add up to the principal.
 */
function emiSchedule(principal: Paise, rateBps: number, months: number): ScheduleRow[] {
  const r = monthlyRate(rateBps)
  const emi = exactEmi(principal, r, months)
  const logGrowth = Math.log1p(r)
  // What is still owed after month k, exactly: P·(1 − (1+r)^−(n−k)) / (1 − (1+r)^−n).
  const owedAfter = (k: number) =>
    r === 0
      ? (principal * (months - k)) / months
      : (principal * Math.expm1(-(months - k) * logGrowth)) / Math.expm1(-months * logGrowth)
  const rows: ScheduleRow[] = []
  let repaid = 0
  let interestSoFar = 0
  for (let month = 1; month <= months; month += 1) {
    const paidSoFar = Math.round(month * emi)
    const interestTotal = Math.max(interestSoFar, Math.round(month * emi - (principal - owedAfter(month))))
    // Running totals never step back, so no part is negative; the last month repays what is left.
    const repaidTotal = month === months ? principal : Math.min(principal, Math.max(repaid, paidSoFar - interestTotal))
    const part = repaidTotal - repaid
    const interest = interestTotal - interestSoFar
    repaid = repaidTotal
    interestSoFar = interestTotal
    rows.push({ month, payment: part + interest, interest, principal: part, balance: principal - repaid })
  }
  return rows
}

function flatSchedule(principal: Paise, months: number, totalInterest: Paise): ScheduleRow[] {
  const parts = evenParts(principal, months)
  const interests = evenParts(totalInterest, months)
  let balance = principal
  return parts.map((part, i) => {
    balance -= part
    const interest = interests[i] ?? 0
    return { month: i + 1, payment: part + interest, interest, principal: part, balance }
  })
}

/** Interest compounds monthly onto what is owed; everything is repaid in the last month. */
function bulletSchedule(principal: Paise, rateBps: number, months: number): ScheduleRow[] {
  const r = monthlyRate(rateBps)
  const rows: ScheduleRow[] = []
  let owed = principal
  for (let month = 1; month <= months; month += 1) {
    const interest = Math.round(owed * r)
    owed += interest
    const last = month === months
    rows.push({
      month,
      payment: last ? owed : 0,
      interest,
      principal: last ? principal : 0,
      balance: last ? 0 : owed,
    })
  }
  return rows
}

/** Total flat (simple) interest: P × rate × years, to the nearest paisa. */
export const simpleInterest = (principal: Paise, rateBps: number, months: number): Paise =>
  Math.round((principal * rateBps * months) / (10_000 * 12))

/**
 * The month-by-month plan of a loan from its terms. For every interest type the principal
 * parts are whole paise that add up to the principal, and no balance is negative.
 */
export function amortisationSchedule(terms: LoanTerms): ScheduleRow[] {
  const months = Math.max(1, Math.floor(terms.months))
  const { principal, rateBps } = terms
  if (principal <= 0) return []
  switch (terms.interestType) {
    case 'emi':
      return emiSchedule(principal, rateBps, months)
    case 'simple':
      return flatSchedule(principal, months, simpleInterest(principal, rateBps, months))
    case 'none':
      return flatSchedule(principal, months, 0)
    case 'compound':
      return bulletSchedule(principal, rateBps, months)
  }
}

/**
 * The instalment the wizard proposes: the EMI, a month's payment of a flat schedule, or for compound
 * what clears it at the end spread over the months.
 */
export function proposedInstalment(terms: LoanTerms): Paise {
  if (terms.interestType === 'emi' && terms.principal > 0) return emiFor(terms.principal, terms.rateBps, terms.months)
  const rows = amortisationSchedule(terms)
  if (terms.interestType === 'compound') {
    const total = rows.reduce((sum, row) => sum + row.payment, 0)
    return Math.ceil(total / Math.max(1, rows.length))
  }
  return rows[0]?.payment ?? 0
}

/**
 * What is still owed after `paid` has gone through the schedule in order (each instalment's
 * interest first, then its principal); used by the wizard for an existing loan. Never negative.
 */
export function balanceAfterPaid(terms: LoanTerms, paid: Paise): Paise {
  if (terms.interestType === 'compound') return Math.max(0, terms.principal - paid)
  let left = paid
  let balance = terms.principal
  for (const row of amortisationSchedule(terms)) {
    if (left >= row.payment) {
      left -= row.payment
      balance = row.balance
      continue
    }
    return Math.max(0, balance - Math.max(0, left - row.interest))
  }
  return 0
}

export interface Projection {
  /** Months until nothing is owed; null when the payment never clears it (it does not cover the interest). */
  months: number | null
  /** Interest paid until then, rounded to the paisa (over MAX_MONTHS when it never clears). */
  interest: Paise
  /** What is owed at the start and after each month, rounded to the paisa. */
  balances: Paise[]
}

/** Owing `balance` at `rateBps` and paying `payment` a month (real-number simulation). */
export function amortise(balance: number, rateBps: number, payment: number): Projection {
  const r = monthlyRate(rateBps)
  const balances: Paise[] = [Math.round(balance)]
  let owed = balance
  let interest = 0
  let months = 0
  // Half a paisa or less left is paid off: it rounds to nothing.
  while (owed > 0.5) {
    // A remainder under 1 % of a payment (the EMI was rounded down to the paisa) goes with the last one.
    if (months > 0 && owed < payment * 0.01) {
      balances[balances.length - 1] = 0
      break
    }
    if (months >= MAX_MONTHS || payment <= owed * r) return { months: null, interest: Math.round(interest), balances }
    const accrued = owed * r
    interest += accrued
    owed = Math.max(0, owed + accrued - payment)
    months += 1
    balances.push(Math.round(owed))
  }
  return { months, interest: Math.round(interest), balances }
}
