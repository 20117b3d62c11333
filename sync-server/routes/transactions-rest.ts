import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { nextVersion } from '../../schema/entities/common'
import { HttpError } from '../http-error'
import {
  buildTransaction,
  RestTransactionBody,
  RestTransactionItem,
  toRestItem,
} from '../modules/transactions/rest-input'
import type { TransactionKind } from '../modules/transactions/rest-input'
import { IdParams, Success } from './shapes'

export interface TransactionsRestOptions {
  kind: TransactionKind
}

/**
 * /api/expenses or /api/income (spec part 1 §7) over the replicated `transactions` rows, so a
 * REST write reaches the devices through the next pull or the stream.
 */
export const transactionsRestRoutes: FastifyPluginCallbackZod<TransactionsRestOptions> = (app, { kind }, done) => {
  const { documents } = app
  const notFound = kind === 'expense' ? 'Expense not found' : 'Income not found'

  // Someone else's id and an unknown id answer the same.
  const findOwn = async (ownerId: string, id: string) => {
    const found = await documents.getOwned('transactions', ownerId, id)
    if (!found || found.deleted || found.data.type !== kind) throw new HttpError(404, notFound, 'NOT_FOUND')
    return found
  }

  // The currency a new entry that names none is in: the profile's, else the account's.
  const homeOf = async (userId: string) => {
    const profile = await documents.getOwned('profile', userId, userId)
    if (profile && !profile.deleted) return profile.data.currency
    return (await app.users.findById(userId))?.currency
  }

  app.get('/', { schema: { response: { 200: z.array(RestTransactionItem) } } }, async (request) =>
    (await documents.listByOwner('transactions', request.user.id))
      .filter((d) => d.data.type === kind)
      .sort((a, b) => b.data.date - a.data.date)
      .map((d) => toRestItem(d.data, d.data.updatedAt)),
  )

  app.post(
    '/',
    { schema: { body: RestTransactionBody, response: { 201: RestTransactionItem } } },
    async (request, reply) => {
      const home = await homeOf(request.user.id)
      const built = buildTransaction(kind, request.body, request.user.id, undefined, Date.now(), home)
      if (!built.ok) throw new HttpError(400, built.error, 'VALIDATION_ERROR')
      const stored = await documents.write(async (unit) => unit.put('transactions', request.user.id, built.doc))
      reply.status(201)
      return toRestItem(stored.data, stored.updatedAt)
    },
  )

  app.put(
    '/:id',
    { schema: { params: IdParams, body: RestTransactionBody, response: { 200: RestTransactionItem } } },
    async (request) => {
      const existing = await findOwn(request.user.id, request.params.id)
      const home = await homeOf(request.user.id)
      const built = buildTransaction(kind, request.body, request.user.id, existing.data, Date.now(), home)
      if (!built.ok) throw new HttpError(400, built.error, 'VALIDATION_ERROR')
      const stored = await documents.write(async (unit) => unit.put('transactions', request.user.id, built.doc))
      return toRestItem(stored.data, stored.updatedAt)
    },
  )

  app.delete('/:id', { schema: { params: IdParams, response: { 200: Success } } }, async (request) => {
    const existing = await findOwn(request.user.id, request.params.id)
    const updatedAt = nextVersion(Date.now(), existing.data.updatedAt)
    await documents.write(async (unit) =>
      unit.put('transactions', request.user.id, { ...existing.data, updatedAt }, true),
    )
    return { success: true as const }
  })
  done()
}
