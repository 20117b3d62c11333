/**
 * The one parser for every way a message comes in: typed on WhatsApp ("Spent 500 on food",
 * "auto 80 diye", "2 samosa 30"), a bank or UPI SMS forwarded on WhatsApp, shared from Android
 * or pasted in the app. Pure: no I/O, no clock (resolveEntryDate takes "now"), so the server and
 * the browser read a message the same way, offline included.
 *
 * Philosophy: a wrong entry is worse than a question. Anything ambiguous (two different amounts,
 * contradicting verbs or dates, a bare number) is unknown; what is probably right but not sure
 * (an unknown merchant, one amount picked among several) comes back with its doubts, so the
 * caller asks before booking.
 */
import { OTHER_CATEGORY } from '../categories'
import { MAX_INCOME_PAISE } from '../entities/transaction'
import { CURRENCY_MARK, findAmount } from './amounts'
import {
  bankDirection,
  detectNotice,
  isCardSpend,
  knownMerchant,
  mandateFrequency,
  merchantDisplay,
  merchantText,
  sourceOf,
  type NoticeKind,
} from './bank'
import { findDates, type DateMention, type EntryDate } from './dates'
import { correctWords } from './fuzzy'
import {
  CASH_WITHDRAWAL_CATEGORY,
  CASH_WORDS,
  COMMANDS,
  EXPENSE_KEYWORDS,
  EXPENSE_VERBS,
  GENERIC_EXPENSE_KEYWORDS,
  INCOME_KEYWORDS,
  INCOME_NOUNS,
  INCOME_VERBS,
  NOT_INCOME_PHRASES,
  SOFT_INCOME_WORDS,
  type Command,
  type KeywordTable,
} from './keywords'
import { mainRef, maskNoise, type Noise } from './noise'
import { anyOf, findPhrase, hasAny, merchantKey, PhraseIndex, toWordText, truncate } from './text'

export { resolveEntryDate, type EntryDate } from './dates'
export type { NoticeKind } from './bank'
export { merchantKey } from './text'

/** What the user filed a merchant under before (their own history). */
export interface LearnedCategory {
  type: 'expense' | 'income'
  category: string
}

export interface ParseOptions {
  /** Expense categories the user created; one named in the message wins over the defaults. */
  userCategories?: string[]
  /** Income sources the user created; one named in the message wins over the defaults. */
  incomeSources?: string[]
  /** The user's last category for a merchant key (merchantKey()), when they have filed it before. */
  learned?: (merchantKey: string) => LearnedCategory | undefined
}

/**
 * Why a reading needs the user's word before it is booked: `amount`, one amount was picked among
 * several; `direction`, the words do not say whether money went out or came in; `category`, a
 * bank message's merchant is unknown; `deposit`, cash paid into the account (not earned).
 */
export type Doubt = 'amount' | 'direction' | 'category' | 'deposit'

export interface EntryReading {
  kind: 'entry'
  type: 'expense' | 'income'
  /** Integer stored units of its currency (paise for rupees), > 0 and ≤ MAX_AMOUNT_PAISE. */
  amount: number
  /** The currency the message names ("$20" → USD, "₹500" → INR); absent: none, the home currency. */
  currency?: string
  category: string
  description: string
  date: EntryDate
  /** Read from a bank or UPI app's message rather than typed by a person. */
  fromBank: boolean
  /** The merchant, payee or payer as shown ("Swiggy", "Rahul Kumar", "rahul@okaxis"). */
  merchant?: string
  /** The payment's reference (UPI RRN, UTR) when the message gives one that identifies it. */
  ref?: string
  /** Account or card digits ("1234"). */
  account?: string
  /** The bank or app that wrote the message. */
  source?: string
  /** A refund or reversal (money back for an earlier payment). */
  refund: boolean
  /** Where the category came from: the user's history, the merchant table, words, or nothing. */
  categoryFrom: 'history' | 'merchant' | 'words' | 'none'
  doubts: Doubt[]
}

/** A message that is not a transaction, and why (a mandate carries what it will debit). */
export interface NoticeReading {
  kind: 'notice'
  notice: NoticeKind
  /** Stored units of `currency` (paise for rupees). */
  amount?: number
  /** The currency the mandate names ("USD 9.99"); absent: none, the home currency. */
  currency?: string
  merchant?: string
  date?: EntryDate
  frequency?: 'daily' | 'weekly' | 'monthly' | 'yearly'
}

