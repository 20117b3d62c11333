import { inHome, moneyEntryOf, type CurrencyFields, type HomeCurrency } from '../money/currency'
import type { Paise } from '../money/money'

/**
 * The fields the ledger calculations read; a Transaction document satisfies it. `amount` is in the
 * entry's currency (absent: the legacy or home currency); calculations read entries converted to the
 * home currency by `inHomeCurrency`, or pass the home currency to `totalsOf`.
 */
export interface LedgerEntry extends CurrencyFields {
  type: 'expense' | 'income'
  amount: Paise
  category: string
  date: number
}

/** Entries in the home currency, and those left out for want of a rate. */
export interface InHome<T> {
  /** Each entry with `amount` in the home currency (the same object when it already was). */
  entries: T[]
  /** Entries in another currency with no rate: "not converted", counted nowhere. */
  notConverted: T[]
}

/**
 * The entries as figures in the home currency: each converted at its own rate (money/currency.ts),
 * those with no rate set apart, never counted 1:1. Every calculation that adds entries up (totals,
 * trend, budgets, reports, insights) reads these.
 */
export function inHomeCurrency<T extends Pick<LedgerEntry, 'amount'> & CurrencyFields>(
  entries: readonly T[],
  home: HomeCurrency,
): InHome<T> {
  const converted: T[] = []
  const notConverted: T[] = []
  for (const entry of entries) {
    const amount = inHome(moneyEntryOf(entry, home), home.currency)
    if (amount === null) notConverted.push(entry)
    else converted.push(amount === entry.amount ? entry : { ...entry, amount })
  }
  return { entries: converted, notConverted }
}

export interface Totals {
  income: Paise
  expenses: Paise
  /** income − expenses; ≥ 0 is a surplus, < 0 a deficit. */
  balance: Paise
  /** Entries counted, not converted ones included (a list of them has this many rows). */
  incomeCount: number
  expenseCount: number
  /** Entries left out of the money figures: in another currency with no rate. */
  notConverted: number
}

/**
 * Sums a set of entries. Every figure is an integer number of paise and `balance === income - expenses`.
 * With `home`, each entry is converted to it first and those with no rate are counted as not
 * converted; without, the entries are taken to be in the home currency already (`inHomeCurrency`).
 */
export function totalsOf(
  entries: Iterable<Pick<LedgerEntry, 'type' | 'amount'> & CurrencyFields>,
  home?: HomeCurrency,
): Totals {
  let income = 0
  let expenses = 0
  let incomeCount = 0
  let expenseCount = 0
  let notConverted = 0
  for (const entry of entries) {
    const amount = home ? inHome(moneyEntryOf(entry, home), home.currency) : entry.amount
    if (amount === null) notConverted += 1
    if (entry.type === 'income') {
      income += amount ?? 0
      incomeCount += 1
    } else {
      expenses += amount ?? 0
      expenseCount += 1
    }
  }
  return { income, expenses, balance: income - expenses, incomeCount, expenseCount, notConverted }
}

/** Adds totals up (months, or a range's parts): the figures of all the entries they were made of. */
export function sumTotals(parts: Iterable<Totals>): Totals {
  let income = 0
  let expenses = 0
  let incomeCount = 0
  let expenseCount = 0
  let notConverted = 0
  for (const t of parts) {
    income += t.income
    expenses += t.expenses
    incomeCount += t.incomeCount
    expenseCount += t.expenseCount
    notConverted += t.notConverted
  }
  return { income, expenses, balance: income - expenses, incomeCount, expenseCount, notConverted }
}
