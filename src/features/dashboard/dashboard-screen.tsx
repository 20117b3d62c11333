import { BarChart3, Download, PlusCircle, Receipt } from 'lucide-react'
import { useMemo } from 'react'
import { expensesByCategory, formatPermille } from '../../../schema/calc/shares'
import { totalsOf } from '../../../schema/calc/totals'
import { categoryEmoji } from '../../../schema/categories'
import type { Paise } from '../../../schema/money/money'
import { useNow } from '../../lib/use-now'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { useTransactionActions } from '../../components/transaction/use-transaction-actions'
import { Amount } from '../../components/ui/amount'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { LoadingScreen } from '../../components/ui/spinner'
import {
  throwIfUnread,
  useInHome,
  useMonthTransactions,
  useProfile,
  useRecentTransactions,
  useTransactionCounts,
} from '../../data/hooks'
import './dashboard.css'

const RECENT_COUNT = 5

const QUICK_START = [
  { icon: <PlusCircle size={20} />, title: 'Add your income', text: 'Record your salary or any money you receive.' },
  { icon: <Receipt size={20} />, title: 'Track your expenses', text: 'Log what you spend, with a category for each.' },
  { icon: <BarChart3 size={20} />, title: 'View reports', text: 'See where your money goes each month.' },
  { icon: <Download size={20} />, title: 'Export your data', text: 'Download a backup of everything, any time.' },
]

/** The earlier home screen (spec part 1 'Dashboard'). January is a month like any other here. */
const records = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'record' : 'records'}`

function Stat(props: { kind: string; testId: string; label: string; value: Paise; note: string }) {
  const { kind, testId, label, value, note } = props
  return (
    <Card variant="elevated" className={`dash-stat dash-stat--${kind}`} data-testid={testId}>
      <span className="dash-stat__label">{label}</span>
      <Amount value={value} compact className="dash-stat__value" />
      <span className="dash-stat__note">{note}</span>
    </Card>
  )
}

function Welcome() {
  return (
    <>
      <Card padding="lg" variant="elevated" className="dash-welcome" data-testid="dashboard-welcome">
        <p className="dash-welcome__emoji" aria-hidden="true">
          👋
        </p>
        <h2>Welcome to Hisaab!</h2>
        <p>Start tracking your finances by adding your first income or expense.</p>
        <div className="dash-welcome__actions">
          <ButtonLink to="/add-expense" size="lg">
            Add Expense
          </ButtonLink>
          <ButtonLink to="/add-income" size="lg" variant="accent">
            Add Income
          </ButtonLink>
        </div>
      </Card>
      <Card padding="lg" variant="elevated">
        <h2 className="dash__title">Quick Start Guide</h2>
        <ol className="dash-guide">
          {QUICK_START.map((step, i) => (
            <li key={step.title} className="dash-guide__step">
              <span className="dash-guide__number" aria-hidden="true">
                {i + 1}
              </span>
              <span>
                <strong>{step.title}</strong>
                <span className="dash-guide__text">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  )
}

function CategoriesCard({ categories, total }: { categories: ReturnType<typeof expensesByCategory>; total: Paise }) {
  return (
    <Card variant="elevated" padding="none" role="region" aria-labelledby="by-category-title">
      <h2 className="dash__title dash__title--inset" id="by-category-title">
        Expenses by Category
      </h2>
      {categories.length === 0 ? (
        <p className="dash__empty">No expenses this month</p>
      ) : (
        <ul className="dash-categories">
          {categories.map((c) => (
            <li key={c.category} className="dash-category" data-testid="category-share">
              <span className="dash-category__emoji" aria-hidden="true">
                {categoryEmoji(c.category, 'expense')}
              </span>
              <span className="dash-category__main">
                <span className="dash-category__row">
                  <span className="dash-category__name">{c.category}</span>
                  <Amount value={c.amount} className="dash-category__amount" />
                </span>
                <span className="dash-category__row">
                  <span className="dash-category__bar" aria-hidden="true">
                    <span style={{ width: `${total > 0 ? (c.amount * 100) / total : 0}%` }} />
                  </span>
                  <span className="dash-category__percent">{formatPermille(c.permille)}</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** The 5 latest entries as the shared transaction row (edit and delete included). */
function RecentCard({ now }: { now: number }) {
  const profile = useProfile()
  const recent = useRecentTransactions(RECENT_COUNT)
  const actions = useTransactionActions(profile.data?.customCategories ?? [])
  return (
    <Card variant="elevated" padding="none" role="region" aria-labelledby="dash-recent-title">
      <h2 className="dash__title dash__title--inset" id="dash-recent-title">
        Recent Transactions
      </h2>
      <ul className="dash-recent">
        {recent.data.map((tx) => (
          <li key={tx.id} className="dash-recent__item" data-testid="dashboard-recent" data-type={tx.type}>
            <TransactionRow
              tx={tx}
              now={now}
              onEdit={actions.edit}
              onDelete={actions.remove}
              onReceipt={actions.viewReceipt}
            />
          </li>
        ))}
      </ul>
      {actions.dialogs}
    </Card>
  )
}

export default function DashboardScreen() {
  const now = useNow()
  const month = useMonthTransactions(now)
  const counts = useTransactionCounts()
  // Every figure is in the home currency; entries with no rate are counted apart, never 1:1.
  const inHome = useInHome(month.data)
  const { totals, categories } = useMemo(
    () => ({ totals: totalsOf(inHome.entries), categories: expensesByCategory(inHome.entries) }),
    [inHome.entries],
  )
  throwIfUnread(month, counts)
  if (counts.loading || month.loading) return <LoadingScreen />

  const surplus = totals.balance >= 0
  return (
    <div className="dash">
      <header className="dash__header">
        <h1>Dashboard</h1>
        <p data-testid="dashboard-month">
          {new Date(now).toLocaleDateString('en-IN', { month: 'long', year: 'numeric' })}
        </p>
      </header>
      {counts.data.expense === 0 && counts.data.income === 0 ? (
        <Welcome />
      ) : (
        <>
          <div className="dash-cards">
            <Stat
              kind="income"
              testId="total-income"
              label="Total Income"
              value={totals.income}
              note={records(counts.data.income)}
            />
            <Stat
              kind="expense"
              testId="total-expenses"
              label="Total Expenses"
              value={totals.expenses}
              note={records(counts.data.expense)}
            />
            <Stat
              kind={surplus ? 'surplus' : 'deficit'}
              testId="balance-card"
              label="Balance"
              value={totals.balance}
              note={surplus ? 'Surplus' : 'Deficit'}
            />
          </div>
          <NotConvertedNote count={inHome.notConverted.length} where="this month's figures" />
          <CategoriesCard categories={categories} total={totals.expenses} />
          <RecentCard now={now} />
        </>
      )}
    </div>
  )
}
