import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Budget } from '../../schema/entities/budget'
import { callAs, createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false })
})
afterAll(async () => {
  await t.close()
})

async function push(s: Session, rows: unknown[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/sync/budgets/push', headers: s.headers, payload: rows })
  expect(res.statusCode).toBe(200)
  return res.json<unknown[]>()
}

const stored = async (s: Session, id: string) => (await t.app.documents.getOwned('budgets', s.user.id, id))!.data
const budgetDoc = (ownerId: string, extra: Partial<Budget> = {}): Budget => ({
  id: `b-${Math.random().toString(36).slice(2)}`,
  ownerId,
  updatedAt: Date.now(),
  category: 'Travel',
  amount: 500_00,
  period: 'monthly',
  allocated: 0,
  refusedAllocation: 0,
  createdAt: Date.now(),
  ...extra,
})

describe('a budget in another currency', () => {
  it('is stored with its currency and rate; an older device that does not know them cannot clear them', async () => {
    const s = await register(t.app)
    const doc = budgetDoc(s.user.id, { currency: 'USD', fxRate: 83.2, fxHome: 'INR' })
    expect(await push(s, [{ newDocumentState: { ...doc, _deleted: false } }])).toEqual([])
    const { currency: _c, fxRate: _r, fxHome: _h, ...older } = doc
    const edit = { ...older, category: 'Trips', updatedAt: doc.updatedAt + 1, _deleted: false }
    expect(await push(s, [{ assumedMasterState: { ...doc, _deleted: false }, newDocumentState: edit }])).toEqual([])
    expect(await stored(s, doc.id)).toMatchObject({ category: 'Trips', currency: 'USD', fxRate: 83.2, fxHome: 'INR' })
  })

  it('a device that knows the fields changes them; a rate with no home currency is refused', async () => {
    const s = await register(t.app)
    const doc = budgetDoc(s.user.id, { currency: 'USD', fxRate: 83.2, fxHome: 'INR' })
    await push(s, [{ newDocumentState: { ...doc, _deleted: false } }])
    const bad = { ...doc, fxHome: undefined, fxRate: 90, updatedAt: doc.updatedAt + 1, _deleted: false }
    const payload = [{ assumedMasterState: { ...doc, _deleted: false }, newDocumentState: bad }]
    const refused = await t.app.inject({ method: 'POST', url: '/api/sync/budgets/push', headers: s.headers, payload })
    expect(refused.statusCode).toBe(400)
    expect(await stored(s, doc.id)).toMatchObject({ fxRate: 83.2, fxHome: 'INR' })
    const home = { ...doc, currency: 'INR', fxRate: null, updatedAt: doc.updatedAt + 2, _deleted: false }
    expect(await push(s, [{ assumedMasterState: { ...doc, _deleted: false }, newDocumentState: home }])).toEqual([])
    expect(await stored(s, doc.id)).toMatchObject({ currency: 'INR', fxRate: null })
  })

  it('an update over REST keeps the limit’s currency', async () => {
    const s = await register(t.app)
    const doc = budgetDoc(s.user.id, { currency: 'USD', fxRate: 83.2, fxHome: 'INR' })
    await push(s, [{ newDocumentState: { ...doc, _deleted: false } }])
    const res = await callAs(t.app, s, 'PUT', `/api/budgets/${doc.id}`, { category: 'Travel', amount: 600 })
    expect(res.status).toBe(200)
    expect(await stored(s, doc.id)).toMatchObject({ amount: 600_00, currency: 'USD', fxRate: 83.2, fxHome: 'INR' })
  })
})
