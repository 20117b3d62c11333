import { ArrowDownLeft, ArrowUpRight, Eye, EyeOff, Minus, Plus, TrendingDown, TrendingUp } from 'lucide-react'
import { memo, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { barColour, budgetStatus, budgetWindow } from '../../../schema/calc/budget-status'
import { inWindow, localWeekWindow } from '../../../schema/calc/periods'
import { greeting } from '../../../schema/calc/relative-date'
import { totalsOf } from '../../../schema/calc/totals'
import { weeklyTrend } from '../../../schema/calc/trend'
import { describeTrend } from '../../../schema/calc/trend-text'
import { categoryEmoji } from '../../../schema/categories'
import type { Paise } from '../../../schema/money/money'
import { localMonthWindow } from '../../../schema/time'
import { useUser } from '../../lib/auth-context'
import { useNow } from '../../lib/use-now'
import { BudgetMeter } from '../../components/budget/budget-meter'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { useTransactionActions } from '../../components/transaction/use-transaction-actions'
import { HomeInsightsCard } from '../../components/insights/insights-card'
import { Amount } from '../../components/ui/amount'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ThemeToggle } from '../../components/ui/theme-toggle'
import type { BudgetDoc } from '../../data/budgets'
import { useBudgets, usePaymentsDueBy, useProfile, useRecentTransactions, useTransactionsIn } from '../../data/hooks'
import { setHideBalance } from '../../data/preferences'
import { firstName } from '../../data/session'
import type { TransactionDoc } from '../../data/transactions'
import { DueSoonCard as DueSoonCardOf } from './due-soon-card'
import './home.css'

/** Spec part 1 §9: 5 recent transactions, 3 budgets; the home screen's bars turn red above 80 %. */
const RECENT_COUNT = 5
const BUDGET_COUNT = 3
const HOME_DANGER_PERCENT = 80

interface BudgetItemProps {
  budget: BudgetDoc
  entries: readonly TransactionDoc[]
  now: number
  masked: boolean
}

