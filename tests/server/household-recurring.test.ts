import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Household, HouseholdExpense } from '../../schema/entities/household'
import { buildApp } from '../../sync-server/app'
import { documents } from '../../sync-server/db/tables'
import { callAs, createTestApp, register } from './helpers'
import type { Json, Session, TestApp } from './helpers'

let t: TestApp
let clock = Date.UTC(2026, 10, 23, 6, 0)
const DAY = 86_400_000
const now = () => clock

beforeAll(async () => {
  // Jobs run only when the test calls them, on the test clock.
  t = await createTestApp({}, {}, { now, jobs: false })
})
afterAll(async () => {
  await t.close()
})

const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(t.app, s, method, `/api/households${url}`, payload)

async function pull<T>(s: Session, collection: string) {
  const res = await t.app.inject({ url: `/api/sync/${collection}/pull?seq=0&limit=500`, headers: s.headers })
  expect(res.statusCode).toBe(200)
  return res.json<{ documents: (T & { _deleted: boolean })[] }>().documents
}

async function flat(): Promise<{ a: Session; b: Session; id: string }> {
  const [a, b] = [await register(t.app), await register(t.app)]
  const created = await call(a, 'POST', '', { name: 'Flat 4B', review_period_hours: 24 })
  const id = (created.body.household as { id: string }).id
  await call(a, 'POST', `/${id}/invite`, { email: b.user.email })
  const invitations = (await call(b, 'GET', '/invitations')).body.invitations as { id: string }[]
  await call(b, 'POST', `/invitations/${invitations[0]!.id}/accept`)
  return { a, b, id }
}

const rent = (extra: Record<string, unknown> = {}) => ({
  amount: 24000,
  category: 'Rent',
  description: 'Flat rent',
  frequency: 'monthly',
  day_of_month: 31,
  start_date: '2026-12-01',
  ...extra,
})

const occurrences = async (s: Session, householdId: string) =>
  (await pull<HouseholdExpense>(s, 'household_expenses'))
    .filter((e) => e.householdId === householdId && e.category === 'Rent')
    .sort((x, y) => x.date - y.date)

