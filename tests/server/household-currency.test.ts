import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HouseholdExpense } from '../../schema/entities/household'
import { callAs, createTestApp, register } from './helpers'
import type { Json, Session, TestApp } from './helpers'

type Wire<T> = T & { _deleted: boolean }

let t: TestApp
const clock = Date.UTC(2026, 10, 23, 6, 0)

beforeAll(async () => {
  t = await createTestApp({}, {}, { now: () => clock })
})
afterAll(async () => {
  await t.close()
})

const call = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  callAs(t.app, s, method, `/api/households${url}`, payload)

async function push(s: Session, collection: string, rows: unknown[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sync/${collection}/push`,
    headers: s.headers,
    payload: rows,
  })
  return { status: res.statusCode, body: res.json<Json | Wire<Json>[]>() }
}

async function pullOne<T>(s: Session, collection: string, id: string): Promise<Wire<T>> {
  const res = await t.app.inject({ url: `/api/sync/${collection}/pull?seq=0&limit=500`, headers: s.headers })
  return res.json<{ documents: Wire<T & { id: string }>[] }>().documents.find((d) => d.id === id)!
}

/** `admin`'s household (in `currency` when given) with `member` in it. */
async function household(admin: Session, member: Session, currency?: string): Promise<string> {
  const created = await call(admin, 'POST', '', { name: 'Flat 4B', ...(currency && { currency }) })
  expect(created.status).toBe(201)
  const id = (created.body.household as { id: string }).id
  await call(admin, 'POST', `/${id}/invite`, { email: member.user.email })
  const invitations = (await call(member, 'GET', '/invitations')).body.invitations as { id: string }[]
  await call(member, 'POST', `/invitations/${invitations.at(-1)!.id}/accept`)
  return id
}

type Balances = {
  currency: string
  balances: { user_id: string; balance: number }[]
  plan: { from_user: string; to_user: string; amount: number }[]
  not_converted: { expense_ids: string[]; settlement_ids: string[] }
}
const balancesOf = async (s: Session, id: string) => (await call(s, 'GET', `/${id}/balances`)).body as Balances
const balanceOf = (b: Balances, s: Session) => b.balances.find((x) => x.user_id === s.user.id)!.balance

/** Approves an expense `a` added, as the other member. */
async function approve(reviewer: Session, expenseId: string) {
  expect((await call(reviewer, 'POST', `/expenses/${expenseId}/approve`)).status).toBe(200)
}

describe('a household has a currency', () => {
  it("is created in its creator's home currency, or the one asked for; an admin changes it", async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/currency',
      headers: a.headers,
      payload: { currency_code: 'AED' },
    })
    expect(put.statusCode).toBe(200)
    const id = await household(a, b)
    expect(((await call(a, 'GET', `/${id}`)).body.household as Json).currency).toBe('AED')
    const usd = await household(a, b, 'USD')
    expect(((await call(b, 'GET', `/${usd}`)).body.household as Json).currency).toBe('USD')
    expect((await call(a, 'POST', '', { name: 'X', currency: 'XYZ' })).body.error).toBe(
      'Please select a supported currency',
    )

    expect((await call(b, 'PUT', `/${id}`, { currency: 'INR' })).status).toBe(403)
    const changed = await call(a, 'PUT', `/${id}`, { currency: 'INR' })
    expect((changed.body.household as Json).currency).toBe('INR')
  })

  it('a change converts nothing stored: earlier entries wait for a rate to the new currency', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 1000, category: 'Rent' })
    const expenseId = (added.body.expense as { id: string }).id
    await approve(b, expenseId)
    expect(balanceOf(await balancesOf(a, id), a)).toBe(500)

    await call(a, 'PUT', `/${id}`, { currency: 'USD' })
    const after = await balancesOf(a, id)
    expect(after.currency).toBe('USD')
    expect(after.not_converted.expense_ids).toEqual([expenseId])
    expect(balanceOf(after, a)).toBe(0)
    // Changing back: the pinned currency is INR again, so the rupee expense counts as it did.
    await call(a, 'PUT', `/${id}`, { currency: 'INR' })
    expect(balanceOf(await balancesOf(a, id), a)).toBe(500)
  })
})

describe('expenses and payments in another currency', () => {
  it('convert at their own rate; one without a rate is left out and listed until its payer adds one', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const rated = await call(a, 'POST', `/${id}/expenses`, {
      amount: 20,
      currency: 'USD',
      fx_rate: 83.25,
      category: 'Groceries',
    })
    expect(rated.status).toBe(201)
    expect(rated.body.expense).toMatchObject({ amount: 20, currency: 'USD', fx_rate: 83.25 })
    expect((rated.body.expense as Json).amount_in_household_currency).toBe(1665)
    const bare = await call(a, 'POST', `/${id}/expenses`, { amount: 10, currency: 'USD', category: 'Rent' })
    const ratedId = (rated.body.expense as { id: string }).id
    const bareId = (bare.body.expense as { id: string }).id
    await approve(b, ratedId)
    await approve(b, bareId)

    let balances = await balancesOf(a, id)
    expect(balances.currency).toBe('INR')
    expect(balanceOf(balances, a)).toBe(832.5)
    expect(balanceOf(balances, b)).toBe(-832.5)
    expect(balances.not_converted.expense_ids).toEqual([bareId])

    expect((await call(b, 'PUT', `/expenses/${bareId}/rate`, { fx_rate: 80 })).status).toBe(403)
    const fixed = await call(a, 'PUT', `/expenses/${bareId}/rate`, { fx_rate: '84' })
    expect(fixed.status).toBe(200)
    balances = await balancesOf(a, id)
    expect(balanceOf(balances, a)).toBe(832.5 + 420)
    expect(balances.not_converted.expense_ids).toEqual([])
    expect(balances.plan).toEqual([{ from_user: b.user.id, to_user: a.user.id, amount: 1252.5 }])
  })

  it('refuses a rate without a currency, amounts finer than their currency, and bad rates', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const noCurrency = await call(a, 'POST', `/${id}/expenses`, { amount: 20, fx_rate: 83.25, category: 'Rent' })
    expect(noCurrency.status).toBe(400)
    expect(noCurrency.body.error).toBe('A rate needs a currency: say which currency the amount is in')
    const halfYen = await call(a, 'POST', `/${id}/expenses`, { amount: '500.5', currency: 'JPY', category: 'Rent' })
    expect(halfYen.body.error).toBe('JPY amounts are whole numbers')
    const badRate = await call(a, 'POST', `/${id}/settlements`, {
      to_user: b.user.id,
      amount: 5,
      currency: 'USD',
      fx_rate: -1,
    })
    expect(badRate.body.error).toBe('Please enter a valid rate (a number above zero, at most 10 digits)')
    const payNoCurrency = await call(a, 'POST', `/${id}/settlements`, { to_user: b.user.id, amount: 5, fx_rate: 2 })
    expect(payNoCurrency.body.error).toBe('A rate needs a currency: say which currency the amount is in')
    const yen = await call(a, 'POST', `/${id}/expenses`, { amount: 500, currency: 'JPY', category: 'Rent' })
    expect(yen.status).toBe(201)
    expect((yen.body.expense as Json).amount).toBe(500)
  })

  it('a payment converts the same; the over-payment word compares in the household currency', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 2000, category: 'Rent' })
    await approve(b, (added.body.expense as { id: string }).id)
    // b owes ₹1,000: $12 at 83 is ₹996, within it; $13 more at 83 would be more than what is left.
    const within = await call(b, 'POST', `/${id}/settlements`, {
      to_user: a.user.id,
      amount: 12,
      currency: 'USD',
      fx_rate: 83,
    })
    expect(within.status).toBe(201)
    expect(within.body.warning).toBeUndefined()
    const over = await call(b, 'POST', `/${id}/settlements`, {
      to_user: a.user.id,
      amount: 13,
      currency: 'USD',
      fx_rate: 83,
    })
    expect(over.body.warning).toBe('This is more than you owe them (₹4), counting payments waiting for confirmation')
    const settlementId = (within.body.settlement as { id: string }).id
    await call(a, 'POST', `/settlements/${settlementId}/confirm`)
    expect(balanceOf(await balancesOf(a, id), b)).toBe(-4)
  })
})

describe('a split in a currency without decimals', () => {
  it('is whole yen, over REST and in a yen household, and still adds up to the amount', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const splitsOf = async (id: string, body: Json) => {
      const res = await call(a, 'POST', `/${id}/expenses`, { category: 'Groceries', ...body })
      expect(res.status).toBe(201)
      const expenseId = (res.body.expense as { id: string }).id
      const stored = (await t.app.documents.get('household_expenses', expenseId))!.data as HouseholdExpense
      return stored.splits.map((s) => s.amount).sort()
    }
    // ¥1,001 between two: ¥501 and ¥500 (kept in hundredths), not ¥500.50 each.
    expect(await splitsOf(await household(a, b), { amount: 1001, currency: 'JPY' })).toEqual([50_000, 50_100])
    expect(await splitsOf(await household(a, b, 'JPY'), { amount: 1001 })).toEqual([50_000, 50_100])
  })
})

describe('a payment decided over REST', () => {
  it('is answered in its own currency with the household figure, on confirm, decline and cancel', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b, 'USD')
    const pay = (body: Json) => call(b, 'POST', `/${id}/settlements`, { to_user: a.user.id, ...body })
    const yen = (await pay({ amount: 1500, currency: 'JPY', fx_rate: 0.0066 })).body.settlement as { id: string }
    const dollars = (await pay({ amount: 12.5 })).body.settlement as { id: string }
    const dirhams = (await pay({ amount: 40, currency: 'AED' })).body.settlement as { id: string }

    const confirmed = await call(a, 'POST', `/settlements/${yen.id}/confirm`)
    expect(confirmed.body.settlement).toMatchObject({
      status: 'confirmed',
      amount: 1500,
      currency: 'JPY',
      fx_rate: 0.0066,
      amount_in_household_currency: 9.9,
    })
    const declined = await call(a, 'POST', `/settlements/${dollars.id}/decline`, { reason: 'Not received' })
    expect(declined.body.settlement).toMatchObject({ status: 'declined', amount: 12.5, currency: 'USD' })
    const cancelled = await call(b, 'POST', `/settlements/${dirhams.id}/cancel`)
    expect(cancelled.body.settlement).toMatchObject({
      status: 'cancelled',
      amount: 40,
      currency: 'AED',
      fx_rate: null,
      amount_in_household_currency: null,
    })
  })
})

describe('sync pushes', () => {
  function expenseDoc(owner: Session, householdId: string, other: Session, extra: Partial<HouseholdExpense>) {
    return {
      id: `he-${Math.random().toString(36).slice(2, 10)}`,
      ownerId: owner.user.id,
      updatedAt: clock,
      householdId,
      amount: 2000,
      description: '',
      category: 'Groceries',
      date: clock,
      paidBy: owner.user.id,
      splitMethod: 'equal',
      splits: [
        { userId: owner.user.id, amount: 1000, weight: 0 },
        { userId: other.user.id, amount: 1000, weight: 0 },
      ],
      reviews: [],
      status: 'pending',
      deadline: 0,
      createdAt: 0,
      ...extra,
    }
  }
  const row = (doc: object) => ({ newDocumentState: { ...doc, _deleted: false }, assumedMasterState: null })

  it('refuse a yen expense split into fractions of a yen, storing nothing', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    // 1,001 yen split 500.5 / 500.5: the parts add up, but half a yen is not an amount.
    const halves = [
      { userId: a.user.id, amount: 500_50, weight: 0 },
      { userId: b.user.id, amount: 500_50, weight: 0 },
    ]
    const doc = expenseDoc(a, id, b, { currency: 'JPY', amount: 1001_00, splits: halves })
    const refused = await push(a, 'household_expenses', [row(doc)])
    // Refused as a new expense is: answered as removed, so the device drops it.
    expect(refused.body).toEqual([expect.objectContaining({ id: doc.id, _deleted: true })])
    expect(await pullOne(b, 'household_expenses', doc.id)).toBeUndefined()

    const whole = [
      { userId: a.user.id, amount: 500_00, weight: 0 },
      { userId: b.user.id, amount: 501_00, weight: 0 },
    ]
    expect((await push(a, 'household_expenses', [row({ ...doc, splits: whole })])).status).toBe(200)
    expect((await pullOne<HouseholdExpense>(b, 'household_expenses', doc.id)).splits.map((p) => p.amount)).toEqual([
      500_00, 501_00,
    ])
  })

  it('refuse a rate without a currency; keep the currency when an older device pushes without it', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const bad = await push(a, 'household_expenses', [row(expenseDoc(a, id, b, { fxRate: 83.25 }))])
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('A rate needs a currency and the currency it converts to')

    const doc = expenseDoc(a, id, b, { currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    expect((await push(a, 'household_expenses', [row(doc)])).status).toBe(200)
    const stored = await pullOne<HouseholdExpense>(b, 'household_expenses', doc.id)
    // b (an older device) approves with a document that knows nothing of currencies.
    const { currency: _c, fxRate: _r, fxHome: _h, _deleted, ...older } = stored
    const reviews = older.reviews.map((r) => ({ ...r, status: 'approved' as const }))
    expect((await push(b, 'household_expenses', [row({ ...older, reviews })])).status).toBe(200)
    const after = await pullOne<HouseholdExpense>(a, 'household_expenses', doc.id)
    expect(after).toMatchObject({ status: 'approved', currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    expect(balanceOf(await balancesOf(a, id), b)).toBe(-832.5)
  })

  it('take a rate from the payer or an admin, never from another member', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    // b pays in dollars with no rate yet; a is the admin.
    const doc = { ...expenseDoc(b, id, a, { currency: 'USD', fxRate: null }), paidBy: b.user.id }
    await push(b, 'household_expenses', [row(doc)])
    const stored = await pullOne<HouseholdExpense>(a, 'household_expenses', doc.id)
    const { _deleted, ...current } = stored
    const outsider = await register(t.app)
    await call(a, 'POST', `/${id}/invite`, { email: outsider.user.email })
    const inv = (await call(outsider, 'GET', '/invitations')).body.invitations as { id: string }[]
    await call(outsider, 'POST', `/invitations/${inv[0]!.id}/accept`)
    const fresh = await pullOne<HouseholdExpense>(outsider, 'household_expenses', doc.id)
    const { _deleted: _d, ...seen } = fresh
    await push(outsider, 'household_expenses', [row({ ...seen, fxRate: 70, fxHome: 'INR', updatedAt: clock + 5 })])
    expect((await pullOne<HouseholdExpense>(a, 'household_expenses', doc.id)).fxRate).toBeNull()

    await push(a, 'household_expenses', [row({ ...current, fxRate: 83, fxHome: 'INR', updatedAt: clock + 9 })])
    expect(await pullOne<HouseholdExpense>(b, 'household_expenses', doc.id)).toMatchObject({
      currency: 'USD',
      fxRate: 83,
      fxHome: 'INR',
    })
  })
})
