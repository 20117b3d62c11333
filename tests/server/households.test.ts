import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HouseholdExpense, Settlement } from '../../schema/entities/household'
import { buildApp } from '../../sync-server/app'
import { callAs, createTestApp, register } from './helpers'
import type { Json, Session, TestApp } from './helpers'
import { idUnavailable } from '../../sync-server/modules/sync/push-rows'

type Wire<T> = T & { _deleted: boolean }

let t: TestApp
let clock = Date.UTC(2026, 10, 23, 6, 0)
const HOUR = 3_600_000
const now = () => clock

beforeAll(async () => {
  t = await createTestApp({}, {}, { now })
})
afterAll(async () => {
  await t.close()
})

const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(t.app, s, method, `/api/households${url}`, payload)

async function pull<T>(s: Session, collection: string, seq = 0) {
  const res = await t.app.inject({ url: `/api/sync/${collection}/pull?seq=${seq}&limit=500`, headers: s.headers })
  expect(res.statusCode).toBe(200)
  return res.json<{ documents: Wire<T>[]; checkpoint: { seq: number } }>()
}

async function push(s: Session, collection: string, rows: unknown[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sync/${collection}/push`,
    headers: s.headers,
    payload: rows,
  })
  return { status: res.statusCode, body: res.json<Json | Wire<Json>[]>() }
}

/** A household of `members.length + 1` people: `admin` created it and invited the others, who accepted. */
async function household(admin: Session, ...members: Session[]): Promise<string> {
  const created = await call(admin, 'POST', '', { name: 'Flat 4B', review_period_hours: 24 })
  expect(created.status).toBe(201)
  const id = (created.body.household as { id: string }).id
  for (const m of members) await join(admin, id, m)
  return id
}

type Invitation = { id: string; household_name: string; invited_by_name: string; created_at: string }

const invitationsOf = async (s: Session) => (await call(s, 'GET', '/invitations')).body.invitations as Invitation[]

/** `admin` invites `member`, who accepts (their newest invitation). */
async function join(admin: Session, id: string, member: Session) {
  expect((await call(admin, 'POST', `/${id}/invite`, { email: member.user.email })).status).toBe(200)
  const invitation = (await invitationsOf(member)).at(-1)!
  const accepted = await call(member, 'POST', `/invitations/${invitation.id}/accept`)
  expect(accepted.body).toEqual({ success: true, household_id: id })
}

function expenseDoc(s: Session, householdId: string, members: Session[], overrides: Partial<HouseholdExpense> = {}) {
  const amount = overrides.amount ?? 90_000
  const share = Math.floor(amount / members.length)
  return {
    id: `he-${Math.random().toString(36).slice(2, 10)}`,
    ownerId: s.user.id,
    updatedAt: clock,
    householdId,
    amount,
    description: 'Vegetables',
    category: 'Groceries',
    date: clock,
    paidBy: s.user.id,
    splitMethod: 'equal',
    splits: members.map((m, i) => ({
      userId: m.user.id,
      amount: i === 0 ? amount - share * (members.length - 1) : share,
      weight: 0,
    })),
    reviews: [],
    status: 'pending',
    deadline: 0,
    createdAt: 0,
    ...overrides,
  }
}

describe('households over REST', () => {
  it('creates, lists and shows a household; refuses a blank name with the spec message', async () => {
    const a = await register(t.app)
    const blank = await call(a, 'POST', '', { name: '  ' })
    expect(blank.status).toBe(400)
    expect(blank.body.error).toBe('Please enter a household name')
    const badPeriod = await call(a, 'POST', '', { name: 'Home', review_period_hours: 5 })
    expect(badPeriod.status).toBe(400)

    const created = await call(a, 'POST', '', {
      name: 'Flat 4B',
      description: 'Koramangala',
      icon: 'building',
      color: '#3b82f6',
      monthly_budget: 25000.5,
    })
    expect(created.status).toBe(201)
    expect(created.body.household).toMatchObject({
      name: 'Flat 4B',
      monthly_budget: 25000.5,
      review_period_hours: 24,
      member_count: 1,
      role: 'admin',
      expense_count_this_month: 0,
    })
    const id = (created.body.household as { id: string }).id
    expect((await call(a, 'GET', '')).body.households).toHaveLength(1)
    const detail = await call(a, 'GET', `/${id}`)
    expect(detail.body.your_role).toBe('admin')
    expect(detail.body.members).toEqual([
      { user_id: a.user.id, name: a.user.name, email: a.user.email, role: 'admin', upi_id: null },
    ])
  })

  it('a non-member sees and changes nothing on any route (404), a member is no admin (403)', async () => {
    const [a, b, outsider] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 900, category: 'Groceries' })
    const expenseId = (added.body.expense as { id: string }).id
    const settled = await call(b, 'POST', `/${id}/settlements`, { to_user: a.user.id, amount: 10 })
    const settlementId = (settled.body.settlement as { id: string }).id

    const routes: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', `/${id}`],
      ['PUT', `/${id}`, { name: 'Mine now' }],
      ['POST', `/${id}/invite`, { email: outsider.user.email }],
      ['DELETE', `/${id}/members/${b.user.id}`],
      ['POST', `/${id}/leave`],
      ['GET', `/${id}/expenses`],
      ['POST', `/${id}/expenses`, { amount: 100, category: 'Rent' }],
      ['GET', `/${id}/balances`],
      ['GET', `/${id}/settlements`],
      ['POST', `/${id}/settlements`, { to_user: a.user.id, amount: 5 }],
      ['POST', `/expenses/${expenseId}/approve`],
      ['POST', `/expenses/${expenseId}/deny`, { reason: 'no' }],
      ['POST', `/settlements/${settlementId}/confirm`],
    ]
    for (const [method, url, body] of routes) {
      const res = await call(outsider, method, url, body)
      expect(res.status, `${method} ${url}`).toBe(404)
    }
    expect((await call(outsider, 'GET', '')).body.households).toEqual([])
    expect((await call(outsider, 'GET', '/reviews/pending')).body.reviews).toEqual([])
    expect((await call(b, 'POST', `/${id}/invite`, { email: outsider.user.email })).status).toBe(403)
    expect((await call(b, 'PUT', `/${id}`, { name: 'x' })).status).toBe(403)
    expect((await call(a, 'GET', `/${id}`)).body.household).toMatchObject({ name: 'Flat 4B', member_count: 2 })
  })

  it('inviting adds nobody and answers the same for an account and for an unknown e-mail', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a)
    const email = `later-${Date.now()}@example.com`
    const toAccount = await call(a, 'POST', `/${id}/invite`, { email: b.user.email.toUpperCase() })
    const toNobody = await call(a, 'POST', `/${id}/invite`, { email })
    expect(toAccount).toEqual({ status: 200, body: { success: true, status: 'invited' } })
    expect(toNobody).toEqual(toAccount)
    // Inviting again keeps one invitation each and answers the same.
    expect(await call(a, 'POST', `/${id}/invite`, { email: b.user.email })).toEqual(toAccount)
    expect((await call(a, 'POST', `/${id}/invite`, { email: 'not-an-email' })).status).toBe(400)
    expect((await call(b, 'GET', '')).body.households).toEqual([])
    const detail = await call(a, 'GET', `/${id}`)
    expect(detail.body.members).toHaveLength(1)
    const pending = detail.body.pending_invites as { id: string; email: string; created_at: string }[]
    expect(pending.map((p) => [p.email, p.created_at])).toEqual([
      [b.user.email, new Date(clock).toISOString()],
      [email, new Date(clock).toISOString()],
    ])
    expect(new Set(pending.map((p) => p.id)).size).toBe(2)
    // A new account is not joined either: its invitation waits for it.
    const later = await register(t.app, { email })
    expect((await call(later, 'GET', '')).body.households).toEqual([])
    expect(await invitationsOf(later)).toHaveLength(1)
  })

  it('the invitee accepts or declines; nobody else can, and the admin can cancel', async () => {
    const [a, b, c, outsider] = [
      await register(t.app),
      await register(t.app),
      await register(t.app),
      await register(t.app),
    ]
    const id = await household(a)
    await call(a, 'POST', `/${id}/invite`, { email: b.user.email })
    await call(a, 'POST', `/${id}/invite`, { email: c.user.email })
    const [forB] = await invitationsOf(b)
    expect(await invitationsOf(b)).toEqual([
      {
        id: forB!.id,
        household_name: 'Flat 4B',
        invited_by_name: a.user.name,
        created_at: new Date(clock).toISOString(),
      },
    ])
    const [forC] = await invitationsOf(c)
    expect(await invitationsOf(outsider)).toEqual([])
    for (const s of [outsider, a, c])
      for (const action of ['accept', 'decline']) {
        const res = await call(s, 'POST', `/invitations/${forB!.id}/${action}`)
        expect(res.status, action).toBe(404)
        expect(res.body.error).toBe('Invitation not found')
      }
    expect((await call(b, 'POST', `/invitations/${'x'.repeat(65)}/accept`)).status).toBe(400)
    expect((await call(b, 'POST', '/invitations/not-an-id/accept')).status).toBe(404)

    expect((await call(b, 'POST', `/invitations/${forB!.id}/accept`)).body).toEqual({ success: true, household_id: id })
    expect((await call(b, 'GET', '')).body.households).toMatchObject([{ id, role: 'member', member_count: 2 }])
    expect(await invitationsOf(b)).toEqual([])
    expect((await call(b, 'POST', `/invitations/${forB!.id}/accept`)).status).toBe(404)
    expect((await call(a, 'POST', `/${id}/invite`, { email: b.user.email })).status).toBe(409)

    expect((await call(c, 'POST', `/invitations/${forC!.id}/decline`)).body).toEqual({ success: true })
    expect((await call(c, 'GET', '')).body.households).toEqual([])
    expect((await call(c, 'POST', `/invitations/${forC!.id}/accept`)).status).toBe(404)
    expect((await call(a, 'GET', `/${id}`)).body.pending_invites).toEqual([])

    // Cancelling: only the admin of that household, only its own invitations.
    await call(a, 'POST', `/${id}/invite`, { email: c.user.email })
    const [again] = await invitationsOf(c)
    const other = await household(outsider)
    expect((await call(b, 'DELETE', `/${id}/invitations/${again!.id}`)).status).toBe(403)
    expect((await call(outsider, 'DELETE', `/${id}/invitations/${again!.id}`)).status).toBe(404)
    expect((await call(outsider, 'DELETE', `/${other}/invitations/${again!.id}`)).status).toBe(404)
    expect((await call(a, 'DELETE', `/${id}/invitations/nope`)).status).toBe(404)
    expect((await call(a, 'DELETE', `/${id}/invitations/${again!.id}`)).body).toEqual({ success: true })
    expect(await invitationsOf(c)).toEqual([])
    expect((await call(a, 'GET', `/${id}`)).body.pending_invites).toEqual([])
    expect((await call(c, 'POST', `/invitations/${again!.id}/accept`)).status).toBe(404)
  })

  it('changing one setting keeps the others as they were', async () => {
    const a = await register(t.app)
    const created = await call(a, 'POST', '', {
      name: 'Flat 4B',
      icon: 'building',
      color: '#3b82f6',
      monthly_budget: 25000,
      review_period_hours: 72,
    })
    const id = (created.body.household as { id: string }).id
    expect((await call(a, 'PUT', `/${id}`, { name: 'Flat 5C' })).status).toBe(200)
    expect((await call(a, 'GET', `/${id}`)).body.household).toMatchObject({
      name: 'Flat 5C',
      icon: 'building',
      color: '#3b82f6',
      monthly_budget: 25000,
      review_period_hours: 72,
    })
  })

  it('refuses a wrong field of an expense or a payment with its own message, storing nothing', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const refusals: [string, Record<string, unknown>, string][] = [
      ['/expenses', { amount: true, category: 'Rent' }, 'Please enter a valid amount'],
      ['/expenses', { amount: '12.5', category: 'Rent', date: '2026-02-30' }, 'Please enter a valid date'],
      [
        '/expenses',
        { amount: 10, category: 'Rent', splits: [{ user_id: '' }] },
        'That person is not a member of this household',
      ],
      [
        '/expenses',
        { amount: 10, category: 'Rent', split_method: 'percentage', splits: [{ user_id: b.user.id, percentage: 120 }] },
        'A percentage must be a number from 0 to 100',
      ],
      [
        '/expenses',
        { amount: 10, category: 'Rent', split_method: 'halves' },
        'Split method must be one of equal, exact, percentage, shares',
      ],
      [
        '/settlements',
        { to_user: b.user.id, amount: 10, payment_method: 'cheque' },
        'Payment method must be one of upi, bank_transfer, cash, other',
      ],
      [
        '/settlements',
        { to_user: b.user.id, amount: 10, transaction_id: 'x'.repeat(101) },
        'Reference must be at most 100 characters',
      ],
    ]
    for (const [path, payload, message] of refusals) {
      const res = await call(a, 'POST', `/${id}${path}`, payload)
      expect([res.status, res.body.error], JSON.stringify(payload)).toEqual([400, message])
    }
    expect((await call(a, 'GET', `/${id}/expenses`)).body.expenses).toEqual([])
    expect((await call(a, 'GET', `/${id}/settlements`)).body.settlements).toEqual([])
  })

  it('splits: equal by default to the paisa, the spec message when amounts do not add up', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b, c)
    const equal = await call(a, 'POST', `/${id}/expenses`, { amount: 100, category: 'Groceries' })
    expect(equal.status).toBe(201)
    const splits = (equal.body.expense as { splits: { amount_owed: number }[] }).splits.map((s) => s.amount_owed)
    expect(splits).toEqual([33.34, 33.33, 33.33])

    const wrong = await call(a, 'POST', `/${id}/expenses`, {
      amount: 1000,
      category: 'Rent',
      split_method: 'exact',
      splits: [
        { user_id: a.user.id, amount_owed: 500 },
        { user_id: b.user.id, amount_owed: 400 },
      ],
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe("Split amounts (900.00) don't match total (1000.00)")

    const pct = await call(a, 'POST', `/${id}/expenses`, {
      amount: 999,
      category: 'Rent',
      split_method: 'percentage',
      splits: [
        { user_id: a.user.id, percentage: 50 },
        { user_id: b.user.id, percentage: 30 },
        { user_id: c.user.id, percentage: 20 },
      ],
    })
    expect((pct.body.expense as { splits: { amount_owed: number }[] }).splits.map((s) => s.amount_owed)).toEqual([
      499.5, 299.7, 199.8,
    ])
    const noAmount = await call(a, 'POST', `/${id}/expenses`, { amount: 0, category: 'Rent' })
    expect(noAmount.body.error).toBe('Please enter a valid amount')
    const noCategory = await call(a, 'POST', `/${id}/expenses`, { amount: 10, category: '' })
    expect(noCategory.body.error).toBe('Please select a category')
    const stranger = await register(t.app)
    const outsiderSplit = await call(a, 'POST', `/${id}/expenses`, {
      amount: 10,
      category: 'Rent',
      split_method: 'exact',
      splits: [{ user_id: stranger.user.id, amount_owed: 10 }],
    })
    expect(outsiderSplit.status).toBe(400)
  })

  it('review: deny needs a reason; one denial denies; all approvals approve; the payer does not review', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b, c)
    const first = await call(a, 'POST', `/${id}/expenses`, { amount: 300, category: 'Internet' })
    const firstId = (first.body.expense as { id: string }).id
    expect((await call(b, 'GET', '/reviews/pending')).body.reviews).toMatchObject([
      { expense_id: firstId, household_name: 'Flat 4B', amount: 300, paid_by_name: a.user.name },
    ])
    expect((await call(a, 'POST', `/expenses/${firstId}/approve`)).status).toBe(403)
    const blank = await call(b, 'POST', `/expenses/${firstId}/deny`, { reason: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.error).toBe('Please provide a reason for denial')
    expect((await call(b, 'POST', `/expenses/${firstId}/approve`)).body.status).toBe('pending')
    expect((await call(c, 'POST', `/expenses/${firstId}/approve`)).body.status).toBe('approved')
    expect((await call(c, 'POST', `/expenses/${firstId}/deny`, { reason: 'late' })).status).toBe(409)

    const second = await call(a, 'POST', `/${id}/expenses`, { amount: 50, category: 'Other' })
    const secondId = (second.body.expense as { id: string }).id
    expect((await call(b, 'POST', `/expenses/${secondId}/deny`, { reason: 'Not ours' })).body.status).toBe('denied')
    const list = (await call(c, 'GET', `/${id}/expenses`)).body.expenses as { id: string; reviews: unknown[] }[]
    expect(list.find((e) => e.id === secondId)?.reviews).toContainEqual({
      user_id: b.user.id,
      status: 'denied',
      reason: 'Not ours',
    })
  })

  it('balances sum to zero; only the receiver confirms a settlement, which then counts', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 1000, category: 'Rent' })
    await call(b, 'POST', `/expenses/${(added.body.expense as { id: string }).id}/approve`)
    const before = (await call(b, 'GET', `/${id}/balances`)).body
    expect(before.balances).toEqual([
      { user_id: a.user.id, user_name: a.user.name, balance: 500 },
      { user_id: b.user.id, user_name: b.user.name, balance: -500 },
    ])
    expect(before.plan).toEqual([{ from_user: b.user.id, to_user: a.user.id, amount: 500 }])

    expect((await call(b, 'POST', `/${id}/settlements`, { to_user: b.user.id, amount: 5 })).status).toBe(400)
    const noTarget = await call(b, 'POST', `/${id}/settlements`, { amount: 5 })
    expect(noTarget.body.error).toBe('Please select who you paid')
    const paid = await call(b, 'POST', `/${id}/settlements`, {
      to_user: a.user.id,
      amount: 500,
      payment_method: 'bank_transfer',
      transaction_id: 'UTR123',
      notes: 'June rent',
    })
    expect(paid.body.settlement).toMatchObject({
      status: 'pending',
      payment_method: 'bank_transfer',
      transaction_id: 'UTR123',
    })
    const settlementId = (paid.body.settlement as { id: string }).id
    expect((await call(b, 'GET', `/${id}/balances`)).body.balances).toEqual(before.balances)
    expect((await call(b, 'POST', `/settlements/${settlementId}/confirm`)).status).toBe(403)
    expect((await call(a, 'POST', `/settlements/${settlementId}/confirm`)).body.settlement).toMatchObject({
      status: 'confirmed',
    })
    const after = (await call(a, 'GET', `/${id}/balances`)).body.balances as { balance: number }[]
    expect(after.map((x) => x.balance)).toEqual([0, 0])
  })
})

describe('who reviews: neither whoever entered an expense nor whoever paid it', () => {
  const approve = (s: Session, expenseId: string) => call(s, 'POST', `/expenses/${expenseId}/approve`)

  it('over REST: entering for another payer gives the one who entered it no review', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b, c)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 600, category: 'Rent', paid_by: b.user.id })
    expect(added.status).toBe(201)
    const expense = added.body.expense as { id: string; reviews: { user_id: string }[]; created_by: string }
    expect(expense.created_by).toBe(a.user.id)
    expect(expense.reviews.map((r) => r.user_id)).toEqual([c.user.id])
    expect((await call(a, 'GET', '/reviews/pending')).body.reviews).toEqual([])
    expect((await call(b, 'GET', '/reviews/pending')).body.reviews).toEqual([])
    const byEntrant = await approve(a, expense.id)
    expect(byEntrant.status).toBe(403)
    expect(byEntrant.body.error).toBe('You added this expense: the other members review it')
    expect((await call(a, 'POST', `/expenses/${expense.id}/deny`, { reason: 'mine' })).status).toBe(403)
    const byPayer = await approve(b, expense.id)
    expect(byPayer.status).toBe(403)
    expect(byPayer.body.error).toBe('The payer does not review their own expense')
    expect((await t.app.documents.get('household_expenses', expense.id))?.data.status).toBe('pending')
    expect((await approve(c, expense.id)).body.status).toBe('approved')
  })

  it('with two members, an expense one enters for the other has nobody to review it', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 100, category: 'Rent', paid_by: b.user.id })
    expect(added.body.expense).toMatchObject({ status: 'approved', reviews: [], pending_approvals: 0 })
  })

  it('a payer who is not a member is refused, over REST and sync, and nothing is stored', async () => {
    const [a, b, stranger] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const seq = t.app.documents.lastSeq
    const rest = await call(a, 'POST', `/${id}/expenses`, { amount: 100, category: 'Rent', paid_by: stranger.user.id })
    expect(rest.status).toBe(400)
    expect(rest.body.error).toBe('That person is not a member of this household')
    const doc = expenseDoc(a, id, [a, b], { paidBy: stranger.user.id })
    const pushed = await push(a, 'household_expenses', [{ newDocumentState: doc }])
    expect(pushed.body).toMatchObject([{ id: doc.id, _deleted: true }])
    expect(await t.app.documents.get('household_expenses', doc.id)).toBeUndefined()
    expect(t.app.documents.lastSeq).toBe(seq)
  })

  it('over sync: no self-approval after naming another payer, and the payer cannot be changed later', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b, c)
    // a's device claims the approvals a would like: its own and everyone's.
    const draft = expenseDoc(a, id, [a, b, c], {
      paidBy: b.user.id,
      status: 'approved',
      reviews: [a, b, c].map((m) => ({ userId: m.user.id, status: 'approved', reason: '', at: clock })),
    })
    const [stored] = (await push(a, 'household_expenses', [{ newDocumentState: draft }]))
      .body as Wire<HouseholdExpense>[]
    expect(stored).toMatchObject({ ownerId: a.user.id, paidBy: b.user.id, status: 'pending' })
    expect(stored!.reviews).toEqual([{ userId: c.user.id, status: 'pending', reason: '', at: clock }])

    for (const [who, next] of [
      [a, { ...stored!, reviews: [{ userId: a.user.id, status: 'approved', reason: '', at: clock }] }],
      [b, { ...stored!, reviews: [{ userId: b.user.id, status: 'approved', reason: '', at: clock }] }],
      [a, { ...stored!, paidBy: a.user.id }],
      [c, { ...stored!, paidBy: c.user.id, reviews: [{ ...stored!.reviews[0]!, status: 'pending' }] }],
      [a, { ...stored!, amount: 1, splits: [{ userId: a.user.id, amount: 1, weight: 0 }] }],
    ] as const) {
      const seq = t.app.documents.lastSeq
      const changed = { ...next, updatedAt: stored!.updatedAt + 1 }
      const res = await push(who, 'household_expenses', [{ assumedMasterState: stored, newDocumentState: changed }])
      expect(res.status).toBe(200)
      expect(res.body).toEqual([stored])
      expect(t.app.documents.lastSeq).toBe(seq)
    }
    // c, the one reviewer, decides it.
    const review = { ...stored!, reviews: [{ ...stored!.reviews[0]!, status: 'approved' }] }
    const [decided] = (await push(c, 'household_expenses', [{ assumedMasterState: stored, newDocumentState: review }]))
      .body as Wire<HouseholdExpense>[]
    expect(decided).toMatchObject({ status: 'approved', paidBy: b.user.id, amount: stored!.amount })
  })

  it('over sync: the author and the payer may add, replace and remove the receipt, nothing else', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b, c)
    const draft = expenseDoc(a, id, [a, b, c], { paidBy: b.user.id })
    let [stored] = (await push(a, 'household_expenses', [{ newDocumentState: draft }])).body as Wire<HouseholdExpense>[]
    const photo = (n: number) => ({
      id: `receipt-${n}`,
      type: 'image/jpeg' as const,
      bytes: 1000 + n,
      sha256: 'a'.repeat(64),
    })
    const change = async (who: Session, next: Partial<HouseholdExpense>) => {
      const pushed = { ...stored!, ...next, updatedAt: stored!.updatedAt + 1 }
      const res = await push(who, 'household_expenses', [{ assumedMasterState: stored, newDocumentState: pushed }])
      expect(res.status).toBe(200)
      stored = (res.body as Wire<HouseholdExpense>[])[0]
      return stored!
    }
    // The author adds one (with an amount change that is ignored), the payer replaces it, the author removes it.
    expect(await change(a, { receipt: photo(1), amount: 1 })).toMatchObject({ receipt: photo(1), amount: 90_000 })
    expect(await change(b, { receipt: photo(2) })).toMatchObject({ receipt: photo(2), status: 'pending' })
    // Another member's device cannot touch it, and a device that does not know the field keeps it.
    expect((await change(c, { receipt: photo(3) })).receipt).toEqual(photo(2))
    const { receipt: _unknown, ...older } = stored!
    expect((await change(a, { ...older, receipt: undefined })).receipt).toEqual(photo(2))
    expect((await change(a, { receipt: null })).receipt).toBeNull()
    expect((await t.app.documents.get('household_expenses', draft.id))?.data.receipt).toBeNull()
  })

  it('an expense stored with its entrant among the reviewers is decided by the others alone', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b, c)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 300, category: 'Rent', paid_by: b.user.id })
    const expenseId = (added.body.expense as { id: string }).id
    // As an older server stored it: everyone but the payer reviews.
    const row = (await t.app.documents.get('household_expenses', expenseId))!
    const old = row.data as HouseholdExpense
    const reviews = [a, c].map((m) => ({ userId: m.user.id, status: 'pending' as const, reason: '', at: clock }))
    await t.app.documents.write(async (unit) => unit.putAllowed('household_expenses', row.ownerId, { ...old, reviews }))
    expect((await call(a, 'GET', '/reviews/pending')).body.reviews).toEqual([])
    expect((await approve(a, expenseId)).status).toBe(403)
    const stale = (await t.app.documents.get('household_expenses', expenseId))!.data as HouseholdExpense
    const selfApproved = { ...stale, reviews: stale.reviews.map((r) => ({ ...r, status: 'approved' })) }
    const res = await push(a, 'household_expenses', [{ assumedMasterState: stale, newDocumentState: selfApproved }])
    expect((res.body as Wire<HouseholdExpense>[])[0]!.status).toBe('pending')
    const decided = await approve(c, expenseId)
    expect(decided.body.status).toBe('approved')
    const after = (await t.app.documents.get('household_expenses', expenseId))!.data as HouseholdExpense
    expect(after.reviews.map((r) => r.userId)).toEqual([c.user.id])
  })
})

describe('settlements: over the debt, declined by the receiver, cancelled by the payer', () => {
  type View = { id: string; status: string; decline_reason: string | null }
  /** a paid ₹22,000 split equally and b approved it: b owes a ₹11,000. */
  async function owing() {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 22000, category: 'Rent' })
    await call(b, 'POST', `/expenses/${(added.body.expense as { id: string }).id}/approve`)
    return { a, b, id }
  }
  const balancesOf = async (s: Session, id: string) =>
    ((await call(s, 'GET', `/${id}/balances`)).body.balances as { balance: number }[]).map((x) => x.balance)

  it('over REST: a word when paying more than is owed; the receiver declines with a reason, nobody else', async () => {
    const { a, b, id } = await owing()
    const outsider = await register(t.app)
    const big = await call(b, 'POST', `/${id}/settlements`, { to_user: a.user.id, amount: 500000 })
    expect(big.status).toBe(201)
    expect(big.body.warning).toBe(
      'This is more than you owe them (₹11,000), counting payments waiting for confirmation',
    )
    // While it waits for confirmation it counts as paid.
    const more = await call(b, 'POST', `/${id}/settlements`, { to_user: a.user.id, amount: 1 })
    expect(more.body.warning).toBe('You do not owe them anything, counting payments waiting for confirmation')
    await call(b, 'POST', `/settlements/${(more.body.settlement as View).id}/cancel`)
    const bigId = (big.body.settlement as View).id
    const path = `/settlements/${bigId}/decline`
    expect((await call(a, 'POST', path, { reason: '  ' })).body.error).toBe('Please give a reason for declining')
    expect((await call(a, 'POST', path, {})).status).toBe(400)
    const byPayer = await call(b, 'POST', path, { reason: 'I changed my mind' })
    expect(byPayer).toMatchObject({
      status: 403,
      body: { error: 'Only the person who received the money can decline' },
    })
    expect((await call(outsider, 'POST', path, { reason: 'x' })).status).toBe(404)
    const declined = await call(a, 'POST', path, { reason: 'You owed ₹11,000, not ₹5,00,000' })
    expect(declined.body.settlement).toMatchObject({
      status: 'declined',
      decline_reason: 'You owed ₹11,000, not ₹5,00,000',
    })
    expect((await call(a, 'POST', path, { reason: 'again' })).body.settlement).toMatchObject({
      decline_reason: 'You owed ₹11,000, not ₹5,00,000',
    })
    expect((await call(a, 'POST', `/settlements/${bigId}/confirm`)).body.error).toBe('This payment was declined')
    expect((await call(b, 'POST', `/settlements/${bigId}/cancel`)).status).toBe(409)
    expect(await balancesOf(b, id)).toEqual([11000, -11000])
    const listed = (await call(b, 'GET', `/${id}/settlements`)).body.settlements as View[]
    expect(listed.find((x) => x.id === bigId)).toMatchObject({ status: 'declined' })
    // Declined and cancelled payments do not count: the fair one is within what is owed, and clears it.
    const fair = await call(b, 'POST', `/${id}/settlements`, { to_user: a.user.id, amount: 11000 })
    expect(fair.status).toBe(201)
    expect(fair.body.warning).toBeUndefined()
    await call(a, 'POST', `/settlements/${(fair.body.settlement as View).id}/confirm`)
    expect(await balancesOf(b, id)).toEqual([0, 0])
  })

  it('over REST: the payer cancels a pending payment, nobody else, and not once it was confirmed', async () => {
    const { a, b, id } = await owing()
    const paid = await call(b, 'POST', `/${id}/settlements`, { to_user: a.user.id, amount: 11000 })
    const settlementId = (paid.body.settlement as View).id
    const byReceiver = await call(a, 'POST', `/settlements/${settlementId}/cancel`)
    expect(byReceiver).toMatchObject({
      status: 403,
      body: { error: 'Only the person who paid can cancel this payment' },
    })
    expect((await call(b, 'POST', `/settlements/${settlementId}/cancel`)).body.settlement).toMatchObject({
      status: 'cancelled',
    })
    expect((await call(b, 'POST', `/settlements/${settlementId}/cancel`)).status).toBe(200)
    expect((await call(a, 'POST', `/settlements/${settlementId}/confirm`)).body.error).toBe(
      'This payment was cancelled',
    )
    expect(await balancesOf(a, id)).toEqual([11000, -11000])

    const again = await call(b, 'POST', `/${id}/settlements`, { to_user: a.user.id, amount: 11000 })
    const againId = (again.body.settlement as View).id
    await call(a, 'POST', `/settlements/${againId}/confirm`)
    const late = await call(b, 'POST', `/settlements/${againId}/cancel`)
    expect(late).toMatchObject({ status: 409, body: { error: 'This payment has already been confirmed' } })
    expect(await balancesOf(a, id)).toEqual([0, 0])
  })

  it('over sync: each side makes only its own decision, and only while the payment is pending', async () => {
    const { a, b, id } = await owing()
    const draft = (overrides: Partial<Settlement> = {}) => ({
      id: `st-${Math.random().toString(36).slice(2, 8)}`,
      ownerId: b.user.id,
      updatedAt: clock,
      householdId: id,
      fromUserId: b.user.id,
      toUserId: a.user.id,
      amount: 1_100_000,
      date: clock,
      ...overrides,
    })
    const send = async (s: Session, assumed: unknown, next: unknown) =>
      (await push(s, 'settlements', [{ assumedMasterState: assumed, newDocumentState: next }]))
        .body as Wire<Settlement>[]
    const [first] = (
      await push(b, 'settlements', [{ newDocumentState: draft({ status: 'declined', declineReason: 'x' }) }])
    ).body as Wire<Settlement>[]
    expect(first).toMatchObject({ status: 'pending', declineReason: '', decidedAt: 0 })
    const bump = (doc: Wire<Settlement>, change: Partial<Settlement>) => ({
      ...doc,
      ...change,
      updatedAt: doc.updatedAt + 1,
    })

    // Nobody but the receiver declines, nobody but the payer cancels, nobody changes the amount.
    for (const [who, change] of [
      [b, { status: 'declined', declineReason: 'not me' }],
      [a, { status: 'cancelled' }],
      [b, { amount: 1 }],
      [a, { amount: 1 }],
    ] as const) {
      const seq = t.app.documents.lastSeq
      expect(await send(who, first, bump(first!, change))).toEqual([first])
      expect(t.app.documents.lastSeq).toBe(seq)
    }
    const blank = await push(a, 'settlements', [
      { assumedMasterState: first, newDocumentState: bump(first!, { status: 'declined', declineReason: ' ' }) },
    ])
    expect(blank.status).toBe(400)
    const [declined] = await send(a, first, bump(first!, { status: 'declined', declineReason: 'Too much' }))
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Too much', decidedAt: clock })
    // The payer's cancel from a stale copy meets the decision already made.
    expect(await send(b, first, bump(first!, { status: 'cancelled' }))).toEqual([declined])

    // Recorded and taken back offline: it arrives cancelled, and stays so.
    const takenBack = draft({ status: 'cancelled', decidedAt: clock - 5 })
    const [offline] = (await push(b, 'settlements', [{ newDocumentState: takenBack }])).body as Wire<Settlement>[]
    expect(offline).toMatchObject({ id: takenBack.id, status: 'cancelled', decidedAt: clock - 5 })
    expect((await t.app.documents.get('settlements', takenBack.id))?.data.status).toBe('cancelled')

    const [second] = (await push(b, 'settlements', [{ newDocumentState: draft() }])).body as Wire<Settlement>[]
    const [cancelled] = await send(b, second, bump(second!, { status: 'cancelled' }))
    expect(cancelled).toMatchObject({ status: 'cancelled', decidedAt: clock })
    expect(await send(a, second, bump(second!, { status: 'confirmed', confirmedAt: clock }))).toEqual([cancelled])
    expect(await balancesOf(a, id)).toEqual([11000, -11000])
  })
})

describe('auto-approval', () => {
  it('approves after the review period, and catches up after a restart', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 100, category: 'Rent' })
    const expenseId = (added.body.expense as { id: string }).id
    clock += 23 * HOUR
    await t.app.autoApprove.runOnce()
    expect((await t.app.documents.get('household_expenses', expenseId))?.data.status).toBe('pending')
    clock += 2 * HOUR
    expect(await t.app.autoApprove.runOnce()).toBeGreaterThanOrEqual(1)
    expect((await t.app.documents.get('household_expenses', expenseId))?.data.status).toBe('approved')

    // Another expense; the server is down when its period ends and approves it on start-up.
    const later = await call(a, 'POST', `/${id}/expenses`, { amount: 100, category: 'Rent' })
    const laterId = (later.body.expense as { id: string }).id
    await t.app.close()
    clock += 30 * HOUR
    t.app = await buildApp(t.config, { print: () => {}, now })
    await t.app.ready()
    expect((await t.app.documents.get('household_expenses', laterId))?.data.status).toBe('approved')
  })
})

describe('household sync', () => {
  it('a non-member pulls nothing and every push is refused', async () => {
    const [a, b, outsider] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b)
    await call(a, 'POST', `/${id}/expenses`, { amount: 100, category: 'Rent' })
    for (const c of ['households', 'household_expenses', 'settlements'])
      expect((await pull(outsider, c)).documents).toEqual([])
    const forged = expenseDoc(outsider, id, [a, b], { ownerId: outsider.user.id, paidBy: a.user.id })
    expect((await push(outsider, 'household_expenses', [{ newDocumentState: forged }])).status).toBe(403)
    const house = (await pull<Json>(a, 'households')).documents.find((d) => d.id === id)!
    const takeover = { ...house, memberIds: [outsider.user.id], _deleted: false }
    // An existing id of a household the caller is not in: that document is refused, naming no one.
    const refused = await push(outsider, 'households', [{ newDocumentState: takeover }])
    expect([refused.status, refused.body]).toEqual([200, [idUnavailable(id)]])
    expect({ ...(await t.app.documents.get('households', id))?.data, _deleted: false }).toEqual(house)
    const settle = {
      id: 'st-forged',
      ownerId: outsider.user.id,
      updatedAt: clock,
      householdId: id,
      fromUserId: outsider.user.id,
      toUserId: a.user.id,
      amount: 100,
      date: clock,
    }
    expect((await push(outsider, 'settlements', [{ newDocumentState: settle }])).status).toBe(403)
    expect(await t.app.documents.get('settlements', 'st-forged')).toBeUndefined()
  })

  it('a pushed expense gets the server owner, status and deadline; each member changes only their review', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b, c)
    const doc = expenseDoc(b, id, [a, b, c], { ownerId: a.user.id, status: 'approved', paidBy: b.user.id })
    const first = await push(b, 'household_expenses', [{ newDocumentState: doc }])
    expect(first.status).toBe(200)
    const [server] = first.body as Wire<HouseholdExpense>[]
    expect(server).toMatchObject({ id: doc.id, ownerId: b.user.id, status: 'pending', deadline: clock + 24 * HOUR })
    expect(server!.reviews.map((r) => r.userId).sort()).toEqual([a.user.id, c.user.id].sort())
    expect(server!.updatedAt).toBeGreaterThan(doc.updatedAt)

    // c approves offline and also tries to approve for a; only c's own review counts.
    const forged = {
      ...server!,
      updatedAt: server!.updatedAt + 5,
      status: 'approved',
      reviews: server!.reviews.map((r) => ({ ...r, status: 'approved' })),
    }
    const merged = (await push(c, 'household_expenses', [{ assumedMasterState: server, newDocumentState: forged }]))
      .body as Wire<HouseholdExpense>[]
    expect(merged[0]!.status).toBe('pending')
    expect(merged[0]!.reviews.find((r) => r.userId === c.user.id)?.status).toBe('approved')
    expect(merged[0]!.reviews.find((r) => r.userId === a.user.id)?.status).toBe('pending')

    // a denies from a stale copy: reviews merge per member, and the denial decides.
    const denial = {
      ...server!,
      updatedAt: server!.updatedAt + 1,
      reviews: server!.reviews.map((r) =>
        r.userId === a.user.id ? { ...r, status: 'denied', reason: 'Not ours' } : r,
      ),
    }
    const denied = (await push(a, 'household_expenses', [{ assumedMasterState: server, newDocumentState: denial }]))
      .body as Wire<HouseholdExpense>[]
    expect(denied[0]!.status).toBe('denied')
    expect(denied[0]!.reviews.find((r) => r.userId === c.user.id)?.status).toBe('approved')

    const noReason = { ...denial, id: 'x', reviews: [{ userId: a.user.id, status: 'denied', reason: '', at: clock }] }
    expect((await push(a, 'household_expenses', [{ newDocumentState: noReason }])).status).toBe(400)
  })

  it('only the receiver confirms a pushed settlement', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const draft = {
      id: `st-${Math.random().toString(36).slice(2, 8)}`,
      ownerId: b.user.id,
      updatedAt: clock,
      householdId: id,
      fromUserId: b.user.id,
      toUserId: a.user.id,
      amount: 50_000,
      method: 'cash',
      transactionId: '',
      date: clock,
      note: '',
      status: 'confirmed',
      confirmedAt: clock,
    }
    const [stored] = (await push(b, 'settlements', [{ newDocumentState: draft }])).body as Wire<Settlement>[]
    expect(stored).toMatchObject({ status: 'pending', confirmedAt: 0 })
    const mine = { ...stored!, status: 'confirmed', updatedAt: stored!.updatedAt + 1 }
    const byPayer = (await push(b, 'settlements', [{ assumedMasterState: stored, newDocumentState: mine }]))
      .body as Wire<Settlement>[]
    expect(byPayer[0]!.status).toBe('pending')
    const byReceiver = await push(a, 'settlements', [{ assumedMasterState: stored, newDocumentState: mine }])
    expect(byReceiver.body).toMatchObject([{ id: draft.id, status: 'confirmed', confirmedAt: clock, _deleted: false }])
    expect((await t.app.documents.get('settlements', draft.id))?.data.status).toBe('confirmed')
  })

  it('a new member receives the history; a removed member gets tombstones, then nothing', async () => {
    const [a, b, c] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const added = await call(a, 'POST', `/${id}/expenses`, { amount: 700, category: 'Rent', description: 'June rent' })
    const expenseId = (added.body.expense as { id: string }).id

    // c's device is already synced up to now, before c joins.
    const before = await pull(c, 'household_expenses', 0)
    expect(before.documents).toEqual([])
    const checkpoint = t.app.documents.lastSeq
    await join(a, id, c)
    const history = await pull<HouseholdExpense>(c, 'household_expenses', checkpoint)
    expect(history.documents.map((d) => d.description)).toEqual(['June rent'])
    expect((await pull<Json>(c, 'households', checkpoint)).documents[0]).toMatchObject({ id, _deleted: false })

    const cCheckpoint = t.app.documents.lastSeq
    expect((await call(a, 'DELETE', `/${id}/members/${c.user.id}`)).status).toBe(200)
    await call(a, 'POST', `/${id}/expenses`, { amount: 10, category: 'Other', description: 'After c left' })
    const gone = await pull<HouseholdExpense>(c, 'household_expenses', cCheckpoint)
    expect(gone.documents.every((d) => d._deleted)).toBe(true)
    expect(gone.documents.map((d) => d.id)).toContain(expenseId)
    expect(JSON.stringify(gone.documents)).not.toContain('rent')
    expect(JSON.stringify(gone.documents)).not.toContain('After c left')
    const house = await pull<Json>(c, 'households', cCheckpoint)
    expect(house.documents).toMatchObject([{ id, _deleted: true, members: [] }])
    expect((await pull(c, 'household_expenses', gone.checkpoint.seq)).documents).toEqual([])
    expect((await call(c, 'GET', `/${id}`)).status).toBe(404)
    expect((await call(c, 'GET', '/reviews/pending')).body.reviews).toEqual([])

    // c's device pushing a change for the household it left is answered with the tombstone.
    const stale = { ...(history.documents[0] as HouseholdExpense), updatedAt: clock + 99 }
    const answer = (await push(c, 'household_expenses', [{ newDocumentState: stale }])).body as Wire<Json>[]
    expect(answer[0]).toMatchObject({ id: expenseId, _deleted: true })
    // The others still see everything.
    expect((await pull(b, 'household_expenses')).documents.filter((d) => !d._deleted)).toHaveLength(2)
  })

  it('a page counts what remains after it, for a member and for a removed one', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const since = t.app.documents.lastSeq
    for (let i = 0; i < 5; i++) await call(a, 'POST', `/${id}/expenses`, { amount: 100 + i, category: 'Other' })
    const page = async (s: Session, seq: number) => {
      const res = await t.app.inject({
        url: `/api/sync/household_expenses/pull?seq=${seq}&limit=2`,
        headers: s.headers,
      })
      return res.json<{ documents: unknown[]; checkpoint: { seq: number }; remaining: number }>()
    }
    const pages = async (s: Session) => {
      const seen: [number, number][] = []
      for (let seq = since; ;) {
        const p = await page(s, seq)
        seen.push([p.documents.length, p.remaining])
        if (p.documents.length === 0) return seen
        seq = p.checkpoint.seq
      }
    }
    expect(await pages(b)).toEqual([
      [2, 3],
      [2, 1],
      [1, 0],
      [0, 0],
    ])
    // b leaves and a adds two more. a: each page counts exactly what the pages after it bring. b's
    // device (from the same point) gets tombstones, and a count of what the next pull may bring.
    expect((await call(a, 'DELETE', `/${id}/members/${b.user.id}`)).status).toBe(200)
    for (let i = 0; i < 2; i++) await call(a, 'POST', `/${id}/expenses`, { amount: 200 + i, category: 'Other' })
    const ofA = await pages(a)
    expect(ofA.map(([n]) => n)).toEqual([2, 2, 2, 1, 0])
    ofA.forEach(([, remaining], i) => expect(remaining).toBe(ofA.slice(i + 1).reduce((sum, [n]) => sum + n, 0)))
    // A pull continuing a full page with its count gets that count less this page, not a new count.
    const head = await page(a, since)
    const next = await t.app.inject({
      url: `/api/sync/household_expenses/pull?seq=${head.checkpoint.seq}&limit=2&remaining=${head.remaining}`,
      headers: a.headers,
    })
    expect(next.json<{ remaining: number }>().remaining).toBe(ofA[1]![1])
    const passed = await t.app.inject({
      url: `/api/sync/household_expenses/pull?seq=${head.checkpoint.seq}&limit=2&remaining=50`,
      headers: a.headers,
    })
    expect(passed.json<{ remaining: number }>().remaining).toBe(48)
    const ofB = await pages(b)
    expect(ofB.map(([n]) => n).reduce((x, y) => x + y)).toBeGreaterThanOrEqual(5)
    ofB.forEach(([, remaining], i) =>
      expect(remaining).toBeGreaterThanOrEqual(ofB.slice(i + 1).reduce((sum, [n]) => sum + n, 0)),
    )
    expect(ofB.at(-2)?.[1]).toBe(0)
  })

  it('streams household changes to every member', async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const id = await household(a, b)
    const events: string[] = []
    const stop = t.app.streamBus.subscribe(b.user.id, (e) => e !== 'RESYNC' && events.push(e.collection))
    await call(a, 'POST', `/${id}/expenses`, { amount: 100, category: 'Rent' })
    stop()
    expect(events).toEqual(['household_expenses'])
  })
})
