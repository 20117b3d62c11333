import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { Search, SlidersHorizontal } from 'lucide-react'
import { useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { ledgerView, type TypeFilter } from '../../../schema/calc/ledger-view'
import { periodWindow, type PeriodFilter } from '../../../schema/calc/periods'
import type { Paise } from '../../../schema/money/money'
import { useNow } from '../../lib/use-now'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { useTransactionActions } from '../../components/transaction/use-transaction-actions'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { useLedger, useProfile } from '../../data/hooks'
import type { TransactionDoc } from '../../data/transactions'
import './transactions.css'

const SEARCH_DEBOUNCE_MS = 200
/** Row height in px (see .tx-row__surface min-height plus its border). */
const ROW_HEIGHT = 69

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
  value: Paise
}) {
  return (
    <div className="ledger__total">
      <span className="ledger__total-label">{label}</span>
      <Amount
        value={value}
        compact
        className={`ledger__total-value ledger__total-value--${kind}`}
        data-testid={testId}
      />
    </div>
  )
}

function LedgerTotals({ totals, count }: { totals: { expenses: Paise; income: Paise }; count: number }) {
  return (
    <div className="ledger__totals" data-testid="ledger-totals" aria-live="polite">
      <LedgerTotal label="Expenses" kind="expense" testId="total-expenses" value={totals.expenses} />
      <LedgerTotal label="Income" kind="income" testId="total-income" value={totals.income} />
      <div className="ledger__total">
        <span className="ledger__total-label">Count</span>
        <span className="ledger__total-value" data-testid="transaction-count">
          {count.toLocaleString('en-IN')}
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

/** The rows, virtualised against the window's scroll: only the visible ones are rendered. */
function LedgerList({ rows, now, layoutKey }: { rows: readonly TransactionDoc[]; now: number; layoutKey: string }) {
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
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
  })
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
        {virtualizer.getVirtualItems().map((item) => {
          const tx = rows[item.index]!
          return (
            <div
              key={tx.id}
              role="listitem"
              className="ledger__item"
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              style={{
                height: item.size,
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
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

/**
 * All transactions (spec part 1 'All Transactions'). The window and the type are an indexed
 * query; search and totals are one pass over its result; only the visible rows are rendered.
 */
export default function TransactionsScreen() {
  const now = useNow()
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<FilterState>({ type: 'all', period: 'all', from: '', to: '' })
  const { type, period, from, to } = filters

  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS)
  const window_ = useMemo(() => periodWindow(period, now, { from, to }), [period, now, from, to])
  const ledger = useLedger({ window: window_, type })
  const entries = useDeferredValue(ledger.data)
  const view = useMemo(() => ledgerView(entries, { type, search: debouncedSearch }), [entries, type, debouncedSearch])

  return (
    <div className="tx-page ledger">
      <PageHeader title="All Transactions" subtitle="Everything you've recorded, newest first." />
      <LedgerTools search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} />
      <LedgerTotals totals={view.totals} count={view.rows.length} />
      <Card padding="none" variant="elevated" className="ledger__card">
        {ledger.loading ? null : view.rows.length === 0 ? (
          <p className="ledger__empty">No transactions found</p>
        ) : (
          <LedgerList rows={view.rows} now={now} layoutKey={`${period}-${from}-${to}-${type}`} />
        )}
      </Card>
    </div>
  )
}
