import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RecurringPayment } from '../../schema/entities/recurring'
import { formatMoney } from '../../schema/money/money'
import { LOAN_MESSAGES } from '../../schema/validation/loan-input'
import { TRANSACTION_MESSAGES } from '../../schema/validation/transaction-input'
import { callAs, createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'

// 15 June 2026, noon local.
const NOW = new Date(2026, 5, 15, 12).getTime()

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, {}, { now: () => NOW })
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

/** Pushes `doc` new (unless already stored), then the same document from a device that knows no currency fields. */
async function olderDeviceEdits(
  s: Session,
  collection: string,
  doc: Record<string, unknown>,
  edit: object,
  { stored = false } = {},
) {
  if (!stored) expect(await push(s, collection, [{ newDocumentState: { ...doc, _deleted: false } }])).toEqual([])
  const { currency: _c, fxRate: _r, fxHome: _h, ...older } = doc
  const changed = { ...older, ...edit, updatedAt: (doc.updatedAt as number) + 1, _deleted: false }
  const assumed = { ...doc, _deleted: false }
  expect(await push(s, collection, [{ assumedMasterState: assumed, newDocumentState: changed }])).toEqual([])
}

const stored = async (collection: 'recurring_payments' | 'loans', s: Session, id: string) =>
  (await t.app.documents.getOwned(collection, s.user.id, id))?.data

function recurringDoc(ownerId: string, overrides: Partial<RecurringPayment> = {}): RecurringPayment {
  return {
    id: crypto.randomUUID(),
    ownerId,
    updatedAt: NOW,
    name: 'Spotify',
    amount: 11_80,
    category: '',
    frequency: 'monthly',
    dueDate: '2026-07-01',
    nextDueDate: '2026-07-01',
    reminderDays: 3,
    currency: 'USD',
    fxRate: 83.25,
    fxHome: 'INR',
    ...overrides,
  }
}

describe('a recurring payment in another currency', () => {
  it('syncs with its currency and rate; an older device that does not know them cannot clear them', async () => {
    const s = await register(t.app)
    const doc = recurringDoc(s.user.id)
    await olderDeviceEdits(s, 'recurring_payments', doc, { name: 'Spotify Family' })
    expect(await stored('recurring_payments', s, doc.id)).toMatchObject({
      name: 'Spotify Family',
      currency: 'USD',
      fxRate: 83.25,
      fxHome: 'INR',
    })
  })

  it('is refused with a rate that is not one, a rate without its home, or half a yen', async () => {
    const s = await register(t.app)
    const bad = [
      recurringDoc(s.user.id, { fxRate: 0 }),
      recurringDoc(s.user.id, { fxHome: undefined }),
      recurringDoc(s.user.id, { currency: 'JPY', amount: 500_50, fxRate: null }),
      recurringDoc(s.user.id, { currency: 'XYZ' }),
    ]
    for (const doc of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/recurring_payments/push',
        headers: s.headers,
        payload: [{ newDocumentState: { ...doc, _deleted: false } }],
      })
      expect(res.statusCode).toBeLessThan(500)
      expect(await stored('recurring_payments', s, doc.id)).toBeUndefined()
    }
  })

  it('REST takes currency and fx_rate in the currency’s own digits and answers with them', async () => {
    const s = await register(t.app)
    const body = { name: 'iCloud', amount: 2.99, frequency: 'monthly', due_date: '2026-07-01', currency: 'USD' }
    const created = await callAs(t.app, s, 'POST', '/api/recurring-payments', { ...body, fx_rate: '83.25' })
    expect(created.status).toBe(201)
    expect(created.body.payment).toMatchObject({ amount: 2.99, currency: 'USD', fx_rate: 83.25 })
    const id = (created.body.payment as { id: string }).id
    expect(await stored('recurring_payments', s, id)).toMatchObject({ amount: 2_99, fxRate: 83.25, fxHome: 'INR' })
    // An edit that names no currency keeps the payment's currency and rate.
    const renamed = await callAs(t.app, s, 'PUT', `/api/recurring-payments/${id}`, { name: 'iCloud+' })
    expect(renamed.body.payment).toMatchObject({ name: 'iCloud+', amount: 2.99, currency: 'USD', fx_rate: 83.25 })
    const paid = await callAs(t.app, s, 'POST', `/api/recurring-payments/${id}/mark-paid`)
    expect(paid.status).toBe(200)
    const txId = (paid.body.transaction as { id: string }).id
    const tx = (await t.app.documents.getOwned('transactions', s.user.id, txId))!.data
    expect(tx).toMatchObject({ amount: 2_99, currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    // A new one naming no currency is in the home currency.
    const plain = await callAs(t.app, s, 'POST', '/api/recurring-payments', { ...body, currency: undefined })
    expect(plain.body.payment).toMatchObject({ amount: 2.99, currency: 'INR', fx_rate: null })
  })

  it('REST refuses an unknown currency or a bad rate with the expense form’s message, writing nothing', async () => {
    const s = await register(t.app)
    const body = { name: 'iCloud', amount: 2.99, frequency: 'monthly', due_date: '2026-07-01' }
    for (const [extra, message] of [
      [{ currency: 'XYZ' }, TRANSACTION_MESSAGES.currencyInvalid],
      [{ currency: 'USD', fx_rate: 'abc' }, TRANSACTION_MESSAGES.rateInvalid],
      [{ currency: 'USD', fx_rate: -2 }, TRANSACTION_MESSAGES.rateInvalid],
    ] as const) {
      const before = t.app.documents.lastSeq
      const res = await callAs(t.app, s, 'POST', '/api/recurring-payments', { ...body, ...extra })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe(message)
      expect(t.app.documents.lastSeq).toBe(before)
    }
  })

  it('is never shown to another user', async () => {
    const s = await register(t.app)
    const other = await register(t.app)
    const doc = recurringDoc(s.user.id)
    await push(s, 'recurring_payments', [{ newDocumentState: { ...doc, _deleted: false } }])
    const list = await callAs(t.app, other, 'GET', '/api/recurring-payments')
    expect(list.body.payments).toEqual([])
    const paid = await callAs(t.app, other, 'POST', `/api/recurring-payments/${doc.id}/mark-paid`)
    expect(paid.status).toBe(404)
  })
})

