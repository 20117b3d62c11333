import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../sync-server/app'
import { loadConfig } from '../../sync-server/config'
import { createTestApp, register } from './helpers'
import type { Body, TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('API basics', () => {
  it('answers /api/health', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json<Body>()).toEqual({ ok: true })
  })

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('application/json')
      expect(res.json<Body>()).toEqual({ error: 'Not found', code: 'NOT_FOUND' })
    }
  })

  it('answers 401 without a token on every protected subtree', async () => {
    for (const url of ['/api/auth/me', '/api/expenses', '/api/income', '/api/sync/transactions/pull']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode).toBe(401)
      expect(res.json<Body>()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' })
    }
  })

  it('answers a malformed JSON body with 400, not 500', async () => {
    const s = await register(t.app)
    for (const url of ['/api/auth/login', '/api/expenses', '/api/sync/transactions/push']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...s.headers, 'content-type': 'application/json' },
        payload: '{"amount": 5,',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json<Body>()).toEqual({
        error: 'Request body is not valid JSON',
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      })
    }
  })

  it('gives zod problems as one 400 body with details', async () => {
    const s = await register(t.app)
    const res = await t.app.inject({ url: '/api/sync/transactions/pull?seq=-1&limit=abc', headers: s.headers })
    expect(res.statusCode).toBe(400)
    const body = res.json<Body>()
    expect(body.code).toBe('VALIDATION_ERROR')
    // zod's own messages are prefixed with the field they are about.
    expect(body.error).toMatch(/^seq: Too small/)
    expect(body.details).toEqual([expect.objectContaining({ path: 'seq' }), expect.objectContaining({ path: 'limit' })])

    // Our own messages stand alone.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 42 },
    })
    expect(login.json<Body>()).toMatchObject({ error: 'Password is required', code: 'VALIDATION_ERROR' })
  })

  it('sends security headers with a CSP the built PWA passes', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("manifest-src 'self'")
    expect(csp).toContain("img-src 'self' data: blob:")
    expect(csp).toContain("connect-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('rate limit on sign-in', () => {
  it('limits login and register per IP, and nothing else', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' })
    try {
      const login = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'x@example.com', password: 'whatever' },
        })
      for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401)
      const blocked = await login()
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json<Body>()).toMatchObject({
        error: expect.stringContaining('Too many') as string,
        code: 'RATE_LIMITED',
      })
      for (let i = 0; i < 5; i++) expect((await limited.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('static client', () => {
  it('serves the build with an SPA fallback and no caching of the shell', async () => {
    const dist = join(t.dir, 'dist')
    await mkdir(join(dist, 'assets'), { recursive: true })
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
    const app = await buildApp({
      ...loadConfig({
        DATA_DIR: join(t.dir, 'static-data'),
        STATIC_DIR: dist,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'a@x.io',
        ADMIN_PASSWORD: 'secret1',
      }),
    })
    try {
      const root = await app.inject({ url: '/' })
      expect(root.statusCode).toBe(200)
      expect(root.body).toContain('id="root"')
      expect(root.headers['cache-control']).toBe('no-cache')

      const deep = await app.inject({ url: '/settings/profile?tab=1' })
      expect(deep.statusCode).toBe(200)
      expect(deep.body).toContain('id="root"')
      expect(deep.headers['cache-control']).toBe('no-cache')

      expect((await app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache')
      expect((await app.inject({ url: '/assets/app-abc123.js' })).headers['cache-control']).toContain('immutable')
      expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404)

      const api = await app.inject({ url: '/api/unknown' })
      expect(api.statusCode).toBe(404)
      expect(api.json<Body>()).toEqual({ error: 'Not found', code: 'NOT_FOUND' })
    } finally {
      await app.close()
    }
  })
})
