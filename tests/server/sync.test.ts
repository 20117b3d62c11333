import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Transaction } from '../../schema/entities/transaction'
import { createTestApp, register, transactionDoc } from './helpers'
import type { Body, Session, TestApp } from './helpers'

type Wire = Transaction & { _deleted: boolean }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function push(s: Session, rows: unknown[], collection = 'transactions') {
  return t.app.inject({ method: 'POST', url: `/api/sync/${collection}/push`, headers: s.headers, payload: rows })
}
async function pull(s: Session, seq: number, limit = 500, collection = 'transactions') {
  const res = await t.app.inject({ url: `/api/sync/${collection}/pull?seq=${seq}&limit=${limit}`, headers: s.headers })
  expect(res.statusCode).toBe(200)
  return res.json<{ documents: Wire[]; checkpoint: { seq: number }; remaining: number }>()
}

/** `n` new transactions of the user's, pushed 400 at a time, each push taken whole. */
async function pushTransactions(s: Session, n: number) {
  const docs = Array.from({ length: n }, () => transactionDoc(s.user.id))
  for (let i = 0; i < docs.length; i += 400) {
    const res = await push(
      s,
      docs.slice(i, i + 400).map((d) => ({ newDocumentState: d })),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json<Body>()).toEqual([])
  }
  return docs
}

describe('pull', () => {
  it('pages through 1,200 documents in full pages with no gaps or duplicates', async () => {
    const s = await register(t.app)
    const docs = await pushTransactions(s, 1200)

    const pages: number[] = []
    const remaining: number[] = []
    const seen: string[] = []
    const seqs: number[] = []
    let checkpoint = 0
    for (;;) {
      const page = await pull(s, checkpoint, 500)
      if (page.documents.length === 0) {
        expect(page.checkpoint.seq).toBe(checkpoint)
        break
      }
      pages.push(page.documents.length)
      remaining.push(page.remaining)
      for (const d of page.documents) {
        seen.push(d.id)
        seqs.push((await t.app.documents.getOwned('transactions', s.user.id, d.id))!.seq)
      }
      expect(page.checkpoint.seq).toBeGreaterThan(checkpoint)
      checkpoint = page.checkpoint.seq
    }
    expect(pages).toEqual([500, 500, 200])
    expect(remaining).toEqual([700, 200, 0])
    expect(new Set(seen).size).toBe(1200)
    expect(new Set(seen)).toEqual(new Set(docs.map((d) => d.id)))
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    // Documents come back exactly as pushed (schema fields) plus _deleted.
    const first = (await pull(s, 0, 1)).documents[0]
    expect(first).toEqual({ ...docs[0], _deleted: false })
  })

  it('a pull continuing a full page takes the count that page gave instead of counting again', async () => {
    const s = await register(t.app)
    await pushTransactions(s, 1200)
    const page = async (query: string) => {
      const res = await t.app.inject({ url: `/api/sync/transactions/pull?${query}`, headers: s.headers })
      return {
        status: res.statusCode,
        body: res.json<{ documents: Wire[]; checkpoint: { seq: number }; remaining: number }>(),
      }
    }
    // Paged as a device does, passing each answer's count on: the same counts as counting each time.
    const counts: number[] = []
    const seen = new Set<string>()
    let query = 'seq=0&limit=500'
    for (;;) {
      const { body } = await page(query)
      counts.push(body.remaining)
      for (const d of body.documents) seen.add(d.id)
      if (body.documents.length < 500) break
      query = `seq=${body.checkpoint.seq}&limit=500&remaining=${body.remaining}`
    }
    expect(counts).toEqual([700, 200, 0])
    expect(seen.size).toBe(1200)
    // The count passed on is what the answer starts from (nothing counted), never below 0; a short
    // page has nothing after it.
    const first = (await page('seq=0&limit=500')).body
    expect((await page(`seq=${first.checkpoint.seq}&limit=500&remaining=5000`)).body.remaining).toBe(4500)
    expect((await page(`seq=${first.checkpoint.seq}&limit=500&remaining=3`)).body.remaining).toBe(0)
    expect((await page(`seq=${first.checkpoint.seq}&limit=5000&remaining=5000`)).body.remaining).toBe(0)
    for (const bad of ['-1', '1.5', 'x']) {
      const res = await page(`seq=0&limit=500&remaining=${bad}`)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' })
    }
  })

  it('starts from 0 without seq and refuses a bad limit', async () => {
    const s = await register(t.app)
    await push(s, [{ newDocumentState: transactionDoc(s.user.id) }])
    const res = await t.app.inject({ url: '/api/sync/transactions/pull', headers: s.headers })
    expect(res.json<Body>().documents).toHaveLength(1)
    const bad = await t.app.inject({ url: '/api/sync/transactions/pull?limit=0', headers: s.headers })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<Body>().code).toBe('VALIDATION_ERROR')
  })

  it('answers 404 JSON for collections that are not replicated or do not exist', async () => {
    const s = await register(t.app)
    for (const name of ['business_entries', 'nope']) {
      const res = await t.app.inject({ url: `/api/sync/${name}/pull`, headers: s.headers })
      expect(res.statusCode).toBe(404)
      expect(res.json<Body>()).toEqual({ error: 'Unknown collection', code: 'NOT_FOUND' })
    }
  })
})

