import { useMemo } from 'react'
import { formatCompactMoney, formatDecimal, formatMoney, toPaise, type Paise } from '../../schema/money/money'
import { useProfile } from '../data/hooks'
import { useAuth } from './auth-context'
import { displayCurrency } from './display-currency'

export interface MoneyFormat {
  /** The user's currency code (the synced profile's, else the account's, else INR). */
  currency: string
  /** "₹1,25,000" (whole units unless `withPaise`); `signed` adds + to positive amounts. */
  format: (paise: Paise, options?: { withPaise?: boolean; signed?: boolean }) => string
  /** "₹1.85 L" / "₹1.01 Cr" for tight places; show it with the exact figure beside or in a title. */
  compact: (paise: Paise, options?: { signed?: boolean }) => string
  /** The value for an amount input: "1250.50"; '' for zero so the field shows its placeholder. */
  forEdit: (paise: Paise) => string
  /** What the user typed, as paise; null when it is not a number. */
  fromEdit: (text: string) => Paise | null
}

/** One money formatter bound to the user's currency (like Actual's `useFormat`), over integer paise. */
export function useMoney(): MoneyFormat {
  const { user } = useAuth()
  const profile = useProfile()
  const currency = displayCurrency(profile.data, user ?? {})
  return useMemo(
    () => ({
      currency,
      format: (paise, options) => formatMoney(paise, currency, options),
      compact: (paise, options) => formatCompactMoney(paise, currency, options),
      forEdit: (paise) => (paise === 0 ? '' : formatDecimal(paise)),
      fromEdit: (text) => (text.trim() === '' ? null : toPaise(text)),
    }),
    [currency],
  )
}
