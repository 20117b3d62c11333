import { Minus, Plus } from 'lucide-react'
import { useMemo, useState } from 'react'
import { BUSINESS_RECENT_LIMIT, inBooksCurrency, latestEntries, monthlyPnl, pnlSummary } from '../../../schema/calc/pnl'
import { BUSINESS_CURRENCY } from '../../../schema/entities/business'
import { Amount, EntryAmount } from '../../components/ui/amount'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { MoneyContext, moneyFormat } from '../../lib/money-format'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { businessEntries$, type BusinessEntryDoc } from '../../data/business'
import { throwIfUnread, useObservable } from '../../data/hooks'
import { useNow } from '../../lib/use-now'
import { BusinessEntryModal } from './business-entry-modal'
import { ProfitChart } from './profit-chart'
import { StatCard } from './stat-card'
import './admin.css'

const NO_ENTRIES: BusinessEntryDoc[] = []
const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
const PERCENT = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

function EntryList({ title, entries, empty }: { title: string; entries: BusinessEntryDoc[]; empty: string }) {
  const id = `${title.replace(/\s+/g, '-').toLowerCase()}-heading`
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {entries.length === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <ul className="admin-entries">
          {entries.map((e) => (
            <li key={e.id}>
              <span className="admin-entries__main">
                <span className="admin-entries__category">{e.category}</span>
                {e.description ? <span className="admin-muted admin-break">{e.description}</span> : null}
              </span>
              <span className="admin-entries__side">
                <EntryAmount entry={e} className={e.kind === 'expense' ? 'admin-loss' : 'admin-profit'} />
                <span className="admin-muted">{DAY.format(e.date)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const BOOKS = moneyFormat(BUSINESS_CURRENCY)

/**
 * /admin/business: profit and loss from the shared `business_entries` (spec part 2 §2, §4), in INR
 * (the currency the business keeps its books in) whatever the admin's own currency.
 */
export default function BusinessScreen() {
  return (
    <MoneyContext.Provider value={BOOKS}>
      <BusinessBooks />
    </MoneyContext.Provider>
  )
}

function BusinessBooks() {
  const now = useNow()
  const read = useObservable(() => businessEntries$(), NO_ENTRIES, [])
  const { data: entries, loading } = read
  const [adding, setAdding] = useState<BusinessEntryDoc['kind'] | null>(null)
  const books = useMemo(() => inBooksCurrency(entries, BUSINESS_CURRENCY), [entries])
  const summary = useMemo(() => pnlSummary(books.entries), [books])
  const months = useMemo(() => monthlyPnl(books.entries, now, 6), [books, now])
  throwIfUnread(read)

  return (
    <div className="admin-page">
      <header className="admin-page__header admin-page__header--row">
        <div>
          <h1>Business P&amp;L</h1>
          <p className="admin-muted">Shared by every admin and kept on the server; the books are in INR.</p>
        </div>
        <div className="admin-toolbar">
          <Button variant="danger" icon={<Minus size={18} aria-hidden="true" />} onClick={() => setAdding('expense')}>
            Add Expense
          </Button>
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setAdding('revenue')}>
            Add Revenue
          </Button>
        </div>
      </header>
      {loading ? <Spinner label="Loading entries" /> : null}
      <section className="admin-stats" aria-label="Summary">
        <StatCard label="Total Revenue" value={<Amount value={summary.revenue} />} />
        <StatCard label="Total Expenses" value={<Amount value={summary.expenses} />} />
        <StatCard
          label="Profit/Loss"
          value={<Amount value={summary.profit} signed />}
          hint={`Margin ${PERCENT.format(summary.marginPercent)}%`}
        />
        <StatCard
          label="Status"
          value={
            <span className={summary.profitable ? 'admin-profit' : 'admin-loss'}>
              {summary.profitable ? 'Profitable' : 'In Loss'}
            </span>
          }
        />
      </section>
      <NotConvertedNote count={books.notConverted} where="these totals" />
      <ProfitChart rows={months} />
      <div className="admin-grid-2">
        <EntryList
          title="Recent Expenses"
          entries={latestEntries(entries, 'expense', BUSINESS_RECENT_LIMIT)}
          empty="No expenses yet"
        />
        <EntryList
          title="Recent Revenue"
          entries={latestEntries(entries, 'revenue', BUSINESS_RECENT_LIMIT)}
          empty="No revenue yet"
        />
      </div>
      <BusinessEntryModal kind={adding} now={now} onClose={() => setAdding(null)} />
    </div>
  )
}