describe('push', () => {
  it('returns the current document when assumedMasterState is stale, and writes nothing', async () => {
    const s = await register(t.app)
    const v1 = transactionDoc(s.user.id, { amount: 100 })
    expect((await push(s, [{ newDocumentState: v1 }])).json<Body>()).toEqual([])
    const v2 = { ...v1, amount: 200, updatedAt: v1.updatedAt + 1 }
    expect(
      (await push(s, [{ assumedMasterState: { ...v1, _deleted: false }, newDocumentState: v2 }])).json<Body>(),
    ).toEqual([])
    const seqAfterV2 = t.app.documents.lastSeq

    // Another device still thinks v1 is current.
    const v3 = { ...v1, amount: 300, updatedAt: v1.updatedAt + 2 }
    const conflict = await push(s, [{ assumedMasterState: { ...v1, _deleted: false }, newDocumentState: v3 }])
    expect(conflict.json<Body>()).toEqual([{ ...v2, _deleted: false }])
    // No assumed state for an existing row is a conflict too.
    expect((await push(s, [{ newDocumentState: v3 }])).json<Body>()).toEqual([{ ...v2, _deleted: false }])
    expect(t.app.documents.lastSeq).toBe(seqAfterV2)
    expect((await t.app.documents.getOwned('transactions', s.user.id, v1.id))?.data.amount).toBe(200)
  })

  it('treats an identical re-push as success without a new seq, even with RxDB internals', async () => {
    const s = await register(t.app)
    const doc = transactionDoc(s.user.id)
    expect((await push(s, [{ newDocumentState: doc }])).json<Body>()).toEqual([])
    const seq = (await t.app.documents.getOwned('transactions', s.user.id, doc.id))!.seq
    const last = t.app.documents.lastSeq
    const again = await push(s, [
      { newDocumentState: { ...doc, _deleted: false, _rev: '1-abc', _meta: { lwt: 1 }, _attachments: {} } },
    ])
    expect(again.json<Body>()).toEqual([])
    expect(t.app.documents.lastSeq).toBe(last)
    expect((await t.app.documents.getOwned('transactions', s.user.id, doc.id))!.seq).toBe(seq)
  })

  it('stores deletes as tombstones that pull returns with _deleted: true', async () => {
    const s = await register(t.app)
    const doc = transactionDoc(s.user.id)
    await push(s, [{ newDocumentState: doc }])
    const { checkpoint } = await pull(s, 0)
    const gone = { ...doc, updatedAt: doc.updatedAt + 5 }
    expect(
      (
        await push(s, [
          { assumedMasterState: { ...doc, _deleted: false }, newDocumentState: { ...gone, _deleted: true } },
        ])
      ).json<Body>(),
    ).toEqual([])
    const next = await pull(s, checkpoint.seq)
    expect(next.documents).toEqual([{ ...gone, _deleted: true }])
    expect((await t.app.documents.getOwned('transactions', s.user.id, doc.id))?.deleted).toBe(true)
  })

  it('refuses an invalid document with 400 and writes none of the push', async () => {
    const s = await register(t.app)
    const good = transactionDoc(s.user.id)
    const bad = { ...transactionDoc(s.user.id), amount: 12.5 }
    const before = t.app.documents.lastSeq
    const res = await push(s, [{ newDocumentState: good }, { newDocumentState: bad }])
    expect(res.statusCode).toBe(400)
    expect(res.json<Body>()).toMatchObject({
      error: expect.stringContaining('amount') as string,
      code: 'INVALID_DOCUMENT',
    })
    expect(t.app.documents.lastSeq).toBe(before)
    expect(await t.app.documents.getOwned('transactions', s.user.id, good.id)).toBeUndefined()

    const mismatched = { ...transactionDoc(s.user.id), dateDesc: 5 }
    expect((await push(s, [{ newDocumentState: mismatched }])).statusCode).toBe(400)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sync/transactions/push',
          headers: s.headers,
          payload: { not: 'an array' },
        })
      ).statusCode,
    ).toBe(400)
  })

  it("keeps the profile document at the caller's own id", async () => {
    const s = await register(t.app)
    const profile = { id: s.user.id, ownerId: s.user.id, updatedAt: Date.now() }
    expect((await push(s, [{ newDocumentState: profile }], 'profile')).json<Body>()).toEqual([])
    const pulled = await pull(s, 0, 10, 'profile')
    expect(pulled.documents[0]).toMatchObject({ id: s.user.id, currency: 'INR', hideBalance: false, _deleted: false })
    const other = await push(s, [{ newDocumentState: { ...profile, id: 'someone-else' } }], 'profile')
    expect(other.statusCode).toBe(403)

    // PUT /auth/currency keeps the replicated profile in step.
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/currency',
      headers: s.headers,
      payload: { currency_code: 'EUR' },
    })
    const after = await pull(s, pulled.checkpoint.seq, 10, 'profile')
    expect(after.documents).toEqual([expect.objectContaining({ id: s.user.id, currency: 'EUR' })])
  })
})

