import { is } from 'drizzle-orm'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../../sync-server/db/tables'
import { createTestApp, register, transactionDoc } from './helpers'
import type { Body, Session, TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const remove = (s: Session | null, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: s?.headers ?? {}, payload: payload as object })

async function seeded(): Promise<Session> {
  const s = await register(t.app, { email: `leaver-${Date.now()}@example.com`, password: 'secret123' })
  await t.app.inject({
    method: 'POST',
    url: '/api/sync/transactions/push',
    headers: s.headers,
    payload: [{ newDocumentState: transactionDoc(s.user.id) }],
  })
  await t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: s.headers,
    payload: { category: 'account', subject: 'Bye', description: 'Leaving' },
  })
  return s
}

describe('DELETE /api/auth/account', () => {
  it('a wrong or missing password changes nothing (403 / 400)', async () => {
    const s = await seeded()
    const wrong = await remove(s, { password: 'not-it' })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json<Body>().error).toBe('Password is incorrect')
    const missing = await remove(s, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json<Body>().error).toBe('Please enter your password')
    expect((await remove(null, { password: 'secret123' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/auth/me', headers: s.headers })).statusCode).toBe(200)
    expect(await t.app.documents.listByOwner('transactions', s.user.id)).toHaveLength(1)
  })

  it('deletes the account: tokens refused, documents gone, the e-mail registers again as a new account', async () => {
    const s = await seeded()
    const other = await seeded()
    const res = await remove(s, { password: 'secret123' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect((await t.app.inject({ url: '/api/auth/me', headers: s.headers })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/sync/transactions/pull?seq=0', headers: s.headers })).statusCode).toBe(401)
    expect(await t.app.documents.listByOwner('transactions', s.user.id, { includeDeleted: true })).toEqual([])
    expect(await t.app.documents.listByOwner('tickets', s.user.id, { includeDeleted: true })).toEqual([])
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: 'secret123' },
    })
    expect(login.statusCode).toBe(401)
    // Someone else's data is untouched.
    expect(await t.app.documents.listByOwner('transactions', other.user.id)).toHaveLength(1)

    const again = await register(t.app, { email: s.user.email, password: 'another1' })
    expect(again.user.id).not.toBe(s.user.id)
    const pulled = await t.app.inject({ url: '/api/sync/transactions/pull?seq=0', headers: again.headers })
    expect(pulled.json<Body>().documents).toEqual([])
  })

  it('refuses to delete an admin account', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@test.local', password: 'admin-password' },
    })
    const token = login.json<Body>().token
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'admin-password' },
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('DELETE /api/auth/account with shared households', () => {
  type Json = Record<string, unknown> & { error?: string }
  const call = async (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/households${url}`,
      headers: s.headers,
      payload: payload as never,
    })
    return { status: res.statusCode, body: res.json<Json>() }
  }
  const idOf = (body: Json, key: string) => (body[key] as { id: string }).id
  async function join(admin: Session, householdId: string, member: Session) {
    expect((await call(admin, 'POST', `/${householdId}/invite`, { email: member.user.email })).status).toBe(200)
    const invitations = (await call(member, 'GET', '/invitations')).body.invitations as { id: string }[]
    expect((await call(member, 'POST', `/invitations/${invitations.at(-1)!.id}/accept`)).status).toBe(200)
  }
  async function expense(s: Session, householdId: string, payload: Record<string, unknown>) {
    const res = await call(s, 'POST', `/${householdId}/expenses`, { category: 'Groceries', ...payload })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return idOf(res.body, 'expense')
  }
  const pull = async (s: Session, collection: string, seq = 0) =>
    (await t.app.inject({ url: `/api/sync/${collection}/pull?seq=${seq}&limit=500`, headers: s.headers })).json<{
      documents: (Json & { id: string; _deleted: boolean })[]
      checkpoint: { seq: number }
    }>()
  /** Every cell of every table (on either engine), to look for what must not remain of the leaver. */
  async function everything(): Promise<string> {
    const tables = Object.values(schema).filter((table) => is(table, SQLiteTable))
    const rows = await Promise.all(tables.map((table) => t.app.db.select().from(table)))
    return rows.map((r) => JSON.stringify(r)).join('\n')
  }

  it('the household, its history and balances stay with the others; the admin role passes on', async () => {
    const x = await register(t.app, { name: 'Xavier Leaver-k2', email: `xavier-${Date.now()}@example.com` })
    const [y, z] = [await register(t.app), await register(t.app)]
    const home = idOf((await call(x, 'POST', '', { name: 'Flat 4B' })).body, 'household')
    await join(x, home, y)
    await join(x, home, z)
    const pending = await call(x, 'POST', `/${home}/invite`, { email: 'later-k2@example.com' })
    expect(pending.status).toBe(200)
    // X paid ₹3,000 (approved by both), Y paid ₹900 (approved); Y's ₹600 waits for X and Z.
    const byX = await expense(x, home, { amount: 3000, description: 'Groceries by X' })
    for (const s of [y, z]) await call(s, 'POST', `/expenses/${byX}/approve`)
    const byY = await expense(y, home, { amount: 900 })
    for (const s of [x, z]) await call(s, 'POST', `/expenses/${byY}/approve`)
    const waiting = await expense(y, home, { amount: 600, description: 'Waiting for X' })
    await call(z, 'POST', `/expenses/${waiting}/approve`)
    const toX = idOf(
      (await call(y, 'POST', `/${home}/settlements`, { to_user: x.user.id, amount: 100 })).body,
      'settlement',
    )
    const fromX = idOf(
      (await call(x, 'POST', `/${home}/settlements`, { to_user: z.user.id, amount: 50 })).body,
      'settlement',
    )
    const before = (await call(y, 'GET', `/${home}/balances`)).body.balances as { user_id: string; balance: number }[]
    // Y's device has pulled everything; Z's stream is open.
    const synced = (await pull(y, 'households')).checkpoint.seq
    const events: string[] = []
    const stop = t.app.streamBus.subscribe(z.user.id, (e) => e !== 'RESYNC' && events.push(e.collection))

    const res = await remove(x, { password: 'secret123' })
    stop()
    expect(res.statusCode, res.body).toBe(200)

    const detail = await call(y, 'GET', `/${home}`)
    expect(detail.status).toBe(200)
    expect(detail.body.your_role).toBe('admin')
    expect((detail.body.members as { user_id: string; role: string }[]).map((m) => [m.user_id, m.role])).toEqual([
      [y.user.id, 'admin'],
      [z.user.id, 'member'],
    ])
    const expenses = (await call(z, 'GET', `/${home}/expenses`)).body.expenses as Json[]
    expect(expenses.map((e) => e.id).sort()).toEqual([byX, byY, waiting].sort())
    expect(expenses.find((e) => e.id === byX)).toMatchObject({ paid_by_name: 'Former member', status: 'approved' })
    // X's pending review is dropped: Z approved, so it is decided.
    expect(expenses.find((e) => e.id === waiting)).toMatchObject({ status: 'approved', pending_approvals: 0 })
    const after = (await call(y, 'GET', `/${home}/balances`)).body.balances as { user_id: string; balance: number }[]
    expect(after.reduce((sum, b) => sum + Math.round(b.balance * 100), 0)).toBe(0)
    const formerLine = after.find((b) => b.user_id === x.user.id)
    expect(formerLine).toMatchObject({ user_name: 'Former member' })
    // Only the waiting expense (now approved) moved the balances.
    expect(formerLine!.balance).toBe(before.find((b) => b.user_id === x.user.id)!.balance - 200)

    // The others' devices get the change by pull and stream.
    const changed = await pull(y, 'households', synced)
    expect(changed.documents).toMatchObject([{ id: home, _deleted: false, memberIds: [y.user.id, z.user.id] }])
    expect(events).toContain('households')

    // Settlements involving the leaver: Y takes back the one X can no longer confirm; Z confirms X's.
    expect((await call(y, 'POST', `/settlements/${toX}/cancel`)).body.settlement).toMatchObject({ status: 'cancelled' })
    expect((await call(z, 'POST', `/settlements/${fromX}/confirm`)).body.settlement).toMatchObject({
      status: 'confirmed',
    })
    // The household goes on: settings, new expenses, reviews.
    expect((await call(y, 'PUT', `/${home}`, { name: 'Flat 4B (two of us)' })).status).toBe(200)
    const next = await expense(z, home, { amount: 50 })
    expect((await call(y, 'POST', `/expenses/${next}/approve`)).body.status).toBe('approved')
    // X's pending invitation is the admin's now.
    const invites = (await call(y, 'GET', `/${home}`)).body.pending_invites as { email: string }[]
    expect(invites.map((i) => i.email)).toEqual(['later-k2@example.com'])
  })

  it('nothing of the leaver remains readable, and their e-mail starts over with nothing', async () => {
    const email = `xena-${Date.now()}@example.com`
    const x = await register(t.app, { name: 'Xena Gone-q7', email })
    const y = await register(t.app)
    const home = idOf((await call(x, 'POST', '', { name: 'Shared' })).body, 'household')
    await join(x, home, y)
    const elsewhere = idOf((await call(y, 'POST', '', { name: 'Y only' })).body, 'household')
    expect((await call(y, 'POST', `/${elsewhere}/invite`, { email })).status).toBe(200)
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: x.headers,
      payload: [{ newDocumentState: transactionDoc(x.user.id, { description: 'private-note-q7' }) }],
    })
    await t.app.users.update(x.user.id, { phoneNumber: 'whatsapp:+919800007777', phoneVerified: true })
    expect((await remove(x, { password: 'secret123' })).statusCode).toBe(200)

    const all = await everything()
    for (const gone of [email, 'Xena Gone-q7', 'private-note-q7', '919800007777']) expect(all).not.toContain(gone)
    const again = await register(t.app, { email, password: 'another1', phone_number: '+91 98000 07777' })
    expect((await call(again, 'GET', '')).body.households).toEqual([])
    expect((await call(again, 'GET', '/invitations')).body.invitations).toEqual([])
    expect((await call(again, 'GET', `/${home}`)).status).toBe(404)
    for (const c of ['households', 'household_expenses', 'settlements', 'transactions'])
      expect((await pull(again, c)).documents).toEqual([])
    expect((await call(y, 'GET', `/${home}`)).status).toBe(200)
  })

  it('a household the leaver was the last member of is removed with tombstones for former members', async () => {
    const x = await register(t.app)
    const f = await register(t.app)
    const home = idOf((await call(x, 'POST', '', { name: 'Last one' })).body, 'household')
    await join(x, home, f)
    const spent = await expense(x, home, { amount: 400, description: 'Before f left' })
    // F's device last synced while still a member; then F left.
    const fSynced = (await pull(f, 'household_expenses')).checkpoint.seq
    expect((await call(f, 'POST', `/${home}/leave`)).status).toBe(200)
    const alone = idOf((await call(x, 'POST', '', { name: 'Always alone' })).body, 'household')
    const solo = await expense(x, alone, { amount: 10 })
    // One everyone had left, holding what X entered: removed the same way, kept by F for F's devices.
    const left = idOf((await call(f, 'POST', '', { name: 'Everyone left' })).body, 'household')
    await join(f, left, x)
    const inLeft = await expense(x, left, { amount: 75, description: 'X entered this' })
    for (const s of [x, f]) expect((await call(s, 'POST', `/${left}/leave`)).status).toBe(200)
    expect((await t.app.documents.get('households', left))?.deleted).toBe(false)

    expect((await remove(x, { password: 'secret123' })).statusCode).toBe(200)

    expect(await t.app.documents.get('households', left)).toMatchObject({ deleted: true, ownerId: f.user.id })
    expect(await t.app.documents.get('household_expenses', inLeft)).toMatchObject({ deleted: true, ownerId: f.user.id })
    const row = await t.app.documents.get('household_expenses', spent)
    expect(row).toMatchObject({ deleted: true, ownerId: f.user.id })
    expect(JSON.stringify(row!.data)).not.toContain('Before f left')
    expect(await t.app.documents.get('households', home)).toMatchObject({ deleted: true, ownerId: f.user.id })
    const dropped = await pull(f, 'household_expenses', fSynced)
    expect(dropped.documents.map((d) => [d.id, d._deleted])).toContainEqual([spent, true])
    expect((await call(f, 'GET', `/${home}`)).status).toBe(404)
    // Nobody else was ever in the other one: nothing of it is kept.
    expect(await t.app.documents.get('households', alone)).toBeUndefined()
    expect(await t.app.documents.get('household_expenses', solo)).toBeUndefined()
  })

  it('what the leaver entered in a household they had already left stays there', async () => {
    const [x, y] = [await register(t.app), await register(t.app)]
    const home = idOf((await call(y, 'POST', '', { name: 'Y runs it' })).body, 'household')
    await join(y, home, x)
    const entered = await expense(x, home, { amount: 250, description: 'Entered by X' })
    await call(y, 'POST', `/expenses/${entered}/approve`)
    expect((await call(x, 'POST', `/${home}/leave`)).status).toBe(200)

    expect((await remove(x, { password: 'secret123' })).statusCode).toBe(200)

    const expenses = (await call(y, 'GET', `/${home}/expenses`)).body.expenses as Json[]
    expect(expenses).toMatchObject([{ id: entered, description: 'Entered by X', paid_by_name: 'Former member' }])
    expect((await t.app.documents.get('household_expenses', entered))?.ownerId).toBe(y.user.id)
  })
})
