import type { Paise } from '../money/money'

/** What a month summary needs from a transaction. */
export interface SummaryInput {
  type: 'expense' | 'income'
  amount: Paise
}

export interface MonthSummary {
  income: Paise
  expenses: Paise
  /** income − expenses; negative when the month is in deficit. */
  balance: Paise
  incomeCount: number
  expenseCount: number
}

/**
 * Totals of the given transactions (the caller picks the month). Every figure is an integer
 * number of paise and `balance === income - expenses` exactly.
 */
export function summarizeMonth(transactions: Iterable<SummaryInput>): MonthSummary {
  let income = 0
  let expenses = 0
  let incomeCount = 0
  let expenseCount = 0
  for (const t of transactions) {
    if (t.type === 'income') {
      income += t.amount
      incomeCount += 1
    } else {
      expenses += t.amount
      expenseCount += 1
    }
  }
  return { income, expenses, balance: income - expenses, incomeCount, expenseCount }
}
