import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { isApiPath } from './errors'

// The shell and the service worker (with the scripts it imports, public/sw-*.js) must be revalidated,
// or a deploy never reaches the client. They also match the .br/.gz copies the build writes next to
// each file (sent with `preCompressed`).
const NO_CACHE = /(^|[\\/])(index\.html|sw(-[\w-]+)?\.js|registerSW\.js|manifest\.webmanifest)(\.br|\.gz)?$/
const HASHED_ASSET = /[\\/]assets[\\/]/

/**
 * Serves the built client from `dir` with an SPA fallback: any GET outside /api that is not a
 * file gets index.html. Returns false (and registers nothing) when there is no build.
 */
export async function registerStaticApp(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false
  await app.register(fastifyStatic, {
    root: dir,
    // The build writes .br and .gz next to each text file; they go out as they are, never compressed per request.
    preCompressed: true,
    // send's own Cache-Control would overwrite ours; we set it for every file instead.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('Vary', 'Accept-Encoding')
      if (NO_CACHE.test(path)) res.setHeader('Cache-Control', 'no-cache')
      else if (HASHED_ASSET.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      else res.setHeader('Cache-Control', 'public, max-age=3600')
    },
  })
  return true
}

/** Unknown API routes get a JSON 404; page navigations get the app shell. */
export function registerNotFound(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !/\.[a-z0-9]+$/i.test(path)
    if (spa && isPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false })
    return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' })
  })
}
