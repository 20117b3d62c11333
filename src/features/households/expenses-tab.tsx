import { throwIfUnread } from '../../data/hooks'
import { Receipt } from 'lucide-react'
import { decidingReviews, reviewCountdown } from '../../../schema/calc/household-review'
import { householdCurrencyOf } from '../../../schema/calc/household-money'
import { entryCurrency } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { Amount } from '../../components/ui/amount'
import { useHouseholdExpenses } from '../../data/household-hooks'
import type { HouseholdDoc, HouseholdExpenseDoc } from '../../data/households'
import { useNow } from '../../lib/use-now'
import { ExpenseReceipt } from './expense-receipt'
import { formatDay, memberName } from './household-look'
import { ForeignNote, foreignText } from './household-money'

const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', denied: 'Denied' } as const

function ExpenseRow({
  expense,
  household,
  me,
  now,
}: {
  expense: HouseholdExpenseDoc
  household: HouseholdDoc
  me: string
  now: number
}) {
  const myShare = expense.splits.find((s) => s.userId === me)?.amount ?? 0
  const waiting = decidingReviews(expense, expense.reviews).filter((r) => r.status === 'pending').length
  const denials = expense.reviews.filter((r) => r.status === 'denied')
  const foreign = foreignText(expense, household)
  const code = entryCurrency(expense, householdCurrencyOf(household))
  return (
    <li className="hh-expense" data-testid="household-expense" data-status={expense.status}>
      <div className="hh-expense__top">
        <span className="hh-expense__title">
          <span className="hh-expense__category">{expense.category}</span>
          {expense.description ? <span className="hh-expense__description">{expense.description}</span> : null}
        </span>
        {foreign ? (
          <span className="amount hh-expense__amount">{formatMoney(expense.amount, code, { exact: true })}</span>
        ) : (
          <Amount value={expense.amount} className="hh-expense__amount" />
        )}
      </div>
      <ForeignNote
        collection="household_expenses"
        entry={expense}
        payer={expense.paidBy}
        household={household}
        me={me}
      />
      <div className="hh-expense__meta">
        <span>
          Paid by {expense.paidBy === me ? 'you' : memberName(household, expense.paidBy)} · {formatDay(expense.date)}
        </span>
        <span className={`hh-status hh-status--${expense.status}`}>{STATUS_LABELS[expense.status]}</span>
      </div>
      <div className="hh-expense__meta">
        {myShare > 0 ? (
          <span>
            Your share{' '}
            {foreign ? (
              <span className="amount">{formatMoney(myShare, code, { exact: true })}</span>
            ) : (
              <Amount value={myShare} />
            )}
          </span>
        ) : (
          <span>Not part of your share</span>
        )}
        {expense.status === 'pending' ? (
          <span>
            {waiting} {waiting === 1 ? 'review' : 'reviews'} left · {reviewCountdown(expense.deadline, now)}
          </span>
        ) : null}
      </div>
      <ExpenseReceipt expense={expense} me={me} />
      {denials.map((r) => (
        <p key={r.userId} className="hh-expense__reason">
          Denied by {r.userId === me ? 'you' : memberName(household, r.userId)}: {r.reason}
        </p>
      ))}
    </li>
  )
}

/** The household's expenses, newest first, with status, your share and the review countdown. */
export function ExpensesTab({ household, me }: { household: HouseholdDoc; me: string }) {
  const expenses = useHouseholdExpenses(household.id)
  const now = useNow(60_000)
  throwIfUnread(expenses)
  if (expenses.loading) return null
  if (expenses.data.length === 0)
    return (
      <div className="hh-empty hh-empty--plain">
        <span className="hh-empty__icon" aria-hidden="true">
          <Receipt size={28} />
        </span>
        <p className="hh-empty__title">No expenses yet</p>
        <p>Add rent, groceries or a bill; the others review it before it counts.</p>
      </div>
    )
  return (
    <ul className="hh-expenses">
      {expenses.data.map((e) => (
        <ExpenseRow key={e.id} expense={e} household={household} me={me} now={now} />
      ))}
    </ul>
  )
}
