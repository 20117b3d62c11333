import { ArrowLeft, Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { AdminTicketDetail } from '../../../schema/api/admin'
import { TICKET_STATUSES } from '../../../schema/entities/ticket'
import { Button } from '../../components/ui/button'
import { TextAreaField } from '../../components/ui/field'
import { Spinner } from '../../components/ui/spinner'
import { useToast } from '../../components/ui/toast'
import { fetchTicket, replyToTicket, setTicketStatus } from '../../data/admin-api'
import { ApiError } from '../../data/http'
import { useAuth } from '../../data/auth-context'
import { actionError, formatDateTime, titleCase } from './admin-format'
import { PriorityBadge, StatusBadge } from './ticket-badges'
import { useAdminLoad } from './use-admin-load'
import './admin.css'
import { AlertLine } from '../../components/ui/alert-line'
import { useRecheck } from '../../lib/use-recheck'

/** The thread as the user sees it: their description first, then every message. */
function Thread({ ticket }: { ticket: AdminTicketDetail }) {
  const who = ticket.user_name || ticket.user_email
  return (
    <ol className="admin-thread" aria-label="Conversation">
      <li className="admin-bubble admin-bubble--user">
        <span className="admin-bubble__who">
          {who} · {formatDateTime(ticket.created_at)}
        </span>
        <p className="admin-break">{ticket.description}</p>
      </li>
      {ticket.messages.map((m) => (
        <li key={m.id} className={`admin-bubble admin-bubble--${m.author_role}`}>
          <span className="admin-bubble__who">
            {m.author_role === 'admin' ? 'Support team' : who} · {formatDateTime(m.at)}
          </span>
          <p className="admin-break">{m.body}</p>
        </li>
      ))}
    </ol>
  )
}

function TicketControls({ ticket, onSaved }: { ticket: AdminTicketDetail; onSaved: (t: AdminTicketDetail) => void }) {
  const { token } = useAuth()
  const toast = useToast()
  const [reply, setReply] = useState('')
  const [busy, setBusy] = useState(false)
  const check = useRecheck(() => (reply.trim() ? null : 'Please write a reply'))

  const run = async (action: () => Promise<AdminTicketDetail>, done: string) => {
    setBusy(true)
    try {
      onSaved(await action())
      toast.show(done)
      return true
    } catch (caught) {
      toast.show(actionError(caught, 'Could not update the ticket'), 'error')
      return false
    } finally {
      setBusy(false)
    }
  }

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (check.submit() !== null) return
    if (await run(() => replyToTicket(token, ticket.id, reply.trim()), 'Reply sent')) {
      setReply('')
      check.reset()
    }
  }

  return (
    <>
      <label className="admin-filter">
        <span>Status</span>
        <select
          value={ticket.status}
          disabled={busy}
          onChange={(e) => void run(() => setTicketStatus(token, ticket.id, e.target.value), 'Status updated')}
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {titleCase(s)}
            </option>
          ))}
        </select>
      </label>
      <form className="admin-card admin-reply" onSubmit={(e) => void send(e)} noValidate>
        <TextAreaField
          label="Reply"
          rows={4}
          maxLength={5000}
          value={reply}
          error={check.result}
          onChange={(e) => setReply(e.target.value)}
        />
        <Button type="submit" disabled={busy} icon={<Send size={18} aria-hidden="true" />}>
          Send Reply
        </Button>
      </form>
    </>
  )
}

/** /admin/tickets/{id}: the thread, a reply box and the status (open → waiting → resolved → closed). */
export default function AdminTicketScreen() {
  const { id = '' } = useParams()
  const { data, error, loading, setData } = useAdminLoad((token, signal) => fetchTicket(token, id, signal), [id])
  const notFound = error instanceof ApiError && error.status === 404

  return (
    <div className="admin-page">
      <Link to="/admin/tickets" className="admin-back">
        <ArrowLeft size={16} aria-hidden="true" /> All tickets
      </Link>
      {loading && !data ? <Spinner label="Loading ticket" /> : null}
      <AlertLine
        className="admin-alert"
        message={error ? (notFound ? 'Ticket not found' : actionError(error, 'Could not load this ticket')) : null}
      />
      {data ? (
        <>
          <header className="admin-page__header">
            <h1 className="admin-break">{data.subject}</h1>
            <p className="admin-ticket__meta">
              {data.ticket_number ? <span>{data.ticket_number}</span> : null}
              <StatusBadge status={data.status} />
              <PriorityBadge priority={data.priority} />
              <span>{titleCase(data.category)}</span>
              <span className="admin-break">
                {data.user_name ? `${data.user_name} · ` : ''}
                {data.user_email}
              </span>
            </p>
          </header>
          <Thread ticket={data} />
          <TicketControls ticket={data} onSaved={setData} />
        </>
      ) : null}
    </div>
  )
}
