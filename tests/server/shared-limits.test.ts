import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppConfig } from '../../sync-server/config'
import { liveStreams } from '../../sync-server/db/tables'
import { createTestApp, register, TEST_DATABASE_URL, transactionDoc } from './helpers'
import type { Session, TestApp } from './helpers'
import { freshDatabase } from './pg-databases'
import { postWebhook, twilioParams, WEBHOOK_ENV } from './whatsapp-support'

/**
 * The request limits hold across instances: two apps on one database (a PostgreSQL database when
 * the suite runs on PostgreSQL, else one SQLite file) stand for two instances behind a load
 * balancer, and a client that alternates between them meets each limit at the same total as on one.
 */

type Body = { error: string; code: string }

let clock = Date.now()
const pairs: (() => Promise<void>)[] = []
const controllers: AbortController[] = []
afterEach(async () => {
  controllers.splice(0).forEach((c) => c.abort())
  await Promise.all(pairs.splice(0).map((close) => close()))
  clock = Date.now()
})

/** Two instances on one fresh database, on the suite's engine; they share the JWT secret. */
async function twoInstances(env: Record<string, string>, overrides: Partial<AppConfig> = {}) {
  const shared = { JWT_SECRET: 'shared-secret-of-both-instances-0123456789', ...env }
  const options = { jobs: false, monthlyReports: false, now: () => clock }
  const pg = TEST_DATABASE_URL ? await freshDatabase(TEST_DATABASE_URL) : null
  const dir = pg ? null : await mkdtemp(join(tmpdir(), 'paisa-shared-'))
  const where: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dir ?? '' }
  const a = await createTestApp({ ...shared, ...where }, overrides, options)
  const b = await createTestApp({ ...shared, ...where }, overrides, options)
  pairs.push(async () => {
    for (const app of [a, b]) app.app.server.closeAllConnections()
    await Promise.all([a.close(), b.close()])
    await pg?.drop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  return [a, b] as const
}

describe('sign-in and registration limits across instances', () => {
  it('a client alternating between two instances gets the 429 at the same total as on one', async () => {
    const [a, b] = await twoInstances({ AUTH_RATE_LIMIT_MAX: '4' })
    const login = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'nope' } })
    for (const t of [a, b, a, b]) expect((await login(t)).statusCode).toBe(401)
    for (const t of [a, b]) {
      const blocked = await login(t)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json<Body>()).toMatchObject({ error: expect.stringContaining('Too many') as string })
      expect(blocked.headers['retry-after']).toBe('60')
    }
    // Registration counts apart from login, as on one instance.
    const registered = await b.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'new@example.com', password: 'a-long-password-1' },
    })
    expect(registered.statusCode).toBe(201)
    // A new window after the old one ended.
    clock += 60_000
    expect((await login(a)).statusCode).toBe(401)
  })
})

describe('WhatsApp messages per sender across instances', () => {
  it('the sender’s messages count together whichever instance Twilio reaches', async () => {
    const [a, b] = await twoInstances({ ...WEBHOOK_ENV, WHATSAPP_RATE_LIMIT_MAX: '3' })
    const from = 'whatsapp:+919812345678'
    for (const t of [a, b, a])
      expect((await postWebhook(t.app, twilioParams(from, 'Spent 1 on tea'))).statusCode).toBe(200)
    const limited = await postWebhook(b.app, twilioParams(from, 'Spent 2 on tea'))
    expect(limited.statusCode).toBe(429)
    expect(limited.json<Body>()).toEqual({
      error: 'Too many messages from this number. Please wait a minute.',
      code: 'RATE_LIMITED',
    })
    // Another sender is not held up.
    expect((await postWebhook(a.app, twilioParams('whatsapp:+919812345679', 'hi'))).statusCode).toBe(200)
  })
})

describe('the push quota across instances', () => {
  it('documents pushed through either instance come out of one minute’s worth', async () => {
    const [a, b] = await twoInstances({ SYNC_PUSH_MAX_PER_MINUTE: '10' })
    const session = await register(a.app)
    const send = (t: TestApp, s: Session, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sync/transactions/push',
        headers: s.headers,
        payload: Array.from({ length: n }, () => ({ newDocumentState: transactionDoc(s.user.id) })),
      })
    expect((await send(a, session, 6)).statusCode).toBe(200)
    const over = await send(b, session, 6)
    expect([over.statusCode, over.headers['retry-after']]).toEqual([429, '12'])
    expect(over.json<Body>()).toEqual({
      error: 'Too many changes sent at once (at most 10 a minute). The rest follow in 12 s.',
      code: 'RATE_LIMITED',
    })
    // Documents are written through A only: on SQLite the replication sequence is one process's.
    expect((await send(a, session, 4)).statusCode).toBe(200)
    // B saw six taken; the database has ten and refuses the eleventh.
    expect((await send(b, session, 1)).statusCode).toBe(429)
    clock += 6_000
    expect((await send(a, session, 1)).statusCode).toBe(200)
    expect(await a.app.documents.listByOwner('transactions', session.user.id)).toHaveLength(11)
  })
})

