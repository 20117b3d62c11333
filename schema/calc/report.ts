import { amountText, inHome, moneyEntryOf, type HomeCurrency } from '../money/currency'
import type { Paise } from '../money/money'
import { monthKey, toDayString } from '../time'
import type { Window } from './periods'
import { expensesByCategory, type CategoryShare } from './shares'
import type { LedgerEntry } from './totals'

/** A calendar month: `month` is 0–11 (January is 0, a month like any other). */
export interface YearMonth {
  year: number
  month: number
}

export function yearMonthOf(ms: number): YearMonth {
  const d = new Date(ms)
  return { year: d.getFullYear(), month: d.getMonth() }
}

/** The month `delta` months away; December + 1 is January of the next year, January − 1 December of the last. */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + month + delta
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 }
}

/** [start, end) of a month in local time. */
export function monthWindow({ year, month }: YearMonth): Window {
  return { start: new Date(year, month, 1).getTime(), end: new Date(year, month + 1, 1).getTime() }
}

const longMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' })
const shortMonth = new Intl.DateTimeFormat('en-IN', { month: 'short' })

/** 'December 2026'. */
export function monthLabel(ym: YearMonth): string {
  return longMonth.format(new Date(ym.year, ym.month, 1))
}

/** 'Dec'. */
export function shortMonthLabel(ym: YearMonth): string {
  return shortMonth.format(new Date(ym.year, ym.month, 1))
}

export interface MonthReport {
  income: Paise
  expenses: Paise
  /** income − expenses; negative when more was spent than earned. */
  saved: Paise
  /** saved ÷ income in tenths of a percent (250 = 25.0 %), 0 with no income; never above 1000. */
  savingsRatePermille: number
  /** Largest first; amounts add up to `expenses`, shares to exactly 100.0 % when there is spending. */
  categories: CategoryShare[]
}

/**
 * Savings rate in tenths of a percent, rounded half away from zero: 0 when there is no income
 * (the spec), at most 1000 (nothing spent), unbounded below (spending more than twice the income
 * gives less than −100 %).
 */
export function savingsRatePermille(income: Paise, expenses: Paise): number {
  if (income <= 0) return 0
  const saved = income - expenses
  const exact = (saved * 1000) / income
  return Math.sign(exact) * Math.round(Math.abs(exact))
}

/** '25.0%' from tenths of a percent (one decimal, as the spec shows it). */
export function formatRate(permille: number): string {
  return `${(permille / 10).toFixed(1)}%`
}

/**
 * The report of the given entries (the caller passes one month's): totals, saved, savings
 * rate and spending by category. Every amount is an integer number of paise.
 */
export function monthReport(entries: Iterable<LedgerEntry>): MonthReport {
  let income = 0
  let expenses = 0
  const list: LedgerEntry[] = []
  for (const e of entries) {
    if (e.type === 'income') income += e.amount
    else {
      expenses += e.amount
      list.push(e)
    }
  }
  return {
    income,
    expenses,
    saved: income - expenses,
    savingsRatePermille: savingsRatePermille(income, expenses),
    categories: expensesByCategory(list),
  }
}

export interface TrendBucket extends YearMonth {
  start: number
  end: number
  income: Paise
  expenses: Paise
}

/** The `count` months ending with `last` (oldest first) and the window they cover together. */
export function trendMonths(last: YearMonth, count = 12): { months: YearMonth[]; window: Window } {
  const months = Array.from({ length: count }, (_, i) => shiftMonth(last, i - count + 1))
  return { months, window: { start: monthWindow(months[0]!).start, end: monthWindow(last).end } }
}

/**
 * Income and expenses per month for the `count` months ending with `last`, oldest first. Entries
 * outside the window are ignored, so the buckets add up to exactly the window's totals. Each
 * entry is placed by binary search over the month starts (no Date per entry): 100k entries take
 * a few milliseconds.
 */
export function trendBuckets(entries: Iterable<LedgerEntry>, last: YearMonth, count = 12): TrendBucket[] {
  const { months } = trendMonths(last, count)
  const buckets: TrendBucket[] = months.map((ym) => ({ ...ym, ...monthWindow(ym), income: 0, expenses: 0 }))
  const starts = buckets.map((b) => b.start)
  const end = buckets[buckets.length - 1]?.end ?? 0
  for (const e of entries) {
    if (e.date < (starts[0] ?? 0) || e.date >= end) continue
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= e.date) lo = mid
      else hi = mid - 1
    }
    const bucket = buckets[lo]!
    if (e.type === 'income') bucket.income += e.amount
    else bucket.expenses += e.amount
  }
  return buckets
}

/** What a CSV row needs from a transaction. */
export interface CsvEntry extends LedgerEntry {
  description: string
}

/** The columns before the home-currency one, whose name says the currency ("Amount (AED)"). */
export const CSV_HEADER = ['Date', 'Type', 'Category/Source', 'Description', 'Amount', 'Currency', 'Rate'] as const

/** The header line's cells for a ledger whose home currency is `home`. */
export function csvHeader(home: string): string[] {
  return [...CSV_HEADER, `Amount (${home})`]
}

/**
 * Text a spreadsheet could run as a formula: one that starts with =, +, - or @ (or their full-width
 * forms, which some locales read alike) once leading whitespace is skipped, as spreadsheets skip
 * it; or that starts with a tab or carriage return.
 */
const FORMULA_LIKE = /^(?:\s*[=+\-@＝＋－＠]|[\t\r])/

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces, with
 * quotes doubled. Formula-like text gets a leading apostrophe, so a description can never execute
 * in Excel or Sheets.
 */
export function csvField(value: string): string {
  const safe = FORMULA_LIKE.test(value) ? `'${value}` : value
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * One entry's money cells: the amount in its own currency and digits, the currency, the rate it
 * was converted at (empty in the home currency), and the home-currency figure (empty when the
 * entry is not converted: never the foreign amount 1:1).
 */
function moneyCells(entry: CsvEntry, home: HomeCurrency): string[] {
  const own = moneyEntryOf(entry, home)
  const converted = inHome(own, home.currency)
  const rate = own.currency === home.currency || converted === null ? '' : String(own.rate)
  return [
    amountText(own.amount, own.currency),
    own.currency,
    rate,
    converted === null ? '' : amountText(converted, home.currency),
  ]
}

/**
 * The transactions as CSV: a header, then one line per entry in date order, CRLF line ends, a UTF-8
 * byte order mark so spreadsheets read ₹ and emoji. Dates are local 'YYYY-MM-DD'; amounts are
 * positive decimals in their currency's digits (the type column says which way money went), each
 * with its currency, rate and home-currency figure.
 */
export function transactionsCsv(entries: readonly CsvEntry[], home: HomeCurrency): string {
  const rows = [...entries].sort((a, b) => a.date - b.date)
  const lines = [csvHeader(home.currency).map(csvField).join(',')]
  for (const e of rows) {
    const type = e.type === 'income' ? 'Income' : 'Expense'
    const cells = [toDayString(e.date), type, e.category, e.description, ...moneyCells(e, home)]
    lines.push(cells.map(csvField).join(','))
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** 'hisaab-report-2026-12.csv'. */
export function csvFileName(ym: YearMonth): string {
  return `hisaab-report-${monthKey(new Date(ym.year, ym.month, 1).getTime())}.csv`
}
