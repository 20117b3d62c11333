/**
 * The amount of a message, read from text whose dates and noise (noise.ts) are blanked out:
 * "500", "1,25,000", "₹250", "rs. 99.50", "1.5k", "2.5L", "1.2 cr", "2 lakh", "Rs 500/-". A number
 * that counts things ("2 samosa 30", "2 kg aloo 60") is not the amount.
 */
import { toPaise } from '../money/money'
import { COUNT_LEADS, EXPENSE_VERBS, MULTIPLIER_ZEROS, NOT_ITEM_WORDS, QUANTITY_UNITS } from './keywords'

/**
 * One amount mention: optional sign, currency before (₹, Rs., INR), the number (Indian or western
 * grouping, decimals), optional multiplier (k, lakh, crore, or L glued on) and currency after.
 * It may not touch letters or digits, so "5g", "iphone15", "1mg" and "10:30" are not amounts.
 */
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,:/])(?<sign>[-−])?(?:(?<pre>₹|rs\.?|inr)\s*[:.]?\s*(?<sign2>[-−])?)?` +
    String.raw`(?<num>\d{1,3}(?:,\d{2})*,\d{3}(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)` +
    String.raw`(?:\s*(?<mult>k|lakhs?|lacs?|crores?|cr)(?![\p{L}\p{N}])|(?<glued>l)(?![\p{L}\p{N}]))?` +
    String.raw`(?:\s*(?<post>rs\.?|rupees?|rupaye|rupaiye|rupay|inr|₹|\/-))?` +
    String.raw`(?![\p{L}\p{N}]|[.,:/]\d)`,
  'gu',
)
const QUANTITY_AFTER = new RegExp(String.raw`^\s*(?:${QUANTITY_UNITS.join('|')})(?![\p{L}\p{N}])`, 'u')
const NEXT_WORD = /^\s*(\p{L}+)/u
const PREVIOUS_WORD = /(\p{L}+)[^\p{L}\p{N}]*$/u
const COUNT_LEAD_WORDS = new Set<string>([...COUNT_LEADS, ...EXPENSE_VERBS])
const NOT_ITEMS = new Set<string>([...NOT_ITEM_WORDS, ...Object.keys(MULTIPLIER_ZEROS)])

interface Candidate {
  paise: number | null
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
  | { kind: 'found'; amount: number; start: number; end: number; chosen: boolean }

/** "1.5" with 3 zeros → "1500": exact decimal shift, no float multiplication. */
function shiftDecimal(digits: string, zeros: number): string {
  const [whole = '', fraction = ''] = digits.split('.')
  const padded = fraction.padEnd(zeros, '0')
  const rest = padded.slice(zeros)
  return `${whole}${padded.slice(0, zeros)}${rest ? `.${rest}` : ''}`
}

/** Rupees (with an optional multiplier) → paise; null when not a whole number of paise. */
function amountToPaise(num: string, mult: string | undefined): number | null {
  const plain = num.replace(/,/g, '')
  const rupees = mult ? shiftDecimal(plain, MULTIPLIER_ZEROS[mult] ?? 0) : plain
  const decimals = rupees.split('.')[1] ?? ''
  // "99.999" is a typo, not an amount; refusing beats silently rounding.
  if (decimals.length > 2) return null
  return toPaise(rupees)
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
    found.push({
      paise: amountToPaise(num, mult),
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
  const valueCount = (list: Candidate[]) => new Set(list.map((c) => c.paise)).size
  if (valueCount(candidates) > 1) candidates = candidates.filter((c) => !c.litres)
  if (valueCount(candidates) > 1) {
    const largest = Math.max(...candidates.map((c) => c.paise ?? 0))
    candidates = candidates.filter((c) => !c.count || (c.paise ?? 0) >= largest)
  }
  const [first] = candidates
  if (!first) return { kind: 'none' }
  if (valueCount(candidates) === 1) return { kind: 'found', amount: first.paise!, ...span(first), chosen: false }
  const marked = candidates.filter((c) => c.marked)
  const [pick] = marked
  if (pick && valueCount(marked) === 1) return { kind: 'found', amount: pick.paise!, ...span(pick), chosen: true }
  return { kind: 'ambiguous' }
}

const span = (c: Candidate) => ({ start: c.start, end: c.end })
