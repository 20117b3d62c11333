import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, register, PG_SERVER_URL, transactionDoc } from './helpers'
import type { Session, TestApp } from './helpers'
import { freshDatabase } from './pg-databases'

/**
 * The checkpoint never skips a write on PostgreSQL (README "Sync", PostgreSQL): two instances on
 * one database write concurrently, in transactions that stay open for a while, in short ones and
 * by pushes (which run side by side and draw their seqs last), while a third pulls incrementally
 * from its checkpoint. Whatever the interleaving, the union of
 * what the puller received is the final table. Needs TEST_DATABASE_URL; skipped without it.
 */
const SECRET = 'checkpoint-test-secret-of-at-least-32-characters'
const ROUNDS = 6
const WRITES_PER_WRITER = 24

describe.skipIf(!PG_SERVER_URL)('the pull checkpoint with two instances on one PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> }
  let apps: TestApp[] = []

  beforeAll(async () => {
    database = await freshDatabase(PG_SERVER_URL!)
    // One after another: the first creates the admin, the others find it.
    for (let i = 0; i < 3; i++)
      apps.push(await createTestApp({ DATABASE_URL: database.url, JWT_SECRET: SECRET }, {}, { jobs: false }))
  })

  afterAll(async () => {
    for (const t of apps) await t.close()
    apps = []
    await database?.drop()
  })

  /** One document written in a transaction that stays open `holdMs` after taking its seq. */
  async function writeOne(t: TestApp, owner: Session, holdMs: number): Promise<void> {
    await t.app.documents.write(async (unit) => {
      await unit.put('transactions', owner.user.id, transactionDoc(owner.user.id))
      if (holdMs > 0) await sleep(holdMs)
    })
  }

  /** One document pushed as a device does. */
  async function pushOne(t: TestApp, owner: Session): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: owner.headers,
      payload: [{ newDocumentState: transactionDoc(owner.user.id) }],
    })
    expect(res.json()).toEqual([])
  }

  /** A writer: long (held 5–40 ms) and short transactions and pushes mixed, a few at a time. */
  async function writer(t: TestApp, owner: Session, seed: number): Promise<void> {
    const pending: Promise<void>[] = []
    for (let i = 0; i < WRITES_PER_WRITER; i++) {
      const kind = (i + seed) % 3
      if (kind === 2) pending.push(pushOne(t, owner))
      else pending.push(writeOne(t, owner, kind === 0 ? 5 + ((i * 7 + seed) % 36) : 0))
      if (pending.length >= 4) await Promise.all(pending.splice(0))
    }
    await Promise.all(pending)
  }

  /** Pulls from `seq` on until nothing is left; returns the new checkpoint. */
  async function pullAll(t: TestApp, owner: Session, seq: number, seen: Map<string, number>): Promise<number> {
    for (;;) {
      const res = await t.app.inject({
        url: `/api/sync/transactions/pull?seq=${seq}&limit=7`,
        headers: owner.headers,
      })
      expect(res.statusCode).toBe(200)
      const body = res.json<{ documents: { id: string }[]; checkpoint: { seq: number }; remaining: number }>()
      for (const doc of body.documents) seen.set(doc.id, body.checkpoint.seq)
      seq = body.checkpoint.seq
      if (body.documents.length === 0) return seq
    }
  }

  it('hands the puller every committed document, whatever order the transactions commit in', async () => {
    const [a, b, puller] = apps as [TestApp, TestApp, TestApp]
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await register(a.app)
      const seen = new Map<string, number>()
      let seq = 0
      let writing = true
      const writers = Promise.all([writer(a, owner, round), writer(b, owner, round + 1)]).finally(
        () => (writing = false),
      )
      // Incremental pulls all the while the writers run, as a syncing device does.
      while (writing) {
        seq = await pullAll(puller, owner, seq, seen)
        await sleep(1)
      }
      await writers
      seq = await pullAll(puller, owner, seq, seen)
      const table = await puller.app.documents.listByOwner('transactions', owner.user.id)
      expect(table).toHaveLength(2 * WRITES_PER_WRITER)
      const missed = table.filter((doc) => !seen.has(doc.id)).map((doc) => doc.seq)
      expect(missed, `round ${round}: seqs the checkpoint passed before they committed`).toEqual([])
      expect([...seen.keys()].sort()).toEqual(table.map((doc) => doc.id).sort())
    }
  }, 120_000)

  it('gives every instance one sequence: the seqs are distinct and the counter is never lowered', async () => {
    const [a, b] = apps as [TestApp, TestApp, TestApp]
    const owner = await register(a.app)
    await Promise.all([writer(a, owner, 0), writer(b, owner, 1)])
    const seqs = (await a.app.documents.listByOwner('transactions', owner.user.id)).map((doc) => doc.seq)
    expect(new Set(seqs).size).toBe(seqs.length)
    // A transaction that rolls back gives nothing back: the next value is still past every committed one.
    await expect(
      b.app.documents.write(async (unit) => {
        await unit.put('transactions', owner.user.id, transactionDoc(owner.user.id))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await writeOne(a, owner, 0)
    const after = await a.app.documents.listByOwner('transactions', owner.user.id)
    expect(Math.max(...after.map((doc) => doc.seq))).toBeGreaterThan(Math.max(...seqs))
  })
})
