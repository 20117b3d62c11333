import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Budget } from '../../schema/entities/budget'
import { TRANSACTION_MESSAGES } from '../../schema/validation/transaction-input'
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

describe('a budget in another currency over REST', () => {
  it('is created and changed with currency and fx_rate, checked with the messages a device gets', async () => {
    const s = await register(t.app)
    const body = { category: 'Travel', amount: '500.5', currency: 'USD', fx_rate: '83.2' }
    const made = await callAs(t.app, s, 'POST', '/api/budgets', body)
    expect(made.status).toBe(201)
    const budget = made.body.budget as { id: string }
    expect(budget).toMatchObject({ amount: 500.5, currency: 'USD', fx_rate: 83.2 })
    expect(await stored(s, budget.id)).toMatchObject({ amount: 500_50, currency: 'USD', fxRate: 83.2, fxHome: 'INR' })

    const yen = await callAs(t.app, s, 'PUT', `/api/budgets/${budget.id}`, { currency: 'JPY', amount: 70000 })
    expect(yen.status).toBe(200)
    expect(await stored(s, budget.id)).toMatchObject({ amount: 7_000_000, currency: 'JPY', fxRate: null })
    const rated = await callAs(t.app, s, 'PUT', `/api/budgets/${budget.id}`, { fx_rate: 0.55 })
    expect(rated.body.budget).toMatchObject({ amount: 70000, currency: 'JPY', fx_rate: 0.55 })

    const refusals = [
      [{ currency: 'XYZ' }, TRANSACTION_MESSAGES.currencyInvalid],
      [{ currency: 'USD', fx_rate: 'abc' }, TRANSACTION_MESSAGES.rateInvalid],
      [{ currency: 'USD', fx_rate: -2 }, TRANSACTION_MESSAGES.rateInvalid],
    ] as const
    for (const [extra, message] of refusals) {
      const res = await callAs(t.app, s, 'PUT', `/api/budgets/${budget.id}`, extra)
      expect(res.status).toBe(400)
      expect(res.body.error).toBe(message)
      const bad = await callAs(t.app, s, 'POST', '/api/budgets', { category: 'Food', amount: 10, ...extra })
      expect(bad.body.error).toBe(message)
    }
    expect(await stored(s, budget.id)).toMatchObject({ amount: 7_000_000, currency: 'JPY', fxRate: 0.55 })
    const list = (await callAs(t.app, s, 'GET', '/api/budgets')).body.budgets as unknown[]
    expect(list).toHaveLength(1)
  })
})
