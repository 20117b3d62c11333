import { Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Spinner } from '../../components/ui/spinner'
import type { AdminUser } from '../../../schema/api/admin'
import { fetchUsers } from '../../data/admin-api'
import { accountsListed, formatDate } from './admin-format'
import { useAdminLoad } from './use-admin-load'
import './admin.css'
import { AlertLine } from '../../components/ui/alert-line'
import { TableHead } from '../../components/ui/table-head'
import { AdminPageHeader } from './admin-page-parts'

const SEARCH_DELAY_MS = 300

function StatusBadge({ user }: { user: AdminUser }) {
  if (user.suspended) return <span className="admin-badge admin-badge--danger">Suspended</span>
  return <span className="admin-badge admin-badge--ok">Active</span>
}

function UsersTable({ users }: { users: AdminUser[] }) {
  return (
    <table className="admin-table">
      <TableHead columns={['Name', 'Email', 'Phone', 'Role', 'Status', 'Joined']} />
      <tbody>
        {users.map((u) => (
          <tr key={u.id}>
            <td data-label="Name">
              <Link to={`/admin/users/${u.id}`} className="admin-table__link">
                {u.name || u.email}
              </Link>
            </td>
            <td data-label="Email" className="admin-break">
              {u.email}
            </td>
            <td data-label="Phone">{u.phone_number?.replace(/^whatsapp:/, '') ?? '—'}</td>
            <td data-label="Role">{u.role === 'admin' ? 'Admin' : 'User'}</td>
            <td data-label="Status">
              <StatusBadge user={u} />
            </td>
            <td data-label="Joined">{formatDate(u.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** /admin/users: searchable table (spec part 2 §2); the search is kept in the address. */
export default function AdminUsersScreen() {
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const [typed, setTyped] = useState(search)

  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== search) setParams(typed.trim() ? { search: typed.trim() } : {}, { replace: true })
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed, search, setParams])

  const { data, error, loading } = useAdminLoad((token, signal) => fetchUsers(token, search, signal), [search])

  return (
    <div className="admin-page">
      <AdminPageHeader title="Users" lead="Search by name, email or phone number." />
      <div className="admin-search">
        <Search size={18} aria-hidden="true" />
        <input
          type="search"
          aria-label="Search users"
          placeholder="Search users…"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      {loading && !data ? <Spinner label="Loading users" /> : null}
      <AlertLine
        className="admin-alert"
        message={error ? 'Could not load users. Check your connection and try again.' : null}
      />
      {data && data.length === 0 ? <p className="admin-empty">No users found</p> : null}
      {data && data.length > 0 ? (
        <>
          <p className="admin-muted" aria-live="polite" data-testid="users-count">
            {accountsListed(data)}
          </p>
          <UsersTable users={data} />
        </>
      ) : null}
    </div>
  )
}
