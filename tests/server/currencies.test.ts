import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Profile } from '../../schema/entities/profile'
import type { Transaction } from '../../schema/entities/transaction'
import { TRANSACTION_MESSAGES } from '../../schema/validation/transaction-input'
import { callAs, createTestApp, register, transactionDoc } from './helpers'
import type { Session, TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function push(s: Session, collection: string, rows: unknown[]) {
  const url = `/api/sync/${collection}/push`
  const res = await t.app.inject({ method: 'POST', url, headers: s.headers, payload: rows })
  expect(res.statusCode).toBe(200)
  return res.json<unknown[]>()
}

const storedTx = async (s: Session, id: string) => (await t.app.documents.getOwned('transactions', s.user.id, id))!.data
const today = () => new Date().toISOString().slice(0, 10)

describe('an entry in another currency', () => {
  it('is stored with its currency and rate; an older device that does not know them cannot clear them', async () => {
    const s = await register(t.app)
    const doc = transactionDoc(s.user.id, { amount: 11_80, currency: 'USD', fxRate: 3.6725, fxHome: 'AED' })
    expect(await push(s, 'transactions', [{ newDocumentState: { ...doc, _deleted: false } }])).toEqual([])
    // The older device edits the note; its document has no currency fields at all.
    const { currency: _c, fxRate: _r, ...older } = doc
    const edit = { ...older, description: 'lunch', updatedAt: doc.updatedAt + 1, _deleted: false }
    const assumed = { ...doc, _deleted: false }
    expect(await push(s, 'transactions', [{ assumedMasterState: assumed, newDocumentState: edit }])).toEqual([])
    expect(await storedTx(s, doc.id)).toMatchObject({
      description: 'lunch',
      currency: 'USD',
      fxRate: 3.6725,
      fxHome: 'AED',
    })
  })

  it('refuses a rate that is not one and an amount finer than its currency (half a yen)', async () => {
    const s = await register(t.app)
    const bad: Transaction[] = [
      transactionDoc(s.user.id, { currency: 'USD', fxRate: 0, fxHome: 'INR' }),
      transactionDoc(s.user.id, { amount: 500_50, currency: 'JPY', fxRate: null }),
      transactionDoc(s.user.id, { fxRate: 83 }),
      transactionDoc(s.user.id, { currency: 'USD', fxRate: 83 }),
    ]
    for (const doc of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/transactions/push',
        headers: s.headers,
        payload: [{ newDocumentState: { ...doc, _deleted: false } }],
      })
      expect(res.statusCode).toBeLessThan(500)
      expect(await t.app.documents.getOwned('transactions', s.user.id, doc.id)).toBeUndefined()
    }
  })
})

