import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRANSACTION_MESSAGES } from '../../schema/validation/transaction-input'
import { createTestApp, register } from './helpers'
import type { Body, Session, TestApp } from './helpers'

let t: TestApp
let s: Session
beforeAll(async () => {
  t = await createTestApp()
  s = await register(t.app)
})
afterAll(async () => {
  await t.close()
})

const day = (offsetDays: number) => {
  const d = new Date()
  d.setDate(d.getDate() + offsetDays)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
const yearsAgo = (years: number, extraDays = 0) => {
  const d = new Date()
  d.setFullYear(d.getFullYear() - years)
  d.setDate(d.getDate() + extraDays)
  return d.toISOString()
}

describe('REST validation refuses with the spec message and writes nothing', () => {
  const cases: [string, 'expenses' | 'income', Record<string, unknown>, string][] = [
    [
      'zero amount',
      'expenses',
      { amount: 0, category: 'Food & Dining', date: day(0) },
      TRANSACTION_MESSAGES.amountPositive,
    ],
    [
      'negative amount',
      'expenses',
      { amount: '-5', category: 'Food & Dining', date: day(0) },
      TRANSACTION_MESSAGES.amountPositive,
    ],
    [
      'unreadable amount',
      'expenses',
      { amount: 'abc', category: 'Food & Dining', date: day(0) },
      TRANSACTION_MESSAGES.amountInvalid,
    ],
    ['missing amount', 'expenses', { category: 'Food & Dining', date: day(0) }, TRANSACTION_MESSAGES.amountInvalid],
    [
      'expense over 10,000,000',
      'expenses',
      { amount: 10_000_000.01, category: 'Rent', date: day(0) },
      TRANSACTION_MESSAGES.expenseTooLarge,
    ],
    [
      'income over 100,000,000',
      'income',
      { amount: '100000000.01', source: 'Salary', date: day(0) },
      TRANSACTION_MESSAGES.incomeTooLarge,
    ],
    [
      'date over 5 years back',
      'expenses',
      { amount: 10, category: 'Food', date: yearsAgo(5, -2) },
      TRANSACTION_MESSAGES.datePast,
    ],
    [
      'date over 1 year ahead',
      'expenses',
      { amount: 10, category: 'Food', date: day(368) },
      TRANSACTION_MESSAGES.dateFuture,
    ],
    [
      'impossible day',
      'expenses',
      { amount: 10, category: 'Food', date: '2024-02-30' },
      TRANSACTION_MESSAGES.dateInvalid,
    ],
    ['blank category', 'expenses', { amount: 10, category: '  ', date: day(0) }, TRANSACTION_MESSAGES.categoryRequired],
    ['missing category', 'expenses', { amount: 10, date: day(0) }, TRANSACTION_MESSAGES.categoryRequired],
    ['missing source', 'income', { amount: 10, date: day(0) }, TRANSACTION_MESSAGES.sourceRequired],
  ]
  it.each(cases)('%s', async (_name, path, payload, message) => {
    const before = t.app.documents.lastSeq
    const res = await t.app.inject({ method: 'POST', url: `/api/${path}`, headers: s.headers, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json<Body>().error).toBe(message)
    expect(t.app.documents.lastSeq).toBe(before)
    expect((await t.app.inject({ url: `/api/${path}`, headers: s.headers })).json<Body[]>()).toEqual([])
  })

  it('accepts the exact limits', async () => {
    const top = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: s.headers,
      payload: { amount: 10_000_000, category: 'Rent', date: yearsAgo(5, 1) },
    })
    expect(top.statusCode).toBe(201)
    const inc = await t.app.inject({
      method: 'POST',
      url: '/api/income',
      headers: s.headers,
      payload: { amount: '100,000,000', source: 'Salary', date: day(364) },
    })
    expect(inc.statusCode).toBe(201)
    for (const [path, id] of [
      ['expenses', top.json<Body>().id],
      ['income', inc.json<Body>().id],
    ]) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/${path}/${id}`, headers: s.headers })).statusCode).toBe(
        200,
      )
    }
  })
})

describe('REST CRUD', () => {
  it('creates, lists newest first, updates partially and deletes an expense', async () => {
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: s.headers,
      payload: { amount: 500.5, category: 'Food & Dining', date: day(-2), description: 'Lunch' },
    })
    expect(a.statusCode).toBe(201)
    const created = a.json<Body>()
    expect(created).toMatchObject({
      id: expect.any(String) as string,
      amount: 500.5,
      category: 'Food & Dining',
      description: 'Lunch',
    })
    // 'YYYY-MM-DD' is that local day at noon.
    const when = new Date(created.date)
    expect(when.getHours()).toBe(12)
    expect(
      [when.getFullYear(), when.getMonth() + 1, when.getDate()].map((n) => String(n).padStart(2, '0')).join('-'),
    ).toBe(day(-2))

    const b = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: s.headers,
      payload: { amount: '99.99', category: 'Transport', date: new Date().toISOString() },
    })
    expect(b.statusCode).toBe(201)

    const list = (await t.app.inject({ url: '/api/expenses', headers: s.headers })).json<Body[]>()
    expect(list.map((e: { id: string }) => e.id)).toEqual([b.json<Body>().id, created.id])
    expect(list[1]).toEqual({
      id: created.id,
      amount: 500.5,
      category: 'Food & Dining',
      date: created.date,
      description: 'Lunch',
      // A new entry is in the home currency (INR by default), the same currency, so no rate.
      currency: 'INR',
      fx_rate: null,
      updated_at: expect.any(String) as string,
    })

    // Stored as integer paise with origin 'rest'.
    const stored = await t.app.documents.getOwned('transactions', s.user.id, created.id)
    expect(stored?.data).toMatchObject({ amount: 50050, origin: 'rest', type: 'expense', ownerId: s.user.id })

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${created.id}`,
      headers: s.headers,
      payload: { amount: 650 },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json<Body>()).toMatchObject({
      id: created.id,
      amount: 650,
      category: 'Food & Dining',
      description: 'Lunch',
      date: created.date,
    })

    const badPut = await t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${created.id}`,
      headers: s.headers,
      payload: { amount: 0 },
    })
    expect(badPut.statusCode).toBe(400)
    expect((await t.app.documents.getOwned('transactions', s.user.id, created.id))?.data.amount).toBe(65000)

    const del = await t.app.inject({ method: 'DELETE', url: `/api/expenses/${created.id}`, headers: s.headers })
    expect(del.json<Body>()).toEqual({ success: true })
    expect((await t.app.inject({ url: '/api/expenses', headers: s.headers })).json<Body[]>()).toHaveLength(1)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/expenses/${created.id}`, headers: s.headers })).statusCode,
    ).toBe(404)
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/expenses/${created.id}`,
          headers: s.headers,
          payload: { amount: 1 },
        })
      ).statusCode,
    ).toBe(404)
    // A tombstone, not a removal.
    expect((await t.app.documents.getOwned('transactions', s.user.id, created.id))?.deleted).toBe(true)
  })

  it('keeps income and expenses apart; income source is stored in category', async () => {
    const inc = await t.app.inject({
      method: 'POST',
      url: '/api/income',
      headers: s.headers,
      payload: { amount: 50000, source: 'Salary', date: day(0) },
    })
    expect(inc.statusCode).toBe(201)
    expect(inc.json<Body>()).toMatchObject({ amount: 50000, source: 'Salary' })
    expect(inc.json<Body>()).not.toHaveProperty('category')
    expect((await t.app.documents.getOwned('transactions', s.user.id, inc.json<Body>().id))?.data).toMatchObject({
      type: 'income',
      category: 'Salary',
    })

    const incomes = (await t.app.inject({ url: '/api/income', headers: s.headers })).json<Body[]>()
    expect(incomes.map((i: { id: string }) => i.id)).toContain(inc.json<Body>().id)
    const expenses = (await t.app.inject({ url: '/api/expenses', headers: s.headers })).json<Body[]>()
    expect(expenses.map((e: { id: string }) => e.id)).not.toContain(inc.json<Body>().id)

    // An income id is not an expense.
    expect(
      (
        await t.app.inject({ method: 'DELETE', url: `/api/expenses/${inc.json<Body>().id}`, headers: s.headers })
      ).json<Body>(),
    ).toEqual({ error: 'Expense not found', code: 'NOT_FOUND' })
    expect(
      (
        await t.app.inject({ method: 'PUT', url: '/api/income/unknown-id', headers: s.headers, payload: { amount: 1 } })
      ).json<Body>().error,
    ).toBe('Income not found')
  })

  it('needs a token', async () => {
    expect((await t.app.inject({ url: '/api/expenses' })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/income', payload: { amount: 1, source: 'Gift' } })).statusCode,
    ).toBe(401)
  })
})
