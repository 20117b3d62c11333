import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { ledgerView, normaliseSearch, type TypeFilter } from '../../../schema/calc/ledger-view'
import { periodWindow, type Window } from '../../../schema/calc/periods'
import type { Totals } from '../../../schema/calc/totals'
import { useNow } from '../../lib/use-now'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { useTransactionActions, type TransactionActions } from '../../components/transaction/use-transaction-actions'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { useCollectionSynced, useHomeCurrency, useLedger, useProfile, useWindowTotals } from '../../data/hooks'
import { writeLedgerSnapshot } from '../../data/ledger-snapshot'
import { saveWhenIdle } from '../../data/saved-screen'
import type { TransactionDoc } from '../../data/transactions'
import { useAuth } from '../../data/auth-context'
import { useMoneyFormat } from '../../lib/money-format'
import { SnapshotLedger, useLedgerSnapshot } from './ledger-snapshot'
import {
  LedgerHeader,
  LedgerItem,
  LedgerTip,
  LedgerTools,
  LedgerTotals,
  NO_FILTERS,
  ROW_HEIGHT,
  type FilterState,
} from './ledger-parts'

const SEARCH_DEBOUNCE_MS = 200
/** Rows per page of the list: the first page fills a tall screen several times over. */
const PAGE_SIZE = 100

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

interface LedgerListProps {
  /** The loaded rows, newest first: the first `rows.length` of `count`. */
  rows: readonly TransactionDoc[]
  count: number
  /** Whether rows past the loaded ones may exist (while the count is still being worked out). */
  more: boolean
  now: number
  layoutKey: string
  /** Asks for the rows up to `index` (the list loads page by page as it scrolls). */
  onReach: (index: number) => void
}

/** The rows with their edit and delete dialogs (rendered once, outside the rows that follow the scroll). */
function LedgerList(props: LedgerListProps) {
  const profile = useProfile()
  const actions = useTransactionActions(profile.data?.customCategories ?? [])
  // The same object while the three handlers are the same (they are state setters): a memoised row is
  // not drawn again because the list re-rendered for a new page or an open dialog.
  const { edit, remove, viewReceipt } = actions
  const rowActions = useMemo(() => ({ edit, remove, viewReceipt }), [edit, remove, viewReceipt])
  return (
    <>
      <LedgerTip />
      <VirtualRows {...props} actions={rowActions} />
      {actions.dialogs}
    </>
  )
}

type RowActions = Pick<TransactionActions, 'edit' | 'remove' | 'viewReceipt'>

/** The rows, virtualised against the window's scroll: only the visible ones are rendered. */
function VirtualRows({
  rows,
  count,
  more,
  now,
  layoutKey,
  onReach,
  actions,
}: LedgerListProps & { actions: RowActions }) {
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  // The list's offset from the top of the page: the virtualiser works in page coordinates.
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current
      if (!el) return
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY)
      setScrollMargin((previous) => (previous === top ? previous : top))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [layoutKey])

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? 0
  useEffect(() => {
    if (lastIndex >= rows.length - PAGE_SIZE / 2 && more) onReach(lastIndex)
  }, [lastIndex, rows.length, more, onReach])
  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Transactions"
      className="ledger__list"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => (
        <LedgerRow
          key={rows[item.index]?.id ?? `loading-${item.index}`}
          tx={rows[item.index]}
          index={item.index}
          count={count}
          offset={item.start - virtualizer.options.scrollMargin}
          now={now}
          actions={actions}
        />
      ))}
    </div>
  )
}

interface LedgerRowProps {
  tx: TransactionDoc | undefined
  index: number
  count: number
  offset: number
  now: number
  actions: RowActions
}

/**
 * One placed row. The list re-renders on every scroll event; a row whose entry and place did not
 * change is not drawn again, so a frame only pays for the rows that scroll into view.
 */
const LedgerRow = memo(function LedgerRow({ tx, index, count, offset, now, actions }: LedgerRowProps) {
  const style = { height: ROW_HEIGHT, transform: `translateY(${offset}px)` }
  // A row of a page still loading keeps its place, empty, so the scroll position holds.
  if (!tx) return <div className="ledger__item" aria-hidden="true" style={style} />
  return (
    <LedgerItem index={index} count={count} style={style}>
      <TransactionRow
        tx={tx}
        now={now}
        onEdit={actions.edit}
        onDelete={actions.remove}
        onReceipt={actions.viewReceipt}
      />
    </LedgerItem>
  )
})

/** Only the figures of the chosen type count (the list shows only that type). */
function ofType(totals: Totals, type: TypeFilter): Totals {
  if (type === 'expense') return { ...totals, income: 0, incomeCount: 0, balance: -totals.expenses }
  if (type === 'income') return { ...totals, expenses: 0, expenseCount: 0, balance: totals.income }
  return totals
}

