import { Plus } from 'lucide-react'
import { Link } from 'react-router-dom'
import { ButtonLink } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { Spinner } from '../../components/ui/spinner'
import { throwIfUnread } from '../../data/hooks'
import { useTickets } from '../../data/ticket-hooks'
import type { TicketDoc } from '../../data/tickets'
import { SUPPORT_REPLY_HOURS } from '../../lib/support-contact'
import { PriorityBadge, StatusBadge, TicketNumber } from './ticket-badges'
import { CATEGORY_LABELS, descriptionPreview, ticketDate } from './ticket-labels'
import './support.css'

function TicketRow({ ticket }: { ticket: TicketDoc }) {
  return (
    <li>
      <Link to={`/support/tickets/${ticket.id}`} className="ticket-row">
        <span className="ticket-row__top">
          <span className="ticket-row__title">
            <TicketNumber ticket={ticket} />
            <span className="ticket-row__subject">{ticket.subject}</span>
          </span>
          <StatusBadge status={ticket.status} />
        </span>
        <span className="ticket-row__preview">{descriptionPreview(ticket.description)}</span>
        <span className="ticket-row__meta">
          <span>{ticketDate(ticket.createdAt)}</span>
          <span>{CATEGORY_LABELS[ticket.category]}</span>
          <PriorityBadge priority={ticket.priority} />
        </span>
      </Link>
    </li>
  )
}

/** /support/tickets: the user's tickets from the local database (offline too). */
export default function TicketsScreen() {
  const tickets = useTickets()
  throwIfUnread(tickets)
  return (
    <div className="support-page">
      <PageHeader title="My Support Tickets" subtitle="Questions and problems you sent us.">
        <ButtonLink to="/support/tickets/new" icon={<Plus size={18} />}>
          New Ticket
        </ButtonLink>
      </PageHeader>
      {tickets.loading ? (
        <Spinner label="Loading tickets" />
      ) : tickets.data.length === 0 ? (
        <div className="support-card support-empty">
          <h2>No tickets yet</h2>
          <p>Raise a ticket whenever something is wrong or unclear. We reply within {SUPPORT_REPLY_HOURS} hours.</p>
          <ButtonLink to="/support/tickets/new">Raise a Ticket</ButtonLink>
        </div>
      ) : (
        <ul className="ticket-list" aria-label="Tickets">
          {tickets.data.map((t) => (
            <TicketRow key={t.id} ticket={t} />
          ))}
        </ul>
      )}
    </div>
  )
}
