/**
 * The amount of a message, read from text whose dates and noise (noise.ts) are blanked out:
 * "500", "1,25,000", "₹250", "rs. 99.50", "1.5k", "2.5L", "1.2 cr", "2 lakh", "Rs 500/-", and its
 * currency when it names one: "usd 20", "$20", "20 aed", "€12", "¥1200". A number that counts
 * things ("2 samosa 30", "2 kg aloo 60") is not the amount.
 */
import { currencyDigits } from '../money/currency'
import { toPaise } from '../money/money'
import { COUNT_LEADS, EXPENSE_VERBS, MULTIPLIER_ZEROS, NOT_ITEM_WORDS, QUANTITY_UNITS } from './keywords'

/**
 * How a (lowercased) message names each supported currency, before or after the number. Words
 * that also mean something else ("pound" of weight, "rand") are left out.
 */
export const CURRENCY_MARKS: Readonly<Record<string, readonly string[]>> = {
  INR: ['₹', 'rs.', 'rs', 'inr', 'rupees', 'rupee', 'rupaye', 'rupaiye', 'rupay'],
  USD: ['us$', '$', 'usd', 'dollars', 'dollar'],
  EUR: ['€', 'eur', 'euros', 'euro'],
  GBP: ['£', 'gbp'],
  JPY: ['¥', 'jpy', 'yen'],
  AUD: ['a$', 'aud'],
  CAD: ['c$', 'cad'],
  SGD: ['s$', 'sgd'],
  AED: ['د.إ', 'aed', 'dhs', 'dirhams', 'dirham'],
  SAR: ['﷼', 'sar', 'riyals', 'riyal'],
}
const MARK_CODE = new Map(Object.entries(CURRENCY_MARKS).flatMap(([code, marks]) => marks.map((m) => [m, code])))
const escape = (s: string) => s.replace(/[.$]/g, (c) => `\\${c}`)
/** Marks alternated for a pattern, longest first so "us$" wins over "$" and "rupees" over "rupee". */
const alternation = (marks: readonly string[]) =>
  [...marks]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')
/** Every mark. */
export const CURRENCY_MARK = alternation([...MARK_CODE.keys()])
/**
 * Marks that name a currency after the number too. "sar" only counts before it ("SAR 50"):
 * after a number it is the Hindi word for head ("50 sar dard ki dawai").
 */
const MARK_AFTER = alternation([...MARK_CODE.keys()].filter((mark) => mark !== 'sar'))

