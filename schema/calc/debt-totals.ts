import { inHome, moneyEntryOf, type CurrencyFields, type HomeCurrency } from '../money/currency'

/** A loan as the debts overview adds it up: what it still owes and its instalment, in its own currency. */
export interface DebtAmounts {
  loan: CurrencyFields & { emi: number }
  balance: number
}

export interface DebtTotals {
  /** Everything still owed, in stored units of the home currency. */
  outstanding: number
  /** The instalments added up, in stored units of the home currency. */
  monthly: number
  /** How many loans have no rate to the home currency: left out of both figures. */
  notConverted: number
}

/**
 * The debts overview's totals in the home currency: each loan's balance and instalment converted at
 * the loan's rate (a loan in the home currency counts as it is); a loan with no rate is counted in
 * neither and named, never counted 1:1.
 */
export function debtTotals(debts: readonly DebtAmounts[], home: HomeCurrency): DebtTotals {
  let outstanding = 0
  let monthly = 0
  let notConverted = 0
  for (const { loan, balance } of debts) {
    const owed = inHome(moneyEntryOf({ ...loan, amount: balance }, home), home.currency)
    const emi = inHome(moneyEntryOf({ ...loan, amount: loan.emi }, home), home.currency)
    if (owed === null || emi === null) {
      notConverted++
      continue
    }
    outstanding += owed
    monthly += emi
  }
  return { outstanding, monthly, notConverted }
}
