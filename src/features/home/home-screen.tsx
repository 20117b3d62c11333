import { ArrowDownLeft, ArrowUpRight, Minus, Plus } from 'lucide-react'
import { useState } from 'react'
import { categoryEmoji } from '../../../schema/categories'
import { formatMoney } from '../../../schema/money/money'
import { useUser } from '../../app/auth/auth-context'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { useMonthSummary, useProfile, useRecentTransactions } from '../../data/hooks'
import { firstName } from '../../data/session'
import type { TransactionDoc } from '../../data/transactions'
import { greeting } from '../../../schema/calc/relative-date'
import { formatWhen } from './format-when'
import './home.css'

function TransactionItem({ tx, currency }: { tx: TransactionDoc; currency: string }) {
  const signed = tx.type === 'income' ? tx.amount : -tx.amount
  return (
    <li className="tx-item" data-testid="transaction-item" data-type={tx.type}>
      <span className="tx-item__emoji" aria-hidden="true">
        {categoryEmoji(tx.category, tx.type)}
      </span>
      <span className="tx-item__main">
        <span className="tx-item__title">{tx.description || tx.category}</span>
        <span className="tx-item__meta">
          {tx.category} · {formatWhen(tx.date)}
        </span>
      </span>
      <span className={`tx-item__amount tx-item__amount--${tx.type}`}>{formatMoney(signed, currency, { signed: true })}</span>
    </li>
  )
}

export default function HomeScreen() {
  const user = useUser()
  // Fixed for the life of the screen; the month changes rarely enough.
  const [now] = useState(() => new Date())
  const summary = useMonthSummary(now.getTime())
  const recent = useRecentTransactions(5)
  const profile = useProfile()
  const currency = profile.data?.currency ?? user.currency ?? 'INR'
  const month = now.toLocaleDateString('en-IN', { month: 'long', year: 'numeric' })
  const { income, expenses, balance } = summary.data

  return (
    <div className="home">
      <header className="home__greeting">
        <h1>
          {greeting(now.getTime())}, {firstName(user)}
        </h1>
        <p>{month}</p>
      </header>

      <section className="balance-card" aria-labelledby="balance-title">
        <p className="balance-card__label" id="balance-title">
          Balance this month
        </p>
        <p className="balance-card__value" data-testid="balance" data-value={balance}>
          {formatMoney(balance, currency)}
        </p>
        <div className="balance-card__split">
          <div className="balance-card__part">
            <span className="balance-card__icon balance-card__icon--income" aria-hidden="true">
              <ArrowDownLeft size={16} />
            </span>
            <span>
              <span className="balance-card__part-label">Income</span>
              <span className="balance-card__part-value" data-testid="month-income">
                {formatMoney(income, currency)}
              </span>
            </span>
          </div>
          <div className="balance-card__part">
            <span className="balance-card__icon balance-card__icon--expense" aria-hidden="true">
              <ArrowUpRight size={16} />
            </span>
            <span>
              <span className="balance-card__part-label">Expenses</span>
              <span className="balance-card__part-value" data-testid="month-expenses">
                {formatMoney(expenses, currency)}
              </span>
            </span>
          </div>
        </div>
      </section>

      <div className="home__actions">
        <ButtonLink to="/add-expense" variant="secondary" size="lg" icon={<Minus size={18} />}>
          New Expense
        </ButtonLink>
        <ButtonLink to="/add-income" variant="accent" size="lg" icon={<Plus size={18} />}>
          New Income
        </ButtonLink>
      </div>

      <Card padding="none" variant="elevated" className="recent">
        <h2 className="recent__title">Recent transactions</h2>
        {recent.loading ? null : recent.data.length === 0 ? (
          <div className="recent__empty">
            <p className="recent__empty-emoji" aria-hidden="true">
              🧾
            </p>
            <p className="recent__empty-title">No transactions yet</p>
            <p>Add your first expense or income — it's saved on this device and syncs when you're online.</p>
          </div>
        ) : (
          <ul className="recent__list">
            {recent.data.map((tx) => (
              <TransactionItem key={tx.id} tx={tx} currency={currency} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
