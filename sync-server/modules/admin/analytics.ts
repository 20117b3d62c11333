import { NOT_SPECIFIED } from '../../../schema/api/admin'
import type { Analytics } from '../../../schema/api/admin'
import { fromPaise } from '../../../schema/money/money'
import { accountBreakdowns, countAccounts, countTickets, expenseTotals } from '../../db/admin'
import type { AppDatabase } from '../../db/database'

/** Local midnight (the server runs in REPORT_TIME_ZONE) of the day of `now`. */
export function startOfDay(now: number): number {
  const d = new Date(now)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/**
 * Spec part 2 §3 'Analytics', each figure one SQL aggregate over the real tables. Users are
 * accounts with the user role; the breakdowns map the profile like the admin user view does
 * (employment = job title, country = India unless non-resident).
 */
export async function computeAnalytics(db: AppDatabase, now: number): Promise<Analytics> {
  const expenses = await expenseTotals(db)
  return {
    totalUsers: await countAccounts(db, 'user'),
    totalAdmins: await countAccounts(db, 'admin'),
    newUsers: await countAccounts(db, 'user', startOfDay(now)),
    openTickets: await countTickets(db, ['open', 'waiting']),
    resolvedTickets: await countTickets(db, ['resolved', 'closed']),
    totalExpenses: expenses.n,
    totalExpenseAmount: fromPaise(expenses.total),
    ...(await accountBreakdowns(db, NOT_SPECIFIED)),
  }
}
