import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreateTicketBody,
  LoginHelpBody,
  LoginHelpResponse,
  RestTicket,
  RestTicketWithMessages,
  TicketMessageBody,
} from '../../schema/api/support'
import type { AppDatabase } from '../db/database'
import { insertLoginHelpRequest } from '../db/login-help'
import { toRestTicket, toRestTicketWithMessages } from '../modules/support/tickets'
import type { TicketService } from '../modules/support/tickets'

export interface SupportRoutesOptions {
  db: AppDatabase
  tickets: TicketService
  rateLimit: { max: number; timeWindowMs: number }
}

const TicketParams = z.object({ id: z.string().min(1).max(64) })

/** /api/support (spec part 1 §7): login help without a token, tickets for the signed-in user. */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { db, tickets, rateLimit }) => {
  app.post(
    '/login-help',
    {
      config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } },
      schema: { body: LoginHelpBody, response: { 201: LoginHelpResponse } },
    },
    async (request, reply) => {
      insertLoginHelpRequest(db, request.body)
      return reply.status(201).send({ success: true as const })
    },
  )

  await app.register((scope, _opts, done) => {
    scope.addHook('onRequest', app.authenticate)
    const signedIn = scope.withTypeProvider<ZodTypeProvider>()

    signedIn.get('/tickets', { schema: { response: { 200: z.array(RestTicket) } } }, (request) =>
      tickets.listForOwner(request.user.id).map(toRestTicket),
    )

    signedIn.post(
      '/tickets',
      {
        schema: {
          body: CreateTicketBody,
          response: { 201: z.object({ success: z.literal(true), ticket_id: z.string(), ticket: RestTicket }) },
        },
      },
      async (request, reply) => {
        const ticket = tickets.create(request.user.id, request.body)
        return reply.status(201).send({ success: true as const, ticket_id: ticket.id, ticket: toRestTicket(ticket) })
      },
    )

    signedIn.get(
      '/tickets/:id',
      { schema: { params: TicketParams, response: { 200: RestTicketWithMessages } } },
      (request) => toRestTicketWithMessages(tickets.getForOwner(request.user.id, request.params.id)),
    )

    signedIn.post(
      '/tickets/:id/messages',
      { schema: { params: TicketParams, body: TicketMessageBody, response: { 201: RestTicketWithMessages } } },
      async (request, reply) => {
        const ticket = tickets.addTicketMessage(
          request.params.id,
          { id: request.user.id, role: 'user' },
          request.body.message,
        )
        return reply.status(201).send(toRestTicketWithMessages(ticket))
      },
    )
    done()
  })
}
