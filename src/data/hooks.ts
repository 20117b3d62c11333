import { startTransition, useEffect, useMemo, useState } from 'react'
import type { CollectionName } from '../../schema/collections'
import type { Observable } from 'rxjs'
import { inHomeCurrency, type InHome, type LedgerEntry, type Totals } from '../../schema/calc/totals'
import type { CurrencyFields, HomeCurrency } from '../../schema/money/currency'
import { displayCurrency } from '../lib/display-currency'
import { useAuth } from './auth-context'
import { localMonthWindow } from '../../schema/time'
import { windowTotals$ } from './ledger-totals'
import { transactionsIn$ } from './window-docs'
import { profile$, type ProfileDoc } from './profile'
import { userData } from './database'
import { firstDownloadDone } from './replication'
import { budgetCount$, budgets$, type BudgetDoc } from './budgets'
import { paymentsDueBy$, recurringPayments$, type RecurringDoc } from './recurring'
import {
  ledger$,
  recentTransactions$,
  transactionCounts$,
  transactionsBetween$,
  type LedgerQuery,
  type TransactionDoc,
} from './transactions'

export interface Live<T> {
  data: T
  loading: boolean
  /** The read failed: `data` is the initial value, not the user's, and is not to be shown as theirs. */
  failed: boolean
}

/**
 * Subscribes to an observable made by `make` (re-made when `deps` change). Each result renders as a
 * transition: React renders it in slices and yields to taps in between, where a plain update from
 * outside an event would render the whole screen in one blocking task (on a slow phone each query
 * answering /home's first render was a long task).
 */
export function useObservable<T>(make: () => Observable<T>, initial: T, deps: readonly unknown[]): Live<T> {
  const [state, setState] = useState<Live<T>>({ data: initial, loading: true, failed: false })
  useEffect(() => {
    const subscription = make().subscribe({
      next: (data) => startTransition(() => setState({ data, loading: false, failed: false })),
      error: (error: unknown) => {
        console.error(error)
        setState((s) => ({ ...s, loading: false, failed: true }))
      },
    })
    return () => subscription.unsubscribe()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return state
}

/**
 * For a screen that adds up or lists what these reads return: a failed read goes to the error screen
 * (with its reload) instead of sums of nothing, or an empty list, shown as the user's.
 */
export function throwIfUnread(...reads: readonly Pick<Live<unknown>, 'failed'>[]): void {
  if (reads.some((read) => read.failed)) throw new Error('Could not read the entries on this device')
}

const EMPTY: TransactionDoc[] = []

/** This month's transactions (local month of `now`), live. */
export function useMonthTransactions(now: number): Live<TransactionDoc[]> {
  const { start, end } = localMonthWindow(now)
  return useObservable(() => transactionsBetween$(start, end), EMPTY, [start, end])
}

export function useRecentTransactions(limit = 5): Live<TransactionDoc[]> {
  return useObservable(() => recentTransactions$(limit), EMPTY, [limit])
}

/** Transactions dated in [start, end), oldest first, live. */
export function useTransactionsBetween(start: number, end: number): Live<TransactionDoc[]> {
  return useObservable(() => transactionsBetween$(start, end), EMPTY, [start, end])
}

/**
 * Transactions dated in [start, end) in no particular order, live, for figures that add them up:
 * O(1) per change instead of a live query over every row of the window (window-docs.ts).
 */
export function useTransactionsIn(start: number, end: number): Live<TransactionDoc[]> {
  return useObservable(() => transactionsIn$(start, end), EMPTY, [start, end])
}

/** The /transactions list: a window (null = all time), a type and a page limit, newest first, live. */
export function useLedger(query: LedgerQuery): Live<TransactionDoc[]> {
  const { window, type, limit } = query
  return useObservable(() => ledger$({ window, type, limit }), EMPTY, [window?.start, window?.end, type, limit])
}

const NO_TOTALS: Totals = { income: 0, expenses: 0, balance: 0, incomeCount: 0, expenseCount: 0, notConverted: 0 }

/** Totals of every transaction in a window (null = all time) in the home currency, from the month totals, live. */
export function useWindowTotals(window: { start: number; end: number } | null): Live<Totals> {
  const home = useHomeCurrency()
  const { currency, legacyCurrency } = home
  return useObservable(() => windowTotals$(window, home), NO_TOTALS, [
    window?.start,
    window?.end,
    currency,
    legacyCurrency,
  ])
}

/**
 * The home currency (the synced profile's, else the account's, else INR) and the legacy one
 * entries without a currency of their own are in. Stable while neither changes.
 */
export function useHomeCurrency(): HomeCurrency {
  const { user } = useAuth()
  const profile = useProfile()
  const currency = displayCurrency(profile.data, user ?? {})
  const legacyCurrency = profile.data?.legacyCurrency
  return useMemo(() => ({ currency, legacyCurrency }), [currency, legacyCurrency])
}

/** Entries as figures in the home currency, and those not converted (schema/calc/totals.ts). */
export function useInHome<T extends Pick<LedgerEntry, 'amount'> & CurrencyFields>(entries: readonly T[]): InHome<T> {
  const home = useHomeCurrency()
  return useMemo(() => inHomeCurrency(entries, home), [entries, home])
}

const NO_COUNTS = { expense: 0, income: 0 }

/** How many expense and income records exist in all, live. */
export function useTransactionCounts(): Live<{ expense: number; income: number }> {
  return useObservable(() => transactionCounts$(), NO_COUNTS, [])
}

const NO_BUDGETS: BudgetDoc[] = []

/** The budgets, oldest first (the first `limit`, or all), live. */
export function useBudgets(limit?: number): Live<BudgetDoc[]> {
  return useObservable(() => budgets$(limit), NO_BUDGETS, [limit])
}

const NO_PAYMENTS: RecurringDoc[] = []

/** Every recurring payment, soonest next due first, live. */
export function useRecurringPayments(): Live<RecurringDoc[]> {
  return useObservable(() => recurringPayments$(), NO_PAYMENTS, [])
}

/** Recurring payments due within 30 days of `now` (or overdue), soonest first, live. */
export function usePaymentsDueBy(now: number): Live<RecurringDoc[]> {
  return useObservable(() => paymentsDueBy$(now), NO_PAYMENTS, [now])
}

/** How many budgets exist, live. */
export function useBudgetCount(): Live<number> {
  return useObservable(() => budgetCount$(), 0, [])
}

/**
 * The profile, or the defaults when the server has none; `loading` (and `data` null) until the
 * server's copy is on this device.
 */
export function useProfile(): Live<ProfileDoc | null> {
  return useObservable<ProfileDoc | null>(() => profile$(), null, [])
}

/** True where the device holds its data already: no replication (the demo) or a finished first download. */
function syncedNow(): boolean {
  const { replication, dbName } = userData()
  return !replication || firstDownloadDone(dbName)
}

/**
 * Whether this device holds the server's documents of `name`: false while a new device is still
 * downloading them, so figures computed from them can say they are loading instead of showing a
 * partial sum.
 */
export function useCollectionSynced(name: CollectionName): boolean {
  const [synced, setSynced] = useState(syncedNow)
  useEffect(() => {
    if (synced) return
    let live = true
    const { replication } = userData()
    void (replication ? replication.collectionSynced(name) : Promise.resolve()).then(() => live && setSynced(true))
    return () => {
      live = false
    }
  }, [name, synced])
  return synced
}

export { useSyncState } from './sync-state'