const LOAN = {
  loan_type: 'personal',
  loan_name: 'Car in Dubai',
  loan_status: 'new',
  start_date: '2026-06-01',
  principal_amount: 10000,
  interest_rate: 0,
  interest_type: 'none',
  loan_duration_months: 10,
  emi_amount: 1000,
  next_due_date: '2026-07-01',
}

describe('a loan in another currency', () => {
  it('REST keeps it and its payments in the loan’s currency; the cap is said in it', async () => {
    const s = await register(t.app)
    const created = await callAs(t.app, s, 'POST', '/api/loans', { ...LOAN, currency: 'AED', fx_rate: 22.7 })
    expect(created.status).toBe(201)
    const loan = created.body.loan as { id: string }
    expect(created.body.loan).toMatchObject({
      principal_amount: 10000,
      emi_amount: 1000,
      currency: 'AED',
      fx_rate: 22.7,
    })
    expect(await stored('loans', s, loan.id)).toMatchObject({ principal: 10000_00, currency: 'AED', fxHome: 'INR' })
    const pay = `/api/loans/${loan.id}/payments`
    expect((await callAs(t.app, s, 'POST', pay, { amount_paid: 1000 })).status).toBe(201)
    const over = await callAs(t.app, s, 'POST', pay, { amount_paid: 50000 })
    expect(over.status).toBe(400)
    expect(over.body.error).toBe(LOAN_MESSAGES.paymentOverOwed(formatMoney(9000_00, 'AED', { exact: true })))
    // An edit naming no currency keeps the loan's; a bad rate is refused.
    const renamed = await callAs(t.app, s, 'PUT', `/api/loans/${loan.id}`, { loan_name: 'Car' })
    expect(renamed.body.loan).toMatchObject({ loan_name: 'Car', currency: 'AED', fx_rate: 22.7 })
    const bad = await callAs(t.app, s, 'PUT', `/api/loans/${loan.id}`, { fx_rate: 'x' })
    expect(bad.body.error).toBe(TRANSACTION_MESSAGES.rateInvalid)
  })

  it('an older device that does not know the fields cannot clear them; another user never sees it', async () => {
    const s = await register(t.app)
    const created = await callAs(t.app, s, 'POST', '/api/loans', { ...LOAN, currency: 'USD', fx_rate: 83 })
    const doc = (await stored('loans', s, (created.body.loan as { id: string }).id))!
    await olderDeviceEdits(s, 'loans', doc, { notes: 'from an old phone' }, { stored: true })
    expect(await stored('loans', s, doc.id)).toMatchObject({ notes: 'from an old phone', currency: 'USD', fxRate: 83 })
    const other = await register(t.app)
    expect((await callAs(t.app, other, 'GET', '/api/loans')).body.loans).toEqual([])
    expect((await callAs(t.app, other, 'GET', `/api/loans/${doc.id}`)).status).toBe(404)
  })
})
