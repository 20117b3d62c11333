import { currencyDigits } from './currency'

/**
 * Money inside the product is an integer number of minor units (paise for INR):
 * 123.45 rupees is 12345; every currency is kept in hundredths at least (money/currency.ts).
 * Safe range: |paise| ≤ Number.MAX_SAFE_INTEGER, far above the largest amount the app accepts
 * (₹100,000,000 = 10,000,000,000 paise).
 */
export type Paise = number

const DECIMAL = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/

/**
 * Parses a decimal amount ("500", "99.5", "1,25,000.75", 0.1 + 0.2) into paise with no float
 * drift: strings are read digit by digit; numbers go through their shortest decimal
 * representation and are rounded half away from zero at the third decimal.
 * Returns null for anything that is not a finite decimal number.
 */
export function toPaise(value: string | number): Paise | null {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    // The shortest decimal that reads back as this number: 0.1 + 0.2 → "0.30000000000000004".
    text = String(value)
    if (/e/i.test(text)) text = Math.abs(value) < 1 ? value.toFixed(3) : ''
  } else {
    text = value.replace(/,/g, '')
  }
  const match = DECIMAL.exec(text)
  if (!match) return null
  const [, minus, whole = '', fraction = ''] = match
  if (whole === '' && fraction === '') return null
  const padded = (fraction + '000').slice(0, 3)
  let paise = Number(whole) * 100 + Number(padded.slice(0, 2))
  if (Number(padded[2]) >= 5) paise += 1
  if (!Number.isSafeInteger(paise)) return null
  return minus && paise !== 0 ? -paise : paise
}

/** Paise as a decimal number of major units for the REST API (12345 → 123.45). Exact to two places. */
export function fromPaise(paise: Paise): number {
  return Number(formatDecimal(paise))
}

/** Paise as a plain decimal string with two places ("-123.45"), for inputs and CSV. */
export function formatDecimal(paise: Paise): string {
  const sign = paise < 0 ? '-' : ''
  const abs = Math.abs(paise)
  const whole = Math.floor(abs / 100)
  const cents = String(abs % 100).padStart(2, '0')
  return `${sign}${whole}.${cents}`
}

export interface Currency {
  code: string
  symbol: string
  name: string
}

/** The ten supported currencies (spec part 1 §3); INR is the default. */
export const CURRENCIES: readonly Currency[] = [
  { code: 'INR', symbol: '₹', name: 'Indian Rupee' },
  { code: 'USD', symbol: '$', name: 'US Dollar' },
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'GBP', symbol: '£', name: 'British Pound' },
  { code: 'JPY', symbol: '¥', name: 'Japanese Yen' },
  { code: 'AUD', symbol: 'A$', name: 'Australian Dollar' },
  { code: 'CAD', symbol: 'C$', name: 'Canadian Dollar' },
  { code: 'SGD', symbol: 'S$', name: 'Singapore Dollar' },
  { code: 'AED', symbol: 'د.إ', name: 'UAE Dirham' },
  { code: 'SAR', symbol: '﷼', name: 'Saudi Riyal' },
] as const

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [string, ...string[]]
export const DEFAULT_CURRENCY = 'INR'

export function currencyOf(code: string | undefined): Currency {
  return CURRENCIES.find((c) => c.code === code) ?? CURRENCIES[0]!
}

/**
 * Indian digit grouping of a whole number, as Intl's en-IN writes it: 12500000 → "1,25,00,000".
 * By hand because a page's first Intl.NumberFormat costs 50–250 ms on a slow phone (ICU's number
 * data loads), and money is on the first screen.
 */
