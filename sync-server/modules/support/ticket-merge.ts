import type { Ticket } from '../../../schema/entities/ticket'
import type { PushMergeContext } from '../../db/documents'

export type TicketMessage = Ticket['messages'][number]

/** 'TKT-000042': the ticket's number, from the deployment's ticket counter (the first ticket is TKT-000001). */
export function formatTicketNumber(n: number): string {
  return `TKT-${String(n).padStart(6, '0')}`
}

/** Messages oldest first; equal times keep a stable order by id. */
export function sortMessages(messages: readonly TicketMessage[]): TicketMessage[] {
  return [...messages].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
}

/**
 * Folds a ticket pushed by its owner into the server's copy. The server owns `ticketNumber`
 * (assigned on the first write), `status` and `createdAt`; the thread is the union of both
 * copies by message id, the server's version of a known message winning. A device may add only
 * messages written by the owner as 'user': anything claiming to be an admin's is dropped.
 * A new message from the user on a ticket waiting for them opens it again.
 */
export function mergePushedTicket(
  current: Ticket | undefined,
  incoming: Ticket,
  context: Pick<PushMergeContext, 'ownerId' | 'nextNumber'>,
): Ticket {
  const known = new Map((current?.messages ?? []).map((m) => [m.id, m]))
  const added = incoming.messages.filter(
    (m) => !known.has(m.id) && m.authorRole === 'user' && m.authorId === context.ownerId,
  )
  const messages = sortMessages([...known.values(), ...added])
  if (!current) {
    return {
      ...incoming,
      ticketNumber: formatTicketNumber(context.nextNumber('ticket')),
      status: 'open',
      messages,
    }
  }
  const reopened = added.length > 0 && current.status === 'waiting'
  return {
    ...incoming,
    ticketNumber: current.ticketNumber,
    status: reopened ? 'open' : current.status,
    createdAt: current.createdAt,
    messages,
    updatedAt: Math.max(incoming.updatedAt, current.updatedAt),
  }
}