function BudgetItem({ budget, entries, now, masked }: BudgetItemProps) {
  const status = budgetStatus(budget, entries, now)
  const colour = barColour(status.spent, status.limit, HOME_DANGER_PERCENT)
  const over = status.overBy > 0
  return (
    <li className="budget-item" data-testid="home-budget" data-colour={colour}>
      <div className="budget-item__top">
        <span className="budget-item__name">
          <span aria-hidden="true">{categoryEmoji(budget.category, 'expense')}</span> {budget.category}
        </span>
        <span className="budget-item__figures">
          <Amount value={status.spent} masked={masked} /> / <Amount value={status.limit} masked={masked} />
        </span>
      </div>
      <BudgetMeter category={budget.category} percent={status.percent} colour={colour} compact />
      <div className="budget-item__bottom">
        <span className="budget-item__percent">{status.percent}%</span>
        <span className={over ? 'budget-item__over' : 'budget-item__left'}>
          {over ? 'Over by ' : null}
          <Amount value={over ? status.overBy : status.remaining} masked={masked} />
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

interface MonthFigures {
  income: Paise
  expenses: Paise
  balance: Paise
  thisWeek: Paise
  trendText: ReturnType<typeof describeTrend>
}

function BalanceCard({ figures, hidden, onToggle }: { figures: MonthFigures; hidden: boolean; onToggle: () => void }) {
  const { trendText } = figures
  return (
    <section className="balance-card" aria-labelledby="balance-title" data-hidden={hidden}>
      <div className="balance-card__head">
        <p className="balance-card__label" id="balance-title">
          Balance this month
        </p>
        <button
          type="button"
          className="balance-card__eye"
          onClick={onToggle}
          aria-pressed={hidden}
          aria-label={hidden ? 'Show balance' : 'Hide balance'}
          title={hidden ? 'Show balance' : 'Hide balance'}
        >
          {hidden ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
      <p className="balance-card__value" data-testid="balance" data-value={hidden ? undefined : figures.balance}>
        <Amount value={figures.balance} masked={hidden} />
      </p>
      <div className="balance-card__split">
        <BalancePart kind="income" label="Income" testId="month-income" value={figures.income} masked={hidden} />
        <BalancePart kind="expense" label="Expenses" testId="month-expenses" value={figures.expenses} masked={hidden} />
      </div>
      <p className={`balance-card__trend balance-card__trend--${trendText.direction}`} data-testid="weekly-trend">
        {trendText.direction === 'up' ? (
          <TrendingUp size={16} aria-hidden="true" />
        ) : trendText.direction === 'down' ? (
          <TrendingDown size={16} aria-hidden="true" />
        ) : null}
        <span>
          <Amount value={figures.thisWeek} masked={hidden} /> this week · {trendText.text}
        </span>
      </p>
    </section>
  )
}

interface BudgetsCardProps {
  budgets: ReturnType<typeof useBudgets>
  entries: readonly TransactionDoc[]
  now: number
  masked: boolean
}

function BudgetsCard({ budgets, entries, now, masked }: BudgetsCardProps) {
  return (
    <Card padding="none" variant="elevated" className="home-card" aria-labelledby="budgets-title" role="region">
      <h2 className="home-card__title" id="budgets-title">
        Budgets
      </h2>
      {budgets.loading ? null : budgets.data.length === 0 ? (
        <p className="home-card__empty" data-testid="budgets-empty">
          No budgets yet
        </p>
      ) : (
        <ul className="budget-list">
          {budgets.data.map((b) => (
            <BudgetItem key={b.id} budget={b} entries={entries} now={now} masked={masked} />
          ))}
        </ul>
      )}
    </Card>
  )
}

// A change re-renders only the cards whose data changed.
const DueSoonCard = memo(DueSoonCardOf)
const InsightsCard = memo(HomeInsightsCard)

const RecentCard = memo(function RecentCard({ now, masked }: { now: number; masked: boolean }) {
  const profile = useProfile()
  const recent = useRecentTransactions(RECENT_COUNT)
  const actions = useTransactionActions(profile.data?.customCategories ?? [])
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
      {recent.loading ? null : recent.data.length === 0 ? (
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
            {recent.data.map((tx) => (
              <li key={tx.id}>
                <TransactionRow tx={tx} now={now} masked={masked} onEdit={actions.edit} onDelete={actions.remove} />
              </li>
            ))}
          </ul>
        </>
      )}
      {actions.dialogs}
    </Card>
  )
})

/** One date-indexed query covers the month, last and this week, and every shown budget's window. */
function useHomeFigures(now: number, budgets: readonly BudgetDoc[]) {
  const month = localMonthWindow(now)
  const thisWeek = localWeekWindow(now)
  let start = Math.min(month.start, localWeekWindow(thisWeek.start - 1).start)
  let end = Math.max(month.end, thisWeek.end)
  for (const b of budgets) {
    const w = budgetWindow(b.period, now, b.createdAt)
    start = Math.min(start, w.start)
    end = Math.max(end, w.end)
  }
  const span = useTransactionsIn(start, end)
  const figures = useMemo((): MonthFigures => {
    const totals = totalsOf(span.data.filter((t) => inWindow(t.date, localMonthWindow(now))))
    const trend = weeklyTrend(span.data, now)
    return { ...totals, thisWeek: trend.thisWeek, trendText: describeTrend(trend) }
  }, [span.data, now])
  return { entries: span.data, figures }
}

export default function HomeScreen() {
  const user = useUser()
  // Fixed for the life of the screen; the month changes rarely enough.
  const now = useNow()
  const profile = useProfile()
  const budgets = useBudgets(BUDGET_COUNT)
  const [hiddenOverride, setHiddenOverride] = useState<boolean | null>(null)
  const hidden = hiddenOverride ?? profile.data?.hideBalance ?? false
  const { entries, figures } = useHomeFigures(now, budgets.data)
  const dueCandidates = usePaymentsDueBy(now)
  // The cards whose height depends on the data (how many budgets, whether anything is due) appear
  // together once those two small queries answer, so nothing on screen moves down after the first
  // paint (Lighthouse's layout shift); the month's figures only change numbers, so they don't wait.
  const settled = !budgets.loading && !dueCandidates.loading

  const toggleHidden = () => {
    setHiddenOverride(!hidden)
    setHideBalance(!hidden).catch((e: unknown) => console.error(e))
  }

  return (
    <div className="home">
      <header className="home__greeting">
        <div>
          <h1>
            {greeting(now)}, {firstName(user)}
          </h1>
          <p data-testid="home-month">
            {new Date(now).toLocaleDateString('en-IN', { month: 'long', year: 'numeric' })}
          </p>
        </div>
        <ThemeToggle />
      </header>
      <div className="home__main">
        <BalanceCard figures={figures} hidden={hidden} onToggle={toggleHidden} />
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
            <DueSoonCard candidates={dueCandidates.data} now={now} masked={hidden} />
            <BudgetsCard budgets={budgets} entries={entries} now={now} masked={hidden} />
          </>
        ) : null}
      </div>
      {settled ? (
        <div className="home__side">
          <InsightsCard now={now} masked={hidden} />
          <RecentCard now={now} masked={hidden} />
        </div>
      ) : null}
    </div>
  )
}
