import { throwIfUnread } from '../../data/hooks'
import { Bell, ChevronRight, Plus, Users } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { awaitsReviewBy } from '../../../schema/calc/household-review'
import { localMonthWindow } from '../../../schema/time'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { Spinner } from '../../components/ui/spinner'
import { useAllHouseholdExpenses, useHouseholds } from '../../data/household-hooks'
import type { HouseholdDoc, HouseholdExpenseDoc } from '../../data/households'
import { useAuth } from '../../data/auth-context'
import { useNow } from '../../lib/use-now'
import { HouseholdBadge } from './household-look'
import { MyInvitations } from './my-invitations'
import './households.css'

/** Expenses waiting for this member's review (never one they entered or paid). */
export function pendingForMe(expenses: readonly HouseholdExpenseDoc[], userId: string): HouseholdExpenseDoc[] {
  return expenses.filter((e) => awaitsReviewBy(e, userId))
}

function HouseholdCard({
  household,
  userId,
  monthCount,
}: {
  household: HouseholdDoc
  userId: string
  monthCount: number
}) {
  const role = household.members.find((m) => m.userId === userId)?.role ?? 'member'
  const members = household.memberIds.length
  return (
    <li>
      <Link to={`/households/${household.id}`} className="hh-card" data-testid="household-card">
        <HouseholdBadge household={household} />
        <span className="hh-card__body">
          <span className="hh-card__name">{household.name}</span>
          <span className="hh-card__meta">
            <span className={`hh-role hh-role--${role}`}>{role === 'admin' ? 'Admin' : 'Member'}</span>
            <span>
              {members} {members === 1 ? 'member' : 'members'}
            </span>
            <span>
              {monthCount} {monthCount === 1 ? 'expense' : 'expenses'} this month
            </span>
          </span>
        </span>
        <ChevronRight size={18} aria-hidden="true" className="hh-card__chevron" />
      </Link>
    </li>
  )
}

function EmptyState() {
  return (
    <Card padding="lg" variant="elevated" className="hh-empty">
      <span className="hh-empty__icon" aria-hidden="true">
        <Users size={32} />
      </span>
      <h2>No households yet</h2>
      <p>Create one for your flat or family, invite the others, and share rent, groceries and bills.</p>
      <ButtonLink to="/households/create" icon={<Plus size={18} />}>
        Create Household
      </ButtonLink>
    </Card>
  )
}

/** /households: invitations to answer, the user's households, the pending-reviews banner and an empty state. */
export default function HouseholdsScreen() {
  const { user } = useAuth()
  const userId = user?.id ?? ''
  const households = useHouseholds()
  const expenses = useAllHouseholdExpenses()
  const now = useNow()
  throwIfUnread(households, expenses)
  const pending = pendingForMe(expenses.data, userId).length
  const counts = useMemo(() => {
    const { start, end } = localMonthWindow(now)
    const byHousehold = new Map<string, number>()
    for (const e of expenses.data)
      if (e.date >= start && e.date < end) byHousehold.set(e.householdId, (byHousehold.get(e.householdId) ?? 0) + 1)
    return byHousehold
  }, [expenses.data, now])

  return (
    <div className="hh">
      <PageHeader
        title="Households"
        subtitle="Share expenses with the people you live with."
        badge={<Users size={24} />}
        badgeClassName="hh__badge"
      >
        <ButtonLink to="/households/create" icon={<Plus size={18} />}>
          Create
        </ButtonLink>
      </PageHeader>
      <MyInvitations households={households.data} />
      {pending > 0 ? (
        <Link to="/households/reviews" className="hh-banner" data-testid="reviews-banner">
          <Bell size={20} aria-hidden="true" />
          <span>
            {pending} {pending === 1 ? 'expense needs' : 'expenses need'} your review
          </span>
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      ) : null}
      {households.loading ? (
        <Spinner label="Loading households" />
      ) : households.data.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="hh-list">
          {households.data.map((h) => (
            <HouseholdCard key={h.id} household={h} userId={userId} monthCount={counts.get(h.id) ?? 0} />
          ))}
        </ul>
      )}
    </div>
  )
}
