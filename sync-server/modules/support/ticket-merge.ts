import { SUPPORT_MESSAGES } from '../../../schema/api/support'
import { TICKET_THREAD_LIMITS, ticketBytes } from '../../../schema/entities/ticket'
import type { Ticket, TicketMessage } from '../../../schema/entities/ticket'
import { HttpError } from '../../http-error'
import type { PushMergeContext } from '../../db/documents'

export type { TicketMessage }

/** 'TKT-000042': the ticket's number, from the deployment's ticket counter (the first ticket is TKT-000001). */
export function formatTicketNumber(n: number): string {
  return `TKT-${String(n).padStart(6, '0')}`
}

/** Messages oldest first; equal times keep a stable order by id. */
export function sortMessages(messages: readonly TicketMessage[]): TicketMessage[] {
  return [...messages].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
}

/** Refuses a thread the user's side grew past its limits (TICKET_THREAD_LIMITS.user): HttpError 409. */
export function assertUserRoom(ticket: Ticket): void {
  const limits = TICKET_THREAD_LIMITS.user
  if (ticket.messages.length > limits.messages || ticketBytes(ticket) > limits.bytes)
    throw new HttpError(409, SUPPORT_MESSAGES.threadFull, 'LIMIT_REACHED')
}

/**
 * Folds a ticket pushed by its owner into the server's copy. The server owns `ticketNumber`
 * (assigned on the first write), `status` and `createdAt`; the thread is the union of both
 * copies by message id, the server's version of a known message winning. A device may add only
 * messages written by the owner as 'user': anything claiming to be an admin's is dropped.
 * A new message from the user on a ticket waiting for them opens it again. Messages that would
 * take the thread past the user's limits refuse the whole pushed state (HttpError 409): the
 * device then takes the server's copy, whose screen says the conversation is full.
 */
export async function mergePushedTicket(
  current: Ticket | undefined,
  incoming: Ticket,
  context: Pick<PushMergeContext, 'ownerId' | 'nextNumber'>,
): Promise<Ticket> {
  const known = new Map((current?.messages ?? []).map((m) => [m.id, m]))
  const added = incoming.messages.filter(
    (m) => !known.has(m.id) && m.authorRole === 'user' && m.authorId === context.ownerId,
  )
  const messages = sortMessages([...known.values(), ...added])
  const merged: Ticket = current
    ? {
        ...incoming,
        ticketNumber: current.ticketNumber,
        status: added.length > 0 && current.status === 'waiting' ? 'open' : current.status,
        createdAt: current.createdAt,
        messages,
        updatedAt: Math.max(incoming.updatedAt, current.updatedAt),
      }
    : { ...incoming, ticketNumber: formatTicketNumber(await context.nextNumber('ticket')), status: 'open', messages }
  if (added.length > 0) assertUserRoom(merged)
  return merged
}
