import { moneyEntryOf, type HomeCurrency } from '../../schema/money/currency'
import { pickRateOffer, type RateOffer } from '../../schema/money/fx-source'
import { userData } from './database'
import { dailyRateOffer, refreshFxRates } from './fx-rates'
import { lastRateEntry } from './transactions'

/** A local day as YYYY-MM-DD. */
function localDay(ms: number): string {
  const d = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
}

/**
 * The rate a form offers for an entry in `currency` (home currency `home`): the user's own last
 * rate for the pair or the daily source's, the newer by day (`pickRateOffer` says why); null when
 * neither is known. Works offline (the entries and the cached day are on the device).
 */
export async function rateOffer(currency: string, home: string): Promise<RateOffer | null> {
  if (currency === home) return null
  const [own, day] = await Promise.all([lastRateEntry(currency, home), refreshFxRates()])
  const yours: RateOffer | null = own ? { rate: own.rate, from: 'yours', day: localDay(own.date) } : null
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