export type MessageReading =
  | EntryReading
  | NoticeReading
  | { kind: 'command'; command: Command }
  | { kind: 'join'; phrase: string }
  | { kind: 'unknown' }

/** The reading in the shape the first parser returned (kept for callers that only book entries). */
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
  | { kind: 'notice'; notice: NoticeKind }
  | { kind: 'command'; command: Command }
  | { kind: 'join'; phrase: string }
  | { kind: 'unknown' }

/** ₹10,00,00,000 (10 crore): the largest amount the app accepts, the income limit. */
export const MAX_AMOUNT_PAISE = MAX_INCOME_PAISE
const MAX_DESCRIPTION_CHARS = 100

const UNKNOWN = Object.freeze({ kind: 'unknown' as const })

// ---------------------------------------------------------------------------------------------
// Commands and sandbox join
// ---------------------------------------------------------------------------------------------

function parseCommand(clean: string): MessageReading | null {
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

function parseJoin(clean: string): MessageReading | null {
  const match = JOIN.exec(clean)
  return match?.[1] ? { kind: 'join', phrase: match[1].toLowerCase() } : null
}

// ---------------------------------------------------------------------------------------------
// Direction and category
// ---------------------------------------------------------------------------------------------

const INDEXES = new WeakMap<KeywordTable<string>, PhraseIndex<string>>()

/** Best table match: longest phrase (most specific) first, then the earliest in the message. */
function bestMatch(words: string, table: KeywordTable<string>): string | null {
  let index = INDEXES.get(table)
  if (!index) {
    index = new PhraseIndex(table.flatMap(([category, keywords]) => keywords.map((k) => [k, category] as const)))
    INDEXES.set(table, index)
  }
  return index.find(words)?.value ?? null
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
    bestMatch(words, EXPENSE_KEYWORDS) ??
    knownMerchant(words)?.[1] ??
    bestMatch(words, GENERIC_EXPENSE_KEYWORDS) ??
    null
  )
}

function incomeSource(words: string, options: ParseOptions): string | null {
  return userMatch(words, options.incomeSources) ?? bestMatch(words, INCOME_KEYWORDS)
}

