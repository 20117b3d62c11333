import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, register, transactionDoc } from './helpers'
import type { Body, Session, TestApp } from './helpers'
import { sseReader } from './sse-reader'

let t: TestApp
let base: string
beforeEach(async () => {
  t = await createTestApp({}, { streamPingMs: 50 })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(async () => {
  // fetch (undici) may hold a spare socket that never sent a request; graceful close would
  // wait for its 4 s keep-alive. The server's own streams are ended by app.close() (tested below).
  t.app.server.closeAllConnections()
  await t.close()
})

describe('GET /api/sync/stream', () => {
  it('needs a bearer token', async () => {
    const res = await fetch(`${base}/api/sync/stream`)
    expect(res.status).toBe(401)
    expect(await (res.json() as Promise<unknown>)).toMatchObject({ error: expect.any(String) as string })
  })

  it('streams REST and push commits to the owner only, with pings, and app.close() ends it', async () => {
    const a = await register(t.app)
    const b = await register(t.app)
    const controller = new AbortController()
    const res = await fetch(`${base}/api/sync/stream`, { headers: a.headers, signal: controller.signal })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const events = sseReader(res.body!)
    expect(await events.next()).toEqual({ kind: 'retry', ms: 3000 })
    expect(await events.next()).toEqual({ kind: 'event', data: '"RESYNC"' })

    // Another user's write is not sent to this stream.
    await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: b.headers,
      payload: { amount: 1, category: 'Secret' },
    })

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: a.headers,
      payload: { amount: 42.5, category: 'Food' },
    })
    const restEvent = await events.nextChange()
    expect(restEvent.collection).toBe('transactions')
    expect(restEvent.documents).toEqual([
      expect.objectContaining({ id: created.json<Body>().id, amount: 4250, ownerId: a.user.id, _deleted: false }),
    ])
    expect(restEvent.checkpoint.seq).toBe(
      (await t.app.documents.getOwned('transactions', a.user.id, created.json<Body>().id))!.seq,
    )

    const doc = transactionDoc(a.user.id)
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: a.headers,
      payload: [{ newDocumentState: doc }],
    })
    const pushEvent = await events.nextChange()
    expect(pushEvent.documents).toEqual([{ ...doc, _deleted: false }])

    let pinged = false
    while (!pinged) {
      const item = await events.next()
      pinged = item.kind === 'comment' && item.text === 'ping'
    }
    expect(pinged).toBe(true)

    // Closing the server with the stream still open must not hang.
    expect(t.app.streamBus.listenerCount(a.user.id)).toBe(1)
    await t.app.close()
    expect(t.app.streamBus.listenerCount(a.user.id)).toBe(0)
    controller.abort()
  })

  it('sends a push to every stream of the user, the pushing device’s too', async () => {
    // The echo keeps RxDB's assumed server state current; without it devices could settle on an
    // older state after conflicts (tests/e2e/convergence.spec.ts found it).
    const a = await register(t.app)
    const controller = new AbortController()
    const open = () => fetch(`${base}/api/sync/stream`, { headers: a.headers, signal: controller.signal })
    const [pusher, other] = await Promise.all([open(), open()])
    const pusherEvents = sseReader(pusher.body!)
    const otherEvents = sseReader(other.body!)
    await Promise.all([pusherEvents.nextData(), otherEvents.nextData()]) // RESYNC

    const mine = transactionDoc(a.user.id)
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: a.headers,
      payload: [{ newDocumentState: mine }],
    })
    expect((await otherEvents.nextChange()).documents).toEqual([{ ...mine, _deleted: false }])
    expect((await pusherEvents.nextChange()).documents).toEqual([{ ...mine, _deleted: false }])
    controller.abort()
  })

  it('re-sends the current state of documents after a conflict (restamp), to every stream', async () => {
    const a = await register(t.app)
    const b = await register(t.app)
    const doc = transactionDoc(a.user.id)
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: a.headers,
      payload: [{ newDocumentState: doc }],
    })
    const before = (await t.app.documents.getOwned('transactions', a.user.id, doc.id))!
    const controller = new AbortController()
    const res = await fetch(`${base}/api/sync/stream`, { headers: a.headers, signal: controller.signal })
    const events = sseReader(res.body!)
    await events.nextData() // RESYNC

    const restamp = (s: Session, ids: string[]) =>
      t.app.inject({ method: 'POST', url: '/api/sync/transactions/restamp', headers: s.headers, payload: { ids } })
    // Another user's ids are ignored; unknown ones too; bad bodies are 400.
    expect((await restamp(b, [doc.id])).json()).toEqual({ restamped: 0 })
    expect((await restamp(a, ['no-such-id'])).json()).toEqual({ restamped: 0 })
    expect((await restamp(a, [])).statusCode).toBe(400)
    expect((await restamp(a, [doc.id])).json()).toEqual({ restamped: 1 })

    const event = await events.nextChange()
    expect(event.documents).toEqual([{ ...doc, _deleted: false }])
    const after = (await t.app.documents.getOwned('transactions', a.user.id, doc.id))!
    expect(after.seq).toBeGreaterThan(before.seq)
    expect(after.data).toEqual(before.data)
    expect(event.checkpoint.seq).toBe(after.seq)
    controller.abort()
  })

  it('unsubscribes when the client goes away', async () => {
    const a = await register(t.app)
    const controller = new AbortController()
    const res = await fetch(`${base}/api/sync/stream`, { headers: a.headers, signal: controller.signal })
    await sseReader(res.body!).nextData()
    expect(t.app.streamBus.listenerCount(a.user.id)).toBe(1)
    controller.abort()
    for (let i = 0; i < 50 && t.app.streamBus.listenerCount(a.user.id) > 0; i++)
      await new Promise((r) => setTimeout(r, 20))
    expect(t.app.streamBus.listenerCount(a.user.id)).toBe(0)
  })
})
