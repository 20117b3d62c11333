import { useRef, type ReactNode } from 'react'
import { entryCurrency } from '../../../schema/money/currency'
import { CURRENCIES, currencyOf } from '../../../schema/money/money'
import { ChoiceField, TextField } from '../../components/ui/field'
import { useHomeCurrency } from '../../data/hooks'
import { rateOffer } from '../../data/rate-offer'
import { MoneyContext, moneyFormat, useMoneyFormat } from '../../lib/money-format'
import type { LoanForm } from './loan-form'

const CODES = CURRENCIES.map((c) => c.code)

/**
 * Draws every amount below in the loan's currency: a loan's principal, EMI, balance and payments
 * are all in it.
 */
export function LoanMoney({ currency, children }: { currency: string; children: ReactNode }) {
  const home = useMoneyFormat()
  if (currency === home.currency) return <>{children}</>
  return <MoneyContext.Provider value={moneyFormat(currency)}>{children}</MoneyContext.Provider>
}

/** The currency a loan's amounts are in: its own, else the legacy or home currency. */
export function useLoanCurrency(loan: { currency?: string | undefined } | null): string {
  return entryCurrency(loan ?? {}, useHomeCurrency())
}

/**
 * The loan's currency and, for another than the home one, its rate to the home currency: offered
 * from the user's latest entry with the pair, editable, and may be left empty (not converted).
 */
export function LoanCurrencyFields({
  form,
  set,
  rateError,
}: {
  form: LoanForm
  set: (patch: Partial<LoanForm>) => void
  rateError?: string | null
}) {
  const { currency: home } = useHomeCurrency()
  const asking = useRef<string | null>(null)
  const code = form.currency || home
  const foreign = code !== home
  const choose = (next: string) => {
    if (next === code) return
    set({ currency: next, fxRate: '' })
    asking.current = next
    if (next === home) return
    rateOffer(next, home)
      .then((offer) => {
        if (offer !== null && asking.current === next) set({ fxRate: String(offer.rate) })
      })
      .catch((e: unknown) => console.warn(e))
  }
  return (
    <div className="form-pair">
      <ChoiceField
        label="Currency"
        name="loan-currency"
        choices={CODES}
        labelOf={(c) => `${c} · ${currencyOf(c).name}`}
        value={code}
        onChange={(e) => choose(e.target.value)}
      />
      {foreign ? (
        <TextField
          label={`Rate: 1 ${code} in ${home}`}
          name="loan-fx-rate"
          inputMode="decimal"
          placeholder={`${home} for 1 ${code}`}
          value={form.fxRate}
          error={rateError ?? null}
          hint={
            form.fxRate.trim() === ''
              ? `No rate: the loan stays in ${code} and is left out of your ${home} totals until you add one.`
              : undefined
          }
          onChange={(e) => set({ fxRate: e.target.value })}
        />
      ) : null}
    </div>
  )
}
