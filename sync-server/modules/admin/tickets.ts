import { ADMIN_MESSAGES } from '../../../schema/api/admin'
import type { AdminTicket, AdminTicketDetail } from '../../../schema/api/admin'
import { Ticket } from '../../../schema/entities/ticket'
import { findLoginHelpRequest, listLoginHelpRequests } from '../../db/login-help'
import { findSupportTicket, listSupportTickets } from '../../db/admin'
import type { AdminTicketRow } from '../../db/admin'
import type { AppDatabase } from '../../db/database'
import type { LoginHelpRequestRow } from '../../db/tables'
import { HttpError } from '../../http-error'
import type { TicketStatus } from '../support/tickets'

export type TicketFilter = TicketStatus | 'all'

/**
 * One queue the admin ticket list reads. Support tickets (the `tickets` collection) are one;
 * another queue (e.g. login-help requests) joins by adding a source to `ADMIN_TICKET_SOURCES`.
 */
export type AdminTicketSource = (db: AppDatabase, filter: TicketFilter) => Promise<AdminTicket[]>

const iso = (ms: number) => new Date(ms).toISOString()

function toView(row: AdminTicketRow): { view: AdminTicket; ticket: Ticket } {
  const ticket = Ticket.parse(JSON.parse(row.data))
  return {
    ticket,
    view: {
      id: ticket.id,
      ticket_number: ticket.ticketNumber,
      subject: ticket.subject,
      description: ticket.description,
      status: ticket.status,
      priority: ticket.priority,
      category: ticket.category,
      user_id: row.userId,
      user_name: row.userName,
      user_email: row.userEmail ?? '',
      created_at: iso(ticket.createdAt),
      updated_at: iso(row.updatedAt),
      message_count: ticket.messages.length,
    },
  }
}

/** Live support tickets of every user, newest first, optionally of one status. */
export const supportTicketSource: AdminTicketSource = async (db, filter) =>
  (await listSupportTickets(db, filter === 'all' ? undefined : filter)).map((row) => toView(row).view)

/** Prefix of the ids of login-help requests in the admin ticket list. */
export const LOGIN_HELP_PREFIX = 'login-help-'

/**
 * 'Get Help' requests from the login screen (spec part 1 §2): someone who cannot sign in, so no
 * account; shown as open account tickets, newest first, with the contact they left.
 */
export const loginHelpSource: AdminTicketSource = async (db, filter) =>
  filter === 'all' || filter === 'open' ? (await listLoginHelpRequests(db)).map(loginHelpView) : []

function loginHelpView(row: LoginHelpRequestRow): AdminTicket {
  const contact = [row.email, row.whatsapp && `WhatsApp ${row.whatsapp}`].filter(Boolean).join(' · ')
  return {
    id: `${LOGIN_HELP_PREFIX}${row.id}`,
    ticket_number: `HELP-${row.id.slice(0, 6).toUpperCase()}`,
    subject: 'Login help request',
    description: row.issue,
    status: 'open',
    priority: 'high',
    category: 'account',
    user_id: '',
    user_name: null,
    user_email: contact,
    created_at: iso(row.createdAt),
    updated_at: iso(row.createdAt),
    message_count: 0,
  }
}

export const ADMIN_TICKET_SOURCES: readonly AdminTicketSource[] = [supportTicketSource, loginHelpSource]

/** Every source's tickets of `filter`, newest first. */
export async function listAdminTickets(
  db: AppDatabase,
  filter: TicketFilter = 'all',
  sources: readonly AdminTicketSource[] = ADMIN_TICKET_SOURCES,
): Promise<AdminTicket[]> {
  const lists = await Promise.all(sources.map((source) => source(db, filter)))
  return lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at))
}

async function loadTicket(
  db: AppDatabase,
  id: string,
): Promise<{ view: AdminTicket; ticket: Ticket; ownerId: string }> {
  const row = await findSupportTicket(db, id)
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.ticketNotFound, 'NOT_FOUND')
  return { ...toView(row), ownerId: row.userId }
}

function toDetail(view: AdminTicket, ticket: Ticket): AdminTicketDetail {
  return {
    ...view,
    messages: ticket.messages.map((m) => ({ id: m.id, author_role: m.authorRole, body: m.body, at: iso(m.at) })),
  }
}

/** The ticket with its whole thread, as its owner sees it (a login-help request has no thread). */
export async function adminTicketDetail(db: AppDatabase, id: string): Promise<AdminTicketDetail> {
  if (id.startsWith(LOGIN_HELP_PREFIX)) {
    const row = await findLoginHelpRequest(db, id.slice(LOGIN_HELP_PREFIX.length))
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.ticketNotFound, 'NOT_FOUND')
    return { ...loginHelpView(row), messages: [] }
  }
  const { view, ticket } = await loadTicket(db, id)
  return toDetail(view, ticket)
}
