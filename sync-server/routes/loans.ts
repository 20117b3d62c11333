import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toDayString } from '../../schema/time'
import {
  LoanBody,
  loanBodyToInput,
  LoanItem,
  PaymentBody,
  paymentBodyToInput,
  PaymentItem,
  toLoanItem,
  toPaymentItem,
} from '../modules/loans/rest-shapes'
import type { LoansService } from '../modules/loans/service'
import { IdParams, Success } from './shapes'

const One = z.object({ success: z.literal(true), loan: LoanItem })

/** /api/loans (spec part 2 §7, plus list and update) over the replicated `loans` and `loan_payments` rows. */
export const loansRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { loans, now } = app
  const today = () => toDayString(now())

  app.get(
    '/',
    { schema: { response: { 200: z.object({ success: z.literal(true), loans: z.array(LoanItem) }) } } },
    async (request) => ({
      success: true as const,
      loans: (await loans.active(request.user.id)).map(({ loan, payments }) => toLoanItem(loan, payments, today())),
    }),
  )

  app.post('/', { schema: { body: LoanBody, response: { 201: One } } }, async (request, reply) => {
    const { body } = request
    const loan = await loans.save(request.user.id, {
      input: loanBodyToInput(body),
      currentBalance: body.current_balance,
      currency: body,
    })
    reply.status(201)
    return { success: true as const, loan: toLoanItem(loan, [], today()) }
  })

  app.get(
    '/:id',
    {
      schema: {
        params: IdParams,
        response: { 200: z.object({ success: z.literal(true), loan: LoanItem, payments: z.array(PaymentItem) }) },
      },
    },
    async (request) => {
      const loan = await loans.find(request.user.id, request.params.id)
      const payments = await loans.payments(request.user.id, loan.id)
      return {
        success: true as const,
        loan: toLoanItem(loan, payments, today()),
        payments: payments.map(toPaymentItem),
      }
    },
  )

  app.put('/:id', { schema: { params: IdParams, body: LoanBody, response: { 200: One } } }, async (request) => {
    const ownerId = request.user.id
    const existing = await loans.find(ownerId, request.params.id)
    const { body } = request
    const saved = { input: loanBodyToInput(body), currentBalance: body.current_balance, currency: body }
    const loan = await loans.save(ownerId, saved, existing)
    return { success: true as const, loan: toLoanItem(loan, await loans.payments(ownerId, loan.id), today()) }
  })

  app.post(
    '/:id/payments',
    {
      schema: {
        params: IdParams,
        body: PaymentBody,
        response: { 201: z.object({ success: z.literal(true), payment: PaymentItem, loan: LoanItem }) },
      },
    },
    async (request, reply) => {
      const ownerId = request.user.id
      const loan = await loans.find(ownerId, request.params.id)
      const payment = await loans.pay(ownerId, loan, paymentBodyToInput(request.body))
      reply.status(201)
      return {
        success: true as const,
        payment: toPaymentItem(payment),
        loan: toLoanItem(loan, await loans.payments(ownerId, loan.id), today()),
      }
    },
  )

  app.delete('/:id', { schema: { params: IdParams, response: { 200: Success } } }, async (request) => {
    await loans.remove(request.user.id, await loans.find(request.user.id, request.params.id))
    return { success: true as const }
  })

  paymentRoutes(app, loans, today)
  done()
}

const PaymentParams = z.object({ id: z.string().max(200), paymentId: z.string().max(200) })
const Paid = z.object({ success: z.literal(true), payment: PaymentItem, loan: LoanItem })

/** PUT and DELETE /:id/payments/:paymentId: a payment is corrected or taken back; the loan's figures follow. */
function paymentRoutes(app: Parameters<FastifyPluginCallbackZod>[0], loans: LoansService, today: () => string) {
  app.put(
    '/:id/payments/:paymentId',
    { schema: { params: PaymentParams, body: PaymentBody, response: { 200: Paid } } },
    async (request) => {
      const ownerId = request.user.id
      const loan = await loans.find(ownerId, request.params.id)
      const existing = await loans.findPayment(ownerId, loan, request.params.paymentId)
      const payment = await loans.editPayment(ownerId, loan, existing, paymentBodyToInput(request.body))
      return {
        success: true as const,
        payment: toPaymentItem(payment),
        loan: toLoanItem(loan, await loans.payments(ownerId, loan.id), today()),
      }
    },
  )

  app.delete(
    '/:id/payments/:paymentId',
    { schema: { params: PaymentParams, response: { 200: z.object({ success: z.literal(true), loan: LoanItem }) } } },
    async (request) => {
      const ownerId = request.user.id
      const loan = await loans.find(ownerId, request.params.id)
      await loans.removePayment(ownerId, await loans.findPayment(ownerId, loan, request.params.paymentId))
      return { success: true as const, loan: toLoanItem(loan, await loans.payments(ownerId, loan.id), today()) }
    },
  )
}
