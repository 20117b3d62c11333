/**
 * Pure parser for WhatsApp messages sent to the tracker ("Spent 500 on food", "auto 80 diye",
 * "salary credited 45000", "undo"). No I/O, no clock: the only time-dependent step,
 * turning a parsed date into a timestamp, takes "now" as an argument (resolveEntryDate).
 *
 * Philosophy: a wrong entry is worse than a "didn't understand" reply, so anything ambiguous
 * (two different amounts, contradicting verbs or dates, a bare number) parses as unknown.
 */
import { OTHER_CATEGORY } from '../../../schema/categories'
import { toPaise } from '../../../schema/money/money'
import {
  COMMANDS,
  DATE_WORDS,
  EXPENSE_KEYWORDS,
  EXPENSE_VERBS,
  GENERIC_EXPENSE_KEYWORDS,
  INCOME_KEYWORDS,
  INCOME_NOUNS,
  INCOME_VERBS,
  MULTIPLIER_ZEROS,
  NOT_INCOME_PHRASES,
  QUANTITY_UNITS,
  SOFT_INCOME_WORDS,
  type Command,
  type KeywordTable,
} from './parser-keywords'

export type EntryDate = { daysAgo: number } | { day: number; month: number; year?: number }

export type ParsedMessage =
  | {
      kind: 'entry'
      type: 'expense' | 'income'
      /** Integer paise, > 0 and ≤ MAX_AMOUNT_PAISE. */
      amount: number
      category: string
      description: string
      date: EntryDate
    }
  | { kind: 'command'; command: Command }
  | { kind: 'join'; phrase: string }
  | { kind: 'unknown' }

export interface ParseOptions {
  /** Expense categories the user created; one named in the message wins over the defaults. */
  userCategories?: string[]
  /** Income sources the user created; one named in the message wins over the defaults. */
  incomeSources?: string[]
}

/** ₹10,00,00,000 (10 crore): the largest amount the app accepts. */
export const MAX_AMOUNT_PAISE = 10_000_000_000
const MAX_DESCRIPTION_CHARS = 100

const UNKNOWN: ParsedMessage = Object.freeze({ kind: 'unknown' })

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

/** Lowercase words separated by single spaces and padded with one, so " kw " is a whole-word test. */
function toWordText(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  return words ? ` ${words} ` : ' '
}

/** Position of a whole-word phrase (optionally plural) in word text, or -1. */
function findPhrase(words: string, phrase: string, allowPlural = false): number {
  const variants = allowPlural ? [phrase, `${phrase}s`, `${phrase}es`] : [phrase]
  for (const v of variants) {
    const at = words.indexOf(` ${v} `)
    if (at >= 0) return at
  }
  return -1
}

function hasAny(words: string, list: readonly string[]): boolean {
  return list.some((w) => findPhrase(words, w) >= 0)
}

/** Cut by code points so an emoji is never split in half. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd()
}

// ---------------------------------------------------------------------------------------------
// Commands and sandbox join
// ---------------------------------------------------------------------------------------------

function parseCommand(clean: string): ParsedMessage | null {
  if (/^\/?\?+$/.test(clean)) return { kind: 'command', command: 'help' }
  const key = clean
    .toLowerCase()
    .replace(/^\//, '')
    .replace(/[?!.]+$/, '')
    .trim()
  const command = COMMANDS[key]
  return command ? { kind: 'command', command } : null
}

// Twilio sandbox opt-in: "join shadow-cat" (or typed with a space, "join shadow cat").
// Letters only, so "join gym 500" stays an expense.
const JOIN = /^join\s+([a-z]+(?:-[a-z]+)+|[a-z]+ [a-z]+)$/i

function parseJoin(clean: string): ParsedMessage | null {
  const match = JOIN.exec(clean)
  return match?.[1] ? { kind: 'join', phrase: match[1].toLowerCase() } : null
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

/** Indian order: day/month[/year], with / or - as separator. Not glued to other digits. */
const EXPLICIT_DATE = /(?<![\p{N}.,:/-])(\d{1,2})([/-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\p{N}]|[/.:-]\d)/gu
const DATE_WORD_PATTERNS = DATE_WORDS.map(
  ([phrase, daysAgo]) => [new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, 'gu'), daysAgo] as const,
)
const DAYS_AGO = /(?<![\p{N}.,])(\d{1,3})\s*(?:days?|din)\s+(?:ago|back|pehle|pahle)(?![\p{L}\p{N}])/gu

