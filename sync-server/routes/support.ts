import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreateTicketBody,
  LoginHelpBody,
  LoginHelpResponse,
  RestTicket,
  RestTicketWithMessages,
  TicketMessageBody,
} from '../../schema/api/support'
import { insertLoginHelpRequest } from '../db/login-help'
import { toRestTicket, toRestTicketWithMessages } from '../modules/support/tickets'

const TicketParams = z.object({ id: z.string().min(1).max(64) })

/** POST /api/support/login-help (spec part 1 §7): no token needed, rate limited. */
export const loginHelpRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const rateLimit = app.config.authRateLimit
  app.post(
    '/login-help',
    {
      config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } },
      schema: { body: LoginHelpBody, response: { 201: LoginHelpResponse } },
    },
    async (request, reply) => {
      await insertLoginHelpRequest(app.db, request.body)
      return reply.status(201).send({ success: true as const })
    },
  )
  done()
}

/** /api/support/tickets (spec part 1 §7): the signed-in user's tickets. */
export const supportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { tickets } = app

  app.get('/tickets', { schema: { response: { 200: z.array(RestTicket) } } }, async (request) =>
    (await tickets.listForOwner(request.user.id)).map(toRestTicket),
  )

  app.post(
    '/tickets',
    {
      schema: {
        body: CreateTicketBody,
        response: { 201: z.object({ success: z.literal(true), ticket_id: z.string(), ticket: RestTicket }) },
      },
    },
    async (request, reply) => {
      const ticket = await tickets.create(request.user.id, request.body)
      return reply.status(201).send({ success: true as const, ticket_id: ticket.id, ticket: toRestTicket(ticket) })
    },
  )

  app.get(
    '/tickets/:id',
    { schema: { params: TicketParams, response: { 200: RestTicketWithMessages } } },
    async (request) => toRestTicketWithMessages(await tickets.getForOwner(request.user.id, request.params.id)),
  )

  app.post(
    '/tickets/:id/messages',
    { schema: { params: TicketParams, body: TicketMessageBody, response: { 201: RestTicketWithMessages } } },
    async (request, reply) => {
      const ticket = await tickets.addTicketMessage(
        request.params.id,
        { id: request.user.id, role: 'user' },
        request.body.message,
      )
      return reply.status(201).send(toRestTicketWithMessages(ticket))
    },
  )
  done()
}
