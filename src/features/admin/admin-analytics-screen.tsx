import { Amount } from '../../components/ui/amount'
import { Spinner } from '../../components/ui/spinner'
import { fetchAnalytics } from '../../data/admin-api'
import { rupeesToPaise, usersCounted } from './admin-format'
import { AnalyticsBreakdowns } from './breakdown-list'
import { StatCard } from './stat-card'
import { useAdminLoad } from './use-admin-load'
import './admin.css'
import { AdminPageHeader, LoadError } from './admin-page-parts'

/** /admin/analytics: every figure of spec part 2 §3 'Analytics'. */
export default function AdminAnalyticsScreen() {
  const { data, error, loading, reload } = useAdminLoad((token, signal) => fetchAnalytics(token, signal), [])
  const average =
    data && data.totalExpenses > 0 ? Math.round(rupeesToPaise(data.totalExpenseAmount) / data.totalExpenses) : 0

  return (
    <div className="admin-page">
      <AdminPageHeader title="Analytics" lead="Computed from the live data when the page opens." />
      {loading && !data ? <Spinner label="Loading analytics" /> : null}
      {error ? <LoadError what="analytics" onRetry={reload} /> : null}
      {data ? (
        <>
          <section className="admin-stats" aria-label="Users and tickets">
            <StatCard label="Total Users" value={data.totalUsers} hint={usersCounted(data, false)} />
            <StatCard label="New Users Today" value={data.newUsers} />
            <StatCard label="Open Tickets" value={data.openTickets} hint="open or waiting" />
            <StatCard label="Resolved Tickets" value={data.resolvedTickets} hint="resolved or closed" />
          </section>
          <section className="admin-stats" aria-label="Expenses">
            <StatCard label="Total Expenses" value={data.totalExpenses} />
            <StatCard label="Total Expense Amount" value={<Amount value={rupeesToPaise(data.totalExpenseAmount)} />} />
            <StatCard label="Average Expense" value={<Amount value={average} />} />
          </section>
          <AnalyticsBreakdowns data={data} />
        </>
      ) : null}
    </div>
  )
}
