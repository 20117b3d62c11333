import type { Paise } from '../money/money'

/** The fields the ledger calculations read; a Transaction document satisfies it. */
export interface LedgerEntry {
  type: 'expense' | 'income'
  amount: Paise
  category: string
  date: number
}

export interface Totals {
  income: Paise
  expenses: Paise
  /** income − expenses; ≥ 0 is a surplus, < 0 a deficit. */
  balance: Paise
  incomeCount: number
  expenseCount: number
}

/** Sums a set of entries. Every figure is an integer number of paise and `balance === income - expenses`. */
export function totalsOf(entries: Iterable<Pick<LedgerEntry, 'type' | 'amount'>>): Totals {
  let income = 0
  let expenses = 0
  let incomeCount = 0
  let expenseCount = 0
  for (const e of entries) {
    if (e.type === 'income') {
      income += e.amount
      incomeCount += 1
    } else {
      expenses += e.amount
      expenseCount += 1
    }
  }
  return { income, expenses, balance: income - expenses, incomeCount, expenseCount }
}

/** Adds totals up (months, or a range's parts): the figures of all the entries they were made of. */
export function sumTotals(parts: Iterable<Totals>): Totals {
  let income = 0
  let expenses = 0
  let incomeCount = 0
  let expenseCount = 0
  for (const t of parts) {
    income += t.income
    expenses += t.expenses
    incomeCount += t.incomeCount
    expenseCount += t.expenseCount
  }
  return { income, expenses, balance: income - expenses, incomeCount, expenseCount }
}
