import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { Search, SlidersHorizontal } from 'lucide-react'
import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { ledgerView, normaliseSearch, type TypeFilter } from '../../../schema/calc/ledger-view'
import { periodWindow, type PeriodFilter, type Window } from '../../../schema/calc/periods'
import type { Totals } from '../../../schema/calc/totals'
import type { Paise } from '../../../schema/money/money'
import { useNow } from '../../lib/use-now'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { useTransactionActions } from '../../components/transaction/use-transaction-actions'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { useLedger, useProfile, useWindowTotals } from '../../data/hooks'
import type { TransactionDoc } from '../../data/transactions'
import './transactions.css'

const SEARCH_DEBOUNCE_MS = 200
/** Row height in px (see .tx-row__surface min-height plus its border). */
const ROW_HEIGHT = 69
/** Rows per page of the list: the first page fills a tall screen several times over. */
const PAGE_SIZE = 100

const TYPE_OPTIONS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'expense', label: 'Expenses' },
  { value: 'income', label: 'Income' },
]

const PERIOD_OPTIONS: { value: PeriodFilter; label: string }[] = [
  { value: 'all', label: 'All Time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'custom', label: 'Custom' },
]

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

function Chips<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: { value: T; label: string }[]
  value: T
  onChange: (v: T) => void
}) {
  return (
    <fieldset className="chips">
      <legend className="chips__legend">{legend}</legend>
      <div className="chips__row">
        {options.map((o) => (
          <label key={o.value} className={`chip${o.value === value ? ' chip--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function LedgerTotal({
  label,
  kind,
  testId,
  value,
}: {
  label: string
  kind: 'expense' | 'income'
  testId: string
  value: Paise | null
}) {
  const className = `ledger__total-value ledger__total-value--${kind}`
  return (
    <div className="ledger__total">
      <span className="ledger__total-label">{label}</span>
      {value === null ? (
        <span className={className} data-testid={testId} />
      ) : (
        <Amount value={value} compact className={className} data-testid={testId} />
      )}
    </div>
  )
}

/** The totals, or empty figures while the month totals are first read (the rows show meanwhile). */
function LedgerTotals({ totals, count }: { totals: { expenses: Paise; income: Paise } | null; count: number }) {
  return (
    <div className="ledger__totals" data-testid="ledger-totals" aria-live="polite" aria-busy={totals === null}>
      <LedgerTotal label="Expenses" kind="expense" testId="total-expenses" value={totals?.expenses ?? null} />
      <LedgerTotal label="Income" kind="income" testId="total-income" value={totals?.income ?? null} />
      <div className="ledger__total">
        <span className="ledger__total-label">Count</span>
        <span className="ledger__total-value" data-testid="transaction-count">
          {totals === null ? null : count.toLocaleString('en-IN')}
        </span>
      </div>
    </div>
  )
}

interface RangeProps {
  from: string
  to: string
  onChange: (range: { from: string; to: string }) => void
}

/** Custom From/To days; a reversed range matches nothing, so it says so and offers to swap. */
function CustomRange({ from, to, onChange }: RangeProps) {
  const reversed = from !== '' && to !== '' && from > to
  return (
    <>
      <div className="ledger__range">
        <label className="field">
          <span className="field__label">From</span>
          <input
            className="field__control"
            type="date"
            value={from}
            aria-invalid={reversed || undefined}
            onChange={(e) => onChange({ from: e.target.value, to })}
          />
        </label>
        <label className="field">
          <span className="field__label">To</span>
          <input
            className="field__control"
            type="date"
            value={to}
            aria-invalid={reversed || undefined}
            onChange={(e) => onChange({ from, to: e.target.value })}
          />
        </label>
      </div>
      {reversed ? (
        <p className="ledger__range-hint" role="alert" data-testid="range-reversed">
          <span>⚠️ The From date is after the To date, so nothing can match.</span>
          <Button size="sm" variant="outline" onClick={() => onChange({ from: to, to: from })}>
            Swap dates
          </Button>
        </p>
      ) : null}
    </>
  )
}

interface FilterState {
  type: TypeFilter
  period: PeriodFilter
  from: string
  to: string
}

function LedgerTools(props: {
  search: string
  onSearch: (text: string) => void
  filters: FilterState
  onFilters: (next: FilterState) => void
}) {
  const { search, onSearch, filters, onFilters } = props
  const [showFilters, setShowFilters] = useState(false)
  const filtersId = useId()
  const activeFilters = (filters.type !== 'all' ? 1 : 0) + (filters.period !== 'all' ? 1 : 0)
  return (
    <>
      <div className="ledger__tools">
        <label className="ledger__search">
          <Search size={18} aria-hidden="true" />
          <span className="visually-hidden">Search transactions</span>
          <input
            type="search"
            placeholder="Search description or category"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </label>
        <button
          type="button"
          className={`ledger__filter-toggle${showFilters ? ' ledger__filter-toggle--on' : ''}`}
          aria-expanded={showFilters}
          aria-controls={filtersId}
          onClick={() => setShowFilters((v) => !v)}
        >
          <SlidersHorizontal size={18} aria-hidden="true" />
          Filters
          {activeFilters > 0 ? <span className="ledger__badge">{activeFilters}</span> : null}
        </button>
      </div>
      {showFilters ? (
        <Card className="ledger__filters" id={filtersId} variant="elevated">
          <Chips
            legend="Type"
            name="type"
            options={TYPE_OPTIONS}
            value={filters.type}
            onChange={(type) => onFilters({ ...filters, type })}
          />
          <Chips
            legend="Period"
            name="period"
            options={PERIOD_OPTIONS}
            value={filters.period}
            onChange={(period) => onFilters({ ...filters, period })}
          />
          {filters.period === 'custom' ? (
            <CustomRange
              from={filters.from}
              to={filters.to}
              onChange={(range) => onFilters({ ...filters, ...range })}
            />
          ) : null}
        </Card>
      ) : null}
    </>
  )
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

/** The rows, virtualised against the window's scroll: only the visible ones are rendered. */
function LedgerList({ rows, count, more, now, layoutKey, onReach }: LedgerListProps) {
  const profile = useProfile()
  const actions = useTransactionActions(profile.data?.customCategories ?? [])
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
    <>
      <p className="ledger__tip">Swipe left to delete, right to edit</p>
      <div
        ref={listRef}
        role="list"
        aria-label="Transactions"
        className="ledger__list"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const tx = rows[item.index]
          const style = {
            height: item.size,
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          }
          // A row of a page still loading keeps its place, empty, so the scroll position holds.
          if (!tx)
            return <div key={`loading-${item.index}`} className="ledger__item" aria-hidden="true" style={style} />
          return (
            <div
              key={tx.id}
              role="listitem"
              className="ledger__item"
              aria-setsize={count}
              aria-posinset={item.index + 1}
              style={style}
            >
              <TransactionRow tx={tx} now={now} onEdit={actions.edit} onDelete={actions.remove} />
            </div>
          )
        })}
      </div>
      {actions.dialogs}
    </>
  )
}

/** Only the figures of the chosen type count (the list shows only that type). */
function ofType(totals: Totals, type: TypeFilter): Totals {
  if (type === 'expense') return { ...totals, income: 0, incomeCount: 0, balance: -totals.expenses }
  if (type === 'income') return { ...totals, expenses: 0, expenseCount: 0, balance: totals.income }
  return totals
}

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
  const entries = useDeferredValue(ledger.data)
  const found = useMemo(
    () => (searching ? ledgerView(entries, { type, search }) : null),
    [searching, entries, type, search],
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
  if (found) return { rows: found.rows, count: found.rows.length, more: false, totals: found.totals, loading, onReach }
  if (totals.loading)
    return { rows: entries, count: entries.length, more: entries.length >= limit, totals: null, loading, onReach }
  const shown = ofType(totals.data, type)
  const count = shown.incomeCount + shown.expenseCount
  return { rows: entries, count, more: entries.length < count, totals: shown, loading, onReach }
}

/**
 * All transactions (spec part 1 'All Transactions'). The window and the type are an indexed
 * query; only the visible rows are rendered.
 */
export default function TransactionsScreen() {
  const now = useNow()
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<FilterState>({ type: 'all', period: 'all', from: '', to: '' })
  const { type, period, from, to } = filters

  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS)
  const window_ = useMemo(() => periodWindow(period, now, { from, to }), [period, now, from, to])
  const view = useLedgerView(window_, type, debouncedSearch)

  return (
    <div className="tx-page ledger">
      <PageHeader title="All Transactions" subtitle="Everything you've recorded, newest first." />
      <LedgerTools search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} />
      <LedgerTotals totals={view.totals} count={view.count} />
      <Card padding="none" variant="elevated" className="ledger__card">
        {view.loading ? null : view.count === 0 ? (
          <p className="ledger__empty">No transactions found</p>
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
    </div>
  )
}
