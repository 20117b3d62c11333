import { Link, useSearchParams } from 'react-router-dom'
import { TICKET_PREVIEW_CHARS, type AdminTicket } from '../../../schema/api/admin'
import { TICKET_STATUSES } from '../../../schema/entities/ticket'
import { Spinner } from '../../components/ui/spinner'
import { fetchTickets } from '../../data/admin-api'
import { formatDate, titleCase } from './admin-format'
import { PriorityBadge, StatusBadge } from './ticket-badges'
import { useAdminLoad } from './use-admin-load'
import './admin.css'
import { AlertLine } from '../../components/ui/alert-line'

const FILTERS = ['all', ...TICKET_STATUSES] as const

/** Spec part 2 §9: a 150-character description preview. */
export function preview(text: string, limit = TICKET_PREVIEW_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > limit ? `${flat.slice(0, limit).trimEnd()}…` : flat
}

function TicketCard({ ticket }: { ticket: AdminTicket }) {
  return (
    <li className="admin-card admin-ticket">
      <div className="admin-ticket__top">
        <Link to={`/admin/tickets/${ticket.id}`} className="admin-ticket__subject admin-break">
          {ticket.ticket_number ? <span className="admin-muted">{ticket.ticket_number} · </span> : null}
          {ticket.subject}
        </Link>
        <StatusBadge status={ticket.status} />
      </div>
      <p className="admin-ticket__preview admin-break">{preview(ticket.description)}</p>
      <p className="admin-ticket__meta">
        <span className="admin-break">{ticket.user_name || ticket.user_email}</span>
        <span>{titleCase(ticket.category)}</span>
        <PriorityBadge priority={ticket.priority} />
        <span>{formatDate(ticket.created_at)}</span>
        {ticket.message_count > 0 ? (
          <span>{ticket.message_count === 1 ? '1 reply' : `${ticket.message_count} replies`}</span>
        ) : null}
      </p>
    </li>
  )
}

/** /admin/tickets: every user's tickets with a status filter (kept in the address). */
export default function AdminTicketsScreen() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('status') ?? 'all'
  const status = (FILTERS as readonly string[]).includes(raw) ? raw : 'all'
  const { data, error, loading } = useAdminLoad((token, signal) => fetchTickets(token, status, signal), [status])

  return (
    <div className="admin-page">
      <header className="admin-page__header admin-page__header--row">
        <div>
          <h1>Support Tickets</h1>
          <p className="admin-muted">Newest first.</p>
        </div>
        <label className="admin-filter">
          <span>Status</span>
          <select
            value={status}
            onChange={(e) => setParams(e.target.value === 'all' ? {} : { status: e.target.value }, { replace: true })}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {titleCase(f)}
              </option>
            ))}
          </select>
        </label>
      </header>
      {loading && !data ? <Spinner label="Loading tickets" /> : null}
      <AlertLine
        className="admin-alert"
        message={error ? 'Could not load tickets. Check your connection and try again.' : null}
      />
      {data && data.length === 0 ? <p className="admin-empty">No tickets found</p> : null}
      {data && data.length > 0 ? (
        <ul className="admin-list">
          {data.map((t) => (
            <TicketCard key={t.id} ticket={t} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}
