import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { SUPPORT_MESSAGES } from '../../schema/api/support'
import { threadHasRoom, type TICKET_CATEGORIES, type TICKET_PRIORITIES } from '../../schema/entities/ticket'
import { afterOpen$ } from './collections'
import { userData } from './database'
import { plainDoc, plainDocs } from './plain'
import { insertDocument, patchDocument } from './writes'

/**
 * Support tickets in the local `tickets` collection: written offline, pushed when the server is
 * reachable. The server assigns `ticketNumber`, owns `status` and merges the thread, so a
 * message written offline and an admin's reply both survive.
 */

export type TicketDoc = DocOf<'tickets'>

/** Newest first. A user has few tickets: the createdAt index reads them, the order is flipped here. */
export function tickets$(): Observable<TicketDoc[]> {
  return afterOpen$((db) =>
    db.tickets
      .find({ selector: { createdAt: { $gte: 0 } }, sort: [{ createdAt: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<TicketDoc>(docs).reverse())),
  )
}

export function ticket$(id: string): Observable<TicketDoc | null> {
  return afterOpen$((db) => db.tickets.findOne(id).$.pipe(map((doc) => plainDoc<TicketDoc>(doc))))
}

export interface NewTicket {
  category: (typeof TICKET_CATEGORIES)[number]
  subject: string
  description: string
  priority: (typeof TICKET_PRIORITIES)[number]
}

export function createTicket(input: NewTicket): Promise<TicketDoc> {
  return insertDocument('tickets', {
    subject: input.subject.trim(),
    description: input.description.trim(),
    category: input.category,
    priority: input.priority,
    status: 'open',
    ticketNumber: '',
    messages: [],
    createdAt: Date.now(),
  })
}

/** The thread has no room left for the user's message (TICKET_THREAD_LIMITS); nothing was written. */
export class ThreadFullError extends Error {
  constructor() {
    super(SUPPORT_MESSAGES.threadFull)
    this.name = 'ThreadFullError'
  }
}

/** Adds the user's message to the thread (offline too); throws ThreadFullError when it does not fit. */
export async function addTicketMessage(ticketId: string, body: string): Promise<void> {
  const { userId } = userData()
  const message = {
    id: crypto.randomUUID(),
    authorId: userId,
    authorRole: 'user' as const,
    body: body.trim(),
    at: Date.now(),
  }
  const found = await patchDocument('tickets', ticketId, (current) => {
    if (!threadHasRoom(current, message)) throw new ThreadFullError()
    return { messages: [...current.messages, message] }
  })
  if (!found) throw new Error(`Ticket ${ticketId} not found`)
}
