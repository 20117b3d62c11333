import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { Search, SlidersHorizontal } from 'lucide-react'
import { useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { ledgerView, type TypeFilter } from '../../../schema/calc/ledger-view'
import { periodWindow, type PeriodFilter } from '../../../schema/calc/periods'
import { formatMoney } from '../../../schema/money/money'
import { useUser } from '../../lib/auth-context'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { useTransactionActions } from '../../components/transaction/use-transaction-actions'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { useLedger, useProfile } from '../../data/hooks'
import './transactions.css'
import { displayCurrency } from '../../lib/display-currency'

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

/**
 * All transactions (spec part 1 'All Transactions'). The window and the type are an indexed
 * query; search and totals are one pass over its result; only the visible rows are rendered.
 */
function LedgerTotal({
  label,
  kind,
  testId,
  value,
}: {
  label: string
  kind?: 'expense' | 'income'
  testId: string
  value: string
}) {
  return (
    <div className="ledger__total">
      <span className="ledger__total-label">{label}</span>
      <span
        className={kind ? `ledger__total-value ledger__total-value--${kind}` : 'ledger__total-value'}
        data-testid={testId}
      >
        {value}
      </span>
    </div>
  )
}

export default function TransactionsScreen() {
  const user = useUser()
  const profile = useProfile()
  const currency = displayCurrency(profile.data, user)
  const [now] = useState(() => Date.now())
  const [search, setSearch] = useState('')
  const [showFilters, setShowFilters] = useState(false)
  const [type, setType] = useState<TypeFilter>('all')
  const [period, setPeriod] = useState<PeriodFilter>('all')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const filtersId = useId()
  const actions = useTransactionActions(profile.data?.customCategories ?? [], currency)

  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS)
  const window_ = useMemo(() => periodWindow(period, now, { from, to }), [period, now, from, to])
  const ledger = useLedger({ window: window_, type })
  const entries = useDeferredValue(ledger.data)
  const view = useMemo(() => ledgerView(entries, { type, search: debouncedSearch }), [entries, type, debouncedSearch])
  const activeFilters = (type !== 'all' ? 1 : 0) + (period !== 'all' ? 1 : 0)

  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const hasRows = view.rows.length > 0
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
  }, [showFilters, period, hasRows])

  const virtualizer = useWindowVirtualizer({
    count: view.rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
  })
  const items = virtualizer.getVirtualItems()

  return (
    <div className="tx-page ledger">
      <PageHeader title="All Transactions" subtitle="Everything you've recorded, newest first." />

      <div className="ledger__tools">
        <label className="ledger__search">
          <Search size={18} aria-hidden="true" />
          <span className="visually-hidden">Search transactions</span>
          <input
            type="search"
            placeholder="Search description or category"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
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
          <Chips legend="Type" name="type" options={TYPE_OPTIONS} value={type} onChange={setType} />
          <Chips legend="Period" name="period" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />
          {period === 'custom' ? (
            <div className="ledger__range">
              <label className="field">
                <span className="field__label">From</span>
                <input
                  className="field__control"
                  type="date"
                  value={from}
                  max={to || undefined}
                  onChange={(e) => setFrom(e.target.value)}
                />
              </label>
              <label className="field">
                <span className="field__label">To</span>
                <input
                  className="field__control"
                  type="date"
                  value={to}
                  min={from || undefined}
                  onChange={(e) => setTo(e.target.value)}
                />
              </label>
            </div>
          ) : null}
        </Card>
      ) : null}

      <div className="ledger__totals" data-testid="ledger-totals" aria-live="polite">
        <LedgerTotal
          label="Expenses"
          kind="expense"
          testId="total-expenses"
          value={formatMoney(view.totals.expenses, currency)}
        />
        <LedgerTotal
          label="Income"
          kind="income"
          testId="total-income"
          value={formatMoney(view.totals.income, currency)}
        />
        <LedgerTotal label="Count" testId="transaction-count" value={view.rows.length.toLocaleString('en-IN')} />
      </div>

      <Card padding="none" variant="elevated" className="ledger__card">
        {ledger.loading ? null : view.rows.length === 0 ? (
          <p className="ledger__empty">No transactions found</p>
        ) : (
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
                const tx = view.rows[item.index]!
                return (
                  <div
                    key={tx.id}
                    role="listitem"
                    className="ledger__item"
                    aria-setsize={view.rows.length}
                    aria-posinset={item.index + 1}
                    style={{
                      height: item.size,
                      transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                    }}
                  >
                    <TransactionRow
                      tx={tx}
                      currency={currency}
                      now={now}
                      onEdit={actions.edit}
                      onDelete={actions.remove}
                    />
                  </div>
                )
              })}
            </div>
          </>
        )}
      </Card>
      {actions.dialogs}
    </div>
  )
}
