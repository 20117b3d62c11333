import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { RecurringBody, RecurringItem, toRecurringItem } from '../modules/plan/rest-shapes'
import { RECURRING_NOT_FOUND } from '../modules/plan/service'
import { RestTransactionItem, toRestItem } from '../modules/transactions/rest-input'
import { IdParams, Success } from './shapes'

const One = z.object({ success: z.literal(true), payment: RecurringItem })
const Paid = z.object({ success: z.literal(true), payment: RecurringItem, transaction: RestTransactionItem })

/** /api/recurring-payments (spec part 1 §7) over the replicated `recurring_payments` rows. */
export const recurringPaymentsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { plan } = app

  app.get(
    '/',
    { schema: { response: { 200: z.object({ success: z.literal(true), payments: z.array(RecurringItem) }) } } },
    async (request) => ({
      success: true as const,
      payments: (await plan.recurringPayments(request.user.id)).map(toRecurringItem),
    }),
  )

  app.post('/', { schema: { body: RecurringBody, response: { 201: One } } }, async (request, reply) => {
    const payment = await plan.saveRecurring(request.user.id, request.body)
    reply.status(201)
    return { success: true as const, payment: toRecurringItem(payment) }
  })

  app.put('/:id', { schema: { params: IdParams, body: RecurringBody, response: { 200: One } } }, async (request) => {
    const payment = await plan.saveRecurring(request.user.id, request.body, request.params.id)
    return { success: true as const, payment: toRecurringItem(payment) }
  })

  app.delete('/:id', { schema: { params: IdParams, response: { 200: Success } } }, async (request) => {
    await plan.remove('recurring_payments', request.user.id, request.params.id, RECURRING_NOT_FOUND)
    return { success: true as const }
  })

  app.post('/:id/mark-paid', { schema: { params: IdParams, response: { 200: Paid } } }, async (request) => {
    const { payment, transaction } = await plan.markPaid(request.user.id, request.params.id)
    return {
      success: true as const,
      payment: toRecurringItem(payment),
      transaction: toRestItem(transaction, transaction.updatedAt),
    }
  })
  done()
}
