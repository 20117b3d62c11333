import { Search, SlidersHorizontal } from 'lucide-react'
import { useId, useState, type CSSProperties, type ReactNode } from 'react'
import type { TypeFilter } from '../../../schema/calc/ledger-view'
import type { PeriodFilter } from '../../../schema/calc/periods'
import type { Paise } from '../../../schema/money/money'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import './transactions.css'

/**
 * The parts of All Transactions that need no data layer: the live screen (transactions-screen.tsx)
 * and its saved head painted while the database opens (ledger-snapshot.tsx) draw the same markup.
 */

/** Row height in px (see .tx-row__surface min-height plus its border). */
export const ROW_HEIGHT = 69

export const NO_FILTERS: FilterState = { type: 'all', period: 'all', from: '', to: '' }

export function LedgerHeader() {
  return <PageHeader title="All Transactions" subtitle="Everything you've recorded, newest first." />
}

export function LedgerTip() {
  return <p className="ledger__tip">Swipe left to delete, right to edit</p>
}

/** One row's place in the list (absolutely placed: the live list is virtualised). */
export function LedgerItem(props: { index: number; count: number; style: CSSProperties; children: ReactNode }) {
  return (
    <div
      role="listitem"
      className="ledger__item"
      aria-setsize={props.count}
      aria-posinset={props.index + 1}
      style={props.style}
    >
      {props.children}
    </div>
  )
}

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
  downloading,
}: {
  label: string
  kind: 'expense' | 'income'
  testId: string
  value: Paise | null
  downloading: boolean
}) {
  const className = `ledger__total-value ledger__total-value--${kind}`
  return (
    <div className="ledger__total">
      <span className="ledger__total-label">{label}</span>
      {downloading ? (
        <span className={`${className} ledger__total-value--loading`} data-testid="figure-loading">
          {STILL_LOADING}
        </span>
      ) : value === null ? (
        <span className={className} data-testid={testId} />
      ) : (
        <Amount value={value} compact className={className} data-testid={testId} />
      )}
    </div>
  )
}

/** A list's figures: its expenses, income and how many rows it has. */
export interface LedgerFigures {
  expenses: Paise
  income: Paise
  count: number
}

/** Stands in for a figure computed from entries a new device is still downloading. */
const STILL_LOADING = 'Loading…'

/**
 * The totals, or empty figures while the month totals are first read (the rows show meanwhile);
 * `busy` while the saved ones stand in; "Loading…" while a new device is still downloading its
 * entries (a sum of part of them would be wrong).
 */
export function LedgerTotals(props: { totals: LedgerFigures | null; busy: boolean; downloading?: boolean }) {
  const { totals, busy } = props
  const downloading = props.downloading ?? false
  const figures = downloading ? null : totals
  return (
    <div className="ledger__totals" data-testid="ledger-totals" aria-live="polite" aria-busy={busy || downloading}>
      <LedgerTotal
        {...{ downloading, label: 'Expenses', kind: 'expense', testId: 'total-expenses' }}
        value={figures?.expenses ?? null}
      />
      <LedgerTotal
        {...{ downloading, label: 'Income', kind: 'income', testId: 'total-income' }}
        value={figures?.income ?? null}
      />
      <div className="ledger__total">
        <span className="ledger__total-label">Count</span>
        <span
          className={downloading ? 'ledger__total-value ledger__total-value--loading' : 'ledger__total-value'}
          data-testid={downloading ? 'figure-loading' : 'transaction-count'}
        >
          {downloading ? STILL_LOADING : figures === null ? null : figures.count.toLocaleString('en-IN')}
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

const RANGE_ENDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const

/** Custom From/To days; a reversed range matches nothing, so it says so and offers to swap. */
function CustomRange({ from, to, onChange }: RangeProps) {
  const reversed = from !== '' && to !== '' && from > to
  return (
    <>
      <div className="ledger__range">
        {RANGE_ENDS.map(({ end, label }) => (
          <label key={end} className="field">
            <span className="field__label">{label}</span>
            <input
              className="field__control"
              type="date"
              value={end === 'from' ? from : to}
              aria-invalid={reversed || undefined}
              onChange={(e) => onChange({ from, to, [end]: e.target.value })}
            />
          </label>
        ))}
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

export interface FilterState {
  type: TypeFilter
  period: PeriodFilter
  from: string
  to: string
}

export function LedgerTools(props: {
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
