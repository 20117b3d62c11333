import { ArrowLeft, Plus, Send } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { Button, ButtonLink } from '../../components/ui/button'
import { TextAreaField } from '../../components/ui/field'
import { Spinner } from '../../components/ui/spinner'
import { SUPPORT_MESSAGES } from '../../../schema/api/support'
import { threadFull } from '../../../schema/entities/ticket'
import { throwIfUnread } from '../../data/hooks'
import { useTicket } from '../../data/ticket-hooks'
import { addTicketMessage, ThreadFullError, type TicketDoc } from '../../data/tickets'
import { SUPPORT_REPLY_HOURS } from '../../lib/support-contact'
import { PriorityBadge, StatusBadge, TicketNumber } from './ticket-badges'
import { CATEGORY_LABELS, ticketDate } from './ticket-labels'
import './support.css'
import { useRecheck } from '../../lib/use-recheck'

function messageTime(ms: number): string {
  return new Date(ms).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })
}

/** The conversation: the description first, then every message oldest first. */
function Thread({ ticket }: { ticket: TicketDoc }) {
  const messages = [...ticket.messages].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
  return (
    <ol className="thread" aria-label="Conversation">
      <li className="thread__msg thread__msg--user">
        <span className="thread__who">You · {messageTime(ticket.createdAt)}</span>
        <p>{ticket.description}</p>
      </li>
      {messages.map((m) => (
        <li key={m.id} className={`thread__msg thread__msg--${m.authorRole}`}>
          <span className="thread__who">
            {m.authorRole === 'admin' ? 'Support' : 'You'} · {messageTime(m.at)}
          </span>
          <p>{m.body}</p>
        </li>
      ))}
    </ol>
  )
}

function ReplyForm({ ticketId }: { ticketId: string }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const check = useRecheck(() => (text.trim() ? null : 'Please write a message'))
  const send = async () => {
    if (check.submit() !== null) return
    setSending(true)
    setError(null)
    try {
      await addTicketMessage(ticketId, text)
      setText('')
      check.reset()
    } catch (e) {
      if (e instanceof ThreadFullError) setError(e.message)
      else {
        console.error(e)
        setError('Could not add the message. Please try again.')
      }
    } finally {
      setSending(false)
    }
  }
  return (
    <form
      className="support-card support-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void send()
      }}
    >
      <TextAreaField
        label="Add a message"
        rows={3}
        maxLength={5000}
        value={text}
        error={check.result ?? error}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="support-form__actions">
        <Button type="submit" icon={<Send size={18} />} disabled={sending}>
          Send
        </Button>
      </div>
    </form>
  )
}

/** In place of the reply box once the user's side of the thread is full (support can still answer). */
function ThreadFullNote() {
  return (
    <div className="support-card ticket-full" role="status">
      <p>{SUPPORT_MESSAGES.threadFull}</p>
      <ButtonLink to="/support/tickets/new" variant="secondary" icon={<Plus size={18} />}>
        Raise a New Ticket
      </ButtonLink>
    </div>
  )
}

/** /support/tickets/{id}: the ticket, its status and the conversation with support. */
export default function TicketScreen() {
  const { id = '' } = useParams()
  const ticket = useTicket(id)
  throwIfUnread(ticket)
  if (ticket.loading) return <Spinner label="Loading ticket" />
  const t = ticket.data
  return (
    <div className="support-page">
      <ButtonLink to="/support/tickets" variant="ghost" size="sm" icon={<ArrowLeft size={18} />}>
        My Tickets
      </ButtonLink>
      {!t ? (
        <div className="support-card support-empty">
          <h1>Ticket not found</h1>
          <p>It may have been deleted, or it belongs to another account.</p>
        </div>
      ) : (
        <>
          <header className="support-card ticket-head">
            <div className="ticket-head__row">
              <TicketNumber ticket={t} />
              <StatusBadge status={t.status} />
            </div>
            <h1 className="ticket-head__subject">{t.subject}</h1>
            <p className="ticket-row__meta">
              <span>{ticketDate(t.createdAt)}</span>
              <span>{CATEGORY_LABELS[t.category]}</span>
              <PriorityBadge priority={t.priority} />
            </p>
            {t.status === 'open' && t.messages.every((m) => m.authorRole === 'user') ? (
              <p className="ticket-head__note">We reply within {SUPPORT_REPLY_HOURS} hours.</p>
            ) : null}
          </header>
          <Thread ticket={t} />
          {t.status === 'closed' ? (
            <p className="ticket-head__note">This ticket is closed. Raise a new one if you need more help.</p>
          ) : threadFull(t, 'user', t.ownerId) ? (
            <ThreadFullNote />
          ) : (
            <ReplyForm ticketId={t.id} />
          )}
        </>
      )}
    </div>
  )
}
