/**
 * The daily rate source (`FX_RATES_URL`) and what the server keeps of it: one day's rates of every
 * currency against one base, `{ "base": "USD", "date": "2026-11-27", "rates": { "INR": 83.2, … } }`
 * (units of the currency for one unit of the base). The same shape goes to devices
 * (`GET /api/fx/latest`). A rate between two other currencies goes through the base, exactly.
 */
import { z } from 'zod'
import { fail, type Checked } from '../validation/rules'
import { isCurrencyCode, isRate, MAX_RATE_DIGITS, type Rate } from './currency'

/** One day of the source: `rates[code]` units of `code` are worth one `base`. */
export interface FxDay {
  base: string
  /** The day the rates are for, YYYY-MM-DD. */
  date: string
  rates: Record<string, number>
}

/** Largest number of currencies one day may list (the ISO list has under 200). */
export const MAX_FX_CURRENCIES = 400

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

const FxDayShape = z.object({
  base: z.string(),
  date: z.string().regex(DATE, 'date must be YYYY-MM-DD'),
  rates: z.record(z.string(), z.unknown()),
})

/** Codes the runtime's Intl lists as currencies (ISO 4217); any well-formed code where it cannot list them. */
function knownCode(code: string): boolean {
  if (!isCurrencyCode(code)) return false
  return KNOWN === null || KNOWN.has(code)
}

const KNOWN: ReadonlySet<string> | null = (() => {
  const intl = Intl as { supportedValuesOf?: (key: 'currency') => string[] }
  try {
    return intl.supportedValuesOf ? new Set(intl.supportedValuesOf('currency')) : null
  } catch {
    return null
  }
})()

/** A source rate: a positive finite number, kept to the rate's significant digits. */
function sourceRate(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null
  const rounded = Number(value.toPrecision(MAX_RATE_DIGITS))
  return rounded > 0 && Number.isFinite(rounded) ? rounded : null
}

/**
 * What the source answered, checked whole: the right shape, a known base, a real date, at least
 * one rate, and every rate a known code with a positive number. One bad entry refuses the day
 * (a source that sends a negative rate is not trusted for the others), naming what was wrong.
 */
export function checkFxDay(json: unknown): Checked<FxDay> {
  const shape = FxDayShape.safeParse(json)
  if (!shape.success) {
    const issue = shape.error.issues[0]
    return fail(issue?.path.join('.') || 'body', issue?.message ?? 'not a rates object')
  }
  const { base, date, rates: raw } = shape.data
  if (!knownCode(base)) return fail('base', `unknown currency code ${JSON.stringify(base)}`)
  if (!isRealDay(date)) return fail('date', `no such day ${date}`)
  const entries = Object.entries(raw)
  if (entries.length === 0) return fail('rates', 'no rates')
  if (entries.length > MAX_FX_CURRENCIES) return fail('rates', `more than ${MAX_FX_CURRENCIES} rates`)
  const rates: Record<string, number> = {}
  for (const [code, value] of entries) {
    if (!knownCode(code)) return fail(`rates.${code}`, `unknown currency code ${JSON.stringify(code)}`)
    const rate = sourceRate(value)
    if (rate === null) return fail(`rates.${code}`, `not a positive number: ${JSON.stringify(value) ?? 'missing'}`)
    if (code === base && rate !== 1) return fail(`rates.${code}`, `the base must be 1, not ${rate}`)
    rates[code] = rate
  }
  rates[base] = 1
  return { ok: true, value: { base, date, rates } }
}

