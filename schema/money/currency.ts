/**
 * Amounts in more than one currency. Each entry keeps its amount in its own currency, as an
 * integer of the currency's stored unit, with the rate to the user's home currency on its date;
 * totals add the converted figures up in the home currency.
 *
 * Two numbers of digits per currency:
 * - its own digits (`currencyDigits`): what Intl says the currency shows and accepts (JPY 0,
 *   INR 2, BHD 3);
 * - its stored digits (`storedDigits`): hundredths, or the currency's own unit when finer (BHD's
 *   fils). The yen keeps hundredths so every amount stored before entries had a currency reads the
 *   same; a yen amount is always a whole number of yen, i.e. a multiple of 100 stored units.
 */

const digitCache = new Map<string, number>()

/** Whether `code` is a currency code Intl knows ("USD", "JPY"). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code })
    return true
  } catch {
    return false
  }
}

/**
 * The currency's minor-unit digits, from Intl (ISO 4217): JPY 0, INR 2, BHD 3. Computed once per
 * code. Throws for a code Intl does not know (check it with `isCurrencyCode` first).
 */
export function currencyDigits(code: string): number {
  let digits = digitCache.get(code)
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
    digitCache.set(code, digits)
  }
  return digits
}

/** The digits amounts in `code` are stored with: at least hundredths (see the module comment). */
export function storedDigits(code: string): number {
  return Math.max(2, currencyDigits(code))
}

const pow10 = (n: number): bigint => 10n ** BigInt(n)

/** a / b rounded half away from zero (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n
  const abs = negative ? -a : a
  const q = (abs * 2n + b) / (2n * b)
  return negative ? -q : q
}

const AMOUNT = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/

/**
 * A decimal amount in `code` ("20", "11.80", "1,25,000", "0.125" for BHD) as stored units, rounded
 * half away from zero to the currency's own digits ("500.5" yen is 501 yen = 50100). Null when it is
 * not a decimal number or not a safe integer.
 */
export function parseAmountIn(text: string, code: string): number | null {
  const match = AMOUNT.exec(text.replace(/,/g, ''))
  if (!match) return null
  const [, minus, whole = '', fraction = ''] = match
  if (whole === '' && fraction === '') return null
  const own = currencyDigits(code)
  const scaled = BigInt((whole || '0') + fraction)
  const ownUnits = divideRounded(scaled * pow10(own), pow10(fraction.length))
  const stored = Number(ownUnits * pow10(storedDigits(code) - own))
  if (!Number.isSafeInteger(stored)) return null
  return minus && stored !== 0 ? -stored : stored
}

/** Stored units as a plain decimal in the currency's own digits ("11.80", "500" for yen, "0.125"). */
export function amountText(stored: number, code: string): string {
  const own = currencyDigits(code)
  const ownUnits = divideRounded(BigInt(stored), pow10(storedDigits(code) - own))
  const negative = ownUnits < 0n
  const digits = (negative ? -ownUnits : ownUnits).toString().padStart(own + 1, '0')
  const body = own === 0 ? digits : `${digits.slice(0, -own)}.${digits.slice(-own)}`
  return negative ? `-${body}` : body
}

/**
 * A rate: how many units of the home currency one unit of the entry's currency is worth
 * (USD → INR ≈ 83.2). A positive number with at most 10 significant digits, so it is stored and
 * synced as a plain JSON number and read back exactly as a decimal; between 1e-6 and 1e5, so the
 * largest amount an entry may have (10^10 stored units) stays a safe integer once converted.
 */
export type Rate = number

export const MAX_RATE_DIGITS = 10
export const MIN_RATE = 1e-6
export const MAX_RATE = 1e5

/** The decimal digits of a rate and its power of ten: 83.25 → { digits: 8325n, exponent: -2 }. */
function rateDecimal(rate: Rate): { digits: bigint; exponent: number } {
  const [mantissa = '', exp = '0'] = rate.toExponential().split('e')
  const [lead = '', tail = ''] = mantissa.split('.')
  return { digits: BigInt(lead + tail), exponent: Number(exp) - tail.length }
}

