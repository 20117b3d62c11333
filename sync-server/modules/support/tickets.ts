import { randomUUID } from 'node:crypto'
import type { CreateTicketBody, RestTicket, RestTicketWithMessages } from '../../../schema/api/support'
import { ADMIN_MESSAGES } from '../../../schema/api/admin'
import { SUPPORT_MESSAGES } from '../../../schema/api/support'
import { threadHasRoom } from '../../../schema/entities/ticket'
import type { Ticket, TICKET_STATUSES } from '../../../schema/entities/ticket'
import type { DocumentsRepository, StoredDocument } from '../../db/documents'
import { HttpError } from '../../http-error'
import { formatTicketNumber, mergePushedTicket, sortMessages } from './ticket-merge'
import type { TicketMessage } from './ticket-merge'

export type TicketStatus = (typeof TICKET_STATUSES)[number]

export interface TicketAuthor {
  id: string
  role: 'user' | 'admin'
}

const iso = (ms: number) => new Date(ms).toISOString()

export function toRestTicket(ticket: Ticket): RestTicket {
  return {
    id: ticket.id,
    ticket_number: ticket.ticketNumber,
    subject: ticket.subject,
    description: ticket.description,
    category: ticket.category,
    priority: ticket.priority,
    status: ticket.status,
    created_at: iso(ticket.createdAt),
    updated_at: iso(ticket.updatedAt),
  }
}

export function toRestTicketWithMessages(ticket: Ticket): RestTicketWithMessages {
  return {
    ...toRestTicket(ticket),
    messages: ticket.messages.map((m) => ({
      id: m.id,
      author_role: m.authorRole,
      message: m.body,
      created_at: iso(m.at),
    })),
  }
}

/**
 * Support tickets on the documents write path (so REST and admin writes reach the owner's
 * devices through pull and stream). The server owns the number and the status; the thread is
 * merged, never overwritten. Admin routes reuse `findById`, `addTicketMessage` and `setTicketStatus`.
 */
export class TicketService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly now: () => number = Date.now,
  ) {
    documents.setPushMerge('tickets', async (current, incoming, context) =>
      mergePushedTicket(current?.data as Ticket | undefined, incoming as Ticket, context),
    )
  }

  /** The owner's live tickets, newest first. */
  async listForOwner(ownerId: string): Promise<Ticket[]> {
    return (await this.documents.listByOwner('tickets', ownerId))
      .map((d) => d.data)
      .sort((a, b) => b.createdAt - a.createdAt)
  }

  /** The owner's ticket, or 404 (the same answer for another user's id and for none). */
  async getForOwner(ownerId: string, id: string): Promise<Ticket> {
    const found = await this.documents.getOwned('tickets', ownerId, id)
    if (!found || found.deleted) throw new HttpError(404, SUPPORT_MESSAGES.ticketNotFound, 'NOT_FOUND')
    return found.data
  }

  /** Any live ticket by id, for admins. */
  async findById(id: string): Promise<StoredDocument<Ticket> | undefined> {
    const found = (await this.documents.get('tickets', id)) as StoredDocument<Ticket> | undefined
    return found && !found.deleted ? found : undefined
  }

  async create(ownerId: string, input: CreateTicketBody): Promise<Ticket> {
    const at = this.now()
    // The number and the ticket commit together: a refused write hands no number out.
    const stored = await this.documents.write(async (unit) =>
      unit.put('tickets', ownerId, {
        id: randomUUID(),
        ownerId,
        updatedAt: at,
        ticketNumber: formatTicketNumber(await unit.nextNumber('ticket')),
        subject: input.subject,
        description: input.description,
        category: input.category,
        priority: input.priority,
        status: 'open',
        messages: [],
        createdAt: at,
      }),
    )
    return stored.data
  }

  /**
   * Appends a message to a ticket's thread. A user's message opens a ticket that was waiting
   * for them; an admin's leaves the status to `setTicketStatus`. Throws 404 for no such ticket,
   * 409 when the thread has no room left for the author's side (TICKET_THREAD_LIMITS).
   */
  async addTicketMessage(ticketId: string, author: TicketAuthor, body: string): Promise<Ticket> {
    const found = await this.findById(ticketId)
    if (!found || (author.role === 'user' && found.ownerId !== author.id))
      throw new HttpError(404, SUPPORT_MESSAGES.ticketNotFound, 'NOT_FOUND')
    const ticket = found.data
    const at = Math.max(this.now(), ticket.updatedAt + 1)
    const message: TicketMessage = { id: randomUUID(), authorId: author.id, authorRole: author.role, body, at }
    // The user's side stops short of the thread's limits, so support can still answer (ticket.ts).
    if (!threadHasRoom(ticket, message)) {
      const text = author.role === 'user' ? SUPPORT_MESSAGES.threadFull : ADMIN_MESSAGES.ticketFull
      throw new HttpError(409, text, 'LIMIT_REACHED')
    }
    const status = author.role === 'user' && ticket.status === 'waiting' ? 'open' : ticket.status
    return this.#write(found, { messages: sortMessages([...ticket.messages, message]), status, updatedAt: at })
  }

  /** Sets a ticket's status (admins). Throws 404 for no such ticket. */
  async setTicketStatus(ticketId: string, status: TicketStatus): Promise<Ticket> {
    const found = await this.findById(ticketId)
    if (!found) throw new HttpError(404, SUPPORT_MESSAGES.ticketNotFound, 'NOT_FOUND')
    if (found.data.status === status) return found.data
    return this.#write(found, { status, updatedAt: Math.max(this.now(), found.data.updatedAt + 1) })
  }

  async #write(found: StoredDocument<Ticket>, patch: Partial<Ticket>): Promise<Ticket> {
    return (await this.documents.write(async (unit) => unit.put('tickets', found.ownerId, { ...found.data, ...patch })))
      .data
  }
}