describe('REST writes reach replication', () => {
  it('shows a REST write in the next pull', async () => {
    const s = await register(t.app)
    const { checkpoint } = await pull(s, 0)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: s.headers,
      payload: { amount: 42, category: 'Food' },
    })
    const next = await pull(s, checkpoint.seq)
    expect(next.documents).toEqual([
      expect.objectContaining({ id: res.json<Body>().id, amount: 4200, origin: 'rest', _deleted: false }),
    ])
    await t.app.inject({ method: 'DELETE', url: `/api/expenses/${res.json<Body>().id}`, headers: s.headers })
    const tomb = await pull(s, next.checkpoint.seq)
    expect(tomb.documents).toEqual([expect.objectContaining({ id: res.json<Body>().id, _deleted: true })])
  })
})

describe('documents per minute per account', () => {
  it('answers 429 with Retry-After past the limit, writes nothing then, lets the rest through in time', async () => {
    let clock = Date.now()
    const limited = await createTestApp({ SYNC_PUSH_MAX_PER_MINUTE: '100' }, {}, { now: () => clock })
    try {
      const [a, b] = [await register(limited.app), await register(limited.app)]
      const send = (s: Session, n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/sync/transactions/push',
          headers: s.headers,
          payload: Array.from({ length: n }, () => ({ newDocumentState: transactionDoc(s.user.id) })),
        })
      expect((await send(a, 80)).statusCode).toBe(200)
      const seq = limited.app.documents.lastSeq
      const over = await send(a, 40)
      expect(over.statusCode).toBe(429)
      // 20 documents short at 100 a minute: 12 s.
      expect(over.headers['retry-after']).toBe('12')
      expect(over.json()).toEqual({
        error: 'Too many changes sent at once (at most 100 a minute). The rest follow in 12 s.',
        code: 'RATE_LIMITED',
      })
      expect(limited.app.documents.lastSeq).toBe(seq)
      // Another account is not held up by it.
      expect((await send(b, 100)).statusCode).toBe(200)
      clock += 12_000
      expect((await send(a, 40)).statusCode).toBe(200)
      // Empty: even the next push's body is not read until a document's worth is back.
      const empty = await send(a, 1)
      expect([empty.statusCode, empty.headers['retry-after']]).toEqual([429, '1'])
      // A push larger than a minute's worth goes through once the bucket is full again.
      clock += 60_000
      expect((await send(a, 150)).statusCode).toBe(200)
      expect(await limited.app.documents.listByOwner('transactions', a.user.id)).toHaveLength(80 + 40 + 150)
    } finally {
      await limited.close()
    }
  })
})

describe('a large push', () => {
  it('yields while it works: a request sent once it has begun is answered before it writes', async () => {
    const s = await register(t.app)
    const rows = Array.from({ length: 1000 }, () => ({ newDocumentState: transactionDoc(s.user.id) }))
    const seqBefore = t.app.documents.lastSeq
    const push = t.app.documents.push.bind(t.app.documents)
    let health: Promise<number> | undefined
    const spy = vi.spyOn(t.app.documents, 'push').mockImplementation((...args) => {
      // The push has begun (its rows were read and checked); nothing of it is written yet.
      health = t.app.inject({ url: '/api/health' }).then((res) => {
        expect(res.statusCode).toBe(200)
        return t.app.documents.lastSeq
      })
      return push(...args)
    })
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/transactions/push',
        headers: s.headers,
        payload: rows,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json<Body>()).toEqual([])
      // Health was answered between the push's slices, before its transaction wrote anything.
      expect(await health).toBe(seqBefore)
      expect(t.app.documents.lastSeq).toBe(seqBefore + 1000)
    } finally {
      spy.mockRestore()
    }
  })
})
