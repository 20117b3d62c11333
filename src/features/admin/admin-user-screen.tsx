import { ArrowLeft, Ban, Mail, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { AdminUser, AdminUserDetail } from '../../../schema/api/admin'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Spinner } from '../../components/ui/spinner'
import { useToast } from '../../components/ui/toast'
import { fetchUser, setSuspended } from '../../data/admin-api'
import { ApiError } from '../../data/http'
import { useAuth } from '../../data/auth-context'
import { useBrand } from '../../data/use-brand'
import { actionError, formatDate, rupeesToPaise } from './admin-format'
import { StatCard } from './stat-card'
import { useAdminLoad } from './use-admin-load'
import './admin.css'
import { AlertLine } from '../../components/ui/alert-line'

/** The e-mail Send Email copies: the admin pastes it into their mail client. */
export function emailTemplate(user: AdminUser, appName: string): string {
  return [
    `To: ${user.email}`,
    `Subject: About your ${appName} account`,
    '',
    `Hi ${user.name?.trim() || 'there'},`,
    '',
    `We're reaching out from the ${appName} team about your account.`,
    '',
    'Best regards,',
    `The ${appName} team`,
  ].join('\n')
}

function ProfileFacts({ user }: { user: AdminUser }) {
  const facts: [string, string][] = [
    ['Email', user.email],
    ['Phone', user.phone_number?.replace(/^whatsapp:/, '') ?? '—'],
    ['Employment', user.employment_type ?? 'Not specified'],
    ['Country of residence', user.country_of_residence],
    ['Nationality', user.nationality ?? '—'],
    ['City', user.city ?? '—'],
    ['Gender', user.gender ?? '—'],
    ['Marital status', user.marital_status ?? '—'],
    ['Non-resident', user.is_non_resident ? 'Yes' : 'No'],
    ['Role', user.role === 'admin' ? 'Admin' : 'User'],
    ['Joined', formatDate(user.created_at)],
  ]
  return (
    <dl className="admin-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="admin-break">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function UserActions({ detail, onChanged }: { detail: AdminUserDetail; onChanged: (user: AdminUser) => void }) {
  const { token } = useAuth()
  const { appName } = useBrand()
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const { user } = detail

  const copyEmail = async () => {
    try {
      await navigator.clipboard.writeText(emailTemplate(user, appName))
      toast.show('Email template copied to the clipboard')
    } catch {
      toast.show('Could not copy: the browser blocked the clipboard', 'error')
    }
  }

  const toggleSuspension = async () => {
    setBusy(true)
    try {
      const updated = await setSuspended(token, user.id, !user.suspended)
      onChanged(updated)
      toast.show(updated.suspended ? 'Account suspended' : 'Account reactivated')
      setConfirming(false)
    } catch (error) {
      toast.show(actionError(error, 'Could not change the account'), 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="admin-toolbar">
      <Button variant="outline" icon={<Mail size={18} aria-hidden="true" />} onClick={() => void copyEmail()}>
        Send Email
      </Button>
      {user.role === 'admin' ? null : (
        <Button
          variant={user.suspended ? 'primary' : 'danger'}
          icon={user.suspended ? <RotateCcw size={18} aria-hidden="true" /> : <Ban size={18} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          {user.suspended ? 'Reactivate Account' : 'Suspend Account'}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={user.suspended ? 'Reactivate this account?' : 'Suspend this account?'}
        description={
          user.suspended
            ? `${user.email} can sign in and sync again, with all their data.`
            : `${user.email} will be signed out of every device and cannot sign in or sync. Their data is kept.`
        }
        confirmLabel={user.suspended ? 'Reactivate' : 'Suspend'}
        tone={user.suspended ? 'primary' : 'danger'}
        busy={busy}
        onConfirm={() => void toggleSuspension()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}

/** /admin/users/{id}: profile, stats and account actions (spec part 2 §2). */
export default function AdminUserScreen() {
  const { id = '' } = useParams()
  const { data, error, loading, setData } = useAdminLoad((token, signal) => fetchUser(token, id, signal), [id])
  const notFound = error instanceof ApiError && error.status === 404

  return (
    <div className="admin-page">
      <Link to="/admin/users" className="admin-back">
        <ArrowLeft size={16} aria-hidden="true" /> All users
      </Link>
      {loading && !data ? <Spinner label="Loading user" /> : null}
      <AlertLine
        className="admin-alert"
        message={error ? (notFound ? 'User not found' : actionError(error, 'Could not load this user')) : null}
      />
      {data ? (
        <>
          <header className="admin-page__header">
            <h1 className="admin-break">{data.user.name || data.user.email}</h1>
            <p className="admin-muted">
              {data.user.suspended ? (
                <span className="admin-badge admin-badge--danger">Suspended</span>
              ) : (
                <span className="admin-badge admin-badge--ok">Active</span>
              )}
            </p>
          </header>
          <section className="admin-stats" aria-label="Stats">
            <StatCard label="Expenses" value={data.stats.expense_count} />
            <StatCard label="Expense Total" value={<Amount value={rupeesToPaise(data.stats.expense_total)} />} />
            <StatCard label="Tickets" value={data.stats.ticket_count} />
          </section>
          <UserActions detail={data} onChanged={(user) => setData({ ...data, user })} />
          <section className="admin-card" aria-labelledby="admin-profile">
            <h2 id="admin-profile">Profile</h2>
            <ProfileFacts user={data.user} />
          </section>
        </>
      ) : null}
    </div>
  )
}