/** When this device's database could not be read: what is on screen is then not all of the user's. */
const READ_FAILED =
  'Could not read your entries on this device, so the totals are not shown. Reload the page to try again.'

/**
 * The rows and totals to show. Without a search the list loads the newest rows page by page and
 * the totals and count come from the month totals (no read of every row); a search reads the
 * whole window and filters it, totalling what matches.
 */
function useLedgerView(window_: Window | null, type: TypeFilter, search: string) {
  const searching = normaliseSearch(search) !== ''
  // The list starts again at one page whenever the window or the type changes.
  const key = `${window_?.start}-${window_?.end}-${type}`
  const [paging, setPaging] = useState({ key, limit: PAGE_SIZE })
  const limit = paging.key === key ? paging.limit : PAGE_SIZE
  const ledger = useLedger({ window: window_, type, limit: searching ? undefined : limit })
  const totals = useWindowTotals(window_)
  // A new device still downloading its entries has no totals yet, only the rows that landed.
  const downloading = !useCollectionSynced('transactions')
  const home = useHomeCurrency()
  const entries = useDeferredValue(ledger.data)
  const found = useMemo(
    () => (searching ? ledgerView(entries, { type, search }, home) : null),
    [searching, entries, type, search, home],
  )
  const onReach = useCallback(
    (index: number) =>
      setPaging((p) => {
        const wanted = (Math.ceil((index + 1) / PAGE_SIZE) + 1) * PAGE_SIZE
        return { key, limit: Math.max(p.key === key ? p.limit : PAGE_SIZE, wanted) }
      }),
    [key],
  )
  const loading = ledger.loading
  // A failed read shows no figures (never zeros as the user's) and no "none found".
  const failed = ledger.failed || totals.failed
  const base = { loading, downloading, failed, onReach }
  if (found && !downloading && !failed)
    return { ...base, rows: found.rows, count: found.rows.length, more: false, totals: found.totals }
  if (found) return { ...base, rows: found.rows, count: found.rows.length, more: false, totals: null }
  if (totals.loading || totals.failed || downloading) {
    const more = entries.length >= limit
    return { ...base, rows: entries, count: entries.length, more, totals: null }
  }
  const shown = ofType(totals.data, type)
  const count = shown.incomeCount + shown.expenseCount
  return { ...base, rows: entries, count, more: entries.length < count, totals: shown }
}

/**
 * All transactions (spec part 1 'All Transactions'). The window and the type are an indexed
 * query; only the visible rows are rendered.
 */
export default function TransactionsScreen() {
  const now = useNow()
  const { user, demo } = useAuth()
  const money = useMoneyFormat()
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS)
  const { type, period, from, to } = filters

  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS)
  const window_ = useMemo(() => periodWindow(period, now, { from, to }), [period, now, from, to])
  const view = useLedgerView(window_, type, debouncedSearch)
  const unfiltered = type === 'all' && period === 'all' && normaliseSearch(debouncedSearch) === ''
  const saved = useLedgerSnapshot()
  const live = useMemo(
    () => (view.totals ? { expenses: view.totals.expenses, income: view.totals.income, count: view.count } : null),
    [view.totals, view.count],
  )

  // The unfiltered list's head is kept for the next cold load (never the demo's).
  useEffect(() => {
    if (!user || demo || !unfiltered || view.loading || !live) return
    const rows = view.rows
    return saveWhenIdle(user.id, () =>
      writeLedgerSnapshot(user.id, { currency: money.currency, totals: live, rows }, Date.now()),
    )
  }, [user, demo, unfiltered, view.loading, live, view.rows, money.currency])

  // Until the first rows are in, the saved head stays up rather than an empty list; until the
  // month totals are read, its figures stand in.
  if (view.loading && saved && unfiltered) return <SnapshotLedger snapshot={saved} />
  const standIn = !live && unfiltered && !view.failed ? saved?.totals : undefined

  return (
    <div className="tx-page ledger">
      <LedgerHeader />
      <LedgerTools search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} />
      <LedgerTotals
        totals={live ?? standIn ?? null}
        busy={!live && !view.failed}
        downloading={view.downloading && !view.failed}
      />
      {view.failed ? (
        <div className="ledger__failed" role="alert">
          <p>{READ_FAILED}</p>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
        </div>
      ) : (
        <NotConvertedNote count={view.totals?.notConverted ?? 0} where="these totals" className="ledger__missing" />
      )}
      {view.failed && view.count === 0 ? null : (
        <Card padding="none" variant="elevated" className="ledger__card">
          {view.loading ? null : view.count === 0 ? (
            <p className="ledger__empty">{view.downloading ? 'Loading…' : 'No transactions found'}</p>
          ) : (
            <LedgerList
              rows={view.rows}
              count={view.count}
              more={view.more}
              now={now}
              layoutKey={`${period}-${from}-${to}-${type}`}
              onReach={view.onReach}
            />
          )}
        </Card>
      )}
    </div>
  )
}
