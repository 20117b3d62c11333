import { throwIfUnread } from '../../data/hooks'
import { Link } from 'react-router-dom'
import { householdMonthSpend } from '../../../schema/calc/household-budget'
import { householdCurrencyOf, inHouseholdCurrency } from '../../../schema/calc/household-money'
import { localMonthWindow } from '../../../schema/time'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { BudgetMeter } from '../../components/budget/budget-meter'
import { Amount } from '../../components/ui/amount'
import { Card } from '../../components/ui/card'
import { useHouseholdExpenses } from '../../data/household-hooks'
import type { HouseholdDoc } from '../../data/households'
import { useNow } from '../../lib/use-now'
import './household-budget.css'

const monthName = (now: number) => new Date(now).toLocaleDateString('en-IN', { month: 'long' })

/**
 * The household's spending this month against its monthly budget: approved expenses and those
 * waiting for review count (the money is spent; review decides who owes what), denied ones never.
 * Without a budget, admins are pointed to the settings where they set one.
 */
export function HouseholdBudget({ household, isAdmin }: { household: HouseholdDoc; isAdmin: boolean }) {
  const expenses = useHouseholdExpenses(household.id)
  const now = useNow()
  throwIfUnread(expenses)
  if (household.monthlyBudget <= 0)
    return isAdmin ? (
      <p className="hh-budget__none">
        No monthly budget yet. <Link to={`/households/${household.id}/settings`}>Set a monthly budget</Link> to see this
        month’s spending against it.
      </p>
    ) : null
  if (expenses.loading) return null
  // In the household currency, each expense at its own rate; those without one are named below.
  const money = inHouseholdCurrency(expenses.data, [], householdCurrencyOf(household))
  const s = householdMonthSpend(money.expenses, household.monthlyBudget, now)
  const { start, end } = localMonthWindow(now)
  const left = money.notConverted.expenses.filter((e) => e.status !== 'denied' && e.date >= start && e.date < end)
  const over = s.overBy > 0
  return (
    <Card className="hh-budget" data-testid="household-budget">
      <div className="hh-budget__head">
        <h2>Budget for {monthName(now)}</h2>
        <span className={`hh-budget__percent hh-budget__percent--${s.colour}`} data-testid="household-budget-percent">
          {s.percent}% used
        </span>
      </div>
      <p className="hh-budget__figures">
        <Amount value={s.spent} className="hh-budget__spent" data-testid="household-budget-spent" /> of{' '}
        <Amount value={s.limit} data-testid="household-budget-limit" /> spent
      </p>
      <BudgetMeter category={household.name} percent={s.percent} colour={s.colour} />
      <p className={over ? 'hh-budget__over' : 'hh-budget__left'} data-testid="household-budget-remaining">
        {over ? 'Over by ' : null}
        <Amount value={over ? s.overBy : s.remaining} />
        {over ? null : ' remaining'}
      </p>
      <p className="hh-budget__note">
        Counts this month’s approved expenses and those waiting for review
        {s.pending > 0 ? (
          <>
            {' '}
            (<Amount value={s.pending} /> waiting)
          </>
        ) : null}
        ; denied expenses don’t count.
      </p>
      <NotConvertedNote count={left.length} where="this month’s spending" />
    </Card>
  )
}
