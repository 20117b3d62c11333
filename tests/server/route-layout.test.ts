import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../schema/api/sync'
import { createTestApp } from './helpers'
import type { TestApp } from './helpers'

const routes: RouteOptions[] = []
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false, onRoute: (route) => void routes.push(route) })
})
afterAll(async () => {
  await t.close()
})

describe('the server is laid out as the README says', () => {
  it('every API route declares the error body as the schema of its 4xx answers', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/'))
    expect(api.length).toBeGreaterThan(80)
    const missing = api.filter(
      (r) => (r.schema?.response as Record<string, unknown> | undefined)?.['4xx'] !== ErrorBody,
    )
    expect(missing.map((r) => `${[r.method].flat().join(',')} ${r.url}`)).toEqual([])
  })

  it('an error answered through the declared schema keeps its body: message, code and details', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } })
    expect(res.statusCode).toBe(400)
    const body = res.json<{ error: string; code: string; details: unknown[] }>()
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.error).toEqual(expect.any(String))
    expect(body.details.length).toBeGreaterThan(0)
    const unauthorised = await t.app.inject({ method: 'GET', url: '/api/budgets' })
    expect(unauthorised.statusCode).toBe(401)
    expect(unauthorised.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' })
  })

  it('the auth hook is set once, for the whole signed-in route tree', async () => {
    const dir = join(__dirname, '../../sync-server/routes')
    const uses: string[] = []
    for (const file of await readdir(dir)) {
      const text = await readFile(join(dir, file), 'utf8')
      for (const line of text.split('\n')) if (line.includes('.authenticate')) uses.push(`${file}: ${line.trim()}`)
    }
    expect(uses).toEqual(["index.ts: app.addHook('onRequest', app.authenticate)"])
  })
})
