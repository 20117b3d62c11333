import { MAX_EXPENSE_PAISE, MAX_INCOME_PAISE } from '../entities/transaction'
import type { Paise } from '../money/money'

/** The add/edit screens' messages (spec part 1 §5), shared by the client forms and the REST API. */
export const TRANSACTION_MESSAGES = {
  amountPositive: '⚠️ Amount must be greater than zero!',
  expenseTooLarge: '⚠️ Amount seems too large. Maximum allowed is 10,000,000. Please check for typos.',
  incomeTooLarge: '⚠️ Amount seems too large. Maximum allowed is 100,000,000. Please check for typos.',
  datePast: '⚠️ Date cannot be more than 5 years in the past!',
  dateFuture: '⚠️ Date cannot be more than 1 year in the future!',
  dateInvalid: '⚠️ Please enter a valid date!',
  categoryRequired: '⚠️ Please select a category!',
  customCategoryRequired: '⚠️ Please enter a custom category!',
  sourceRequired: '⚠️ Please select an income source!',
  amountInvalid: '⚠️ Please enter a valid amount!',
} as const

/** Why an amount is refused, or null when it is acceptable for this kind of transaction. */
export function amountProblem(type: 'expense' | 'income', paise: Paise | null): string | null {
  if (paise === null || !Number.isFinite(paise)) return TRANSACTION_MESSAGES.amountInvalid
  if (paise <= 0) return TRANSACTION_MESSAGES.amountPositive
  if (type === 'expense' && paise > MAX_EXPENSE_PAISE) return TRANSACTION_MESSAGES.expenseTooLarge
  if (type === 'income' && paise > MAX_INCOME_PAISE) return TRANSACTION_MESSAGES.incomeTooLarge
  return null
}

/**
 * Why a transaction date is refused, or null. The window is calendar based: the same day five
 * years back is allowed, one day earlier is not; likewise one year ahead.
 */
export function dateProblem(date: number, now: number = Date.now()): string | null {
  if (!Number.isFinite(date)) return TRANSACTION_MESSAGES.dateInvalid
  const earliest = new Date(now)
  earliest.setFullYear(earliest.getFullYear() - 5)
  earliest.setHours(0, 0, 0, 0)
  const latest = new Date(now)
  latest.setFullYear(latest.getFullYear() + 1)
  latest.setHours(23, 59, 59, 999)
  if (date < earliest.getTime()) return TRANSACTION_MESSAGES.datePast
  if (date > latest.getTime()) return TRANSACTION_MESSAGES.dateFuture
  return null
}
