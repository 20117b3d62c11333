import { pickRateOffer, type RateOffer } from '../../schema/money/fx-source'
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
