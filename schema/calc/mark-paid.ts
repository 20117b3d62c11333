import type { RecurringPayment } from '../entities/recurring'
import type { Rate } from '../money/currency'
import { hash128 } from '../parse/dedupe'
import type { TransactionContent } from '../entities/transaction'
import { DEFAULT_RECURRING_CATEGORY, nextDueAfterPaid } from './recurring-schedule'

/** The fields of a recurring payment that Mark Paid reads. */
export type PaidPayment = Pick<
  RecurringPayment,
  'name' | 'amount' | 'category' | 'frequency' | 'dueDate' | 'nextDueDate' | 'currency' | 'fxRate' | 'fxHome'
>

/** The rate a payment is booked at when the user changes it: to `home` (null: not converted). */
export interface PaidRate {
  fxRate: Rate | null
  home: string
}

export interface MarkPaidResult {
  /** The expense to record (wrap it with `newTransaction`). */
  expense: TransactionContent
  /** The payment's changed fields. */
  schedule: { nextDueDate: string; lastPaidAt: number }
}

/**
 * Mark Paid, the same on a device and over REST: an expense of the payment's amount dated
 * `paidAt` (origin 'recurring', the payment's category or 'Bills & Utilities', described by its
 * name), and the next due day one period on from the current one, anchored on the first due day
 * (31 Jan → 28 Feb → 31 Mar). A payment in a currency of its own books exactly its amount in that
 * currency, at the payment's rate or at `rate` when the user gave another one.
 */
export function markPaid(payment: PaidPayment, paidAt: number, rate?: PaidRate): MarkPaidResult {
  return {
    expense: {
      type: 'expense',
      amount: payment.amount,
      category: payment.category.trim() || DEFAULT_RECURRING_CATEGORY,
      description: payment.name,
      date: paidAt,
      origin: 'recurring',
      ...paidCurrency(payment, rate),
    },
    schedule: { nextDueDate: nextDueAfterPaid(payment), lastPaidAt: paidAt },
  }
}

function paidCurrency(payment: PaidPayment, rate: PaidRate | undefined): Partial<TransactionContent> {
  if (payment.currency === undefined) return {}
  if (rate)
    return { currency: payment.currency, fxRate: rate.fxRate, ...(rate.fxRate === null ? {} : { fxHome: rate.home }) }
  const fxRate = payment.fxRate ?? null
  return {
    currency: payment.currency,
    fxRate,
    ...(fxRate !== null && payment.fxHome ? { fxHome: payment.fxHome } : {}),
  }
}

/**
 * The id of the expense that pays `paymentId`'s instalment due on `dueDate`: the same on every
 * device and on every try, so a retry or a second device books that instalment once.
 */
export function markPaidEntryId(paymentId: string, dueDate: string): string {
  return `r${hash128(`${paymentId}\n${dueDate}`)}`
}
