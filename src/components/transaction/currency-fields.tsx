import { useRef, useState } from 'react'
import { parseAmountIn, parseRate } from '../../../schema/money/currency'
import { CURRENCIES, currencyOf, toPaise } from '../../../schema/money/money'
import type { TransactionDraft } from '../../../schema/validation/transaction-input'
import { lastRateFor } from '../../data/transactions'
import { ChoiceField, TextField } from '../ui/field'

const CODES = CURRENCIES.map((c) => c.code)

/** The currency an entry is typed in and its rate to the home currency, as typed. */
export interface CurrencyChoice {
  currency: string
  rate: string
  setCurrency: (code: string) => void
  setRate: (text: string) => void
}

/**
 * The currency select's state: the home currency unless `initial` names another; choosing another
 * one offers the rate of the user's latest entry with that pair (editable, may be left empty).
 */
export function useCurrencyChoice(home: string, initial?: { currency: string; rate: number | null }): CurrencyChoice {
  // Until the user picks, the select follows the home currency (it arrives with the profile).
  const [picked, setPicked] = useState<string | null>(initial?.currency ?? null)
  const [rate, setRate] = useState(initial?.rate == null ? '' : String(initial.rate))
  const asking = useRef<string | null>(null)
  const currency = picked ?? home
  const setCurrency = (code: string) => {
    if (code === currency) return
    setPicked(code)
    setRate('')
    asking.current = code
    if (code === home) return
    lastRateFor(code, home)
      .then((last) => {
        // Only for the currency still chosen, and never over what the user has typed since.
        if (last !== null && asking.current === code) setRate((typed) => (typed === '' ? String(last) : typed))
      })
      .catch((e: unknown) => console.warn(e))
  }
  return { currency, rate, setCurrency, setRate }
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
 * entry is saved as not converted, and the notice says what that means.
 */
export function CurrencyFields({
  choice,
  home,
  rateError,
}: {
  choice: CurrencyChoice
  home: string
  rateError: string | null
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
              ? `No rate: saved as not converted, and left out of your ${home} totals until you add one.`
              : undefined
          }
          onChange={(e) => choice.setRate(e.target.value)}
        />
      ) : null}
    </div>
  )
}
