import type { ReviewStatus } from '../entities/household'
import type { Paise } from '../money/money'
import { localMonthWindow } from '../time'
import { barColour, statusOf, type BarColour, type BudgetStatus } from './budget-status'

/** The fields the budget reads; a HouseholdExpense satisfies it. `date` in ms. */
export interface HouseholdBudgetEntry {
  amount: Paise
  date: number
  status: ReviewStatus
}

export interface HouseholdMonthSpend extends BudgetStatus {
  /** Approved expenses dated this month. */
  approved: Paise
  /** Expenses dated this month still waiting for review (part of `spent`). */
  pending: Paise
  colour: BarColour
}

/**
 * A household's spending this local calendar month against its monthly budget: `spent` counts
 * approved and pending expenses (the money has left someone's pocket; review only decides how
 * it is shared), never denied ones. Colours as personal budgets: yellow above 70 %, red above 90 %.
 */
export function householdMonthSpend(
  expenses: Iterable<HouseholdBudgetEntry>,
  budget: Paise,
  now: number,
): HouseholdMonthSpend {
  const { start, end } = localMonthWindow(now)
  let approved = 0
  let pending = 0
  for (const e of expenses) {
    if (e.date < start || e.date >= end) continue
    if (e.status === 'approved') approved += e.amount
    else if (e.status === 'pending') pending += e.amount
  }
  const spent = approved + pending
  return { ...statusOf(spent, budget), approved, pending, colour: barColour(spent, budget) }
}