describe('recurring household expenses', () => {
  it('adds each occurrence once, on its day, clamped to month ends, catching up after downtime', async () => {
    clock = Date.UTC(2026, 10, 23, 6, 0)
    const { a, b, id } = await flat()
    const made = await call(a, 'POST', `/${id}/recurring`, rent())
    expect(made.status).toBe(201)
    const ruleId = (made.body.recurring as { id: string }).id
    expect(await t.app.householdRecurring.check()).toBe(0)

    // The server was down from November to March: the first round adds 31 Dec, 31 Jan and 28 Feb.
    clock = Date.UTC(2027, 2, 1, 6, 0)
    expect(await t.app.householdRecurring.check()).toBe(3)
    expect(await t.app.householdRecurring.check()).toBe(0)
    const added = await occurrences(b, id)
    expect(added.map((e) => e.id)).toEqual(['20261231', '20270131', '20270228'].map((d) => `${ruleId}-${d}`))
    for (const e of added) {
      expect(e).toMatchObject({ ownerId: a.user.id, paidBy: a.user.id, amount: 2_400_000, status: 'pending' })
      expect(e.reviews).toEqual([{ userId: b.user.id, status: 'pending', reason: '', at: clock }])
      expect(e.splits.map((s) => s.amount)).toEqual([1_200_000, 1_200_000])
    }
    const doc = (await pull<Household>(b, 'households')).find((h) => h.id === id)!
    expect(doc.recurring).toMatchObject([{ id: ruleId, addedThrough: '2027-02-28', dayOfMonth: 31 }])
    // Stopped, so the later tests' rounds count only their own.
    expect((await call(b, 'DELETE', `/${id}/recurring/${ruleId}`)).status).toBe(200)
  })

  it('adds it once across two server instances on one database file, run together and after each other', async () => {
    clock = Date.UTC(2027, 4, 20, 6, 0)
    const { a, b, id } = await flat()
    const made = await call(a, 'POST', `/${id}/recurring`, rent({ start_date: '2027-05-21', day_of_month: 21 }))
    const ruleId = (made.body.recurring as { id: string }).id
    const other = await buildApp(t.config, { print: () => {}, now, jobs: false })
    try {
      clock += DAY
      const together = await Promise.all([t.app.householdRecurring.check(), other.householdRecurring.check()])
      expect(together[0] + together[1]).toBe(1)
      expect(await other.householdRecurring.check()).toBe(0)
      expect(await t.app.householdRecurring.check()).toBe(0)
    } finally {
      await other.close()
    }
    expect((await occurrences(b, id)).map((e) => e.date)).toHaveLength(1)
    // Even a round that believes nothing was handled yet (its progress lost) adds no second copy.
    await forgetProgress(id)
    expect(await t.app.householdRecurring.check()).toBe(0)
    expect(await occurrences(b, id)).toHaveLength(1)
    await call(a, 'DELETE', `/${id}/recurring/${ruleId}`)
  })

  it('applies an edit to the occurrences not yet added and adds none after a stop', async () => {
    clock = Date.UTC(2027, 5, 1, 6, 0)
    const { a, b, id } = await flat()
    const ruleId = (
      (await call(a, 'POST', `/${id}/recurring`, rent({ start_date: '2027-06-01', day_of_month: 1 }))).body
        .recurring as { id: string }
    ).id
    expect(await t.app.householdRecurring.check()).toBe(1)
    const edited = await call(b, 'PUT', `/${id}/recurring/${ruleId}`, rent({ amount: 25000, start_date: '2027-06-01' }))
    expect(edited.status).toBe(200)
    clock = Date.UTC(2027, 6, 1, 6, 0)
    expect(await t.app.householdRecurring.check()).toBe(1)
    expect((await occurrences(a, id)).map((e) => e.amount)).toEqual([2_400_000, 2_500_000])
    expect((await call(a, 'DELETE', `/${id}/recurring/${ruleId}`)).status).toBe(200)
    clock = Date.UTC(2027, 9, 1, 6, 0)
    expect(await t.app.householdRecurring.check()).toBe(0)
    expect(await occurrences(a, id)).toHaveLength(2)
  })

  it('refuses what an expense would refuse, with the message, and changes nothing', async () => {
    const { a, id } = await flat()
    const stranger = await register(t.app)
    const bad = [
      [rent({ end_date: '2026-11-30' }), 'The end date must be on or after the start date'],
      [rent({ start_date: '2026-02-30' }), 'Please choose a valid start date'],
      [rent({ amount: 0 }), 'Please enter a valid amount'],
      [rent({ paid_by: stranger.user.id }), 'That person is not a member of this household'],
      [rent({ frequency: 'daily' }), 'Frequency must be one of weekly, monthly, yearly'],
    ] as const
    for (const [body, message] of bad) {
      const res = await call(a, 'POST', `/${id}/recurring`, body)
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body)).toContain(message)
    }
    expect((await call(a, 'GET', `/${id}/recurring`)).body.recurring).toEqual([])
  })

  it("books each occurrence in the rule's own currency at its rate, amounts in that currency's digits", async () => {
    clock = Date.UTC(2027, 7, 1, 6, 0)
    const { a, b, id } = await flat()
    const body = rent({
      amount: '1500.5',
      currency: 'USD',
      fx_rate: '83.25',
      start_date: '2027-08-02',
      day_of_month: 2,
    })
    const made = await call(a, 'POST', `/${id}/recurring`, body)
    expect(made.status).toBe(201)
    const rule = made.body.recurring as { id: string }
    expect(rule).toMatchObject({ amount: 1500.5, currency: 'USD', fx_rate: 83.25 })
    expect((rule as unknown as { splits: unknown[] }).splits).toEqual([
      { user_id: a.user.id, amount_owed: 750.25 },
      { user_id: b.user.id, amount_owed: 750.25 },
    ])
    clock = Date.UTC(2027, 7, 2, 6, 0)
    expect(await t.app.householdRecurring.check()).toBe(1)
    expect(await occurrences(b, id)).toMatchObject([{ amount: 150_050, currency: 'USD', fxRate: 83.25, fxHome: 'INR' }])
    const listed = await call(b, 'GET', `/${id}/expenses`)
    expect((listed.body.expenses as Json[])[0]).toMatchObject({ amount: 1500.5, currency: 'USD', fx_rate: 83.25 })

    // An edit naming no currency is in the household's; whole yen only; a rate needs a currency.
    expect((await call(a, 'PUT', `/${id}/recurring/${rule.id}`, rent({ start_date: '2027-08-02' }))).status).toBe(200)
    clock = Date.UTC(2027, 8, 2, 6, 0)
    expect(await t.app.householdRecurring.check()).toBe(1)
    expect((await occurrences(b, id))[1]).toMatchObject({ amount: 2_400_000, currency: 'INR', fxRate: null })
    expect((await occurrences(b, id))[1]!.fxHome).toBeUndefined()
    const halfYen = await call(a, 'POST', `/${id}/recurring`, rent({ amount: '500.5', currency: 'JPY' }))
    expect(halfYen.body.error).toBe('JPY amounts are whole numbers')
    const rateAlone = await call(a, 'POST', `/${id}/recurring`, rent({ fx_rate: 83 }))
    expect(rateAlone.body.error).toBe('A rate needs a currency: say which currency the amount is in')
    expect((await call(a, 'DELETE', `/${id}/recurring/${rule.id}`)).status).toBe(200)
  })

  it('books a rule made before rules had a currency in the one it was made in, after a change', async () => {
    clock = Date.UTC(2027, 9, 1, 6, 0)
    const { a, b, id } = await flat()
    const made = await call(a, 'POST', `/${id}/recurring`, rent({ start_date: '2027-10-05', day_of_month: 5 }))
    const ruleId = (made.body.recurring as { id: string }).id
    await rewriteHousehold(id, (household) => {
      const rule = household.recurring[0]!
      delete rule.currency
      delete rule.fxRate
    })
    expect((await call(a, 'PUT', `/${id}`, { currency: 'USD' })).status).toBe(200)
    clock = Date.UTC(2027, 9, 5, 6, 0)
    expect(await t.app.householdRecurring.check()).toBe(1)
    expect(await occurrences(b, id)).toMatchObject([{ amount: 2_400_000, currency: 'INR', fxRate: null }])
    const rules = (await call(b, 'GET', `/${id}/recurring`)).body.recurring as Json[]
    expect(rules[0]).toMatchObject({ amount: 24000, currency: 'INR', fx_rate: null })
    await call(a, 'DELETE', `/${id}/recurring/${ruleId}`)
  })

  it('is for members only', async () => {
    const { a, id } = await flat()
    const ruleId = ((await call(a, 'POST', `/${id}/recurring`, rent())).body.recurring as { id: string }).id
    const stranger = await register(t.app)
    expect((await call(stranger, 'GET', `/${id}/recurring`)).status).toBe(404)
    expect((await call(stranger, 'POST', `/${id}/recurring`, rent())).status).toBe(404)
    expect((await call(stranger, 'PUT', `/${id}/recurring/${ruleId}`, rent({ amount: 1 }))).status).toBe(404)
    expect((await call(stranger, 'DELETE', `/${id}/recurring/${ruleId}`)).status).toBe(404)
    const rules = (await call(a, 'GET', `/${id}/recurring`)).body.recurring as { amount: number }[]
    expect(rules.map((r) => r.amount)).toEqual([24000])
    expect(await pull<Household>(stranger, 'households')).toEqual([])
  })
})

/** Rewrites the stored household as if no occurrence of its first rule had been added (bypassing the repository). */
async function forgetProgress(householdId: string): Promise<void> {
  await rewriteHousehold(householdId, (household) => {
    household.recurring[0]!.addedThrough = ''
  })
}

/** Changes the stored household document in place, bypassing the repository (a document as older servers wrote it). */
async function rewriteHousehold(householdId: string, edit: (household: Household) => void): Promise<void> {
  const where = and(eq(documents.collection, 'households'), eq(documents.id, householdId))
  const [row] = await t.app.db.select({ data: documents.data }).from(documents).where(where)
  const household = JSON.parse(row!.data) as Household
  edit(household)
  await t.app.db
    .update(documents)
    .set({ data: JSON.stringify(household) })
    .where(where)
}
