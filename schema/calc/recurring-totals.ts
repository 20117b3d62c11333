import type { Frequency } from '../entities/recurring'
import { inHome, moneyEntryOf, type CurrencyFields, type HomeCurrency } from '../money/currency'
import { dueGroup } from './recurrence'

/** Times a payment falls due in a year, by frequency (a year of 365 days, 52 weeks). */
const PER_YEAR: Record<Frequency, number> = { daily: 365, weekly: 52, monthly: 12, yearly: 1 }

/** A recurring payment as the totals read it: its amount in its own currency. */
export interface RecurringAmount extends CurrencyFields {
  amount: number
  frequency: Frequency
  nextDueDate: string
}

export interface RecurringTotals {
  /** What falls due by the end of this week (overdue included), in stored units of the home currency. */
  dueThisWeek: number
  /** What the payments cost in an average month, in stored units of the home currency. */
  monthly: number
  /** How many payments have no rate to the home currency: left out of both figures. */
  notConverted: number
}

/** An amount paid `frequency` as a month's average: a year's worth over 12, to the nearest unit. */
export function monthlyShare(amount: number, frequency: Frequency): number {
  return Math.round((amount * PER_YEAR[frequency]) / 12)
}

/**
 * The Recurring Payments totals in the home currency: each payment converted at its own rate, then
 * added up; a payment with no rate counts in neither figure and is counted as not converted.
 */
export function recurringTotals(
  payments: readonly RecurringAmount[],
  now: number,
  home: HomeCurrency,
): RecurringTotals {
  let dueThisWeek = 0
  let monthly = 0
  let notConverted = 0
  for (const p of payments) {
    const converted = inHome(moneyEntryOf(p, home), home.currency)
    if (converted === null) {
      notConverted++
      continue
    }
    if (dueGroup(p.nextDueDate, now) !== 'later') dueThisWeek += converted
    monthly += monthlyShare(converted, p.frequency)
  }
  return { dueThisWeek, monthly, notConverted }
}