/** Expense unless the words say money came in; null when they say both ("got 500, spent it"). */
function typedDirection(text: string, options: ParseOptions): 'expense' | 'income' | null {
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
// Reading an entry
// ---------------------------------------------------------------------------------------------

/** What every entry reading starts from. */
interface Base {
  clean: string
  lower: string
  /** `lower` with noise, dates and the amount blanked out. */
  rest: string
  words: string
  amount: number
  currency: string | undefined
  chosen: boolean
  date: EntryDate
  noise: Noise
  options: ParseOptions
}

/** "Spent500" → "spent 500": a verb or currency glued to the amount. */
function unglue(lower: string): string {
  return lower
    .replace(/(?<![\p{L}])(spent|spend|paid|pay|bought|received|got|gave|sent|debited|credited|for)(?=\d)/gu, '$1 ')
    .replace(/(\d)(dr|cr)(?![\p{L}])/gu, '$1 $2')
}

/**
 * The one date the message names (today when none), merging mentions of the same day (the one
 * with a time wins). Null when a mention is invalid (31/02) or two name different days. In a
 * bank message its printed date beats a relative word.
 */
function pickDate(mentions: readonly DateMention[], fromBank: boolean): EntryDate | null {
  if (mentions.some((m) => m.date === null)) return null
  let dates = mentions.map((m) => m.date!)
  if (fromBank && dates.some((d) => !('daysAgo' in d))) dates = dates.filter((d) => !('daysAgo' in d))
  const dayOf = (d: EntryDate) => ('daysAgo' in d ? `-${d.daysAgo}` : `${d.day}/${d.month}/${d.year ?? ''}`)
  if (new Set(dates.map(dayOf)).size > 1) return null
  return dates.find((d) => 'hour' in d) ?? dates[0] ?? { daysAgo: 0 }
}

function typedEntry(base: Base): EntryReading | null {
  const { words } = correctWords(base.words)
  const { options } = base
  const cash = hasAny(words, CASH_WORDS)
  const type = cash ? 'expense' : typedDirection(words, options)
  if (!type) return null
  const known = knownMerchant(words)
  const learned = known ? options.learned?.(merchantKey(known[0])) : undefined
  const named = type === 'expense' ? expenseCategory(words, options) : incomeSource(words, options)
  let category = named ?? OTHER_CATEGORY
  let categoryFrom: EntryReading['categoryFrom'] = named ? 'words' : 'none'
  if (cash) [category, categoryFrom] = [CASH_WITHDRAWAL_CATEGORY, 'words']
  else if (learned?.type === type) [category, categoryFrom] = [learned.category, 'history']
  const deposit = type === 'income' && hasAny(words, ['deposit', 'deposited', 'jama'])
  return {
    kind: 'entry',
    type,
    amount: base.amount,
    ...(base.currency ? { currency: base.currency } : {}),
    category,
    description: truncate(base.clean, MAX_DESCRIPTION_CHARS),
    date: base.date,
    fromBank: false,
    ...(known ? { merchant: known[0] } : {}),
    refund: category === 'Refund',
    categoryFrom,
    doubts: [...(base.chosen ? (['amount'] as const) : []), ...(deposit ? (['deposit'] as const) : [])],
  }
}

const SALARY = /(?<![a-z])(?:salary|sal|payroll|wages|stipend)(?![a-z])/
const INTEREST = /(?<![a-z])(?:interest|int\.? ?pd|dividend|div)(?![a-z])/

/** The category of a bank message's entry and where it came from. */
function bankCategory(
  base: Base,
  type: 'expense' | 'income',
  merchant: { raw: string; shown: string; row: ReturnType<typeof knownMerchant> } | null,
  refund: boolean,
): { category: string; from: EntryReading['categoryFrom'] } {
  const learned = merchant ? base.options.learned?.(merchantKey(merchant.shown)) : undefined
  if (learned?.type === type) return { category: learned.category, from: 'history' }
  const words = merchant ? toWordText(merchant.raw.replace(/@.*$/, '')) : ' '
  if (type === 'expense') {
    if (merchant?.row) return { category: merchant.row[1], from: 'merchant' }
    const named = merchant ? expenseCategory(words, base.options) : null
    return named ? { category: named, from: 'words' } : { category: OTHER_CATEGORY, from: 'none' }
  }
  if (refund) return { category: 'Refund', from: 'words' }
  if (SALARY.test(base.lower)) return { category: 'Salary', from: 'words' }
  if (INTEREST.test(base.lower)) return { category: 'Investment', from: 'words' }
  const named = merchant ? incomeSource(words, base.options) : null
  return named ? { category: named, from: 'words' } : { category: OTHER_CATEGORY, from: 'none' }
}

function bankEntry(base: Base): EntryReading {
  const direction = bankDirection(base.rest)
  // Without the bank's words, read it as typed: cash taken out first, then the verbs.
  const typedCash = !direction && hasAny(base.words, CASH_WORDS)
  const typed = direction || typedCash ? null : typedDirection(base.words, base.options)
  const verbs = [...EXPENSE_VERBS, ...INCOME_VERBS]
  const sure = direction !== null || typedCash || isCardSpend(base.lower) || hasAny(base.words, verbs)
  const type = direction?.type ?? (typedCash || isCardSpend(base.lower) ? 'expense' : (typed ?? 'expense'))
  const cash = direction?.cash ?? typedCash
  const refund = direction?.refund ?? false
  const raw = cash ? null : merchantText(base.lower, base.noise.vpas)
  const row = raw ? knownMerchant(raw) : null
  const merchant = raw ? { raw, shown: merchantDisplay(raw, row), row } : null
  const { category, from } = cash
    ? { category: CASH_WITHDRAWAL_CATEGORY, from: 'words' as const }
    : bankCategory(base, type, merchant, refund)
  const doubts: Doubt[] = []
  if (base.chosen) doubts.push('amount')
  if (!sure) doubts.push('direction')
  if (direction?.deposit) doubts.push('deposit')
  else if (from === 'none') doubts.push('category')
  const ref = mainRef(base.noise.refs)
  // Read where UPI addresses are blanked out: "@okhdfcbank" names the payer's app, not the sender.
  const source = sourceOf(base.lower.replace(/\S+@\S+/g, ' '))
  const shown = merchant?.shown
  const fallback = cash ? 'ATM withdrawal' : refund ? 'Refund' : 'Bank message'
  return {
    kind: 'entry',
    type,
    amount: base.amount,
    ...(base.currency ? { currency: base.currency } : {}),
    category,
    description: truncate([shown ?? fallback, source].filter(Boolean).join(' · '), MAX_DESCRIPTION_CHARS),
    date: base.date,
    fromBank: true,
    ...(shown ? { merchant: shown } : {}),
    ...(ref ? { ref } : {}),
    ...(base.noise.accounts[0] ? { account: base.noise.accounts[0] } : {}),
    ...(source ? { source } : {}),
    refund,
    categoryFrom: from,
    doubts,
  }
}

const BANK_WORDS = /(?<![a-z])(?:a\/c|acct|account|card|upi|imps|neft|rtgs|bank|wallet)(?![a-z])/
const MARKED = String.raw`(?:${CURRENCY_MARK})`
const OTHER_NUMBERS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${MARKED}\s*)?\d[\d,]*(?:\.\d+)?(?:\s*(?:${MARKED}|\/-))?(?![\p{L}\p{N}])`,
  'gu',
)
const PAST_VERBS = anyOf(
  'spent paid bought got received debited credited sent gave diya diye mila mile withdrawn transferred'.split(' '),
)

function notice(kind: NoticeKind, lower: string, rest: string, mentions: DateMention[], noise: Noise): NoticeReading {
  if (kind !== 'mandate') return { kind: 'notice', notice: kind }
  const found = findAmount(rest)
  const raw = merchantText(lower, noise.vpas)
  const date = mentions.find((m) => m.date && !('daysAgo' in m.date))?.date
  return {
    kind: 'notice',
    notice: kind,
    ...(found.kind === 'found' ? { amount: found.amount } : {}),
    ...(found.kind === 'found' && found.currency ? { currency: found.currency } : {}),
    ...(raw ? { merchant: merchantDisplay(raw, knownMerchant(raw)) } : {}),
    ...(date ? { date } : {}),
    frequency: mandateFrequency(lower),
  }
}

function readEntry(clean: string, lines: string, options: ParseOptions): MessageReading {
  const lower = unglue(lines.toLowerCase())
  // Dates first: a balance "as on 25-11-26 is INR 41,200" is blanked whole once its date is gone.
  const { mentions, rest: dated } = findDates(lower)
  const { text: undated, noise } = maskNoise(dated)
  const found = findAmount(undated)
  const linked = noise.refs.length + noise.accounts.length + noise.vpas.length > 0
  let kind = detectNotice(lower, found.kind === 'found', linked)
  if (kind === 'promotion' && PAST_VERBS.test(lower) && !/https?:|www\./.test(lower)) kind = null
  if (kind) return notice(kind, lower, undated, mentions, noise)
  if (found.kind !== 'found' || found.amount <= 0 || found.amount > MAX_AMOUNT_PAISE) return UNKNOWN
  const fromBank = linked || (/(?<![a-z])(?:debited|credited)(?![a-z])/.test(lower) && BANK_WORDS.test(lower))
  const date = pickDate(mentions, fromBank)
  if (!date) return UNKNOWN
  const rest = undated.slice(0, found.start) + ' '.repeat(found.end - found.start) + undated.slice(found.end)
  // Other mentions of the same amount go too ("Rs 500 … ₹500").
  const words = toWordText(rest.replace(OTHER_NUMBERS, ' '))
  // A bare "500" or "₹500 yesterday" says nothing about what the money was: ask instead.
  if (!/\p{L}/u.test(words)) return UNKNOWN
  const { amount, currency, chosen } = found
  const base: Base = { clean, lower, rest, words, amount, currency, chosen, date, noise, options }
  return fromBank ? bankEntry(base) : (typedEntry(base) ?? UNKNOWN)
}

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

/**
 * The amount a message names once its dates, references, account digits, balances and phone
 * numbers are set aside (integer paise), or null when it names none or several.
 */
export function messageAmount(text: string): number | null {
  const { rest } = findDates(unglue(text.toLowerCase()))
  const found = findAmount(maskNoise(rest).text)
  return found.kind === 'found' ? found.amount : null
}

/** Reads one message with everything the parser found. Never throws. */
export function readMessage(text: string, options: ParseOptions = {}): MessageReading {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (!clean) return UNKNOWN
  const lines = text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim()
  return parseCommand(clean) ?? parseJoin(clean) ?? readEntry(clean, lines, options)
}

/**
 * Reads one message in the first parser's shape. Never throws; anything it cannot read safely is
 * { kind: 'unknown' }, and so is an entry whose amount was picked among several.
 */
export function parseMessage(text: string, options: ParseOptions = {}): ParsedMessage {
  const reading = readMessage(text, options)
  switch (reading.kind) {
    case 'entry': {
      if (reading.doubts.includes('amount')) return UNKNOWN
      const { type, amount, category, description, date } = reading
      return { kind: 'entry', type, amount, category, description, date }
    }
    case 'notice':
      return { kind: 'notice', notice: reading.notice }
    default:
      return reading
  }
}
