import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { FastifyReply } from 'fastify'
import { Brand } from '../../schema/brand'
import { brandedManifest } from '../modules/admin/brand'
import type { BrandRepository, WebManifest } from '../modules/admin/brand'

export interface BrandRoutesOptions {
  brand: BrandRepository
  staticDir: string
}

/** Used when there is no built client (tests, API-only runs). */
const FALLBACK_MANIFEST: WebManifest = { id: '/', start_url: '/home', scope: '/', display: 'standalone' }

/**
 * Public brand: `GET /api/brand` for every visitor, and the web manifest patched at request
 * time with the brand's name, so an installed app carries it (`/manifest.webmanifest` and
 * `/api/brand/manifest.webmanifest`, which the service worker never caches).
 */
export const brandRoutes: FastifyPluginCallbackZod<BrandRoutesOptions> = (app, { brand, staticDir }, done) => {
  app.get('/api/brand', { schema: { response: { 200: Brand } } }, (_request, reply) => {
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
      .send(JSON.stringify(brandedManifest(base, brand.get())))
  }
  app.get('/manifest.webmanifest', (_request, reply) => manifest(reply))
  app.get('/api/brand/manifest.webmanifest', (_request, reply) => manifest(reply))
  done()
}
