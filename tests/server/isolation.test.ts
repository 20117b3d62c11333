import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORBIDDEN_DOCUMENT } from '../../sync-server/http-error'
import { createTestApp, register, transactionDoc } from './helpers'
import type { Body, Session, TestApp } from './helpers'

let t: TestApp
let alice: Session
let bob: Session
let aliceExpense: string
let aliceIncome: string
let aliceDocId: string

beforeAll(async () => {
  t = await createTestApp()
  alice = await register(t.app)
  bob = await register(t.app)
  aliceExpense = (
    await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: alice.headers,
      payload: { amount: 100, category: 'Rent' },
    })
  ).json<Body>().id
  aliceIncome = (
    await t.app.inject({
      method: 'POST',
      url: '/api/income',
      headers: alice.headers,
      payload: { amount: 900, source: 'Salary' },
    })
  ).json<Body>().id
  const doc = transactionDoc(alice.user.id, { description: 'private note' })
  aliceDocId = doc.id
  await t.app.inject({
    method: 'POST',
    url: '/api/sync/transactions/push',
    headers: alice.headers,
    payload: [{ newDocumentState: doc }],
  })
})
afterAll(async () => {
  await t.close()
})

const snapshot = async () => ({
  seq: t.app.documents.lastSeq,
  alice: await t.app.documents.listByOwner('transactions', alice.user.id, { includeDeleted: true }),
})

describe('two users through REST', () => {
  it("Bob cannot list, change or delete Alice's expenses or income (404)", async () => {
    const before = await snapshot()
    expect((await t.app.inject({ url: '/api/expenses', headers: bob.headers })).json<Body[]>()).toEqual([])
    expect((await t.app.inject({ url: '/api/income', headers: bob.headers })).json<Body[]>()).toEqual([])

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${aliceExpense}`,
      headers: bob.headers,
      payload: { amount: 1 },
    })
    expect(put.statusCode).toBe(404)
    expect(put.json<Body>()).toEqual({ error: 'Expense not found', code: 'NOT_FOUND' })
    const del = await t.app.inject({ method: 'DELETE', url: `/api/expenses/${aliceExpense}`, headers: bob.headers })
    expect(del.statusCode).toBe(404)
    const delIncome = await t.app.inject({ method: 'DELETE', url: `/api/income/${aliceIncome}`, headers: bob.headers })
    expect(delIncome.json<Body>()).toEqual({ error: 'Income not found', code: 'NOT_FOUND' })
    const putIncome = await t.app.inject({
      method: 'PUT',
      url: `/api/income/${aliceIncome}`,
      headers: bob.headers,
      payload: { source: 'Gift' },
    })
    expect(putIncome.statusCode).toBe(404)

    expect(await snapshot()).toEqual(before)
    expect((await t.app.inject({ url: '/api/expenses', headers: alice.headers })).json<Body[]>()).toHaveLength(2)
  })
})

describe('two users through sync', () => {
  it("pull never shows the other user's documents", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: bob.headers,
      payload: [{ newDocumentState: transactionDoc(bob.user.id) }],
    })
    const bobPull = (
      await t.app.inject({ url: '/api/sync/transactions/pull?seq=0&limit=5000', headers: bob.headers })
    ).json<Body>()
    expect(bobPull.documents).toHaveLength(1)
    expect(bobPull.documents.every((d: { ownerId: string }) => d.ownerId === bob.user.id)).toBe(true)
    const alicePull = (
      await t.app.inject({ url: '/api/sync/transactions/pull?seq=0&limit=5000', headers: alice.headers })
    ).json<Body>()
    expect(alicePull.documents.map((d: { id: string }) => d.id).sort()).toEqual(
      [aliceExpense, aliceIncome, aliceDocId].sort(),
    )
  })

  it('a push naming another owner is refused with 403 and changes nothing, not even its own valid rows', async () => {
    const before = await snapshot()
    const mine = transactionDoc(bob.user.id)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: bob.headers,
      payload: [{ newDocumentState: mine }, { newDocumentState: transactionDoc(alice.user.id) }],
    })
    expect(res.statusCode).toBe(403)
    expect(res.json<Body>()).toEqual({ error: FORBIDDEN_DOCUMENT, code: 'FORBIDDEN' })
    expect(await snapshot()).toEqual(before)
    expect(await t.app.documents.get('transactions', mine.id)).toBeUndefined()
  })

  it("a push reusing Alice's id is answered per document: refused without naming her, the rest applied", async () => {
    const carol = await register(t.app)
    const carolDoc = transactionDoc(carol.user.id, { description: 'carol note' })
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: carol.headers,
      payload: [{ newDocumentState: carolDoc }],
    })
    const before = await snapshot()
    const refusalFor = async (id: string, row: (doc: Record<string, unknown>) => Record<string, unknown>) => {
      const mine = transactionDoc(bob.user.id)
      const stolen = transactionDoc(bob.user.id, { id, amount: 1 })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/transactions/push',
        headers: bob.headers,
        payload: [{ newDocumentState: mine }, row(stolen)],
      })
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain('private note')
      expect(res.body).not.toContain(alice.user.id)
      // Bob's own document in the same push is stored.
      expect((await t.app.documents.getOwned('transactions', bob.user.id, mine.id))?.data.amount).toBe(mine.amount)
      return res.json<unknown[]>()
    }
    for (const row of [
      (doc: Record<string, unknown>) => ({ newDocumentState: doc }),
      (doc: Record<string, unknown>) => ({ assumedMasterState: { ...doc, _deleted: false }, newDocumentState: doc }),
      (doc: Record<string, unknown>) => ({ newDocumentState: { ...doc, _deleted: true } }),
    ]) {
      const answer = await refusalFor(aliceDocId, row)
      expect(answer).toEqual([
        {
          id: aliceDocId,
          _refused: { code: 'ID_UNAVAILABLE', error: 'This id is already in use; the document was not saved' },
        },
      ])
      // Another user's id gets the same answer: nothing says whose it is.
      expect(await refusalFor(carolDoc.id, row)).toEqual([{ ...answer[0]!, id: carolDoc.id }] as unknown[])
    }
    expect((await snapshot()).alice).toEqual(before.alice)
    expect((await t.app.documents.get('transactions', aliceDocId))?.data).toMatchObject({
      ownerId: alice.user.id,
      description: 'private note',
    })
  })

  it("Bob cannot write Alice's profile document", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/profile/push',
      headers: bob.headers,
      payload: [{ newDocumentState: { id: alice.user.id, ownerId: bob.user.id, updatedAt: Date.now() } }],
    })
    expect(res.statusCode).toBe(403)
    expect(await t.app.documents.get('profile', alice.user.id)).toBeUndefined()
  })
})