/**
 * One amount mention: optional sign, currency before (₹, Rs., INR), the number (Indian or western
 * grouping, decimals), optional multiplier (k, lakh, crore, or L glued on) and currency after.
 * It may not touch letters or digits, so "5g", "iphone15", "1mg" and "10:30" are not amounts.
 */
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,:/])(?<sign>[-−])?(?:(?<pre>${CURRENCY_MARK})\s*[:.]?\s*(?<sign2>[-−])?)?` +
    String.raw`(?<num>\d{1,3}(?:,\d{2})*,\d{3}(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)` +
    String.raw`(?:\s*(?<mult>k|lakhs?|lacs?|crores?|cr)(?![\p{L}\p{N}])|(?<glued>l)(?![\p{L}\p{N}]))?` +
    String.raw`(?:\s*(?<post>${MARK_AFTER}|\/-))?` +
    String.raw`(?![\p{L}\p{N}]|[.,:/]\d)`,
  'gu',
)
const QUANTITY_AFTER = new RegExp(String.raw`^\s*(?:${QUANTITY_UNITS.join('|')})(?![\p{L}\p{N}])`, 'u')
const NEXT_WORD = /^\s*(\p{L}+)/u
const PREVIOUS_WORD = /(\p{L}+)[^\p{L}\p{N}]*$/u
const COUNT_LEAD_WORDS = new Set<string>([...COUNT_LEADS, ...EXPENSE_VERBS])
const NOT_ITEMS = new Set<string>([...NOT_ITEM_WORDS, ...Object.keys(MULTIPLIER_ZEROS)])

interface Candidate {
  /** In the stored units of its currency (hundredths for every supported one). */
  paise: number | null
  /** The currency it names (ISO code), none when bare or only "/-". */
  currency: string | undefined
  negative: boolean
  /** Written with a currency or a multiplier: surely money. */
  marked: boolean
  /** "2.5L" with another amount in the message is 2.5 litres. */
  litres: boolean
  /** A small whole number before an item ("2 samosa"). */
  count: boolean
  start: number
  end: number
}

export type AmountResult =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'ambiguous' }
  | {
      kind: 'found'
      amount: number
      /** The currency the message names for it (ISO code); absent: none named. */
      currency?: string
      start: number
      end: number
      chosen: boolean
    }

/** "1.5" with 3 zeros → "1500": exact decimal shift, no float multiplication. */
function shiftDecimal(digits: string, zeros: number): string {
  const [whole = '', fraction = ''] = digits.split('.')
  const padded = fraction.padEnd(zeros, '0')
  const rest = padded.slice(zeros)
  return `${whole}${padded.slice(0, zeros)}${rest ? `.${rest}` : ''}`
}

/**
 * Major units (with an optional multiplier) → hundredths; null when finer than the currency's own
 * digits (two when none is named, none for the yen).
 */
function amountToPaise(num: string, mult: string | undefined, currency: string | undefined): number | null {
  const plain = num.replace(/,/g, '')
  const rupees = mult ? shiftDecimal(plain, MULTIPLIER_ZEROS[mult] ?? 0) : plain
  const decimals = rupees.split('.')[1] ?? ''
  // "99.999" (or "¥12.50") is a typo, not an amount; refusing beats silently rounding.
  if (decimals.length > Math.min(2, currency ? currencyDigits(currency) : 2)) return null
  return toPaise(rupees)
}

/** The currency a mark names ("rs." → INR, "$" → USD); undefined for none or "/-". */
function markCurrency(mark: string | undefined): string | undefined {
  return mark === undefined ? undefined : MARK_CODE.get(mark.replace(/\s+/g, ''))
}

/** "Rs.10000.00 Cr" and "INR 500 Cr" mark a credit; "1.2 cr" and "5 cr" are crores. */
function isCreditMark(num: string, pre: string | undefined): boolean {
  return /\.\d{2}$/.test(num) || (pre !== undefined && Number(num.replace(/,/g, '')) > 10)
}

function isCount(text: string, start: number, end: number, num: string): boolean {
  if (!/^\d{1,2}$/.test(num) || Number(num) === 0) return false
  const next = NEXT_WORD.exec(text.slice(end))?.[1]
  if (!next || NOT_ITEMS.has(next) || QUANTITY_AFTER.test(text.slice(end))) return false
  const before = text.slice(0, start)
  if (!/[\p{L}\p{N}]/u.test(before)) return true
  const previous = PREVIOUS_WORD.exec(before)?.[1]
  return previous !== undefined && COUNT_LEAD_WORDS.has(previous)
}

function candidatesIn(text: string): Candidate[] {
  const found: Candidate[] = []
  for (const m of text.matchAll(AMOUNT)) {
    const g = m.groups ?? {}
    const num = g.num ?? ''
    const start = m.index
    const end = start + m[0].length
    const bare = !g.pre && !g.mult && !g.post && !g.glued
    if (bare && QUANTITY_AFTER.test(text.slice(end))) continue
    const credit = g.mult === 'cr' && isCreditMark(num, g.pre)
    const mult = credit ? undefined : (g.mult ?? g.glued)
    const before = markCurrency(g.pre)
    const after = markCurrency(g.post)
    // "usd 20 inr" names two currencies: no amount can be read from it.
    const currency = before && after && before !== after ? null : (before ?? after)
    found.push({
      paise: currency === null ? null : amountToPaise(num, mult, currency),
      currency: currency ?? undefined,
      negative: Boolean(g.sign || g.sign2),
      marked: !bare && !(credit && !g.pre && !g.post),
      litres: g.glued !== undefined,
      count: bare && isCount(text, start, end, num),
      start,
      end,
    })
  }
  return found
}

/**
 * The one amount in `text`. Several mentions of the same value count as one. With different
 * values: numbers that count items drop out; then the only one written as money wins, and the
 * result says it was `chosen` among others (worth asking about); otherwise it is ambiguous.
 */
export function findAmount(text: string): AmountResult {
  let candidates = candidatesIn(text)
  if (candidates.some((c) => c.negative || c.paise === null)) return { kind: 'invalid' }
  // A bare number is in the one currency the message names, if it names one ("$20 … 20").
  const named = new Set(candidates.map((c) => c.currency).filter((c) => c !== undefined))
  const only = named.size === 1 ? [...named][0] : undefined
  candidates = candidates.map((c) => (c.currency === undefined && only ? { ...c, currency: only } : c))
  const valueCount = (list: Candidate[]) => new Set(list.map((c) => `${c.currency ?? ''} ${c.paise}`)).size
  if (valueCount(candidates) > 1) candidates = candidates.filter((c) => !c.litres)
  if (valueCount(candidates) > 1) {
    const largest = Math.max(...candidates.map((c) => c.paise ?? 0))
    candidates = candidates.filter((c) => !c.count || (c.paise ?? 0) >= largest)
  }
  const [first] = candidates
  if (!first) return { kind: 'none' }
  if (valueCount(candidates) === 1) return found(first, false)
  const marked = candidates.filter((c) => c.marked)
  const [pick] = marked
  if (pick && valueCount(marked) === 1) return found(pick, true)
  return { kind: 'ambiguous' }
}

const found = (c: Candidate, chosen: boolean): AmountResult => ({
  kind: 'found',
  amount: c.paise!,
  ...(c.currency ? { currency: c.currency } : {}),
  start: c.start,
  end: c.end,
  chosen,
})
