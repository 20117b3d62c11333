import { z } from 'zod'
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../entities/ticket'

/** Wire contract of /api/support (spec part 1 §3, §5, §7, §8). Field names are the spec's snake_case. */

export const SUPPORT_MESSAGES = {
  helpContactRequired: '❌ Please provide WhatsApp or Email',
  helpIssueRequired: '❌ Please describe your issue',
  helpFailed: '❌ Failed to submit request',
  helpNetwork: '❌ Error submitting request',
  helpSent: "✅ Request submitted! We'll contact you soon.",
  ticketRequired: 'Please fill in all required fields',
  ticketFailed: 'Failed to create ticket. Please try again.',
  ticketNotFound: 'Ticket not found',
  messageRequired: 'Please write a message',
  threadFull: 'This conversation has reached its limit. Please raise a new ticket to continue.',
} as const

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null)

export const LoginHelpBody = z
  .object({
    whatsapp: optionalText(40),
    email: optionalText(254).pipe(z.email('Email is invalid').nullable()),
    issue: z
      .string({ error: SUPPORT_MESSAGES.helpIssueRequired })
      .trim()
      .min(1, SUPPORT_MESSAGES.helpIssueRequired)
      .max(5000, 'Issue must be at most 5000 characters'),
  })
  .refine((b) => b.whatsapp !== null || b.email !== null, { message: SUPPORT_MESSAGES.helpContactRequired })
export type LoginHelpBody = z.infer<typeof LoginHelpBody>
export const LoginHelpResponse = z.object({ success: z.literal(true) })

// Each check has its own message: zod 4 would answer a too-long value with the schema's "required" one.
const required = (max: number, label: string) =>
  z
    .string({ error: SUPPORT_MESSAGES.ticketRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.ticketRequired)
    .max(max, `${label} must be at most ${max} characters`)

export const CreateTicketBody = z.object({
  category: z.enum(TICKET_CATEGORIES, { error: SUPPORT_MESSAGES.ticketRequired }),
  subject: required(200, 'Subject'),
  description: required(5000, 'Description'),
  priority: z.enum(TICKET_PRIORITIES, { error: 'Unknown priority' }).default('medium'),
})
export type CreateTicketBody = z.infer<typeof CreateTicketBody>

export const TicketMessageBody = z.object({
  message: z
    .string({ error: SUPPORT_MESSAGES.messageRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.messageRequired)
    .max(5000, 'Message must be at most 5000 characters'),
})

export const RestTicketMessage = z.object({
  id: z.string(),
  author_role: z.enum(['user', 'admin']),
  message: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
})

export const RestTicket = z.object({
  id: z.string(),
  ticket_number: z.string(),
  subject: z.string(),
  description: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
})
export type RestTicket = z.infer<typeof RestTicket>

export const RestTicketWithMessages = RestTicket.extend({ messages: z.array(RestTicketMessage) })
export type RestTicketWithMessages = z.infer<typeof RestTicketWithMessages>