export function groupIndian(whole: number): string {
  const digits = String(whole)
  if (digits.length <= 3) return digits
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`
}

/** Grouping by thousands, as Intl's en-US writes it: 12500000 → "12,500,000". */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',')
}

/** Lakh and crore belong to the rupee: every other currency groups by thousands ($120,000, not $1,20,000). */
export function groupDigits(whole: number, currencyCode = DEFAULT_CURRENCY): string {
  return currencyOf(currencyCode).code === 'INR' ? groupIndian(whole) : groupThousands(whole)
}

function signOf(paise: Paise, signed: boolean | undefined): string {
  return paise < 0 ? '-' : signed && paise > 0 ? '+' : ''
}

export interface MoneyOptions {
  /**
   * Keep the paise when there are any ("₹12,345.67", but "₹2,400"): for figures the user typed
   * or must pay to the paisa (an EMI, a split share). Displays leave it off and show whole units.
   */
  exact?: boolean
  /** "+" before a positive amount (income). */
  signed?: boolean
}

/**
 * The one rule for showing money: whole units, rounded half away from zero on the integer
 * ("₹1,25,000"), unless `exact` asks for the paise an amount has. Rupees are grouped in lakhs
 * and crores, every other currency in thousands. Display never drifts: it reads integer paise.
 */
export function formatMoney(paise: Paise, currencyCode = DEFAULT_CURRENCY, options: MoneyOptions = {}): string {
  const { code } = currencyOf(currencyCode)
  const symbol = leadingSymbol(currencyCode)
  const abs = Math.abs(paise)
  // Currencies with no minor unit (Intl gives the yen none) show whole units; amounts are still
  // stored in hundredths (money/currency.ts). Asked only for an amount with a fraction: Intl is slow to wake.
  const minor = options.exact && abs % 100 !== 0 && currencyDigits(code) > 0
  const body = minor
    ? `${groupDigits(Math.floor(abs / 100), code)}.${String(abs % 100).padStart(2, '0')}`
    : groupDigits(Math.floor((abs + 50) / 100), code)
  return `${signOf(paise, options.signed)}${symbol}${body}`
}

const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/

/**
 * The symbol as written before a figure. An Arabic-script symbol (د.إ, ﷼) would pull the digits
 * after it into its right-to-left run ("6,619د.إ" on screen), so a left-to-right mark follows it.
 */
function leadingSymbol(currencyCode: string): string {
  const { symbol } = currencyOf(currencyCode)
  return RIGHT_TO_LEFT.test(symbol) ? `${symbol}\u200E` : symbol
}

/** Hundredths as "12.5", "12.05" or "12": up to two decimals, trailing zeros dropped, grouped. */
function upToTwoDecimals(hundredths: number, code: string): string {
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return groupDigits(Math.floor(hundredths / 100), code) + (fraction ? `.${fraction}` : '')
}

/** Short-form units, smallest first: lakh and crore for the rupee, thousand, million and billion elsewhere. */
const INDIAN_UNITS: readonly (readonly [number, string])[] = [
  [1_00_000, ' L'],
  [1_00_00_000, ' Cr'],
]
const THOUSANDS_UNITS: readonly (readonly [number, string])[] = [
  [1_000, 'K'],
  [1_000_000, 'M'],
  [1_000_000_000, 'B'],
]
/** Below this many whole units the full figure is short enough. */
const COMPACT_FROM = 1_00_000

/**
 * A short form for tight places, to two decimals: 18500000 paise → "₹1.85 L", 1006154300 →
 * "₹1.01 Cr", and in other currencies "$185K", "$10.06M"; below 1,00,000 units it is the full
 * figure. The unit is chosen after rounding, so ₹99,99,999 reads "₹1 Cr", not "₹100 L". Pair it
 * with the exact figure (title).
 */
export function formatCompactMoney(
  paise: Paise,
  currencyCode = DEFAULT_CURRENCY,
  options: { signed?: boolean } = {},
): string {
  const units = Math.round(Math.abs(paise) / 100)
  if (units < COMPACT_FROM) return formatMoney(paise, currencyCode, options)
  const { code } = currencyOf(currencyCode)
  const symbol = leadingSymbol(currencyCode)
  const scale = code === 'INR' ? INDIAN_UNITS : THOUSANDS_UNITS
  // In hundredths of the unit, so the two decimals stay exact; a unit is kept while it reads below the next one.
  let index = 0
  let scaled = Math.round(units / (scale[0]![0] / 100))
  while (index + 1 < scale.length && scaled >= (scale[index + 1]![0] / scale[index]![0]) * 100) {
    index += 1
    scaled = Math.round(units / (scale[index]![0] / 100))
  }
  return `${signOf(paise, options.signed)}${symbol}${upToTwoDecimals(scaled, code)}${scale[index]![1]}`
}

/** Sum of paise values; stays an integer by construction. */
export function sumPaise(values: Iterable<Paise>): Paise {
  let total = 0
  for (const v of values) total += v
  return total
}
