import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FxDayBody } from '../../schema/money/fx-source'

/**
 * `GET /api/fx/latest`: the latest day of the rate source (FX_RATES_URL) the server holds, for
 * devices to offer in their forms; 204 when there is no source or no good answer from it yet.
 */
export const fxRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/latest', { schema: { response: { 200: FxDayBody, 204: z.null() } } }, async (_request, reply) => {
    const day = await app.fxRates.latest()
    if (!day) return reply.code(204).send(null)
    return day
  })
  done()
}
