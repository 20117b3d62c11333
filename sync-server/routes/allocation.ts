import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fromPaise } from '../../schema/money/money'
import { AllocateBody, AllocationSummaryBody, BudgetItem, IncomeBody, toBudgetItem } from '../modules/plan/rest-shapes'

/** /api/allocation (spec part 1 §7): income in the profile document, allocations in the budgets. */
export const allocationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { plan } = app

  app.get('/summary', { schema: { response: { 200: AllocationSummaryBody } } }, async (request) => ({
    success: true as const,
    ...(await plan.allocationSummary(request.user.id)),
  }))

  app.post(
    '/income',
    {
      schema: {
        body: IncomeBody,
        response: { 200: z.object({ success: z.literal(true), monthly_income: z.number() }) },
      },
    },
    async (request) => ({
      success: true as const,
      monthly_income: fromPaise(await plan.setIncome(request.user.id, request.body.amount)),
    }),
  )

  app.post(
    '/allocate',
    { schema: { body: AllocateBody, response: { 200: z.object({ success: z.literal(true), budget: BudgetItem }) } } },
    async (request) => {
      const budget = await plan.allocate(request.user.id, request.body)
      return { success: true as const, budget: toBudgetItem(budget, await plan.spentOf(request.user.id, budget.id)) }
    },
  )
  done()
}
