import { z } from 'zod'
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../entities/ticket'

/** Wire contract of /api/admin (spec part 2 §3, §7). Field names are the spec's snake_case; money in rupees. */

export const ADMIN_MESSAGES = {
  forbidden: 'Access denied. Admin credentials required.',
  userNotFound: 'User not found',
  ticketNotFound: 'Ticket not found',
  accountSuspended: 'Your account is suspended. Contact support to restore access.',
  cannotSuspendAdmin: 'Admin accounts cannot be suspended',
  messageRequired: 'Please write a reply',
  ticketFull: 'This conversation has reached its limit; no more replies can be added.',
} as const

export const AdminUser = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  phone_number: z.string().nullable(),
  /** From the profile's job title (our accounts have no employment type of their own). */
  employment_type: z.string().nullable(),
  job_title: z.string().nullable(),
  /** 'Outside India' for non-residents, else 'India' (from the profile's is_non_resident). */
  country_of_residence: z.string(),
  nationality: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.string().nullable(),
  marital_status: z.string().nullable(),
  is_non_resident: z.boolean(),
  role: z.enum(['admin', 'user']),
  suspended: z.boolean(),
  created_at: z.string(),
})
export type AdminUser = z.infer<typeof AdminUser>

export const AdminUserStats = z.object({
  expense_count: z.number().int(),
  /** Rupees. */
  expense_total: z.number(),
  ticket_count: z.number().int(),
})
export type AdminUserStats = z.infer<typeof AdminUserStats>

export const AdminUserDetail = z.object({ user: AdminUser, stats: AdminUserStats })
export type AdminUserDetail = z.infer<typeof AdminUserDetail>

export const AdminUsersQuery = z.object({ search: z.string().trim().max(100).optional() })

export const TicketMessageView = z.object({
  id: z.string(),
  author_role: z.enum(['user', 'admin']),
  body: z.string(),
  /** ISO 8601. */
  at: z.string(),
})

/** Spec part 2 §3 'Ticket (admin view)'; `source` tells tickets from other queues (login help). */
export const AdminTicket = z.object({
  id: z.string(),
  ticket_number: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES),
  user_id: z.string(),
  user_name: z.string().nullable(),
  user_email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
})
export type AdminTicket = z.infer<typeof AdminTicket>

export const AdminTicketDetail = AdminTicket.extend({ messages: z.array(TicketMessageView) })
export type AdminTicketDetail = z.infer<typeof AdminTicketDetail>

export const AdminTicketsQuery = z.object({ status: z.enum(['all', ...TICKET_STATUSES]).optional() })

export const TicketReplyBody = z.object({
  message: z
    .string({ error: ADMIN_MESSAGES.messageRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.messageRequired)
    .max(5000, 'A reply must be at most 5000 characters'),
})

export const TicketStatusBody = z.object({
  status: z.enum(TICKET_STATUSES, { error: `Status must be one of ${TICKET_STATUSES.join(', ')}` }),
})

export const Analytics = z.object({
  /** Accounts with the user role (admins are not counted). */
  totalUsers: z.number().int(),
  /** Accounts with the admin role, which the user figures leave out (the user list shows both). */
  totalAdmins: z.number().int(),
  /** Of those, created since local midnight (REPORT_TIME_ZONE). */
  newUsers: z.number().int(),
  /** Tickets waiting on someone: status open or waiting. */
  openTickets: z.number().int(),
  /** Tickets resolved or closed. */
  resolvedTickets: z.number().int(),
  totalExpenses: z.number().int(),
  /** Rupees. */
  totalExpenseAmount: z.number(),
  employmentBreakdown: z.array(z.object({ type: z.string(), count: z.number().int() })),
  countryBreakdown: z.array(z.object({ country: z.string(), count: z.number().int() })),
})
export type Analytics = z.infer<typeof Analytics>

/** Label for users whose profile leaves a breakdown field empty. */
export const NOT_SPECIFIED = 'Not specified'

/** Spec part 2 §9. */
export const TICKET_PREVIEW_CHARS = 150

export const SuccessBody = z.object({ success: z.literal(true) })
