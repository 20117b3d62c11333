import { inHome, type CurrencyFields } from '../money/currency'
import type { Paise } from '../money/money'
import { monthKey } from '../time'

/** One business entry as the P&L reads it (spec part 2 §3 'Business entry'). */
export interface PnlEntry {
  kind: 'expense' | 'revenue'
  /** Paise, > 0. */
  amount: Paise
  /** ms since the epoch. */
  date: number
}

/**
 * Business entries in the currency the business keeps its books in (INR): each converted at its own
 * rate to INR; those with no rate are left out and counted, never taken 1:1.
 */
export function inBooksCurrency<T extends PnlEntry & CurrencyFields>(
  entries: readonly T[],
  books: string,
): { entries: PnlEntry[]; notConverted: number } {
  const converted: PnlEntry[] = []
  let notConverted = 0
  for (const e of entries) {
    const rate = e.fxHome === books ? (e.fxRate ?? null) : null
    const amount = inHome({ amount: e.amount, currency: e.currency ?? books, rate }, books)
    if (amount === null) notConverted++
    else converted.push({ kind: e.kind, amount, date: e.date })
  }
  return { entries: converted, notConverted }
}

export interface PnlSummary {
  revenue: Paise
  expenses: Paise
  /** revenue − expenses (negative in a loss). */
  profit: Paise
  /** profit / revenue × 100 rounded to one decimal; 0 when there is no revenue. */
  marginPercent: number
  /** Spec part 2 §4: profitable when profit ≥ 0. */
  profitable: boolean
}

/**
 * Spec part 2 §4: profit = revenue − expenses; margin to one decimal, 0 without revenue.
 * Guarantees revenue − expenses === profit exactly (integer paise) and profitable ⇔ profit ≥ 0.
 */
export function pnlSummary(entries: readonly PnlEntry[]): PnlSummary {
  let revenue = 0
  let expenses = 0
  for (const e of entries) {
    if (e.kind === 'revenue') revenue += e.amount
    else expenses += e.amount
  }
  const profit = revenue - expenses
  return { revenue, expenses, profit, marginPercent: marginPercent(profit, revenue), profitable: profit >= 0 }
}

/** profit / revenue × 100 to one decimal (half away from zero); 0 when revenue is 0. */
export function marginPercent(profit: Paise, revenue: Paise): number {
  if (revenue <= 0) return 0
  const tenths = Math.round((Math.abs(profit) * 1000) / revenue)
  return (Math.sign(profit) * tenths) / 10
}

export interface MonthlyPnl {
  /** 'YYYY-MM' in local time. */
  month: string
  revenue: Paise
  expenses: Paise
  profit: Paise
}

/**
 * Revenue, expenses and profit per local calendar month for the `months` months ending with the
 * month of `now`, oldest first; months with no entries are zero. Entries outside the window are
 * left out, so the months add up to the summary of the entries inside it.
 */
export function monthlyPnl(entries: readonly PnlEntry[], now: number, months = 6): MonthlyPnl[] {
  const end = new Date(now)
  const rows: MonthlyPnl[] = []
  for (let i = months - 1; i >= 0; i -= 1) {
    const d = new Date(end.getFullYear(), end.getMonth() - i, 1)
    rows.push({ month: monthKey(d.getTime()), revenue: 0, expenses: 0, profit: 0 })
  }
  const byMonth = new Map(rows.map((r) => [r.month, r]))
  for (const e of entries) {
    const row = byMonth.get(monthKey(e.date))
    if (!row) continue
    if (e.kind === 'revenue') row.revenue += e.amount
    else row.expenses += e.amount
    row.profit = row.revenue - row.expenses
  }
  return rows
}

/** The latest `limit` entries of one kind, newest first (ties: the later-listed first). */
export function latestEntries<T extends PnlEntry>(entries: readonly T[], kind: PnlEntry['kind'], limit = 10): T[] {
  return entries
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.kind === kind)
    .sort((a, b) => b.e.date - a.e.date || b.i - a.i)
    .slice(0, limit)
    .map(({ e }) => e)
}

/** Spec part 2 §9. */
export const BUSINESS_EXPENSE_CATEGORIES = ['Server', 'Marketing', 'Development', 'Tools', 'Support', 'Other'] as const
export const BUSINESS_REVENUE_SOURCES = ['Subscription', 'One-time', 'Sponsorship', 'Other'] as const
export const BUSINESS_RECENT_LIMIT = 10
