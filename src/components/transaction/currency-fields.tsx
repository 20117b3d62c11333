import { useEffect, useRef, useState } from 'react'
import { parseAmountIn, parseRate } from '../../../schema/money/currency'
import type { RateOffer } from '../../../schema/money/fx-source'
import { CURRENCIES, currencyOf, toPaise } from '../../../schema/money/money'
import type { TransactionDraft } from '../../../schema/validation/transaction-input'
import { rateOffer } from '../../data/rate-offer'
import { Button } from '../ui/button'
import { ChoiceField, TextField } from '../ui/field'
import './transaction.css'

const CODES = CURRENCIES.map((c) => c.code)

/** The currency an entry is typed in and its rate to the home currency, as typed. */
export interface CurrencyChoice {
  currency: string
  rate: string
  /** The rate offered for the chosen currency, while the field still holds it. */
  offer: RateOffer | null
  /** For an entry saved with no rate: a rate to add, only on the user's say-so (`acceptSuggestion`). */
  suggestion: RateOffer | null
  acceptSuggestion: () => void
  setCurrency: (code: string) => void
  setRate: (text: string) => void
}

/**
 * The currency select's state: the home currency unless `initial` names another; choosing another
 * one offers a rate (editable, may be left empty): the user's own latest for the pair or the daily
 * source's, the newer by day (`rateOffer`).
 */
export function useCurrencyChoice(home: string, initial?: { currency: string; rate: number | null }): CurrencyChoice {
  // Until the user picks, the select follows the home currency (it arrives with the profile).
  const [picked, setPicked] = useState<string | null>(initial?.currency ?? null)
  const [rate, setRate] = useState(initial?.rate == null ? '' : String(initial.rate))
  const [offer, setOffer] = useState<RateOffer | null>(null)
  const [suggestion, setSuggestion] = useState<RateOffer | null>(null)
  const asking = useRef<string | null>(null)
  const currency = picked ?? home
  const offerFor = (code: string) => {
    asking.current = code
    rateOffer(code, home)
      .then((offered) => {
        // Only for the currency still chosen, and never over what the user has typed since.
        if (offered === null || asking.current !== code) return
        setRate((typed) => (typed === '' ? String(offered.rate) : typed))
        // Shown as the field's hint only while the field holds it.
        setOffer(offered)
      })
      .catch((e: unknown) => console.warn(e))
  }
  // An entry saved with no rate to the home currency (made before a change of home currency, or
  // left without one): a rate is suggested, never filled in, so saving other changes adds none.
  const unconverted = initial && initial.currency !== home && initial.rate === null ? initial.currency : null
  useEffect(() => {
    if (!unconverted) return
    let live = true
    rateOffer(unconverted, home)
      .then((offered) => live && setSuggestion(offered))
      .catch((e: unknown) => console.warn(e))
    return () => {
      live = false
    }
  }, [unconverted, home])
  const setCurrency = (code: string) => {
    if (code === currency) return
    setPicked(code)
    setRate('')
    setOffer(null)
    setSuggestion(null)
    asking.current = code
    if (code !== home) offerFor(code)
  }
  const acceptSuggestion = () => {
    if (!suggestion) return
    setRate(String(suggestion.rate))
    setOffer(suggestion)
    setSuggestion(null)
  }
  // Once the user edits the rate (emptying it too), an offer still on its way is not put in.
  const typeRate = (text: string) => {
    asking.current = null
    setRate(text)
  }
  const shown = offer && rate === String(offer.rate) ? offer : null
  const suggested = suggestion && rate.trim() === '' && currency === unconverted ? suggestion : null
  return { currency, rate, offer: shown, suggestion: suggested, acceptSuggestion, setCurrency, setRate: typeRate }
}

const OFFER_DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

function offerDay(offer: RateOffer): string {
  return OFFER_DAY.format(new Date(`${offer.day}T00:00:00Z`))
}

/** Where the offered rate comes from, under the rate field. */
export function offerHint(offer: RateOffer): string {
  const day = offerDay(offer)
  return offer.from === 'daily' ? `Daily rate of ${day}; change it if yours differs.` : `The rate you used on ${day}.`
}

/** The draft's amount, currency and rate from what was typed: the amount in the currency's own digits. */
export function currencyDraft(
  amount: string,
  choice: Pick<CurrencyChoice, 'currency' | 'rate'>,
  home: string,
): Pick<TransactionDraft, 'amount' | 'currency' | 'fxRate'> {
  const foreign = choice.currency !== home
  const read = amount.trim() === '' ? null : foreign ? parseAmountIn(amount, choice.currency) : toPaise(amount)
  const fxRate = !foreign || choice.rate.trim() === '' ? null : (parseRate(choice.rate) ?? Number.NaN)
  return { amount: read, currency: choice.currency, fxRate }
}

/**
 * The currency select and, for another currency than the home one, its rate; with no rate the
 * entry is saved as not converted, and the notice (`missingHint`, else the one about your totals)
 * says what that means. Households use it with their own currency as `home`.
 */
export function CurrencyFields({
  choice,
  home,
  rateError,
  missingHint,
}: {
  choice: Pick<CurrencyChoice, 'currency' | 'rate' | 'setCurrency' | 'setRate'> &
    Partial<Pick<CurrencyChoice, 'offer' | 'suggestion' | 'acceptSuggestion'>>
  home: string
  rateError: string | null
  missingHint?: string
}) {
  const foreign = choice.currency !== home
  const missing = foreign && choice.rate.trim() === ''
  return (
    <div className="tx-currency">
      <ChoiceField
        label="Currency"
        name="currency"
        choices={CODES}
        labelOf={(code) => `${code} · ${currencyOf(code).name}`}
        value={choice.currency}
        onChange={(e) => choice.setCurrency(e.target.value)}
      />
      {foreign ? (
        <TextField
          label={`Rate: 1 ${choice.currency} in ${home}`}
          name="fxRate"
          inputMode="decimal"
          placeholder={`${home} for 1 ${choice.currency}`}
          value={choice.rate}
          error={rateError}
          hint={
            missing
              ? (missingHint ??
                `No rate: saved as not converted, and left out of your ${home} totals until you add one.`)
              : choice.offer
                ? offerHint(choice.offer)
                : undefined
          }
          onChange={(e) => choice.setRate(e.target.value)}
        />
      ) : null}
      {foreign && choice.suggestion && choice.acceptSuggestion ? (
        <p className="tx-currency__suggest">
          <span>
            {choice.suggestion.from === 'daily' ? 'Daily rate' : 'Your rate'} of {offerDay(choice.suggestion)}:{' '}
            {choice.suggestion.rate}
          </span>
          <Button variant="outline" size="sm" onClick={choice.acceptSuggestion}>
            Use this rate
          </Button>
        </p>
      ) : null}
    </div>
  )
}