function isValidCalendarDate(day: number, month: number, year?: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  // Without a year, 29 February is allowed (resolveEntryDate finds the last leap year).
  const daysInMonth = new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate()
  return day <= daysInMonth
}

/**
 * Removes every date mention from the text. Returns the single date it names (today when none),
 * or null when a mention is invalid (31/02) or two mentions disagree ("yesterday 12/11").
 */
function extractDate(lower: string): { date: EntryDate; rest: string } | null {
  const found: EntryDate[] = []
  let invalid = false

  let rest = lower.replace(EXPLICIT_DATE, (_m, d: string, _sep: string, m: string, y?: string) => {
    const day = Number(d)
    const month = Number(m)
    const year = y === undefined ? undefined : y.length === 2 ? 2000 + Number(y) : Number(y)
    if (!isValidCalendarDate(day, month, year)) invalid = true
    else found.push(year === undefined ? { day, month } : { day, month, year })
    return ' '
  })
  rest = rest.replace(DAYS_AGO, (_m, n: string) => {
    found.push({ daysAgo: Number(n) })
    return ' '
  })
  for (const [pattern, daysAgo] of DATE_WORD_PATTERNS) {
    rest = rest.replace(pattern, () => {
      found.push({ daysAgo })
      return ' '
    })
  }
  if (invalid) return null
  if (new Set(found.map((d) => JSON.stringify(d))).size > 1) return null
  return { date: found[0] ?? { daysAgo: 0 }, rest }
}

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/**
 * One amount mention: optional sign, currency before (₹, Rs., INR), the number (Indian or western
 * grouping, decimals), optional multiplier (k, lakh, crore) and currency after (rs, rupees, /-).
 * It may not touch letters or digits, so "5g", "iphone15", "1mg" and "10:30" are not amounts.
 */
const AMOUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,:/])(?<sign>[-−])?(?:(?<pre>₹|rs\.?|inr)\s*(?<sign2>[-−])?)?` +
    String.raw`(?<num>\d{1,3}(?:,\d{2})*,\d{3}(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)` +
    String.raw`(?:\s*(?<mult>k|lakhs?|lacs?|crores?|cr)(?![\p{L}\p{N}]))?` +
    String.raw`(?:\s*(?<post>rs\.?|rupees?|rupaye|rupaiye|rupay|inr|₹|\/-))?` +
    String.raw`(?![\p{L}\p{N}]|[.,:/]\d)`,
  'gu',
)
const QUANTITY_AFTER = new RegExp(String.raw`^\s*(?:${QUANTITY_UNITS.join('|')})(?![\p{L}\p{N}])`, 'u')

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

type AmountResult = { amount: number; rest: string } | { error: true } | null

/** The one amount in the text, with its mention removed; error when negative/ambiguous/invalid. */
function extractAmount(text: string): AmountResult {
  const amounts = new Set<number>()
  let error = false
  const rest = text.replace(AMOUNT, (match: string, ...args: unknown[]) => {
    const groups = args[args.length - 1] as Record<string, string | undefined>
    const offset = args[args.length - 3] as number
    const bare = !groups.pre && !groups.mult && !groups.post
    if (bare && QUANTITY_AFTER.test(text.slice(offset + match.length))) return match
    const paise = amountToPaise(groups.num ?? '', groups.mult)
    if (groups.sign || groups.sign2 || paise === null) error = true
    else amounts.add(paise)
    return ' '
  })
  if (error || amounts.size > 1) return { error: true }
  const [amount] = amounts
  if (amount === undefined) return null
  return { amount, rest }
}

// ---------------------------------------------------------------------------------------------
// Direction and category
// ---------------------------------------------------------------------------------------------

interface Match {
  category: string
  at: number
  length: number
}

/** Best table match: longest phrase (most specific) first, then the earliest in the message. */
function bestMatch(words: string, table: KeywordTable<string>): Match | null {
  let best: Match | null = null
  for (const [category, keywords] of table) {
    for (const keyword of keywords) {
      const at = findPhrase(words, keyword, true)
      if (at < 0) continue
      const candidate = { category, at, length: keyword.length }
      if (!best || candidate.length > best.length || (candidate.length === best.length && candidate.at < best.at))
        best = candidate
    }
  }
  return best
}

/** The user's own name that the message mentions (longest wins), as the user spelled it. */
function userMatch(words: string, names: readonly string[] | undefined): string | null {
  let best: { name: string; length: number } | null = null
  for (const name of names ?? []) {
    const phrase = toWordText(name).trim()
    if (!phrase || findPhrase(words, phrase, true) < 0) continue
    if (!best || phrase.length > best.length) best = { name: name.trim(), length: phrase.length }
  }
  return best?.name ?? null
}

function expenseCategory(words: string, options: ParseOptions): string | null {
  return (
    userMatch(words, options.userCategories) ??
    bestMatch(words, EXPENSE_KEYWORDS)?.category ??
    bestMatch(words, GENERIC_EXPENSE_KEYWORDS)?.category ??
    null
  )
}

function incomeSource(words: string, options: ParseOptions): string | null {
  return userMatch(words, options.incomeSources) ?? bestMatch(words, INCOME_KEYWORDS)?.category ?? null
}

/** Expense unless the words say money came in; null when they say both ("got 500, spent it"). */
function direction(text: string, options: ParseOptions): 'expense' | 'income' | null {
  const words = NOT_INCOME_PHRASES.reduce((w, phrase) => w.replaceAll(` ${phrase} `, ' '), text)
  const spent = hasAny(words, EXPENSE_VERBS)
  const received = hasAny(words, INCOME_VERBS)
  if (spent && received) return null
  if (spent) return 'expense'
  if (received || hasAny(words, INCOME_NOUNS)) return 'income'
  if (hasAny(words, SOFT_INCOME_WORDS)) {
    const namesIncome = incomeSource(words, options) !== null
    return namesIncome || expenseCategory(words, options) === null ? 'income' : 'expense'
  }
  return 'expense'
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

function parseEntry(clean: string, options: ParseOptions): ParsedMessage {
  const dated = extractDate(clean.toLowerCase())
  if (!dated) return UNKNOWN
  const found = extractAmount(dated.rest)
  if (!found || 'error' in found) return UNKNOWN
  if (found.amount <= 0 || found.amount > MAX_AMOUNT_PAISE) return UNKNOWN

  const words = toWordText(found.rest)
  // A bare "500" or "₹500 yesterday" says nothing about what the money was: ask instead.
  if (!/\p{L}/u.test(words)) return UNKNOWN
  const type = direction(words, options)
  if (!type) return UNKNOWN
  const category =
    (type === 'expense' ? expenseCategory(words, options) : incomeSource(words, options)) ?? OTHER_CATEGORY

  return {
    kind: 'entry',
    type,
    amount: found.amount,
    category,
    description: truncate(clean, MAX_DESCRIPTION_CHARS),
    date: dated.date,
  }
}

/** Reads one WhatsApp message. Never throws; anything it cannot read safely is { kind: 'unknown' }. */
export function parseMessage(text: string, options: ParseOptions = {}): ParsedMessage {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (!clean) return UNKNOWN
  return parseCommand(clean) ?? parseJoin(clean) ?? parseEntry(clean, options)
}

/**
 * The timestamp (ms) of a parsed date in the runtime's local time zone, relative to `now`.
 * Today keeps the current time of day; other days are their local midnight. A day/month without
 * a year is the most recent such day not after today ("12/11" sent in January is last November;
 * "29/02" is the last leap day).
 */
export function resolveEntryDate(date: EntryDate, now: number): number {
  const today = new Date(now)
  if ('daysAgo' in date) {
    if (date.daysAgo === 0) return now
    // setDate handles month/year boundaries and DST shifts.
    return new Date(today.getFullYear(), today.getMonth(), today.getDate() - date.daysAgo).getTime()
  }
  if (date.year !== undefined) return new Date(date.year, date.month - 1, date.day).getTime()
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
  for (let year = today.getFullYear(); year > today.getFullYear() - 8; year--) {
    if (!isValidCalendarDate(date.day, date.month, year)) continue
    const candidate = new Date(year, date.month - 1, date.day).getTime()
    if (candidate <= startOfToday) return candidate
  }
  // Unreachable for valid dates (a leap day occurs within 8 years); fall back to today.
  return now
}
