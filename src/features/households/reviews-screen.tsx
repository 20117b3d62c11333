import { throwIfUnread } from '../../data/hooks'
import { Check, ClipboardCheck, X } from 'lucide-react'
import { useState } from 'react'
import { reviewCountdown } from '../../../schema/calc/household-review'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { householdCurrencyOf } from '../../../schema/calc/household-money'
import { entryCurrency } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { Button, ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { Spinner } from '../../components/ui/spinner'
import { useToast } from '../../components/ui/toast'
import { useAllHouseholdExpenses, useHouseholds } from '../../data/household-hooks'
import { reviewHouseholdExpense, type HouseholdDoc, type HouseholdExpenseDoc } from '../../data/households'
import { useAuth } from '../../data/auth-context'
import { useNow } from '../../lib/use-now'
import { formatDay, memberName } from './household-look'
import { pendingForMe } from './households-screen'
import { ReasonDialog } from './reason-dialog'
import './households.css'

function DenyDialog({ expense, onClose }: { expense: HouseholdExpenseDoc | null; onClose: () => void }) {
  return (
    <ReasonDialog
      open={expense !== null}
      title="Deny expense"
      description="Tell the others why this should not count."
      actionLabel="Deny"
      reasonRequired={HOUSEHOLD_MESSAGES.reasonRequired}
      failed={HOUSEHOLD_MESSAGES.denyFailed}
      done="Expense denied"
      onSubmit={(reason) =>
        expense ? reviewHouseholdExpense(expense.id, { status: 'denied', reason }) : Promise.resolve()
      }
      onClose={onClose}
    />
  )
}

function ReviewCard({
  expense,
  household,
  now,
  onDeny,
}: {
  expense: HouseholdExpenseDoc
  household: HouseholdDoc | undefined
  now: number
  onDeny: () => void
}) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const payer = household ? memberName(household, expense.paidBy) : 'a member'
  async function approve() {
    setBusy(true)
    try {
      await reviewHouseholdExpense(expense.id, { status: 'approved' })
      toast.show('Expense approved')
    } catch {
      toast.show(HOUSEHOLD_MESSAGES.approveFailed, 'error')
      setBusy(false)
    }
  }
  return (
    <li className="hh-review" data-testid="review-card">
      <div className="hh-expense__top">
        <span className="hh-expense__title">
          <span className="hh-expense__category">{expense.category}</span>
          {expense.description ? <span className="hh-expense__description">{expense.description}</span> : null}
        </span>
        {/* In the expense's own currency: each household has its own. */}
        <span className="amount hh-expense__amount">
          {formatMoney(expense.amount, entryCurrency(expense, householdCurrencyOf(household ?? {})))}
        </span>
      </div>
      <div className="hh-expense__meta">
        <span>
          {household?.name ?? 'Household'} · paid by {payer} · {formatDay(expense.date)}
        </span>
        <span className="hh-countdown">{reviewCountdown(expense.deadline, now)}</span>
      </div>
      <div className="hh-review__actions">
        <Button variant="outline" icon={<X size={18} />} onClick={onDeny} disabled={busy}>
          Deny
        </Button>
        <Button icon={<Check size={18} />} onClick={() => void approve()} disabled={busy}>
          Approve
        </Button>
      </div>
    </li>
  )
}

/** /households/reviews: every expense waiting for your review, soonest deadline first. */
export default function ReviewsScreen() {
  const { user } = useAuth()
  const expenses = useAllHouseholdExpenses()
  const households = useHouseholds()
  const now = useNow(60_000)
  throwIfUnread(expenses, households)
  const [denying, setDenying] = useState<HouseholdExpenseDoc | null>(null)
  const pending = pendingForMe(expenses.data, user?.id ?? '').sort((a, b) => a.deadline - b.deadline)
  const byId = new Map(households.data.map((h) => [h.id, h]))
  return (
    <div className="hh">
      <PageHeader
        title="Pending Reviews"
        subtitle="Approve what you agree with; deny with a reason."
        badge={<ClipboardCheck size={24} />}
        badgeClassName="hh__badge"
      />
      {expenses.loading ? (
        <Spinner label="Loading reviews" />
      ) : pending.length === 0 ? (
        <Card padding="lg" variant="elevated" className="hh-empty">
          <h2>You're all caught up</h2>
          <p>No expenses are waiting for your review.</p>
          <ButtonLink to="/households" variant="outline">
            Back to Households
          </ButtonLink>
        </Card>
      ) : (
        <ul className="hh-expenses">
          {pending.map((e) => (
            <ReviewCard
              key={e.id}
              expense={e}
              household={byId.get(e.householdId)}
              now={now}
              onDeny={() => setDenying(e)}
            />
          ))}
        </ul>
      )}
      <DenyDialog expense={denying} onClose={() => setDenying(null)} />
    </div>
  )
}