/** Whether `rate` is a rate the app stores (see `Rate`). */
export function isRate(rate: unknown): rate is Rate {
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < MIN_RATE || rate > MAX_RATE) return false
  return rateDecimal(rate).digits.toString().length <= MAX_RATE_DIGITS
}

/** A typed rate ("83.25", "0.0442") as a Rate; null when it is not one. */
export function parseRate(text: string): Rate | null {
  const cleaned = text.trim().replace(/,/g, '')
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return null
  const rate = Number(cleaned)
  return isRate(rate) ? rate : null
}

/**
 * `amount` (stored units of `from`) in stored units of `to` at `rate` (units of `to` per unit of
 * `from`), rounded half away from zero to `to`'s own digits. Exact: the rate is read as its
 * decimal and the arithmetic is integer. The same currency converts to itself, whatever the rate.
 */
export function convertAmount(amount: number, from: string, to: string, rate: Rate): number {
  if (from === to) return amount
  const { digits, exponent } = rateDecimal(rate)
  const toOwn = currencyDigits(to)
  // amount / 10^sFrom × digits × 10^exponent, in units of 10^-toOwn of `to`.
  let numerator = BigInt(amount) * digits * pow10(toOwn)
  let denominator = pow10(storedDigits(from))
  if (exponent >= 0) numerator *= pow10(exponent)
  else denominator *= pow10(-exponent)
  const converted = divideRounded(numerator, denominator) * pow10(storedDigits(to) - toOwn)
  if (converted > BigInt(Number.MAX_SAFE_INTEGER) || -converted > BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`${amount} ${from} at ${rate} is beyond the amounts the app holds`)
  return Number(converted)
}

/** An amount in some currency with the rate to the home currency it was entered with (null: none). */
export interface MoneyEntry {
  amount: number
  currency: string
  rate: Rate | null
}

/**
 * An entry's amount in the home currency: itself when it is in the home currency, converted at
 * its rate otherwise, and null ("not converted") when it has no rate: never counted 1:1.
 */
export function inHome(entry: MoneyEntry, home: string): number | null {
  if (entry.currency === home) return entry.amount
  if (entry.rate === null || !isRate(entry.rate)) return null
  return convertAmount(entry.amount, entry.currency, home, entry.rate)
}

export interface HomeSum {
  /** The converted entries added up, in stored units of the home currency. */
  total: number
  /** Indexes (in the input's order) of the entries with no rate, left out of `total`. */
  notConverted: number[]
}

/** Adds entries up in the home currency; those with no rate are listed, not counted. */
export function sumInHome(entries: readonly MoneyEntry[], home: string): HomeSum {
  let total = 0
  const notConverted: number[] = []
  entries.forEach((entry, index) => {
    const converted = inHome(entry, home)
    if (converted === null) notConverted.push(index)
    else total += converted
  })
  return { total, notConverted }
}

/** What a stored entry says about its currency: absent on entries made before entries had one. */
export interface CurrencyFields {
  currency?: string | undefined
  fxRate?: Rate | null | undefined
  /** The home currency the rate converts to. */
  fxHome?: string | undefined
}

/** The profile's side: the home currency, and the one entries without a currency were made in. */
export interface HomeCurrency {
  currency: string
  /** Pinned when the home currency is first changed; entries with no currency of their own are in it. */
  legacyCurrency?: string | null | undefined
}

/** The currency an entry is in: its own, else the pinned legacy currency, else the home currency. */
export function entryCurrency(entry: CurrencyFields, home: HomeCurrency): string {
  return entry.currency ?? home.legacyCurrency ?? home.currency
}

/**
 * An entry as a MoneyEntry (its currency resolved). Its rate counts only toward the home currency it
 * was given for: after a change of home currency the entry has no rate to the new one.
 */
export function moneyEntryOf(entry: CurrencyFields & { amount: number }, home: HomeCurrency): MoneyEntry {
  const rate = entry.fxHome === home.currency ? (entry.fxRate ?? null) : null
  return { amount: entry.amount, currency: entryCurrency(entry, home), rate }
}
