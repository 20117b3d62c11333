import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { FastifyReply } from 'fastify'
import { Brand } from '../../schema/brand'
import { brandedManifest } from '../modules/admin/brand'
import type { WebManifest } from '../modules/admin/brand'

/** Used when there is no built client (tests, API-only runs). */
const FALLBACK_MANIFEST: WebManifest = { id: '/', start_url: '/home', scope: '/', display: 'standalone' }

/**
 * Public brand: `GET /api/brand` (and `/brand.json`, which the page reads) for every visitor, and
 * the web manifest patched at request time with the brand's name, so an installed app carries it
 * (`/manifest.webmanifest`; the page links it with `?v=` so the precached copy is bypassed).
 */
export const brandRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { brand } = app
  const { staticDir } = app.config
  const current = { schema: { response: { 200: Brand } } }
  app.get('/api/brand', current, (_request, reply) => {
    void reply.header('Cache-Control', 'no-cache')
    return brand.get()
  })
  // The page reads it here, beside the manifest: public site configuration, not an API call
  // (the demo promises no /api traffic).
  app.get('/brand.json', current, (_request, reply) => {
    void reply.header('Cache-Control', 'no-cache')
    return brand.get()
  })

  const manifest = async (reply: FastifyReply) => {
    let base = FALLBACK_MANIFEST
    try {
      base = JSON.parse(await readFile(join(staticDir, 'manifest.webmanifest'), 'utf8')) as WebManifest
    } catch {
      // No build: the fallback keeps the manifest valid.
    }
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(JSON.stringify(brandedManifest(base, await brand.get())))
  }
  app.get('/manifest.webmanifest', (_request, reply) => manifest(reply))
  done()
}
