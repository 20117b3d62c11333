import { BarChart3, Briefcase, LifeBuoy, Palette, Users } from 'lucide-react'
import { Link } from 'react-router-dom'
import { Amount } from '../../components/ui/amount'
import { Spinner } from '../../components/ui/spinner'
import { fetchAnalytics } from '../../data/admin-api'
import { rupeesToPaise, usersCounted } from './admin-format'
import { AnalyticsBreakdowns } from './breakdown-list'
import { StatCard } from './stat-card'
import { useAdminLoad } from './use-admin-load'
import './admin.css'
import { AdminPageHeader, LoadError } from './admin-page-parts'

const ACTIONS = [
  { to: '/admin/users', label: 'Manage Users', icon: Users },
  { to: '/admin/tickets', label: 'Support Tickets', icon: LifeBuoy },
  { to: '/admin/analytics', label: 'View Analytics', icon: BarChart3 },
  { to: '/admin/business', label: 'Business P&L', icon: Briefcase },
  { to: '/admin/brand', label: 'Brand Settings', icon: Palette },
] as const

/** /admin: quick stats, actions, employment and country breakdowns (spec part 2 §2). */
export default function AdminDashboardScreen() {
  const { data, error, loading, reload } = useAdminLoad((token, signal) => fetchAnalytics(token, signal), [])

  return (
    <div className="admin-page">
      <AdminPageHeader title="Admin Dashboard" lead="Everything happening across the product today." />
      {loading && !data ? <Spinner label="Loading dashboard" /> : null}
      {error ? <LoadError what="dashboard" onRetry={reload} /> : null}
      {data ? (
        <>
          <section className="admin-stats" aria-label="Quick stats">
            <StatCard label="Total Users" value={data.totalUsers} hint={usersCounted(data)} />
            <StatCard label="Open Tickets" value={data.openTickets} hint={`${data.resolvedTickets} resolved`} />
            <StatCard label="Total Expenses" value={data.totalExpenses} hint="recorded by users" />
            <StatCard label="Expense Amount" value={<Amount value={rupeesToPaise(data.totalExpenseAmount)} />} />
          </section>
          <section className="admin-card" aria-labelledby="admin-actions">
            <h2 id="admin-actions">Actions</h2>
            <div className="admin-actions">
              {ACTIONS.map(({ to, label, icon: Icon }) => (
                <Link key={to} to={to} className="admin-action">
                  <Icon size={20} aria-hidden="true" />
                  <span>{label}</span>
                </Link>
              ))}
            </div>
          </section>
          <AnalyticsBreakdowns data={data} />
        </>
      ) : null}
    </div>
  )
}
