import { moneyEntryOf, type HomeCurrency } from '../../schema/money/currency'
import { newerGiven, pickRateOffer, rateGivenAt, type GivenRate, type RateOffer } from '../../schema/money/fx-source'
import { toDayString } from '../../schema/time'
import { userData } from './database'
import { dailyRateOffer, refreshFxRates } from './fx-rates'
import { lastRateEntry } from './transactions'

/**
 * The rate the user gave most recently for `currency` to `home`, on whatever entry they typed it:
 * an expense or income (by its date), a budget, a recurring payment, a loan, or a household
 * expense or payment or a business entry they entered (by when it was saved). Null when they
 * never gave one.
 */
export async function lastRateGiven(currency: string, home: string): Promise<GivenRate> {
  if (currency === home) return null
  const { whole, userId } = userData()
  const db = await whole
  const selector = { currency, fxHome: home, fxRate: { $gt: 0 } }
  const mine = { ...selector, ownerId: userId }
  const [entry, ...others] = await Promise.all([
    lastRateEntry(currency, home),
    db.budgets.find({ selector }).exec(),
    db.recurring_payments.find({ selector }).exec(),
    db.loans.find({ selector }).exec(),
    db.household_expenses.find({ selector: mine }).exec(),
    db.settlements.find({ selector: mine }).exec(),
    db.business_entries.find({ selector: mine }).exec(),
  ])
  let latest: GivenRate = entry
  for (const doc of others.flat())
    if (doc.fxRate) latest = newerGiven(latest, { rate: doc.fxRate, date: rateGivenAt(doc) })
  return latest
}

/**
 * The rate a form offers for an entry in `currency` (home currency `home`): the user's own last
 * rate for the pair (`lastRateGiven`) or the daily source's, the newer by day (`pickRateOffer` says
 * why); null when neither is known. Works offline (the entries and the cached day are on the device).
 */
export async function rateOffer(currency: string, home: string): Promise<RateOffer | null> {
  if (currency === home) return null
  const [own, day] = await Promise.all([lastRateGiven(currency, home), refreshFxRates()])
  const yours: RateOffer | null = own ? { rate: own.rate, from: 'yours', day: toDayString(own.date) } : null
  return pickRateOffer(yours, dailyRateOffer(currency, home, day))
}

/** Entries with no rate to the home currency, by their currency, and how many of them a daily rate exists for. */
export interface MissingRates {
  byCurrency: Record<string, number>
  count: number
  /** Of `count`, those whose currency the daily source has a rate to the home currency for. */
  offered: number
}

/**
 * The user's expenses and income that the home currency's totals leave out: in another currency
 * with no rate to it (a rate given toward an earlier home currency does not count, `moneyEntryOf`).
 */
export async function missingRates(home: HomeCurrency): Promise<MissingRates> {
  const { db } = userData()
  // Entries with no currency of their own are in the legacy currency: $ne matches them too.
  const docs = await db.transactions.find({ selector: { currency: { $ne: home.currency } } }).exec()
  const day = await refreshFxRates()
  const result: MissingRates = { byCurrency: {}, count: 0, offered: 0 }
  for (const doc of docs) {
    const entry = moneyEntryOf(doc, home)
    if (entry.currency === home.currency || entry.rate !== null) continue
    result.count += 1
    result.byCurrency[entry.currency] = (result.byCurrency[entry.currency] ?? 0) + 1
    if (dailyRateOffer(entry.currency, home.currency, day)) result.offered += 1
  }
  return result
}
