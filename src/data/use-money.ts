import { createElement, useMemo, type ReactNode } from 'react'
import { useProfile } from './hooks'
import { useAuth } from './auth-context'
import { displayCurrency } from '../lib/display-currency'
import { MoneyContext, moneyFormat, type MoneyFormat } from '../lib/money-format'

export type { MoneyFormat } from '../lib/money-format'

/** One money formatter bound to the user's currency (like Actual's `useFormat`), over integer paise. */
export function useMoney(): MoneyFormat {
  const { user } = useAuth()
  const profile = useProfile()
  const currency = displayCurrency(profile.data, user ?? {})
  const legacy = profile.data?.legacyCurrency
  return useMemo(() => moneyFormat(currency, legacy), [currency, legacy])
}

/** Provides the user's live formatter to every `Amount` below (the database must be open). */
export function MoneyProvider({ children }: { children: ReactNode }) {
  return createElement(MoneyContext.Provider, { value: useMoney() }, children)
}
