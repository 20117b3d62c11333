import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { ServerProcess } from '../e2e/support/server'
import { transactionDoc } from './helpers'
import { freshDatabase } from './pg-databases'
import { sseReader } from './sse-reader'

/**
 * Three real server processes on one PostgreSQL database, as the README's "several instances"
 * runs them: a device pushes through one, another device of the same user streams from the
 * other, logging out everywhere ends the stream on the other instance too, and an instance
 * killed with SIGKILL mid-push loses no write it acknowledged. Needs TEST_DATABASE_URL.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL
const servers: ServerProcess[] = []
const drops: (() => Promise<void>)[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.dispose()))
  for (const drop of drops) await drop()
})

/** The shared configuration every instance needs (README): one database, one JWT secret. */
async function instances(count: number): Promise<ServerProcess[]> {
  const database = await freshDatabase(SERVER_URL ?? '')
  drops.push(database.drop)
  const env = { DATABASE_URL: database.url, JWT_SECRET: randomUUID() + randomUUID() }
  for (let i = 0; i < count; i += 1) servers.push(await ServerProcess.create(env))
  return servers
}

async function openStream(server: ServerProcess, token: string) {
  const controller = new AbortController()
  const res = await fetch(`${server.url}/api/sync/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  expect(res.status).toBe(200)
  if (!res.body) throw new Error('no stream body')
  const reader = sseReader(res.body)
  expect(await reader.nextData()).toBe('"RESYNC"')
  return { reader, close: () => controller.abort() }
}

describe.skipIf(!SERVER_URL)('several instances on one PostgreSQL database', () => {
  it('stream a write made through one from another, end streams everywhere, lose no acknowledged write', async () => {
    const [a, b, c] = await instances(3)
    const reg = await a!.api<{ token: string; user: { id: string } }>('POST', '/auth/register', undefined, {
      email: 'instances@example.com',
      password: 'secret123',
    })
    const { token, user } = reg.body

    // Device 2 streams from B; device 1 pushes through A.
    const stream = await openStream(b!, token)
    const doc = transactionDoc(user.id, { description: 'pushed through A' })
    const started = Date.now()
    const pushed = await a!.api('POST', '/sync/transactions/push', token, [
      { newDocumentState: { ...doc, _deleted: false } },
    ])
    expect(pushed.body).toEqual([])
    const change = await Promise.race([
      stream.reader.nextChange(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('B heard nothing of A’s write')), 5_000)),
    ])
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(change.documents).toMatchObject([{ id: doc.id, description: 'pushed through A' }])

    // A third instance is killed mid-push: every push it acknowledged is there.
    const acknowledged: string[] = []
    let sending = true
    const sender = (async () => {
      while (sending) {
        const batch = Array.from({ length: 50 }, () => transactionDoc(user.id, { description: 'through C' }))
        const rows = batch.map((d) => ({ newDocumentState: { ...d, _deleted: false } }))
        const ok = await c!.api('POST', '/sync/transactions/push', token, rows).then(
          (res) => res.status === 200,
          () => false,
        )
        if (ok) acknowledged.push(...batch.map((d) => d.id))
      }
    })()
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(100)
    await c!.kill()
    sending = false
    await sender
    const pulled = await a!.api<{ documents: { id: string }[] }>(
      'GET',
      '/sync/transactions/pull?seq=0&limit=5000',
      token,
    )
    const ids = new Set(pulled.body.documents.map((d) => d.id))
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([])

    // Logging out everywhere through A ends the stream open on B.
    const logout = await a!.api('POST', '/auth/logout-all', token)
    expect(logout.status).toBe(200)
    await expect(
      (async () => {
        for (;;) await stream.reader.next()
      })(),
    ).rejects.toThrow('stream ended')
    stream.close()
  }, 240_000)
})
