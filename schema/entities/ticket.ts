import { z } from 'zod'
import { documentBase, Id, Millis } from './common'

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
  messages: z.array(TicketMessage).max(500).default([]),
  createdAt: Millis,
})
export type Ticket = z.infer<typeof Ticket>
