import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Transaction } from '../../schema/entities/transaction'
import { invertTime } from '../../schema/entities/common'
import { createTestApp, register, transactionDoc } from './helpers'
import type { Body, Session, TestApp } from './helpers'

/**
 * A new device's head (`order=newest`): the newest transactions by date first, with a checkpoint
 * that moves nothing, followed by the ordinary seq-ordered pull.
 */

type Wire = Transaction & { _deleted: boolean }
type Page = { documents: Wire[]; checkpoint: { seq: number }; remaining: number }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function push(s: Session, docs: Wire[], assumed?: Wire) {
  const rows = docs.map((doc) => ({ newDocumentState: doc, ...(assumed ? { assumedMasterState: assumed } : {}) }))
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/transactions/push',
    headers: s.headers,
    payload: rows,
  })
  expect(res.statusCode).toBe(200)
  expect(res.json<unknown[]>()).toEqual([])
}

async function pull(s: Session, query: string, collection = 'transactions') {
  return t.app.inject({ url: `/api/sync/${collection}/pull?${query}`, headers: s.headers })
}

async function page(s: Session, query: string): Promise<Page> {
  const res = await pull(s, query)
  expect(res.statusCode).toBe(200)
  return res.json<Page>()
}

/** What a device holds after pulling in seq order from `seq`, applied over `held` (one state per id). */
async function pullAll(s: Session, held: Map<string, Wire>, limit: number): Promise<Map<string, Wire>> {
  let seq = 0
  for (;;) {
    const next = await page(s, `seq=${seq}&limit=${limit}`)
    for (const doc of next.documents) held.set(doc.id, doc)
    if (next.documents.length < limit) return held
    seq = next.checkpoint.seq
  }
}

const day = 86_400_000
const base = Date.UTC(2026, 0, 1)

function wire(s: Session, dayOffset: number, overrides: Partial<Wire> = {}): Wire {
  const date = base + dayOffset * day
  return { ...transactionDoc(s.user.id, { date, dateDesc: invertTime(date) }), _deleted: false, ...overrides }
}

describe('the newest-first head of a new device', () => {
  it('answers the newest live transactions by date, newest first, with the checkpoint it was given', async () => {
    const s = await register(t.app)
    // Pushed newest first, so seq order and date order disagree.
    const docs = [wire(s, 9), wire(s, 3), wire(s, 7), wire(s, 1), wire(s, 8, { _deleted: true }), wire(s, 5)]
    await push(s, docs)
    const head = await page(s, 'seq=0&limit=3&order=newest')
    expect(head.documents.map((d) => d.date)).toEqual([9, 7, 5].map((n) => base + n * day))
    expect(head.documents.every((d) => d._deleted === false)).toBe(true)
    expect(head.checkpoint).toEqual({ seq: 0 })
    expect(head.remaining).toBe(docs.length)
    // Documents come back exactly as pushed.
    expect(head.documents[0]).toEqual(docs[0])
  })

  it('only counts documents after the checkpoint given (a resumed download)', async () => {
    const s = await register(t.app)
    await push(s, [wire(s, 9), wire(s, 8)])
    const { checkpoint } = await page(s, 'seq=0&limit=500')
    await push(s, [wire(s, 1)])
    const head = await page(s, `seq=${checkpoint.seq}&limit=10&order=newest`)
    expect(head.documents.map((d) => d.date)).toEqual([base + day])
    expect(head.checkpoint).toEqual(checkpoint)
  })

  it('refuses collections other than transactions and a bad order with 400', async () => {
    const s = await register(t.app)
    for (const name of ['budgets', 'profile', 'households']) {
      const res = await pull(s, 'order=newest', name)
      expect(res.statusCode).toBe(400)
      expect(res.json<Body>()).toEqual({
        error: 'Only transactions can be pulled newest first',
        code: 'VALIDATION_ERROR',
      })
    }
    const bad = await pull(s, 'order=oldest')
    expect(bad.statusCode).toBe(400)
  })

  const op = fc.record({
    who: fc.constantFrom(0, 1),
    kind: fc.constantFrom('add', 'add', 'edit', 'delete'),
    dayOffset: fc.integer({ min: -60, max: 60 }),
    pick: fc.nat(),
    amount: fc.integer({ min: 1, max: 10_000_000 }),
  })

  it('with the pull after it, delivers every document as the plain pull does, none of another user', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 30 }),
        fc.array(op, { maxLength: 15 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 7 }),
        async (before, during, headSize, limit) => {
          const users = [await register(t.app), await register(t.app)]
          const docs: Wire[][] = [[], []]
          const apply = async (ops: typeof before) => {
            for (const { who, kind, dayOffset, pick, amount } of ops) {
              const s = users[who]!
              const mine = docs[who]!
              const old = mine.length > 0 && kind !== 'add' ? mine[pick % mine.length]! : null
              const next = old
                ? { ...old, amount, updatedAt: old.updatedAt + 1, _deleted: kind === 'delete' }
                : wire(s, dayOffset, { amount })
              if (old) mine.splice(mine.indexOf(old), 1)
              mine.push(next)
              await push(s, [next], old ?? undefined)
            }
          }
          await apply(before)
          const liveDates = docs[0]!.filter((d) => !d._deleted).map((d) => d.date)
          const s = users[0]!
          const head = await page(s, `seq=0&limit=${headSize}&order=newest`)
          // Another device writes between the head and the download that follows it.
          await apply(during)
          const device = await pullAll(s, new Map(head.documents.map((d) => [d.id, d])), limit)
          const plain = await pullAll(s, new Map(), limit)
          expect(device).toEqual(plain)
          expect(new Map(docs[0]!.map((d) => [d.id, d]))).toEqual(plain)
          // The head is the newest live documents the owner had when it was asked for.
          const foreign = new Set(docs[1]!.map((d) => d.id))
          expect(head.documents.filter((d) => foreign.has(d.id) || d.ownerId !== s.user.id)).toEqual([])
          const newest = liveDates.sort((a, b) => b - a).slice(0, headSize)
          expect(head.documents.map((d) => d.date)).toEqual(newest)
        },
      ),
      { numRuns: 25 },
    )
  })
})