describe('REST speaks currency and fx_rate', () => {
  it('books an expense in dollars at a rate, in its own digits, and without a rate as not converted', async () => {
    const s = await register(t.app)
    const usd = await callAs(t.app, s, 'POST', '/api/expenses', {
      amount: '11.80',
      category: 'Food & Dining',
      date: today(),
      currency: 'USD',
      fx_rate: '83.25',
    })
    expect(usd.status).toBe(201)
    expect(usd.body).toMatchObject({ amount: 11.8, currency: 'USD', fx_rate: 83.25 })
    const stored = { amount: 11_80, currency: 'USD', fxRate: 83.25, fxHome: 'INR' }
    expect(await storedTx(s, String(usd.body.id))).toMatchObject(stored)

    const yen = await callAs(t.app, s, 'POST', '/api/expenses', {
      amount: 1500,
      category: 'Travel',
      date: today(),
      currency: 'JPY',
    })
    expect(yen.status).toBe(201)
    expect(yen.body).toMatchObject({ amount: 1500, currency: 'JPY', fx_rate: null })
    // Read in the yen's own digits: half a yen rounds away from zero, as paise do.
    const half = { amount: '10.5', category: 'Travel', date: today(), currency: 'JPY' }
    expect((await callAs(t.app, s, 'POST', '/api/expenses', half)).body).toMatchObject({ amount: 11 })
  })

  it('a new entry naming no currency is in the home currency; an edit keeps the entry’s', async () => {
    const s = await register(t.app)
    expect((await callAs(t.app, s, 'PUT', '/api/auth/currency', { currency_code: 'INR' })).status).toBe(200)
    const created = await callAs(t.app, s, 'POST', '/api/expenses', { amount: 500, category: 'Rent', date: today() })
    expect(created.body).toMatchObject({ currency: 'INR', fx_rate: null })
    const id = String(created.body.id)
    const edited = await callAs(t.app, s, 'PUT', `/api/expenses/${id}`, { amount: 600 })
    expect(edited.body).toMatchObject({ amount: 600, currency: 'INR' })
    const moved = await callAs(t.app, s, 'PUT', `/api/expenses/${id}`, { currency: 'USD', fx_rate: 83 })
    expect(moved.body).toMatchObject({ amount: 600, currency: 'USD', fx_rate: 83 })
  })

  it.each([
    [{ currency: 'XYZ' }, TRANSACTION_MESSAGES.currencyInvalid],
    [{ currency: 'BHD' }, TRANSACTION_MESSAGES.currencyInvalid],
    [{ currency: 'USD', fx_rate: 'abc' }, TRANSACTION_MESSAGES.rateInvalid],
    [{ currency: 'USD', fx_rate: -2 }, TRANSACTION_MESSAGES.rateInvalid],
    [{ currency: 'USD', amount: '1.2.3' }, TRANSACTION_MESSAGES.amountInvalid],
  ])('refuses %j with a clear message and writes nothing', async (fields, message) => {
    const s = await register(t.app)
    const res = await callAs(t.app, s, 'POST', '/api/expenses', {
      amount: 20,
      category: 'Food & Dining',
      date: today(),
      ...fields,
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe(message)
    expect((await callAs(t.app, s, 'GET', '/api/expenses')).body).toEqual([])
  })
})

describe('the home currency', () => {
  const profileOf = async (s: Session) => (await t.app.documents.getOwned('profile', s.user.id, s.user.id))!.data

  it('changing it pins the old one as the legacy currency once, and converts nothing stored', async () => {
    const s = await register(t.app)
    const doc = Profile.parse({ id: s.user.id, ownerId: s.user.id, updatedAt: Date.now() - 1000 })
    expect(await push(s, 'profile', [{ newDocumentState: { ...doc, _deleted: false } }])).toEqual([])
    const old = transactionDoc(s.user.id, { amount: 500_00 })
    await push(s, 'transactions', [{ newDocumentState: { ...old, _deleted: false } }])
    await callAs(t.app, s, 'PUT', '/api/auth/currency', { currency_code: 'AED' })
    expect(await profileOf(s)).toMatchObject({ currency: 'AED', legacyCurrency: 'INR' })
    await callAs(t.app, s, 'PUT', '/api/auth/currency', { currency_code: 'USD' })
    expect(await profileOf(s)).toMatchObject({ currency: 'USD', legacyCurrency: 'INR' })
    expect(await storedTx(s, old.id)).toEqual(old)
  })

  it('an older device pushing its profile without the field keeps the pin', async () => {
    const s = await register(t.app)
    const doc = Profile.parse({ id: s.user.id, ownerId: s.user.id, updatedAt: Date.now() - 1000 })
    await push(s, 'profile', [{ newDocumentState: { ...doc, _deleted: false } }])
    await callAs(t.app, s, 'PUT', '/api/auth/currency', { currency_code: 'AED' })
    const current = await profileOf(s)
    const { legacyCurrency: _l, ...older } = current
    const edit = { ...older, hideBalance: true, updatedAt: current.updatedAt + 1, _deleted: false }
    await push(s, 'profile', [{ assumedMasterState: { ...current, _deleted: false }, newDocumentState: edit }])
    expect(await profileOf(s)).toMatchObject({ hideBalance: true, currency: 'AED', legacyCurrency: 'INR' })
  })
})
