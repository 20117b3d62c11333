import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOAN_MESSAGES } from '../../schema/validation/loan-input'
import { createTestApp, loanPaymentDoc, register } from './helpers'
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
  refused: string | null
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
    expect((await t.app.documents.getOwned('loans', s.user.id, loan.id))?.data).toMatchObject({
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

describe('a payment is never more than the loan owes', () => {
  // ₹50 L at 8.5 % of which ₹46.9 L is still owed (an existing loan; the client sent the balance).
  const OWED = { ...HOME, principal_amount: 5000000, loan_status: 'existing', start_date: '2025-06-01' }
  const owing = (session: Session) => create(session, { ...OWED, total_paid_so_far: 310000, current_balance: 4690000 })

  it('refuses ₹9,99,99,999 on ₹46.9 L owed, saying what closes the loan; the closing payment is allowed', async () => {
    const loan = await owing(s)
    const pay = `/api/loans/${loan.id}/payments`
    await expectRefused('POST', pay, { amount_paid: 99999999 }, LOAN_MESSAGES.paymentOverOwed('₹47,23,220.83'))
    await expectRefused(
      'POST',
      pay,
      { amount_paid: 4690000.01, principal_paid: 4690000.01, interest_paid: 0 },
      LOAN_MESSAGES.principalOverBalance('₹46,90,000'),
    )
    const closed = await call(s, 'POST', pay, { amount_paid: 4723220.83, payment_type: 'full' })
    expect(closed.status).toBe(201)
    expect(closed.body.loan).toMatchObject({ current_balance: 0, status: 'closed', progress_percent: 100 })
    await expectRefused('POST', pay, { amount_paid: 1 }, LOAN_MESSAGES.paidOff)
  })

  it('a payment is edited and deleted, and the figures follow', async () => {
    const loan = await owing(s)
    const pay = `/api/loans/${loan.id}/payments`
    const first = (await call(s, 'POST', pay, { amount_paid: 100000, principal_paid: 100000, interest_paid: 0 })).body
    const second = (await call(s, 'POST', pay, { amount_paid: 50000, principal_paid: 50000, interest_paid: 0 })).body
    expect(second.loan.current_balance).toBe(4540000)
    const edited = await call(s, 'PUT', `${pay}/${first.payment.id}`, { amount_paid: 40000, notes: 'Typo' })
    expect(edited.status).toBe(200)
    // A new amount without its parts gets them proposed again: this month's interest first.
    expect(edited.body.payment).toMatchObject({ amount_paid: 40000, interest_paid: 32866.67, notes: 'Typo' })
    expect(edited.body.loan).toMatchObject({ current_balance: 4632866.67, total_paid_so_far: 400000 })
    // The balance without the edited payment is ₹46.4 L: more than that is refused, and nothing changes.
    await expectRefused(
      'PUT',
      `${pay}/${first.payment.id}`,
      { amount_paid: 4640000.01, principal_paid: 4640000.01, interest_paid: 0 },
      LOAN_MESSAGES.principalOverBalance('₹46,40,000'),
    )
    const removed = await call(s, 'DELETE', `${pay}/${second.payment.id}`)
    expect(removed.body).toMatchObject({ success: true, loan: { current_balance: 4682866.67 } })
    const one = await call(s, 'GET', `/api/loans/${loan.id}`)
    expect(one.body.payments.map((p) => p.id)).toEqual([first.payment.id])
    expect((await call(s, 'DELETE', `${pay}/${second.payment.id}`)).status).toBe(404)
    const before = t.app.documents.lastSeq
    expect((await call(other, 'PUT', `${pay}/${first.payment.id}`, { amount_paid: 1 })).status).toBe(404)
    expect((await call(other, 'DELETE', `${pay}/${first.payment.id}`)).status).toBe(404)
    expect(t.app.documents.lastSeq).toBe(before)
  })

  const paymentDoc = (session: Session, loanId: string, id: string, rupees: number, updatedAt = NOW) => ({
    ...loanPaymentDoc(session.user.id, loanId, id, rupees, NOW),
    updatedAt,
  })
  async function push(session: Session, rows: { newDocumentState: unknown; assumedMasterState?: unknown }[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/loan_payments/push',
      headers: session.headers,
      payload: rows as unknown as Record<string, unknown>,
    })
    expect(res.statusCode).toBe(200)
    return res.json<unknown[]>()
  }
  const stored = async (id: string) => (await t.app.documents.getOwned('loan_payments', s.user.id, id))?.data

  it('two devices paid offline: the payment that no longer fits is kept, not counted, and can be fixed', async () => {
    const loan = await owing(s)
    // Each fits the ₹46.9 L alone; together they are ₹10 L too much. Device A's push comes first.
    expect(await push(s, [{ newDocumentState: paymentDoc(s, loan.id, `a-${loan.id}`, 3000000) }])).toEqual([])
    expect(await push(s, [{ newDocumentState: paymentDoc(s, loan.id, `b-${loan.id}`, 2690000) }])).toEqual([])
    expect((await stored(`a-${loan.id}`))?.refused).toBeNull()
    expect((await stored(`b-${loan.id}`))?.refused).toBe('over_balance')
    const seen = await call(s, 'GET', `/api/loans/${loan.id}`)
    expect(seen.body.loan).toMatchObject({ current_balance: 1690000, total_paid_so_far: 3310000 })
    expect(seen.body.payments.find((p) => p.id === `b-${loan.id}`)?.refused).toBe('over_balance')
    // Device B, having pulled the verdict, lowers it to what is left: judged again, it counts.
    const refusedB = (await stored(`b-${loan.id}`))!
    const fixed = { ...paymentDoc(s, loan.id, `b-${loan.id}`, 1690000, NOW + 1), refused: 'over_balance' }
    expect(await push(s, [{ assumedMasterState: { ...refusedB, _deleted: false }, newDocumentState: fixed }])).toEqual(
      [],
    )
    expect(await stored(`b-${loan.id}`)).toMatchObject({ amount: 169_000_000, refused: null })
    const after = await call(s, 'GET', `/api/loans/${loan.id}`)
    expect(after.body.loan).toMatchObject({ current_balance: 0, status: 'closed' })
  })

  it('judges the rows of one push in order, and a payment for a loan the server has not seen yet counts', async () => {
    const loan = await owing(s)
    const rows = [1, 2].map((n) => ({ newDocumentState: paymentDoc(s, loan.id, `p${n}-${loan.id}`, 3000000) }))
    expect(await push(s, rows)).toEqual([])
    expect([(await stored(`p1-${loan.id}`))?.refused, (await stored(`p2-${loan.id}`))?.refused]).toEqual([
      null,
      'over_balance',
    ])
    // A device cannot mark its own payment as not counted, nor one as counted: the server decides.
    const claimed = { ...paymentDoc(s, loan.id, `p3-${loan.id}`, 100), refused: 'over_interest' }
    await push(s, [{ newDocumentState: claimed }])
    expect((await stored(`p3-${loan.id}`))?.refused).toBeNull()
    await push(s, [{ newDocumentState: paymentDoc(s, 'loan-not-pushed-yet', 'orphan-1', 99999999) }])
    expect((await stored('orphan-1'))?.refused).toBeNull()
  })
})
