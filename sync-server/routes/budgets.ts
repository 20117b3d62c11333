import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BudgetBody, BudgetItem, toBudgetItem } from '../modules/plan/rest-shapes'
import { BUDGET_NOT_FOUND } from '../modules/plan/service'
import { IdParams, Success } from './shapes'

const One = z.object({ success: z.literal(true), budget: BudgetItem })

/** /api/budgets (spec part 1 §7) over the replicated `budgets` rows; the rules are in modules/plan. */
export const budgetsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { plan } = app

  app.get(
    '/',
    { schema: { response: { 200: z.object({ success: z.literal(true), budgets: z.array(BudgetItem) }) } } },
    async (request) => ({
      success: true as const,
      budgets: (await plan.budgetsWithSpent(request.user.id)).map(({ budget, spent }) => toBudgetItem(budget, spent)),
    }),
  )

  app.post('/', { schema: { body: BudgetBody, response: { 201: One } } }, async (request, reply) => {
    const budget = await plan.saveBudget(request.user.id, request.body)
    reply.status(201)
    return { success: true as const, budget: toBudgetItem(budget, await plan.spentOf(request.user.id, budget.id)) }
  })

  app.put('/:id', { schema: { params: IdParams, body: BudgetBody, response: { 200: One } } }, async (request) => {
    const budget = await plan.saveBudget(request.user.id, request.body, request.params.id)
    return { success: true as const, budget: toBudgetItem(budget, await plan.spentOf(request.user.id, budget.id)) }
  })

  app.delete('/:id', { schema: { params: IdParams, response: { 200: Success } } }, async (request) => {
    await plan.remove('budgets', request.user.id, request.params.id, BUDGET_NOT_FOUND)
    return { success: true as const }
  })
  done()
}