function isRealDay(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`)
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === date
}

/** A positive decimal as digits × 10^exponent (the decimal JavaScript prints for it). */
function decimalOf(value: number): { digits: bigint; exponent: number } {
  const [mantissa = '', exp = '0'] = value.toExponential().split('e')
  const [lead = '', tail = ''] = mantissa.split('.')
  return { digits: BigInt(lead + tail), exponent: Number(exp) - tail.length }
}

/** numerator / denominator (both > 0) rounded half away from zero to `digits` significant digits. */
function divideSignificant(numerator: bigint, denominator: bigint, digits: number): number {
  const low = 10n ** BigInt(digits - 1)
  const high = 10n ** BigInt(digits)
  // The quotient scaled by 10^k, as an integer part and what is left over.
  const at = (k: number) => {
    const num = k >= 0 ? numerator * 10n ** BigInt(k) : numerator
    const den = k >= 0 ? denominator : denominator * 10n ** BigInt(-k)
    const whole = num / den
    return { whole, twiceLeft: 2n * (num - whole * den), den }
  }
  let k = digits - (numerator.toString().length - denominator.toString().length)
  while (at(k).whole >= high) k -= 1
  while (at(k).whole < low) k += 1
  const { whole, twiceLeft, den } = at(k)
  const rounded = twiceLeft >= den ? whole + 1n : whole
  return Number(`${rounded}e${-k}`)
}

/**
 * The rate from `from` to `to` (units of `to` for one unit of `from`) through the day's base:
 * rates[to] / rates[from], divided exactly as decimals and rounded half away from zero to a
 * Rate's significant digits. Null when the day lacks either currency or the quotient is outside
 * what a Rate may be; the same currency has none (nothing to convert).
 */
export function crossRate(day: Pick<FxDay, 'rates'>, from: string, to: string): Rate | null {
  if (from === to) return null
  const perFrom = day.rates[from]
  const perTo = day.rates[to]
  if (perFrom === undefined || perTo === undefined || !(perFrom > 0) || !(perTo > 0)) return null
  const a = decimalOf(perTo)
  const b = decimalOf(perFrom)
  // (a.digits × 10^a.exp) / (b.digits × 10^b.exp)
  const shift = a.exponent - b.exponent
  const numerator = shift >= 0 ? a.digits * 10n ** BigInt(shift) : a.digits
  const denominator = shift >= 0 ? b.digits : b.digits * 10n ** BigInt(-shift)
  const rate = divideSignificant(numerator, denominator, MAX_RATE_DIGITS)
  return isRate(rate) ? rate : null
}

/** `GET /api/fx/latest`'s body (204 when the server holds no rates); devices check it with `checkFxDay`. */
export const FxDayBody = z.object({ base: z.string(), date: z.string(), rates: z.record(z.string(), z.number()) })

/** A rate a form offers for a pair, where it comes from, and the day it is for (YYYY-MM-DD). */
export interface RateOffer {
  rate: Rate
  /** `yours`: the user's latest entry with the pair; `daily`: the server's rate source. */
  from: 'yours' | 'daily'
  day: string
}

/** The day's rate for an entry in `currency` converted to `home`, with its day; null when it has none. */
export function dailyOffer(
  day: Pick<FxDay, 'rates' | 'date'> | null,
  currency: string,
  home: string,
): RateOffer | null {
  if (!day) return null
  const rate = crossRate(day, currency, home)
  return rate === null ? null : { rate, from: 'daily', day: day.date }
}

/**
 * Which rate a form offers when both are known: the newer by day, since rates move from day to
 * day and last month's rate is a worse guess than this morning's; on the same day the user's own,
 * which is what their bank or card actually charged (the source gives a market rate without the
 * markup).
 */
export function pickRateOffer(yours: RateOffer | null, daily: RateOffer | null): RateOffer | null {
  if (!yours || !daily) return yours ?? daily
  return daily.day > yours.day ? daily : yours
}

/** A rate the user gave and when (ms): an expense's or income's date, else when its entry was saved. */
export type GivenRate = { rate: number; date: number } | null

/** The later of two rates the user gave; the first on a tie. */
export function newerGiven(a: GivenRate, b: GivenRate): GivenRate {
  return a === null || (b !== null && b.date > a.date) ? b : a
}

/** Mark Paid writes a recurring payment's schedule just after booking its expense, within this. */
const MARK_PAID_WRITE_MS = 60_000

/**
 * When a saved entry's rate was last given (budgets, recurring payments, loans, household entries,
 * business entries): when it was saved, except for a recurring payment whose last save was Mark
 * Paid moving its schedule. That gave no rate; the expense it booked carries the one used then and
 * wins the tie at `lastPaidAt`.
 */
export function rateGivenAt(doc: { updatedAt: number; lastPaidAt?: number | null }): number {
  const paid = doc.lastPaidAt
  return paid != null && doc.updatedAt >= paid && doc.updatedAt - paid < MARK_PAID_WRITE_MS ? paid : doc.updatedAt
}

/** The collections besides transactions whose entries carry a rate the user typed (and `rateGivenAt` dates). */
export const RATE_GIVING_COLLECTIONS = [
  'budgets',
  'recurring_payments',
  'loans',
  'household_expenses',
  'settlements',
  'business_entries',
] as const
