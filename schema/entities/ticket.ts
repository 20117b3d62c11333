import { z } from 'zod'
import { documentBase, Id, MAX_DOCUMENT_BYTES, Millis, utf8Length } from './common'

export const TICKET_CATEGORIES = [
  'bug',
  'question',
  'feature',
  'billing',
  'whatsapp',
  'account',
  'data',
  'other',
] as const
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export const TICKET_STATUSES = ['open', 'waiting', 'resolved', 'closed'] as const

/** The most messages a thread holds. */
export const TICKET_MAX_MESSAGES = 500

export const TicketMessage = z.object({
  id: Id,
  authorId: Id,
  authorRole: z.enum(['user', 'admin']),
  body: z.string().min(1).max(5000),
  at: Millis,
})

/** A support ticket with its conversation embedded; `ticketNumber` is assigned by the server. */
export const Ticket = z.object({
  ...documentBase,
  ticketNumber: z.string().max(32).default(''),
  subject: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  status: z.enum(TICKET_STATUSES).default('open'),
  messages: z.array(TicketMessage).max(TICKET_MAX_MESSAGES).default([]),
  createdAt: Millis,
})
export type Ticket = z.infer<typeof Ticket>
export type TicketMessage = z.infer<typeof TicketMessage>

/**
 * How far a thread may grow by each side's messages. The user's side stops short of the
 * document's limits (fewer messages, fewer bytes), so support can always answer a thread the
 * user can no longer add to: a ticket never becomes one that nobody can reply to.
 */
export const TICKET_THREAD_LIMITS = {
  user: { messages: 450, bytes: MAX_DOCUMENT_BYTES - 64 * 1024 },
  admin: { messages: TICKET_MAX_MESSAGES, bytes: MAX_DOCUMENT_BYTES },
} as const

/** The ticket's size as stored: its JSON in UTF-8 bytes, RxDB's own `_` fields left out. */
export function ticketBytes(ticket: Ticket): number {
  return utf8Length(JSON.stringify(ticket, (key, value: unknown) => (key.startsWith('_') ? undefined : value)))
}

/** True when the thread still has room for `message` from its author's side. */
export function threadHasRoom(ticket: Ticket, message: TicketMessage): boolean {
  const limits = TICKET_THREAD_LIMITS[message.authorRole]
  const next = { ...ticket, messages: [...ticket.messages, message] }
  return next.messages.length <= limits.messages && ticketBytes(next) <= limits.bytes
}

/** True when `role` can add no message at all (a short one from the given author no longer fits). */
export function threadFull(ticket: Ticket, role: 'user' | 'admin', authorId: string): boolean {
  const probe = { id: authorId, authorId, authorRole: role, body: 'x', at: ticket.updatedAt }
  return !threadHasRoom(ticket, probe)
}
