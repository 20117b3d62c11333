import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  ADMIN_MESSAGES,
  AdminTicket,
  AdminTicketDetail,
  AdminTicketsQuery,
  AdminUser,
  AdminUserDetail,
  AdminUsersQuery,
  Analytics,
  TicketReplyBody,
  TicketStatusBody,
} from '../../schema/api/admin'
import { Brand, BrandInput } from '../../schema/brand'
import { HttpError } from '../http-error'
import { setSuspended } from '../modules/admin/accounts'
import { computeAnalytics } from '../modules/admin/analytics'
import { adminTicketDetail, listAdminTickets } from '../modules/admin/tickets'
import { listUsers, userDetail } from '../modules/admin/users'

const IdParams = z.object({ id: z.string().min(1).max(64) })
const UserResult = z.object({ success: z.literal(true), user: AdminUser })

/** The one role check of the admin subtree: a signed-in non-admin gets 403 on every route. */
function requireAdmin(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  done(request.user.role === 'admin' ? undefined : new HttpError(403, ADMIN_MESSAGES.forbidden, 'FORBIDDEN'))
}

/** /api/admin (spec part 2 §7 and the back office's actions); thin: the logic is in modules/admin. */
export const adminRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { db, users, tickets, streamBus: bus, brand, now } = app
  app.addHook('onRequest', requireAdmin)

  app.get('/analytics', { schema: { response: { 200: Analytics } } }, () => computeAnalytics(db, now()))

  app.get('/users', { schema: { querystring: AdminUsersQuery, response: { 200: z.array(AdminUser) } } }, (request) =>
    listUsers(db, request.query.search),
  )

  app.get('/users/:id', { schema: { params: IdParams, response: { 200: AdminUserDetail } } }, async (request) => {
    const detail = await userDetail(db, request.params.id)
    if (!detail) throw new HttpError(404, ADMIN_MESSAGES.userNotFound, 'NOT_FOUND')
    return detail
  })

  app.post('/users/:id/suspend', { schema: { params: IdParams, response: { 200: UserResult } } }, async (request) => ({
    success: true as const,
    user: await setSuspended(users, bus, request.params.id, true),
  }))

  app.post(
    '/users/:id/reactivate',
    { schema: { params: IdParams, response: { 200: UserResult } } },
    async (request) => ({
      success: true as const,
      user: await setSuspended(users, bus, request.params.id, false),
    }),
  )

  app.get(
    '/tickets',
    { schema: { querystring: AdminTicketsQuery, response: { 200: z.array(AdminTicket) } } },
    (request) => listAdminTickets(db, request.query.status ?? 'all'),
  )

  app.get('/tickets/:id', { schema: { params: IdParams, response: { 200: AdminTicketDetail } } }, (request) =>
    adminTicketDetail(db, request.params.id),
  )

  app.post(
    '/tickets/:id/messages',
    { schema: { params: IdParams, body: TicketReplyBody, response: { 201: AdminTicketDetail } } },
    async (request, reply) => {
      // The same thread the user's side writes to (modules/support/tickets.ts).
      await tickets.addTicketMessage(request.params.id, { id: request.user.id, role: 'admin' }, request.body.message)
      return reply.status(201).send(await adminTicketDetail(db, request.params.id))
    },
  )

  app.put(
    '/tickets/:id/status',
    { schema: { params: IdParams, body: TicketStatusBody, response: { 200: AdminTicketDetail } } },
    async (request) => {
      await tickets.setTicketStatus(request.params.id, request.body.status)
      return adminTicketDetail(db, request.params.id)
    },
  )

  app.put('/brand', { schema: { body: BrandInput, response: { 200: Brand } } }, (request) =>
    brand.save(request.body, request.user.id),
  )

  app.delete('/brand', { schema: { response: { 200: Brand } } }, (request) => brand.reset(request.user.id))
  done()
}
