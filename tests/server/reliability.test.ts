import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StreamEvent } from '../../schema/api/sync'
import { STREAM_LIMITS } from '../../sync-server/config'
import type { DocumentUnit } from '../../sync-server/db/documents'
import { createTestApp, register, TEST_DATABASE_URL } from './helpers'
import type { Session, TestApp } from './helpers'
import { postWebhook, proveNumber, replyText, twilioParams, WEBHOOK_ENV } from './whatsapp-support'

/**
 * Revoked tokens end their event streams, open streams are capped, and
 * writes that belong together commit as one unit, announced on the stream only after the commit.
 */

let t: TestApp
let base: string
beforeEach(async () => {
  t = await createTestApp(WEBHOOK_ENV, { streamPingMs: 50 }, { monthlyReports: false })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(async () => {
  vi.restoreAllMocks()
  t.app.server.closeAllConnections()
  await t.close()
})

const controllers: AbortController[] = []
afterEach(() => controllers.splice(0).forEach((c) => c.abort()))

async function openStream(token: string): Promise<Response> {
  const controller = new AbortController()
  controllers.push(controller)
  return fetch(`${base}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
}

/** True when the server ends the stream within `ms` (pings keep arriving while it is open). */
async function endsWithin(res: Response, ms: number): Promise<boolean> {
  const reader = res.body!.getReader()
  const deadline = Date.now() + ms
  for (;;) {
    const left = deadline - Date.now()
    if (left <= 0) return false
    const read = await Promise.race([
      reader.read(),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
    ])
    if (read === 'timeout') return false
    if (read.done) return true
  }
}

describe('revoked tokens end their event streams (item 2)', () => {
  it('logout-all ends the streams opened with the old token; a stream opened with the new one stays', async () => {
    const a = await register(t.app)
    const other = await register(t.app)
    const [first, second, others] = await Promise.all([
      openStream(a.token),
      openStream(a.token),
      openStream(other.token),
    ])
    expect(first.status).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: a.headers })
    const fresh = await openStream(out.json<{ token: string }>().token)
    expect(fresh.status).toBe(200)
    const [firstEnded, secondEnded] = await Promise.all([endsWithin(first, 3000), endsWithin(second, 3000)])
    expect([firstEnded, secondEnded]).toEqual([true, true])
    // The new token's stream and another user's stream keep going.
    expect(await endsWithin(fresh, 300)).toBe(false)
    expect(await endsWithin(others, 300)).toBe(false)
    expect(t.app.streamBus.listenerCount(a.user.id)).toBe(1)
  })

  it('a password change ends the streams opened with the old token', async () => {
    const a = await register(t.app)
    const stream = await openStream(a.token)
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: a.headers,
      payload: { currentPassword: 'secret123', newPassword: 'another1' },
    })
    expect(changed.statusCode).toBe(200)
    expect(await endsWithin(stream, 3000)).toBe(true)
    expect((await openStream(a.token)).status).toBe(401)
  })
})

describe('open streams are capped (item 2)', () => {
  const cap = STREAM_LIMITS.perUser
  it(`per user: at most ${cap}; the next one ends the oldest (a phone that lost its network)`, async () => {
    const a = await register(t.app)
    const open: Response[] = []
    for (let i = 0; i < STREAM_LIMITS.perUser; i++) open.push(await openStream(a.token))
    expect(open.map((r) => r.status)).toEqual(open.map(() => 200))
    const newest = await openStream(a.token)
    expect(newest.status).toBe(200)
    expect(await endsWithin(open[0]!, 3000)).toBe(true)
    await expect.poll(() => t.app.streamBus.listenerCount(a.user.id)).toBe(STREAM_LIMITS.perUser)
    // The others stay open, and another user is not affected.
    expect(await endsWithin(open[1]!, 300)).toBe(false)
    expect((await openStream((await register(t.app)).token)).status).toBe(200)
  })

  it(`per address: one more than ${STREAM_LIMITS.perAddress} from one address is refused with 429`, async () => {
    const users = STREAM_LIMITS.perAddress / STREAM_LIMITS.perUser
    const sessions: Session[] = []
    for (let i = 0; i < users; i++) sessions.push(await register(t.app))
    const opened = await Promise.all(
      sessions.flatMap((s) => Array.from({ length: STREAM_LIMITS.perUser }, () => openStream(s.token))),
    )
    expect(opened.every((r) => r.status === 200)).toBe(true)
    const refused = await openStream((await register(t.app)).token)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error: expect.stringContaining('from this address') as string,
      code: 'TOO_MANY_STREAMS',
    })
  })
})

/** The better-sqlite3 connection under drizzle (drizzle() puts it on `$client`). */
const sqliteOf = (app: TestApp) => (app.app.db as unknown as { $client: { inTransaction: boolean } }).$client

/** Every event published to `userId` from now on, with whether a transaction was open then. */
function listen(userId: string) {
  const events: { event: StreamEvent; inTransaction: boolean }[] = []
  const stop = t.app.streamBus.subscribe(
    userId,
    (event) =>
      event !== 'RESYNC' &&
      events.push({ event, inTransaction: TEST_DATABASE_URL ? t.app.units.inUnit : sqliteOf(t).inTransaction }),
  )
  return { events, stop }
}

/** Makes a unit's `put` throw once for `collection` (a crash between two writes). */
function failNextWrite(collection: string) {
  const documents = t.app.documents
  const real = documents.write.bind(documents)
  let failed = false
  const failing = (unit: DocumentUnit): DocumentUnit => ({
    ...unit,
    put: (name, ownerId, doc, deleted) => {
      if (name === collection && !failed) {
        failed = true
        throw new Error(`simulated crash before the ${collection} write`)
      }
      return unit.put(name, ownerId, doc, deleted)
    },
  })
  return vi
    .spyOn(documents, 'write')
    .mockImplementation(<T>(fn: (unit: DocumentUnit) => Promise<T>): Promise<T> => real((unit) => fn(failing(unit))))
}

describe('writes that belong together are one unit of work (item 7)', () => {
  it('mark-paid: a failure before the schedule update leaves no expense and announces nothing', async () => {
    const a = await register(t.app)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/recurring-payments',
      headers: a.headers,
      payload: { name: 'Rent', amount: 15000, category: 'Rent', frequency: 'monthly', due_date: '2025-03-05' },
    })
    const paymentId = created.json<{ payment: { id: string } }>().payment.id
    const before = (await t.app.documents.getOwned('recurring_payments', a.user.id, paymentId))!
    const seq = t.app.documents.lastSeq
    const { events, stop } = listen(a.user.id)
    failNextWrite('recurring_payments')

    const url = `/api/recurring-payments/${paymentId}/mark-paid`
    const failed = await t.app.inject({ method: 'POST', url, headers: a.headers })
    expect(failed.statusCode).toBe(500)
    expect(await t.app.documents.listByOwner('transactions', a.user.id)).toEqual([])
    expect(await t.app.documents.getOwned('recurring_payments', a.user.id, paymentId)).toEqual(before)
    expect(events).toEqual([])
    expect(t.app.documents.lastSeq).toBe(seq)

    // Next time both land, and are announced once committed.
    const paid = await t.app.inject({ method: 'POST', url, headers: a.headers })
    expect(paid.statusCode).toBe(200)
    stop()
    expect(await t.app.documents.listByOwner('transactions', a.user.id)).toHaveLength(1)
    expect(events.map((e) => [e.event.collection, e.inTransaction])).toEqual([
      ['transactions', false],
      ['recurring_payments', false],
    ])
  })

  it('currency: a failure before the profile write leaves the account row unchanged too', async () => {
    const a = await register(t.app)
    await t.app.documents.write(async (unit) =>
      unit.put('profile', a.user.id, { id: a.user.id, ownerId: a.user.id, updatedAt: 1 }),
    )
    const { events, stop } = listen(a.user.id)
    failNextWrite('profile')
    const put = () =>
      t.app.inject({ method: 'PUT', url: '/api/auth/currency', headers: a.headers, payload: { currency_code: 'USD' } })

    expect((await put()).statusCode).toBe(500)
    expect((await t.app.users.findById(a.user.id))!.currency).toBe('INR')
    expect((await t.app.documents.getOwned('profile', a.user.id, a.user.id))!.data.currency).toBe('INR')
    expect(events).toEqual([])

    expect((await put()).statusCode).toBe(200)
    stop()
    expect((await t.app.users.findById(a.user.id))!.currency).toBe('USD')
    expect((await t.app.documents.getOwned('profile', a.user.id, a.user.id))!.data.currency).toBe('USD')
    expect(events.map((e) => [e.event.collection, e.inTransaction])).toEqual([['profile', false]])
  })

  it('WhatsApp: a crash before the message record rolls the entry back; the retry books it once', async () => {
    const a = await register(t.app, { phone_number: '9876512345' })
    const from = 'whatsapp:+919876512345'
    expect(await proveNumber(t.app, a.headers, from)).toContain('Linked')
    const { events, stop } = listen(a.user.id)
    const record = vi
      .spyOn(t.app.whatsapp, 'insertMessage')
      .mockImplementationOnce(() => Promise.reject(new Error('simulated crash before the message record')))
    const params = twilioParams(from, 'Spent 500 on food')

    expect((await postWebhook(t.app, params)).statusCode).toBe(500)
    expect(await t.app.documents.listByOwner('transactions', a.user.id)).toEqual([])
    expect(events).toEqual([])

    // Twilio retries the same MessageSid, twice even: one entry, the same reply.
    const retry = await postWebhook(t.app, params)
    const again = await postWebhook(t.app, params)
    stop()
    expect(replyText(retry.body)).toContain('Expense Added')
    expect(again.body).toBe(retry.body)
    expect(record).toHaveBeenCalledTimes(2)
    expect(await t.app.documents.listByOwner('transactions', a.user.id)).toHaveLength(1)
    expect(events.map((e) => [e.event.collection, e.inTransaction])).toEqual([['transactions', false]])
  })
})
