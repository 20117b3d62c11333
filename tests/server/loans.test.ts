import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOAN_MESSAGES } from '../../schema/validation/loan-input'
import { createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'

// 15 June 2026, noon local: date rules are checked against this day.
const NOW = new Date(2026, 5, 15, 12).getTime()

let t: TestApp
let s: Session
let other: Session
beforeAll(async () => {
  t = await createTestApp({}, {}, { now: () => NOW })
  s = await register(t.app)
  other = await register(t.app)
})
afterAll(async () => {
  await t.close()
})

interface LoanItem {
  id: string
  loan_name: string
  loan_type: string
  principal_amount: number
  current_balance: number
  total_paid_so_far: number
  last_payment_date: string | null
  last_payment_amount: number | null
  interest_rate: number
  emi_amount: number
  due_date: string | null
  status: string
  payment_status: string
  missed_payments: number
  progress_percent: number
}
interface PaymentItem {
  id: string
  amount_paid: number
  principal_paid: number
  interest_paid: number
  payment_method: string
  payment_type: string
  payment_date: string
}
interface Reply {
  success: boolean
  error: string
  loan: LoanItem
  loans: LoanItem[]
  payment: PaymentItem
  payments: PaymentItem[]
  documents: ({ id: string; _deleted: boolean } & Record<string, unknown>)[]
}

async function call(session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
  return { status: res.statusCode, body: res.json<Reply>() }
}

const HOME = {
  loan_type: 'home',
  loan_name: 'Flat in Pune',
  loan_status: 'new',
  start_date: '2026-06-01',
  principal_amount: 1000000,
  interest_rate: 8.5,
  interest_type: 'emi',
  loan_duration_months: 240,
  emi_amount: 8678.23,
  next_due_date: '2026-07-01',
}

async function create(session: Session, body: Record<string, unknown> = {}) {
  const res = await call(session, 'POST', '/api/loans', { ...HOME, ...body })
  expect(res.status).toBe(201)
  return res.body.loan
}

/** A call that answers 400 with `message` and writes nothing. */
async function expectRefused(method: 'POST' | 'PUT', url: string, payload: unknown, message: string) {
  const before = t.app.documents.lastSeq
  const res = await call(s, method, url, payload)
  expect(res.status).toBe(400)
  expect(res.body.error).toBe(message)
  expect(t.app.documents.lastSeq).toBe(before)
}

describe('/api/loans', () => {
  it('creates a loan in paise and basis points, with snake_case rupees at the boundary', async () => {
    const loan = await create(s)
    expect(loan).toMatchObject({
      loan_name: 'Flat in Pune',
      principal_amount: 1000000,
      current_balance: 1000000,
      total_paid_so_far: 0,
      interest_rate: 8.5,
      emi_amount: 8678.23,
      due_date: '2026-07-01',
      status: 'active',
      payment_status: 'on_track',
      missed_payments: 0,
    })
    expect(t.app.documents.getOwned('loans', s.user.id, loan.id)?.data).toMatchObject({
      principal: 100_000_000,
      interestRateBps: 850,
      emi: 867_823,
      frequency: 'monthly',
      allowsEarlySettlement: true,
    })
  })

  it('an existing loan keeps the current balance the client computed, or computes it', async () => {
    const sent = await create(s, {
      loan_status: 'existing',
      start_date: '2025-06-01',
      total_paid_so_far: 104138.76,
      current_balance: 950000,
    })
    expect(sent).toMatchObject({ current_balance: 950000, total_paid_so_far: 104138.76 })
    const computed = await create(s, {
      loan_status: 'existing',
      start_date: '2025-06-01',
      total_paid_so_far: 104138.76,
    })
    expect(computed.current_balance).toBeGreaterThan(960000)
    expect(computed.current_balance).toBeLessThan(1000000)
  })

  it('GET lists active loans; GET /:id gives {success, loan, payments}', async () => {
    const loan = await create(s, { loan_name: 'Car', loan_type: 'car', principal_amount: 500000 })
    const list = await call(s, 'GET', '/api/loans')
    expect(list.status).toBe(200)
    expect(list.body.loans.map((l) => l.id)).toContain(loan.id)
    const one = await call(s, 'GET', `/api/loans/${loan.id}`)
    expect(one.status).toBe(200)
    expect(one.body).toEqual({ success: true, loan: expect.objectContaining({ id: loan.id }) as unknown, payments: [] })
  })

  it('a payment is split from the schedule, derives the figures, and reaches devices by pull', async () => {
    const loan = await create(s)
    const paid = await call(s, 'POST', `/api/loans/${loan.id}/payments`, {
      amount_paid: 8678.23,
      payment_date: '2026-06-15',
    })
    expect(paid.status).toBe(201)
    expect(paid.body.payment).toMatchObject({
      amount_paid: 8678.23,
      interest_paid: 7083.33,
      principal_paid: 1594.9,
      payment_method: 'upi',
      payment_type: 'regular',
      payment_date: '2026-06-15',
    })
    expect(paid.body.loan).toMatchObject({
      current_balance: 998405.1,
      total_paid_so_far: 8678.23,
      last_payment_date: '2026-06-15',
      last_payment_amount: 8678.23,
      due_date: '2026-08-01',
    })
    // A second payment with its own split; both count.
    const extra = await call(s, 'POST', `/api/loans/${loan.id}/payments`, {
      amount_paid: '50000',
      principal_paid: 50000,
      interest_paid: 0,
      payment_type: 'extra',
      payment_method: 'bank_transfer',
      payment_date: '2026-06-10',
      notes: 'Bonus',
    })
    expect(extra.status).toBe(201)
    const one = await call(s, 'GET', `/api/loans/${loan.id}`)
    expect(one.body.payments.map((p) => p.amount_paid)).toEqual([8678.23, 50000])
    expect(one.body.loan).toMatchObject({
      current_balance: 948405.1,
      total_paid_so_far: 58678.23,
      due_date: '2026-08-01',
    })
    const pulled = (
      await t.app.inject({ url: '/api/sync/loan_payments/pull?seq=0&limit=500', headers: s.headers })
    ).json<Reply>()
    expect(pulled.documents.filter((d) => d.loanId === loan.id)).toHaveLength(2)
  })

  it('PUT changes given fields and keeps the rest; a kept past payoff date is not refused again', async () => {
    const loan = await create(s, { final_payoff_date: '2046-06-01', loan_duration_months: null })
    const put = await call(s, 'PUT', `/api/loans/${loan.id}`, { loan_name: 'Renamed', missed_payments: 2 })
    expect(put.status).toBe(200)
    expect(put.body.loan).toMatchObject({ loan_name: 'Renamed', missed_payments: 2, principal_amount: 1000000 })
    await expectRefused('PUT', `/api/loans/${loan.id}`, { missed_payments: -1 }, LOAN_MESSAGES.missedInvalid)
  })

  it('DELETE tombstones the loan and its payments', async () => {
    const loan = await create(s)
    await call(s, 'POST', `/api/loans/${loan.id}/payments`, { amount_paid: 100 })
    expect((await call(s, 'DELETE', `/api/loans/${loan.id}`)).body).toEqual({ success: true })
    expect((await call(s, 'GET', `/api/loans/${loan.id}`)).status).toBe(404)
    const pulled = (
      await t.app.inject({ url: '/api/sync/loan_payments/pull?seq=0&limit=500', headers: s.headers })
    ).json<Reply>()
    expect(pulled.documents.filter((d) => d.loanId === loan.id).every((d) => d._deleted)).toBe(true)
  })

  it('another user’s loan is 404 for every route and stays unchanged', async () => {
    const loan = await create(s)
    const before = t.app.documents.lastSeq
    const refusals = await Promise.all([
      call(other, 'GET', `/api/loans/${loan.id}`),
      call(other, 'PUT', `/api/loans/${loan.id}`, { loan_name: 'Mine' }),
      call(other, 'POST', `/api/loans/${loan.id}/payments`, { amount_paid: 10 }),
      call(other, 'DELETE', `/api/loans/${loan.id}`),
    ])
    for (const r of refusals) {
      expect(r.status).toBe(404)
      expect(r.body.error).toBe('Loan not found')
    }
    expect(t.app.documents.lastSeq).toBe(before)
    expect((await call(other, 'GET', '/api/loans')).body.loans).toEqual([])
  })

  it('refuses bad input with a message and writes nothing', async () => {
    const url = '/api/loans'
    await expectRefused('POST', url, { ...HOME, principal_amount: 0 }, LOAN_MESSAGES.amountPositive)
    await expectRefused('POST', url, { ...HOME, principal_amount: -5 }, LOAN_MESSAGES.amountNegative)
    await expectRefused('POST', url, { ...HOME, emi_amount: -1 }, LOAN_MESSAGES.amountNegative)
    await expectRefused('POST', url, { ...HOME, loan_type: 'boat' }, LOAN_MESSAGES.typeInvalid)
    await expectRefused('POST', url, { ...HOME, start_date: '2026-06-16' }, LOAN_MESSAGES.startFuture)
    await expectRefused('POST', url, { ...HOME, final_payoff_date: '2026-06-14' }, LOAN_MESSAGES.payoffPast)
    await expectRefused('POST', url, { ...HOME, next_due_date: '2026-06-14' }, LOAN_MESSAGES.nextDuePast)
    await expectRefused('POST', url, { ...HOME, loan_duration_months: null }, LOAN_MESSAGES.durationRequired)
    const existing = { ...HOME, loan_status: 'existing', total_paid_so_far: 10 }
    await expectRefused('POST', url, { ...existing, missed_payments: -1 }, LOAN_MESSAGES.missedInvalid)
    await expectRefused('POST', url, { ...existing, last_payment_date: '2026-06-16' }, LOAN_MESSAGES.lastPaymentFuture)
    await expectRefused('POST', url, { ...HOME, interest_rate: 'lots' }, LOAN_MESSAGES.rateInvalid)
    await expectRefused('POST', url, { ...HOME, current_balance: -1 }, 'Current balance must be a number, 0 or more')

    const loan = await create(s)
    const pay = `/api/loans/${loan.id}/payments`
    await expectRefused('POST', pay, { amount_paid: 0 }, LOAN_MESSAGES.paymentAmount)
    await expectRefused('POST', pay, { amount_paid: -10 }, LOAN_MESSAGES.paymentAmount)
    await expectRefused(
      'POST',
      pay,
      { amount_paid: 10, principal_paid: 5, interest_paid: 1 },
      LOAN_MESSAGES.paymentSplit,
    )
    await expectRefused('POST', pay, { amount_paid: 10, payment_date: '2026-06-16' }, LOAN_MESSAGES.paymentDateFuture)
    await expectRefused('POST', pay, { amount_paid: 10, payment_method: 'cheque' }, LOAN_MESSAGES.paymentMethodInvalid)
    // Wrong types are refused by the schema, with a message.
    const res = await call(s, 'POST', url, { ...HOME, allows_early_settlement: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual(expect.any(String))
  })

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/loans' })).statusCode).toBe(401)
  })
})