describe('open sync streams across instances', () => {
  const lease = { streamLease: { heartbeatMs: 100, expiryMs: 1_000 } }

  async function listening(pair: readonly TestApp[]) {
    return Promise.all(pair.map((t) => t.app.listen({ port: 0, host: '127.0.0.1' })))
  }

  function openStream(base: string, token: string): Promise<Response> {
    const controller = new AbortController()
    controllers.push(controller)
    return fetch(`${base}/api/sync/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
  }

  /** True when the server ends the stream within `ms`. */
  async function endsWithin(res: Response, ms: number): Promise<boolean> {
    const reader = res.body!.getReader()
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))
    for (;;) {
      const read = await Promise.race([reader.read(), timeout])
      if (read === 'timeout') return false
      if (read.done) return true
    }
  }

  it('per address: the streams of both instances together meet the cap', async () => {
    const pair = await twoInstances({}, { ...lease, streamLimits: { perUser: 10, perAddress: 3 } })
    const [baseA, baseB] = await listening(pair)
    const sessions = [await register(pair[0].app), await register(pair[0].app), await register(pair[0].app)]
    expect((await openStream(baseA!, sessions[0]!.token)).status).toBe(200)
    expect((await openStream(baseB!, sessions[1]!.token)).status).toBe(200)
    expect((await openStream(baseB!, sessions[2]!.token)).status).toBe(200)
    const refused = await openStream(baseA!, sessions[2]!.token)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error: 'Too many open sync streams from this address (at most 3)',
      code: 'TOO_MANY_STREAMS',
    })
  })

  it('per user: a new stream on one instance ends the oldest on the other; an ended one frees its place', async () => {
    const pair = await twoInstances({}, { ...lease, streamLimits: { perUser: 2, perAddress: 3 } })
    const [baseA, baseB] = await listening(pair)
    const [a, b] = pair
    const s = await register(a.app)
    const oldest = await openStream(baseA!, s.token)
    clock += 1
    const second = await openStream(baseA!, s.token)
    clock += 1
    expect((await openStream(baseB!, s.token)).status).toBe(200)
    expect(await endsWithin(oldest, 3_000)).toBe(true)
    expect(await endsWithin(second, 300)).toBe(false)
    const listeners = () => a.app.streamBus.listenerCount(s.user.id) + b.app.streamBus.listenerCount(s.user.id)
    await expect.poll(listeners).toBe(2)
    // The address holds 2 of its 3 now: one more, then a stream that ends gives its place back at once.
    expect((await openStream(baseB!, (await register(a.app)).token)).status).toBe(200)
    const other = await register(a.app)
    expect((await openStream(baseA!, other.token)).status).toBe(429)
    controllers.at(1)!.abort()
    await expect.poll(async () => (await openStream(baseA!, other.token)).status).toBe(200)
  })

  // Instances on one SQLite file have no relay between them: there the heartbeat alone tells.
  it.skipIf(!TEST_DATABASE_URL)(
    'per user: the other instance ends the pushed-out stream at once, not at its heartbeat',
    async () => {
      const slow = { streamLease: { heartbeatMs: 60_000, expiryMs: 120_000 } }
      const pair = await twoInstances({}, { ...slow, streamLimits: { perUser: 1, perAddress: 3 } })
      const [baseA, baseB] = await listening(pair)
      const s = await register(pair[0].app)
      const older = await openStream(baseA!, s.token)
      clock += 1
      expect((await openStream(baseB!, s.token)).status).toBe(200)
      expect(await endsWithin(older, 1_000)).toBe(true)
    },
  )

  it('the streams of an instance that died (rows left behind) stop counting after the expiry', async () => {
    const pair = await twoInstances({}, { ...lease, streamLimits: { perUser: 10, perAddress: 2 } })
    const [baseA] = await listening(pair)
    const [a] = pair
    const s = await register(a.app)
    // What a crashed instance leaves: its rows, never renewed again.
    const dead = (n: number) => ({ id: `dead-${n}`, instance: 'dead', userId: s.user.id, address: '127.0.0.1' })
    await a.app.db.insert(liveStreams).values([1, 2].map((n) => ({ ...dead(n), openedAt: clock, seenAt: clock })))
    expect((await openStream(baseA!, s.token)).status).toBe(429)
    clock += 999
    expect((await openStream(baseA!, s.token)).status).toBe(429)
    clock += 1
    expect((await openStream(baseA!, s.token)).status).toBe(200)
    // The living instance's heartbeat deletes them.
    const deadRows = async () =>
      (await a.app.db.select().from(liveStreams).where(eq(liveStreams.instance, 'dead'))).length
    await expect.poll(deadRows).toBe(0)
  })
})
