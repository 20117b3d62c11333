import { ArrowDownLeft, ArrowUpRight, Eye, EyeOff, Minus, Plus, TrendingDown, TrendingUp } from 'lucide-react'
import { memo, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { greeting } from '../../../schema/calc/relative-date'
import type { HomeBudgetLine, HomeFigures, HomeRecentRow, HomeView as HomeViewData } from '../../../schema/home-view'
import type { Paise } from '../../../schema/money/money'
import { BudgetMeter } from '../../components/budget/budget-meter'
import { InsightsCardView } from '../../components/insights/insights-card'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { categoryEmoji } from '../../../schema/categories'
import { Amount } from '../../components/ui/amount'
import { useMoneyFormat } from '../../lib/money-format'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { firstName } from '../../data/session'
import { useUser } from '../../data/auth-context'
import { DueSoonCard as DueSoonCardOf } from './due-soon-card'
import './home.css'

/**
 * /home drawn from its data (schema/home-view.ts). No data layer here: the live screen
 * (home-screen.tsx) and the snapshot painted while the database opens (home-snapshot.tsx) draw
 * the same markup, so the live figures replace the snapshot's without anything moving.
 */

/** Stands in for a figure computed from entries a new device is still downloading. */
const STILL_LOADING = 'Loading…'

function BudgetItem({ line, masked, loading }: { line: HomeBudgetLine; masked: boolean; loading: boolean }) {
  const over = line.overBy > 0
  if (loading)
    return (
      <li className="budget-item" data-testid="home-budget" aria-busy="true">
        <div className="budget-item__top">
          <span className="budget-item__name">
            <span aria-hidden="true">{categoryEmoji(line.category, 'expense')}</span> {line.category}
          </span>
          <span className="budget-item__figures" data-testid="figure-loading">
            {STILL_LOADING}
          </span>
        </div>
      </li>
    )
  return (
    <li className="budget-item" data-testid="home-budget" data-colour={line.colour}>
      <div className="budget-item__top">
        <span className="budget-item__name">
          <span aria-hidden="true">{categoryEmoji(line.category, 'expense')}</span> {line.category}
        </span>
        <span className="budget-item__figures">
          <Amount value={line.spent} masked={masked} /> / <Amount value={line.limit} masked={masked} />
        </span>
      </div>
      <BudgetMeter category={line.category} percent={line.percent} colour={line.colour} compact />
      <div className="budget-item__bottom">
        <span className="budget-item__percent">{line.percent}%</span>
        <span className={over ? 'budget-item__over' : 'budget-item__left'}>
          {over ? 'Over by ' : null}
          <Amount value={over ? line.overBy : line.remaining} masked={masked} />
          {over ? null : ' remaining'}
        </span>
      </div>
    </li>
  )
}

function BalancePart(props: {
  kind: 'income' | 'expense'
  label: string
  testId: string
  value: Paise
  masked: boolean
}) {
  const { kind, label, testId, value, masked } = props
  return (
    <div className="balance-card__part">
      <span className={`balance-card__icon balance-card__icon--${kind}`} aria-hidden="true">
        {kind === 'income' ? <ArrowDownLeft size={16} /> : <ArrowUpRight size={16} />}
      </span>
      <span>
        <span className="balance-card__part-label">{label}</span>
        <Amount value={value} masked={masked} compact className="balance-card__part-value" data-testid={testId} />
      </span>
    </div>
  )
}

/** Says how many of the month's entries the figures leave out for want of a rate. */
function NotConvertedLine({ count }: { count: number }) {
  const money = useMoneyFormat()
  const entries = count === 1 ? '1 entry in another currency is' : `${count} entries in another currency are`
  return (
    <p className="balance-card__missing" data-testid="not-converted" role="note">
      {entries} not converted to {money.currency} and not counted here: add a rate to count{' '}
      {count === 1 ? 'it' : 'them'}.
    </p>
  )
}

function BalanceCard(props: { figures: HomeFigures; hidden: boolean; loading: boolean; onToggle?: () => void }) {
  const { figures, hidden, loading, onToggle } = props
  return (
    <section
      className="balance-card"
      aria-labelledby="balance-title"
      data-hidden={hidden}
      aria-busy={loading ? true : undefined}
    >
      <div className="balance-card__head">
        <p className="balance-card__label" id="balance-title">
          Balance this month
        </p>
        {/* On the snapshot the toggle waits for the database (where the choice is saved). */}
        <button
          type="button"
          className="balance-card__eye"
          onClick={onToggle}
          aria-pressed={hidden}
          aria-disabled={onToggle ? undefined : true}
          aria-label={hidden ? 'Show balance' : 'Hide balance'}
          title={hidden ? 'Show balance' : 'Hide balance'}
        >
          {hidden ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
      {loading ? (
        <p className="balance-card__value balance-card__value--loading" data-testid="figure-loading">
          {STILL_LOADING}
        </p>
      ) : (
        <BalanceFigures figures={figures} hidden={hidden} />
      )}
    </section>
  )
}

function BalanceFigures({ figures, hidden }: { figures: HomeFigures; hidden: boolean }) {
  const { trend } = figures
  return (
    <>
      <p className="balance-card__value" data-testid="balance" data-value={hidden ? undefined : figures.balance}>
        <Amount value={figures.balance} masked={hidden} />
      </p>
      <div className="balance-card__split">
        <BalancePart kind="income" label="Income" testId="month-income" value={figures.income} masked={hidden} />
        <BalancePart kind="expense" label="Expenses" testId="month-expenses" value={figures.expenses} masked={hidden} />
      </div>
      {figures.notConverted ? <NotConvertedLine count={figures.notConverted} /> : null}
      <p className={`balance-card__trend balance-card__trend--${trend.direction}`} data-testid="weekly-trend">
        {trend.direction === 'up' ? (
          <TrendingUp size={16} aria-hidden="true" />
        ) : trend.direction === 'down' ? (
          <TrendingDown size={16} aria-hidden="true" />
        ) : null}
        <span>
          <Amount value={figures.thisWeek} masked={hidden} /> this week · {trend.text}
        </span>
      </p>
    </>
  )
}

const BudgetsCard = memo(function BudgetsCard(props: {
  lines: readonly HomeBudgetLine[]
  masked: boolean
  loading: boolean
}) {
  const { lines, masked, loading } = props
  return (
    <Card padding="none" variant="elevated" className="home-card" aria-labelledby="budgets-title" role="region">
      <h2 className="home-card__title" id="budgets-title">
        Budgets
      </h2>
      {lines.length === 0 ? (
        <p className="home-card__empty" data-testid="budgets-empty">
          No budgets yet
        </p>
      ) : (
        <ul className="budget-list">
          {lines.map((line) => (
            <BudgetItem key={line.id} line={line} masked={masked} loading={loading} />
          ))}
        </ul>
      )}
    </Card>
  )
})

/** Edit and delete of a recent row; absent on the snapshot (nothing to act on until the database is open). */
export interface RowActions<T> {
  edit: (tx: T) => void
  remove: (tx: T) => void
  viewReceipt?: (tx: T) => void
  dialogs: ReactNode
}

const ignore = () => undefined

function RecentCardOf<T extends HomeRecentRow>(props: {
  rows: readonly T[]
  loading: boolean
  now: number
  masked: boolean
  actions?: RowActions<T>
}) {
  const { rows, loading, now, masked, actions } = props
  return (
    <Card padding="none" variant="elevated" className="home-card" aria-labelledby="recent-title" role="region">
      <div className="home-card__header">
        <h2 className="home-card__title" id="recent-title">
          Recent transactions
        </h2>
        <Link to="/transactions" className="home-card__link">
          View all
        </Link>
      </div>
      {loading ? null : rows.length === 0 ? (
        <div className="recent__empty">
          <p className="recent__empty-emoji" aria-hidden="true">
            🧾
          </p>
          <p className="recent__empty-title">No transactions yet</p>
          <p>Add your first expense or income — it's saved on this device and syncs when you're online.</p>
        </div>
      ) : (
        <>
          <p className="home-card__tip">Swipe left to delete, right to edit</p>
          <ul className="recent__list">
            {rows.map((tx) => (
              <li key={tx.id}>
                <TransactionRow
                  tx={tx}
                  now={now}
                  masked={masked}
                  onEdit={actions?.edit ?? ignore}
                  onDelete={actions?.remove ?? ignore}
                  onReceipt={actions?.viewReceipt}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {actions?.dialogs}
    </Card>
  )
}
// A change re-renders only the cards whose data changed.
const RecentCard = memo(RecentCardOf) as typeof RecentCardOf
const DueSoonCard = memo(DueSoonCardOf)
const InsightsCard = memo(InsightsCardView)

export interface HomeViewProps<T extends HomeRecentRow> {
  view: Omit<HomeViewData, 'recent'> & { recent: readonly T[] }
  now: number
  hidden: boolean
  /** The budgets and due-soon queries answered (the cards whose height depends on data show together). */
  settled: boolean
  recentLoading: boolean
  insightsLoading: boolean
  /** A new device is still downloading its entries: the sums say so instead of showing part of them. */
  figuresLoading?: boolean
  /** Live screen only: the eye toggle and the recent rows' edit and delete. */
  onToggleHidden?: () => void
  actions?: RowActions<T>
  /** Drawn from the saved snapshot while the database opens. */
  snapshot?: boolean
}

export function HomeView<T extends HomeRecentRow>(props: HomeViewProps<T>) {
  const { view, now, hidden, settled, snapshot } = props
  const user = useUser()
  return (
    <div className="home" data-snapshot={snapshot ? true : undefined} aria-busy={snapshot ? true : undefined}>
      <header className="home__greeting">
        <div>
          <h1>
            {greeting(now)}, {firstName(user)}
          </h1>
          <p data-testid="home-month">
            {new Date(now).toLocaleDateString('en-IN', { month: 'long', year: 'numeric' })}
          </p>
        </div>
      </header>
      <div className="home__main">
        <BalanceCard
          figures={view.figures}
          hidden={hidden}
          loading={props.figuresLoading ?? false}
          onToggle={props.onToggleHidden}
        />
        <div className="home__actions">
          <ButtonLink to="/add-expense" variant="secondary" size="lg" icon={<Minus size={18} />}>
            New Expense
          </ButtonLink>
          <ButtonLink to="/add-income" variant="accent" size="lg" icon={<Plus size={18} />}>
            New Income
          </ButtonLink>
        </div>
        {settled ? (
          <>
            <DueSoonCard due={view.due} now={now} masked={hidden} />
            <BudgetsCard lines={view.budgets} masked={hidden} loading={props.figuresLoading ?? false} />
          </>
        ) : null}
      </div>
      {settled ? (
        <div className="home__side">
          <InsightsCard lines={view.insights} loading={props.insightsLoading} compact masked={hidden} />
          <RecentCard
            rows={view.recent}
            loading={props.recentLoading}
            now={now}
            masked={hidden}
            actions={props.actions}
          />
        </div>
      ) : null}
    </div>
  )
}
