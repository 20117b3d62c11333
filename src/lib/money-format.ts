import { createContext, useContext } from 'react'
import {
  formatCompactMoney,
  formatDecimal,
  formatMoney,
  toPaise,
  type MoneyOptions,
  type Paise,
} from '../../schema/money/money'

export interface MoneyFormat {
  /** The user's currency code (the synced profile's, else the account's, else INR). */
  currency: string
  /** The currency entries with none of their own are in, once the home currency was changed. */
  legacyCurrency?: string
  /** "₹1,25,000": whole units, or the paise an amount has with `exact`; `signed` adds + to positive amounts. */
  format: (paise: Paise, options?: MoneyOptions) => string
  /** "₹1.85 L" / "₹1.01 Cr" for tight places; show it with the exact figure beside or in a title. */
  compact: (paise: Paise, options?: { signed?: boolean }) => string
  /** The value for an amount input: "1250.50"; '' for zero so the field shows its placeholder. */
  forEdit: (paise: Paise) => string
  /** What the user typed, as paise; null when it is not a number. */
  fromEdit: (text: string) => Paise | null
}

/** One money formatter bound to a currency, over integer paise. */
export function moneyFormat(currency: string, legacyCurrency?: string): MoneyFormat {
  return {
    currency,
    ...(legacyCurrency ? { legacyCurrency } : {}),
    format: (paise, options) => formatMoney(paise, currency, options),
    compact: (paise, options) => formatCompactMoney(paise, currency, options),
    forEdit: (paise) => (paise === 0 ? '' : formatDecimal(paise)),
    fromEdit: (text) => (text.trim() === '' ? null : toPaise(text)),
  }
}

/**
 * The formatter amounts are drawn with. The gate provides the live one (the profile's currency);
 * the home screen's snapshot provides the one it was saved with, before the database is open, so
 * amounts render without loading the data layer.
 */
export const MoneyContext = createContext<MoneyFormat | null>(null)

export function useMoneyFormat(): MoneyFormat {
  const money = useContext(MoneyContext)
  if (!money) throw new Error('An amount was drawn outside a MoneyContext provider')
  return money
}
