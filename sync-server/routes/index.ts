import type { FastifyInstance, RouteOptions } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '../../schema/api/sync'
import { accountRoutes } from './account'
import { adminRoutes } from './admin'
import { allocationRoutes } from './allocation'
import { authRoutes, signInRoutes } from './auth'
import { brandRoutes } from './brand'
import { fxRoutes } from './fx'
import { budgetsRoutes } from './budgets'
import { householdRoutes } from './households'
import { loansRoutes } from './loans'
import { notificationRoutes } from './notifications'
import { receiptsRoutes } from './receipts'
import { recurringPaymentsRoutes } from './recurring-payments'
import { loginHelpRoutes, supportRoutes } from './support'
import { syncRoutes } from './sync'
import { transactionsRestRoutes } from './transactions-rest'
import { whatsappStatusRoutes, whatsappWebhookRoutes } from './whatsapp'

/**
 * Every route, in two trees: the public one (health, brand, sign-in, login help, the Twilio
 * webhook) and the signed-in one, whose single `authenticate` hook runs before any of its routes
 * (the admin subtree adds its role check). Routes reach services only as `app.<service>`
 * (services.ts), and every API route declares the error body for its 4xx answers.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', declareErrorBody)
  await app.register(publicRoutes)
  await app.register(signedInRoutes)
}

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, () => ({
    ok: true as const,
  }))
  await app.register(brandRoutes)
  await app.register(signInRoutes, { prefix: '/api/auth' })
  await app.register(loginHelpRoutes, { prefix: '/api/support' })
  await app.register(whatsappWebhookRoutes, { prefix: '/api/whatsapp' })
}

const signedInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate)
  await app.register(authRoutes, { prefix: '/api/auth' })
  await app.register(accountRoutes, { prefix: '/api/auth' })
  await app.register(syncRoutes, { prefix: '/api/sync' })
  await app.register(householdRoutes, { prefix: '/api/households' })
  await app.register(supportRoutes, { prefix: '/api/support' })
  await app.register(transactionsRestRoutes, { prefix: '/api/expenses', kind: 'expense' })
  await app.register(transactionsRestRoutes, { prefix: '/api/income', kind: 'income' })
  await app.register(budgetsRoutes, { prefix: '/api/budgets' })
  await app.register(allocationRoutes, { prefix: '/api/allocation' })
  await app.register(recurringPaymentsRoutes, { prefix: '/api/recurring-payments' })
  await app.register(loansRoutes, { prefix: '/api/loans' })
  await app.register(whatsappStatusRoutes, { prefix: '/api/whatsapp' })
  await app.register(adminRoutes, { prefix: '/api/admin' })
  await app.register(notificationRoutes, { prefix: '/api/notifications' })
  await app.register(receiptsRoutes, { prefix: '/api/receipts' })
  await app.register(fxRoutes, { prefix: '/api/fx' })
}

/** The API's one error body (plugins/errors.ts) as the schema of every 4xx answer of an /api route. */
function declareErrorBody(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return
  const schema = route.schema ?? {}
  const response = (schema.response ?? {}) as Record<string, unknown>
  route.schema = { ...schema, response: { ...response, '4xx': ErrorBody } }
}
