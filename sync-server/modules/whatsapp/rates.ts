/**
 * The rate a message's entry is booked at when it names another currency than the home one: as the
 * app's forms offer it, the newer of the user's own last rate for the pair and the daily source's
 * (`pickRateOffer`), else none ("not converted", never 1:1).
 */
import { isRate, type Rate } from '../../../schema/money/currency'
import { dailyOffer, pickRateOffer, type RateOffer } from '../../../schema/money/fx-source'
import { toDayString } from '../../../schema/time'
import type { FxRatesRepository } from '../../db/fx-rates'
import type { WhatsappRepository } from '../../db/whatsapp'

export interface RateDeps {
  whatsapp: Pick<WhatsappRepository, 'lastRate'>
  fxRates: Pick<FxRatesRepository, 'latest'>
}

/** The rate offered for `currency` to `home`, or null when neither the user nor the source has one. */
export async function offeredRate(
  deps: RateDeps,
  userId: string,
  currency: string,
  home: string,
): Promise<Rate | null> {
  if (currency === home) return null
  const [own, day] = await Promise.all([deps.whatsapp.lastRate(userId, currency, home), deps.fxRates.latest()])
  // The own rate's day is the entry's, on the server's clock (REPORT_TIME_ZONE), as a device reads it on its own.
  const yours: RateOffer | null =
    own && isRate(own.rate) ? { rate: own.rate, from: 'yours', day: toDayString(own.date) } : null
  return pickRateOffer(yours, dailyOffer(day, currency, home))?.rate ?? null
}

/** An entry's currency fields: its currency and the rate offered to the home currency, or no rate. */
export async function currencyFields(
  deps: RateDeps,
  userId: string,
  currency: string,
  home: string,
): Promise<{ currency: string; fxRate: Rate | null; fxHome?: string }> {
  const rate = await offeredRate(deps, userId, currency, home)
  return rate === null ? { currency, fxRate: null } : { currency, fxRate: rate, fxHome: home }
}
