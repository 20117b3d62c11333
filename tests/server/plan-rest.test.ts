import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { markPaidEntryId } from '../../schema/calc/mark-paid'
import { PLAN_MESSAGES } from '../../schema/validation/plan-input'
import { createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'

let t: TestApp
let s: Session
let other: Session
beforeAll(async () => {
  t = await createTestApp()
  s = await register(t.app)
  other = await register(t.app)
})
afterAll(async () => {
  await t.close()
})

interface BudgetItem {
  id: string
  category: string
  amount: number
  spent: number
  period: string
  allocated: number
}
interface PaymentItem {
  id: string
  name: string
  amount: number
  category: string
  frequency: string
  due_date: string
  next_due_date: string
  reminder_days: number
}
interface Reply {
  success: boolean
  error: string
  budget: BudgetItem
  budgets: BudgetItem[]
  payment: PaymentItem
  payments: PaymentItem[]
  transaction: { id: string; amount: number; category: string; description: string; date: string }
  summary: {
    total_income: number
    total_allocated: number
    total_spent: number
    available: number
    income_basis: 'planned' | 'recorded'
  }
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

/** A POST that answers 400 with `message` and writes nothing. */
async function expectRefused(url: string, payload: unknown, message: string) {
  const before = t.app.documents.lastSeq
  const res = await call(s, 'POST', url, payload)
  expect(res.status).toBe(400)
  expect(res.body.error).toBe(message)
  expect(t.app.documents.lastSeq).toBe(before)
}

async function pull(session: Session, collection: string) {
  return (
    await t.app.inject({ url: `/api/sync/${collection}/pull?seq=0&limit=500`, headers: session.headers })
  ).json<Reply>().documents
}

describe('/api/budgets', () => {
  it('creates with decimal amounts (paise inside), lists with this period’s spent, updates and deletes', async () => {
    const created = await call(s, 'POST', '/api/budgets', {
      category: 'Food & Dining',
      amount: 2500.5,
      period: 'monthly',
    })
    expect(created.status).toBe(201)
    expect(created.body.budget).toMatchObject({
      category: 'Food & Dining',
      amount: 2500.5,
      spent: 0,
      period: 'monthly',
      allocated: 0,
    })
    const id = created.body.budget.id
    // Stored in paise in the replicated document.
    expect((await t.app.documents.getOwned('budgets', s.user.id, id))?.data).toMatchObject({
      amount: 250_050,
      allocated: 0,
    })

    // Spent: this month's expenses of the category (case-insensitive), not income nor other categories.
    const today = new Date().toISOString()
    for (const payload of [
      { amount: 1000.25, category: 'food & dining', date: today },
      { amount: 499.75, category: 'Food & Dining', date: today },
      { amount: 700, category: 'Travel', date: today },
    ])
      expect((await call(s, 'POST', '/api/expenses', payload)).status).toBe(201)
    expect((await call(s, 'POST', '/api/income', { amount: 9999, source: 'Food & Dining', date: today })).status).toBe(
      201,
    )

    const list = await call(s, 'GET', '/api/budgets')
    expect(list.status).toBe(200)
    expect(list.body.success).toBe(true)
    expect(list.body.budgets).toEqual([
      {
        id,
        category: 'Food & Dining',
        amount: 2500.5,
        spent: 1500,
        period: 'monthly',
        allocated: 0,
        created_at: expect.any(String) as string,
        // A new budget names the currency it was made in (the home currency), so a later change keeps it.
        currency: 'INR',
        fx_rate: null,
      },
    ])

    const updated = await call(s, 'PUT', `/api/budgets/${id}`, {
      category: 'Food & Dining',
      amount: '3000',
      period: 'weekly',
    })
    expect(updated.status).toBe(200)
    expect(updated.body.budget).toMatchObject({ id, amount: 3000, period: 'weekly', spent: 1500 })

    expect((await call(s, 'DELETE', `/api/budgets/${id}`)).body).toEqual({ success: true })
    expect((await call(s, 'GET', '/api/budgets')).body.budgets).toEqual([])
    // A REST delete is a tombstone that the next pull carries.
    expect((await pull(s, 'budgets')).find((d) => d.id === id)?._deleted).toBe(true)
  })

  it.each([
    ['missing category', { amount: 100, period: 'monthly' }, PLAN_MESSAGES.categoryRequired],
    ['blank category', { category: '  ', amount: 100 }, PLAN_MESSAGES.categoryRequired],
    ['missing amount', { category: 'Food', period: 'monthly' }, PLAN_MESSAGES.amountRequired],
    ['negative amount', { category: 'Food', amount: -5 }, PLAN_MESSAGES.amountNegative],
    ['zero amount', { category: 'Food', amount: 0 }, PLAN_MESSAGES.amountPositive],
    ['unreadable amount', { category: 'Food', amount: 'lots' }, PLAN_MESSAGES.amountInvalid],
    ['period not in the list', { category: 'Food', amount: 100, period: 'fortnightly' }, PLAN_MESSAGES.periodInvalid],
  ])('refuses %s with 400 and writes nothing', async (_name, payload, message) => {
    await expectRefused('/api/budgets', payload, message)
  })

  it('defaults the period to monthly', async () => {
    const res = await call(s, 'POST', '/api/budgets', { category: 'Shopping', amount: 100 })
    expect(res.body.budget.period).toBe('monthly')
    await call(s, 'DELETE', `/api/budgets/${res.body.budget.id}`)
  })
})

describe('/api/allocation', () => {
  it('sets income (creating the profile), allocates to budgets and summarises with spent', async () => {
    const u = await register(t.app)
    expect(await t.app.documents.getOwned('profile', u.user.id, u.user.id)).toBeUndefined()
    const income = await call(u, 'POST', '/api/allocation/income', { amount: 50000 })
    expect(income.status).toBe(200)
    expect((await t.app.documents.getOwned('profile', u.user.id, u.user.id))?.data).toMatchObject({
      monthlyIncome: 5_000_000,
      currency: 'INR',
    })

    const food = (await call(u, 'POST', '/api/budgets', { category: 'Food', amount: 10000, period: 'monthly' })).body
      .budget
    const rent = (await call(u, 'POST', '/api/budgets', { category: 'Rent', amount: 50000, period: 'monthly' })).body
      .budget
    expect(
      (await call(u, 'POST', '/api/expenses', { amount: 1234.5, category: 'Food', date: new Date().toISOString() }))
        .status,
    ).toBe(201)

    const a = await call(u, 'POST', '/api/allocation/allocate', { budget_id: food.id, amount: 12000.5 })
    expect(a.status).toBe(200)
    expect(a.body.budget).toMatchObject({ id: food.id, allocated: 12000.5, spent: 1234.5 })
    // More than the income leaves is refused, as the screen refuses it before saving.
    const over = await call(u, 'POST', '/api/allocation/allocate', { budget_id: rent.id, amount: 48000 })
    expect(over).toMatchObject({
      status: 400,
      body: { error: "You've allocated more than your income! At most ₹37,999.50 is available for this budget." },
    })
    await call(u, 'POST', '/api/allocation/allocate', { budget_id: rent.id, amount: 37999.5 })
    // Income lowered afterwards leaves more allocated than earned: the spec's warning state.
    await call(u, 'POST', '/api/allocation/income', { amount: 40000 })

    const summary = await call(u, 'GET', '/api/allocation/summary')
    expect(summary.status).toBe(200)
    expect(summary.body.summary).toEqual({
      total_income: 40000,
      total_allocated: 50000,
      total_spent: 1234.5,
      available: -10000,
      income_basis: 'planned',
    })
    expect(summary.body.budgets).toEqual([
      { id: food.id, category: 'Food', period: 'monthly', allocated: 12000.5, spent: 1234.5 },
      { id: rent.id, category: 'Rent', period: 'monthly', allocated: 37999.5, spent: 0 },
    ])
    // Lowering an allocation is always allowed, even while more is allocated than earned.
    const lower = await call(u, 'POST', '/api/allocation/allocate', { budget_id: rent.id, amount: 30000 })
    expect(lower.status).toBe(200)
    // The allocation reaches devices through the next pull.
    expect((await pull(u, 'budgets')).find((d) => d.id === food.id)).toMatchObject({
      allocated: 1_200_050,
      _deleted: false,
    })
    expect((await pull(u, 'profile'))[0]).toMatchObject({ monthlyIncome: 4_000_000 })
  })

  it("measures against this month's recorded income until a monthly figure is planned (as the screen)", async () => {
    const u = await register(t.app)
    const today = new Date().toISOString()
    await call(u, 'POST', '/api/income', { amount: 185000, source: 'Salary', date: today })
    const lastMonth = new Date(Date.now() - 40 * 86_400_000).toISOString()
    expect((await call(u, 'POST', '/api/income', { amount: 500, source: 'Refund', date: lastMonth })).status).toBe(201)
    await call(u, 'POST', '/api/expenses', { amount: 300, category: 'Food', date: today })
    const recorded = (await call(u, 'GET', '/api/allocation/summary')).body.summary
    expect(recorded).toMatchObject({ total_income: 185000, income_basis: 'recorded', available: 185000 })
    await call(u, 'POST', '/api/allocation/income', { amount: 150000 })
    const planned = (await call(u, 'GET', '/api/allocation/summary')).body.summary
    expect(planned).toMatchObject({ total_income: 150000, income_basis: 'planned' })
  })

  it('adds income and spending in other currencies in the home currency, leaving out what has no rate', async () => {
    const u = await register(t.app)
    const today = new Date().toISOString()
    const budget = await call(u, 'POST', '/api/budgets', { category: 'Travel', amount: 5000, period: 'monthly' })
    expect(budget.status).toBe(201)
    for (const [url, payload] of [
      ['/api/income', { amount: 1000, source: 'Freelance', date: today, currency: 'USD', fx_rate: '83.25' }],
      ['/api/income', { amount: 500, source: 'Freelance', date: today, currency: 'USD' }],
      ['/api/expenses', { amount: 10, category: 'Travel', date: today, currency: 'USD', fx_rate: '83.25' }],
      ['/api/expenses', { amount: 20, category: 'Travel', date: today, currency: 'USD' }],
    ] as const)
      expect((await call(u, 'POST', url, payload)).status).toBe(201)
    const summary = (await call(u, 'GET', '/api/allocation/summary')).body.summary
    expect(summary).toMatchObject({ total_income: 83250, income_basis: 'recorded' })
    const list = await call(u, 'GET', '/api/budgets')
    expect(list.body.budgets).toMatchObject([{ category: 'Travel', spent: 832.5 }])
  })

  it.each([
    ['/api/allocation/income', {}, PLAN_MESSAGES.incomeRequired],
    ['/api/allocation/income', { amount: -1 }, PLAN_MESSAGES.amountNegative],
    ['/api/allocation/income', { amount: 'abc' }, PLAN_MESSAGES.amountInvalid],
    ['/api/allocation/allocate', { amount: 10 }, PLAN_MESSAGES.budgetRequired],
    ['/api/allocation/allocate', { budget_id: 'x' }, PLAN_MESSAGES.allocationRequired],
    ['/api/allocation/allocate', { budget_id: 'x', amount: -10 }, PLAN_MESSAGES.amountNegative],
  ])('%s refuses %o with 400', async (url, payload, message) => {
    await expectRefused(url, payload, message)
  })
})

describe('/api/recurring-payments', () => {
  it('creates, lists, edits (a new due date restarts the schedule), deletes', async () => {
    const created = await call(s, 'POST', '/api/recurring-payments', {
      name: 'Netflix',
      amount: 649.5,
      category: 'Entertainment',
      frequency: 'monthly',
      due_date: '2027-01-15',
      reminder_days: 5,
    })
    expect(created.status).toBe(201)
    const p = created.body.payment
    expect(p).toMatchObject({
      name: 'Netflix',
      amount: 649.5,
      category: 'Entertainment',
      frequency: 'monthly',
      due_date: '2027-01-15',
      next_due_date: '2027-01-15',
      reminder_days: 5,
    })
    expect((await t.app.documents.getOwned('recurring_payments', s.user.id, p.id))?.data).toMatchObject({
      amount: 64_950,
      nextDueDate: '2027-01-15',
    })

    const defaults = await call(s, 'POST', '/api/recurring-payments', {
      name: 'Water',
      amount: 300,
      frequency: 'weekly',
      due_date: '2027-01-10',
    })
    expect(defaults.body.payment).toMatchObject({ category: '', reminder_days: 3 })

    const list = await call(s, 'GET', '/api/recurring-payments')
    expect(list.body.payments.map((x) => x.name)).toEqual(['Water', 'Netflix'])

    const edited = await call(s, 'PUT', `/api/recurring-payments/${p.id}`, {
      name: 'Netflix Premium',
      amount: 799,
      category: 'Entertainment',
      frequency: 'monthly',
      due_date: '2027-01-15',
      reminder_days: 5,
    })
    expect(edited.body.payment).toMatchObject({ name: 'Netflix Premium', amount: 799, next_due_date: '2027-01-15' })
    const moved = await call(s, 'PUT', `/api/recurring-payments/${p.id}`, { due_date: '2027-01-20' })
    expect(moved.body.payment).toMatchObject({
      name: 'Netflix Premium',
      due_date: '2027-01-20',
      next_due_date: '2027-01-20',
    })

    expect((await call(s, 'DELETE', `/api/recurring-payments/${p.id}`)).body).toEqual({ success: true })
    expect((await call(s, 'DELETE', `/api/recurring-payments/${defaults.body.payment.id}`)).status).toBe(200)
    expect((await call(s, 'GET', '/api/recurring-payments')).body.payments).toEqual([])
  })

  it('mark-paid records the expense and anchors month ends: 31 Jan → 28 Feb → 31 Mar', async () => {
    const u = await register(t.app)
    const p = (
      await call(u, 'POST', '/api/recurring-payments', {
        name: 'Rent',
        amount: 15000,
        category: '',
        frequency: 'monthly',
        due_date: '2027-01-31',
        reminder_days: 3,
      })
    ).body.payment
    const first = await call(u, 'POST', `/api/recurring-payments/${p.id}/mark-paid`)
    expect(first.status).toBe(200)
    expect(first.body.payment.next_due_date).toBe('2027-02-28')
    expect(first.body.transaction).toMatchObject({ amount: 15000, category: 'Bills & Utilities', description: 'Rent' })
    // Booked under the id a device's Mark Paid gives the same instalment, so the two never book it twice.
    expect(first.body.transaction.id).toBe(markPaidEntryId(p.id, '2027-01-31'))
    const second = await call(u, 'POST', `/api/recurring-payments/${p.id}/mark-paid`)
    expect(second.body.payment).toMatchObject({ due_date: '2027-01-31', next_due_date: '2027-03-31' })

    const expenses = (await t.app.inject({ url: '/api/expenses', headers: u.headers })).json<
      { amount: number; description: string }[]
    >()
    expect(expenses.map((e) => [e.amount, e.description])).toEqual([
      [15000, 'Rent'],
      [15000, 'Rent'],
    ])
    const txDocs = await pull(u, 'transactions')
    expect(txDocs.every((d) => d.origin === 'recurring' && d.amount === 1_500_000)).toBe(true)
    // The moved due date is in the next pull too.
    expect((await pull(u, 'recurring_payments')).find((d) => d.id === p.id)).toMatchObject({
      nextDueDate: '2027-03-31',
    })
  })

  const good = {
    name: 'Gym',
    amount: 1200,
    category: 'Healthcare',
    frequency: 'monthly',
    due_date: '2027-02-01',
    reminder_days: 3,
  }
  it.each([
    ['missing name', { ...good, name: undefined }, PLAN_MESSAGES.nameRequired],
    ['missing amount', { ...good, amount: undefined }, PLAN_MESSAGES.amountRequired],
    ['negative amount', { ...good, amount: -1 }, PLAN_MESSAGES.amountNegative],
    ['frequency not in the list', { ...good, frequency: 'hourly' }, PLAN_MESSAGES.frequencyInvalid],
    ['missing due date', { ...good, due_date: undefined }, PLAN_MESSAGES.dueDateRequired],
    ['bad date', { ...good, due_date: '2027-02-30' }, PLAN_MESSAGES.dueDateInvalid],
    ['reminder_days 31', { ...good, reminder_days: 31 }, PLAN_MESSAGES.reminderInvalid],
    ['reminder_days -1', { ...good, reminder_days: -1 }, PLAN_MESSAGES.reminderInvalid],
  ])('refuses %s with 400 and writes nothing', async (_name, payload, message) => {
    await expectRefused('/api/recurring-payments', payload, message)
  })

  it('a REST create shows up in the next sync pull', async () => {
    const p = (await call(s, 'POST', '/api/recurring-payments', good)).body.payment
    expect((await pull(s, 'recurring_payments')).find((d) => d.id === p.id)).toMatchObject({
      name: 'Gym',
      amount: 120_000,
      dueDate: '2027-02-01',
      nextDueDate: '2027-02-01',
      _deleted: false,
    })
    await call(s, 'DELETE', `/api/recurring-payments/${p.id}`)
  })
})

describe("another user's ids", () => {
  it('answer 404 for read, update, delete, mark-paid and allocate, and change nothing', async () => {
    const budget = (await call(s, 'POST', '/api/budgets', { category: 'Mine', amount: 100 })).body.budget
    const payment = (
      await call(s, 'POST', '/api/recurring-payments', {
        name: 'Mine',
        amount: 100,
        frequency: 'monthly',
        due_date: '2027-01-31',
      })
    ).body.payment
    const before = t.app.documents.lastSeq
    const attempts: [string, string, unknown][] = [
      ['PUT', `/api/budgets/${budget.id}`, { category: 'Theirs', amount: 1 }],
      ['DELETE', `/api/budgets/${budget.id}`, undefined],
      ['POST', '/api/allocation/allocate', { budget_id: budget.id, amount: 5 }],
      ['PUT', `/api/recurring-payments/${payment.id}`, { name: 'Theirs' }],
      ['DELETE', `/api/recurring-payments/${payment.id}`, undefined],
      ['POST', `/api/recurring-payments/${payment.id}/mark-paid`, undefined],
    ]
    for (const [method, url, payload] of attempts) {
      const res = await call(other, method as 'PUT', url, payload)
      expect(res.status, `${method} ${url}`).toBe(404)
    }
    expect(t.app.documents.lastSeq).toBe(before)
    // Reads: their lists do not contain it.
    expect((await call(other, 'GET', '/api/budgets')).body.budgets).toEqual([])
    expect((await call(other, 'GET', '/api/recurring-payments')).body.payments).toEqual([])
    expect((await call(other, 'GET', '/api/allocation/summary')).body.budgets).toEqual([])
    // An unknown id answers the same.
    expect((await call(s, 'PUT', '/api/budgets/nope', { amount: 1 })).status).toBe(404)
    expect((await call(s, 'GET', '/api/budgets')).body.budgets.map((b) => b.category)).toContain('Mine')
  })

  it('requires a token', async () => {
    for (const url of ['/api/budgets', '/api/allocation/summary', '/api/recurring-payments']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401)
    }
  })
})

describe('an allocation pushed from a device', () => {
  const budgetDoc = (u: Session, id: string, allocated: number, updatedAt: number) => ({
    id,
    ownerId: u.user.id,
    updatedAt,
    category: `Budget ${id}`,
    amount: 800_000,
    period: 'monthly',
    allocated,
    refusedAllocation: 0,
    createdAt: 1,
  })
  async function push(u: Session, rows: unknown[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/budgets/push',
      headers: u.headers,
      payload: rows as Record<string, unknown>[],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  }
  const stored = async (u: Session, id: string) => (await t.app.documents.getOwned('budgets', u.user.id, id))!.data
  const wire = (doc: object) => ({ ...doc, _deleted: false })

  it('two devices allocate the same ₹8,000 offline: the raise that no longer fits is not taken, says so', async () => {
    const u = await register(t.app)
    await call(u, 'POST', '/api/allocation/income', { amount: 8000 })
    await push(u, [{ newDocumentState: budgetDoc(u, 'food', 0, 1) }, { newDocumentState: budgetDoc(u, 'fuel', 0, 1) }])
    // Device A's ₹5,000 to food arrives first and fits.
    await push(u, [
      { assumedMasterState: wire(await stored(u, 'food')), newDocumentState: budgetDoc(u, 'food', 500_000, 2) },
    ])
    expect(await stored(u, 'food')).toMatchObject({ allocated: 500_000, refusedAllocation: 0 })
    // Device B's ₹5,000 to fuel no longer fits the ₹3,000 left: fuel keeps ₹0 and the ask is kept.
    await push(u, [
      { assumedMasterState: wire(await stored(u, 'fuel')), newDocumentState: budgetDoc(u, 'fuel', 500_000, 2) },
    ])
    expect(await stored(u, 'fuel')).toMatchObject({ allocated: 0, refusedAllocation: 500_000, updatedAt: 2 })
    // ₹9,99,99,999 into the ₹8,000 budget: refused the same way.
    await push(u, [
      { assumedMasterState: wire(await stored(u, 'fuel')), newDocumentState: budgetDoc(u, 'fuel', 99_999_999_00, 3) },
    ])
    expect(await stored(u, 'fuel')).toMatchObject({ allocated: 0, refusedAllocation: 99_999_999_00 })
    // Device B allocates what is left: taken, and the note is gone (the device cleared it).
    await push(u, [
      { assumedMasterState: wire(await stored(u, 'fuel')), newDocumentState: budgetDoc(u, 'fuel', 300_000, 4) },
    ])
    expect(await stored(u, 'fuel')).toMatchObject({ allocated: 300_000, refusedAllocation: 0 })
    const summary = (await call(u, 'GET', '/api/allocation/summary')).body.summary
    expect(summary).toMatchObject({ total_income: 8000, total_allocated: 8000, available: 0 })
    // Lowering is always taken, even after the income fell below what is allocated.
    await call(u, 'POST', '/api/allocation/income', { amount: 1000 })
    await push(u, [
      { assumedMasterState: wire(await stored(u, 'food')), newDocumentState: budgetDoc(u, 'food', 400_000, 5) },
    ])
    expect((await stored(u, 'food')).allocated).toBe(400_000)
  })
})
