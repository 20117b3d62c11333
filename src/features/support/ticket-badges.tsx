import type { Ticket } from '../../../schema/entities/ticket'
import { PRIORITY_LABELS, STATUS_LABELS } from './ticket-labels'

export function StatusBadge({ status }: { status: Ticket['status'] }) {
  return <span className={`ticket-badge ticket-badge--${status}`}>{STATUS_LABELS[status]}</span>
}

export function PriorityBadge({ priority }: { priority: Ticket['priority'] }) {
  return <span className={`ticket-badge ticket-badge--p-${priority}`}>{PRIORITY_LABELS[priority]} priority</span>
}

/** The number the server gave, or a note that it comes once the ticket reaches the server. */
export function TicketNumber({ ticket }: { ticket: Ticket }) {
  return ticket.ticketNumber ? (
    <span className="ticket-number">{ticket.ticketNumber}</span>
  ) : (
    <span className="ticket-number ticket-number--pending">Not sent yet</span>
  )
}
