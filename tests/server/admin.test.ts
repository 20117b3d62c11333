import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AdminTicketDetail, AdminUser, AdminUserDetail, Analytics } from '../../schema/api/admin'
import { DEFAULT_BRAND } from '../../schema/brand'
import type { Brand } from '../../schema/brand'
import type { Ticket } from '../../schema/entities/ticket'
import { bearer, createTestApp, register, transactionDoc } from './helpers'
import type { Body, Session, TestApp } from './helpers'

let t: TestApp
let admin: { headers: { authorization: string }; id: string }

async function adminSession(): Promise<{ headers: { authorization: string }; id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@test.local', password: 'admin-password' },
  })
  const body = res.json<Body>()
  return { headers: bearer(body.token), id: body.user.id }
}

beforeEach(async () => {
  t = await createTestApp()
  admin = await adminSession()
})
afterEach(async () => {
  await t.close()
})

let ticketCounter = 0
function ticketDoc(ownerId: string, overrides: Partial<Ticket> = {}): Ticket {
  ticketCounter += 1
  const now = Date.now()
  return {
    id: `ticket-${ticketCounter}-${now.toString(36)}`,
    ownerId,
    updatedAt: now,
    ticketNumber: `T-${1000 + ticketCounter}`,
    subject: `Subject ${ticketCounter}`,
    description: 'Sync stopped after I changed my phone. '.repeat(6),
    category: 'bug',
    priority: 'medium',
    status: 'open',
    messages: [],
    createdAt: now - ticketCounter,
    ...overrides,
  }
}

/** Tickets as the server would hold them (a device cannot set number or status: the server owns them). */
async function seedTickets(docs: Ticket[]) {
  for (const doc of docs) await t.app.documents.write(async (unit) => unit.put('tickets', doc.ownerId, doc))
}

async function push(session: Session, collection: string, docs: object[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sync/${collection}/push`,
    headers: session.headers,
    payload: docs.map((d) => ({ newDocumentState: { ...d, _deleted: false } })),
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function setProfile(session: Session, fields: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/update-profile',
    headers: session.headers,
    payload: fields,
  })
  expect(res.statusCode, res.body).toBe(200)
}

const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers })

const ADMIN_ROUTES: [string, string, object?][] = [
  ['GET', '/api/admin/analytics'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/some-id'],
  ['POST', '/api/admin/users/some-id/suspend'],
  ['POST', '/api/admin/users/some-id/reactivate'],
  ['GET', '/api/admin/tickets'],
  ['GET', '/api/admin/tickets/some-id'],
  ['POST', '/api/admin/tickets/some-id/messages', { message: 'hi' }],
  ['PUT', '/api/admin/tickets/some-id/status', { status: 'resolved' }],
  ['PUT', '/api/admin/brand', { ...DEFAULT_BRAND, appName: 'Mine' }],
  ['DELETE', '/api/admin/brand'],
]

describe('admin role on the server', () => {
  it('answers 403 to an ordinary user on every admin route, and 401 without a token', async () => {
    const user = await register(t.app)
    for (const [method, url, payload] of ADMIN_ROUTES) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: user.headers, payload })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json<Body>().error).toBe('Access denied. Admin credentials required.')
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload })
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401)
    }
    // Nothing changed: the brand is still the default.
    expect((await get('/api/brand')).json<Brand>().appName).toBe(DEFAULT_BRAND.appName)
  })

  it('refuses the admin-scope collection to ordinary users and shares it between admins', async () => {
    const user = await register(t.app)
    const entry = {
      id: 'biz-1',
      ownerId: admin.id,
      updatedAt: Date.now(),
      kind: 'revenue',
      amount: 150_000,
      category: 'Subscription',
      description: '',
      date: Date.now(),
    }
    const denied = await t.app.inject({ method: 'GET', url: '/api/sync/business_entries/pull', headers: user.headers })
    expect(denied.statusCode).toBe(404)
    const deniedPush = await t.app.inject({
      method: 'POST',
      url: '/api/sync/business_entries/push',
      headers: user.headers,
      payload: [{ newDocumentState: { ...entry, ownerId: user.user.id, _deleted: false } }],
    })
    expect(deniedPush.statusCode).toBe(404)

    await push({ headers: admin.headers } as Session, 'business_entries', [entry])
    // A second admin pulls it and may edit it; the creator stays the owner.
    const second = await promoteToAdmin(await register(t.app))
    const pulled = await get('/api/sync/business_entries/pull', second.headers)
    expect(pulled.json<Body>().documents.map((d) => d.id)).toEqual(['biz-1'])
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/sync/business_entries/push',
      headers: second.headers,
      payload: [
        {
          assumedMasterState: { ...entry, _deleted: false },
          newDocumentState: { ...entry, amount: 200_000, updatedAt: Date.now() + 1, _deleted: false },
        },
      ],
    })
    expect(edit.json()).toEqual([])
    const again = await get('/api/sync/business_entries/pull', admin.headers)
    expect(again.json<Body>().documents[0]).toMatchObject({ amount: 200_000, ownerId: admin.id })
    // A new entry must name its creator.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/sync/business_entries/push',
      headers: second.headers,
      payload: [{ newDocumentState: { ...entry, id: 'biz-2', ownerId: admin.id, _deleted: false } }],
    })
    expect(forged.statusCode).toBe(403)
  })
})

/** Makes a registered user an admin (as the database would hold a second admin). */
async function promoteToAdmin(session: Session): Promise<Session> {
  await t.app.users.update(session.user.id, { role: 'admin' })
  return session
}

describe('GET /api/admin/analytics', () => {
  it('matches the seeded data', async () => {
    const a = await register(t.app)
    const b = await register(t.app)
    const c = await register(t.app)
    await setProfile(a, { job_title: 'Engineer' })
    await setProfile(b, { job_title: 'Engineer', is_non_resident: true })
    await push(a, 'transactions', [
      transactionDoc(a.user.id, { amount: 50_050 }),
      transactionDoc(a.user.id, { amount: 10_000 }),
    ])
    await push(b, 'transactions', [
      transactionDoc(b.user.id, { amount: 25_000 }),
      transactionDoc(b.user.id, { type: 'income', amount: 999_900, category: 'Salary' }),
    ])
    const gone = transactionDoc(c.user.id, { amount: 77_700 })
    await push(c, 'transactions', [gone])
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: c.headers,
      payload: [{ assumedMasterState: { ...gone, _deleted: false }, newDocumentState: { ...gone, _deleted: true } }],
    })
    await seedTickets([ticketDoc(a.user.id), ticketDoc(a.user.id, { status: 'waiting' })])
    await seedTickets([ticketDoc(b.user.id, { status: 'resolved' }), ticketDoc(b.user.id, { status: 'closed' })])
    await seedTickets([ticketDoc(c.user.id, { status: 'open' })])

    const res = await get('/api/admin/analytics')
    expect(res.statusCode).toBe(200)
    expect(res.json<Analytics>()).toEqual({
      totalUsers: 3,
      totalAdmins: 1,
      newUsers: 3,
      openTickets: 3,
      resolvedTickets: 2,
      totalExpenses: 3,
      totalExpenseAmount: 850.5,
      employmentBreakdown: [
        { type: 'Engineer', count: 2 },
        { type: 'Not specified', count: 1 },
      ],
      countryBreakdown: [
        { country: 'India', count: 2 },
        { country: 'Outside India', count: 1 },
      ],
    })
  })
})

describe('admin users', () => {
  it('lists and searches users, and shows one with stats; 404 for an unknown id', async () => {
    const a = await register(t.app, { name: 'Asha Verma' })
    await register(t.app, { name: 'Ravi Kumar' })
    await push(a, 'transactions', [transactionDoc(a.user.id, { amount: 12_345 })])
    await push(a, 'tickets', [ticketDoc(a.user.id)])

    const all = (await get('/api/admin/users')).json<AdminUser[]>()
    expect(all.length).toBe(3) // two users and the admin
    const found = (await get('/api/admin/users?search=asha')).json<AdminUser[]>()
    expect(found.map((u) => u.name)).toEqual(['Asha Verma'])
    expect((await get('/api/admin/users?search=%25')).json<AdminUser[]>()).toEqual([])
    expect((await get('/api/admin/users?search=nobody-at-all')).json<AdminUser[]>()).toEqual([])

    const detail = (await get(`/api/admin/users/${a.user.id}`)).json<AdminUserDetail>()
    expect(detail.user).toMatchObject({ email: a.user.email, role: 'user', suspended: false })
    expect(detail.stats).toEqual({ expense_count: 1, expense_total: 123.45, ticket_count: 1 })
    const missing = await get('/api/admin/users/no-such-user')
    expect(missing.statusCode).toBe(404)
    expect(missing.json<Body>().error).toBe('User not found')
  })
})

describe('suspend and reactivate', () => {
  it('refuses sign-in and every token (REST and sync) while suspended, keeps the data, and restores it', async () => {
    const user = await register(t.app, { password: 'secret123' })
    await push(user, 'transactions', [transactionDoc(user.user.id, { amount: 4_200 })])
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.user.email, password: 'secret123' },
      })

    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.user.id}/suspend`,
      headers: admin.headers,
    })
    expect(suspended.statusCode).toBe(200)
    expect(suspended.json<{ user: AdminUser }>().user.suspended).toBe(true)

    const refused = await login()
    expect(refused.statusCode).toBe(403)
    expect(refused.json<Body>().code).toBe('ACCOUNT_SUSPENDED')
    expect(refused.json<Body>().error).toMatch(/suspended/i)
    // A wrong password still says only that the credentials are wrong.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: 'wrong-one' },
    })
    expect(guess.statusCode).toBe(401)
    for (const url of ['/api/auth/me', '/api/expenses', '/api/sync/transactions/pull']) {
      const res = await get(url, user.headers)
      expect(res.statusCode, url).toBe(403)
      expect(res.json<Body>().code).toBe('ACCOUNT_SUSPENDED')
    }
    const pushRes = await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: user.headers,
      payload: [{ newDocumentState: { ...transactionDoc(user.user.id), _deleted: false } }],
    })
    expect(pushRes.statusCode).toBe(403)
    // The data is kept (the admin still sees it).
    expect((await get(`/api/admin/users/${user.user.id}`)).json<AdminUserDetail>().stats.expense_count).toBe(1)

    const back = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.user.id}/reactivate`,
      headers: admin.headers,
    })
    expect(back.json<{ user: AdminUser }>().user.suspended).toBe(false)
    expect((await login()).statusCode).toBe(200)
    // The token held before the suspension works again, with all the data.
    const pulled = await get('/api/sync/transactions/pull', user.headers)
    expect(pulled.statusCode).toBe(200)
    expect(pulled.json<Body>().documents.map((d) => d.amount)).toEqual([4_200])
  })

  it('ends the suspended user’s open event stream', async () => {
    const user = await register(t.app)
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${base}/api/sync/stream`, { headers: user.headers })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    await reader.read() // the RESYNC frame
    expect(t.app.streamBus.listenerCount(user.user.id)).toBe(1)
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.user.id}/suspend`, headers: admin.headers })
    for (;;) if ((await reader.read()).done) break
    expect(t.app.streamBus.listenerCount(user.user.id)).toBe(0)
    const again = await fetch(`${base}/api/sync/stream`, { headers: user.headers })
    expect(again.status).toBe(403)
    await again.body?.cancel()
    t.app.server.closeAllConnections()
  })

  it('refuses to suspend an admin and answers 404 for an unknown id', async () => {
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.id}/suspend`,
      headers: admin.headers,
    })
    expect(self.statusCode).toBe(400)
    expect(self.json<Body>().error).toBe('Admin accounts cannot be suspended')
    for (const action of ['suspend', 'reactivate']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/nobody/${action}`,
        headers: admin.headers,
      })
      expect(res.statusCode).toBe(404)
    }
  })
})

describe('admin tickets', () => {
  it('lists login-help requests from the login screen as open account tickets with their contact', async () => {
    const help = await t.app.inject({
      method: 'POST',
      url: '/api/support/login-help',
      payload: { whatsapp: '+91 98765 43210', email: 'locked@out.example', issue: 'I forgot my password' },
    })
    expect(help.statusCode).toBe(201)
    const all = (await get('/api/admin/tickets')).json<AdminTicketDetail[]>()
    const request = all.find((x) => x.description === 'I forgot my password')
    expect(request).toMatchObject({
      subject: 'Login help request',
      status: 'open',
      category: 'account',
      user_email: 'locked@out.example · WhatsApp +91 98765 43210',
    })
    expect((await get('/api/admin/tickets?status=open')).json<AdminTicketDetail[]>()).toContainEqual(request)
    expect((await get('/api/admin/tickets?status=resolved')).json<AdminTicketDetail[]>()).toEqual([])
    const detail = await get(`/api/admin/tickets/${request!.id}`)
    expect(detail.json<AdminTicketDetail>()).toMatchObject({ description: 'I forgot my password', messages: [] })
    expect((await get('/api/admin/tickets/login-help-nope')).statusCode).toBe(404)
  })

  it('lists with a status filter, newest first, with the owner’s name and e-mail', async () => {
    const a = await register(t.app, { name: 'Asha' })
    const older = ticketDoc(a.user.id, { createdAt: Date.now() - 60_000 })
    const newer = ticketDoc(a.user.id, { status: 'resolved', createdAt: Date.now() - 1_000 })
    await seedTickets([older, newer])
    const all = (await get('/api/admin/tickets')).json<AdminTicketDetail[]>()
    expect(all.map((x) => x.id)).toEqual([newer.id, older.id])
    expect(all[0]).toMatchObject({ user_name: 'Asha', user_email: a.user.email, ticket_number: newer.ticketNumber })
    expect((await get('/api/admin/tickets?status=open')).json<AdminTicketDetail[]>().map((x) => x.id)).toEqual([
      older.id,
    ])
    expect((await get('/api/admin/tickets?status=waiting')).json<unknown[]>()).toEqual([])
    expect((await get('/api/admin/tickets?status=bogus')).statusCode).toBe(400)
  })

  it('appends a reply and changes the status through the write path, so the owner pulls both', async () => {
    const a = await register(t.app)
    const ticket = ticketDoc(a.user.id)
    await push(a, 'tickets', [ticket])
    const before = (await get('/api/sync/tickets/pull', a.headers)).json<Body>().checkpoint.seq

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/messages`,
      headers: admin.headers,
      payload: { message: '  We have reset your sync. Please try again.  ' },
    })
    expect(reply.statusCode).toBe(201)
    expect(reply.json<AdminTicketDetail>().messages).toEqual([
      expect.objectContaining({ author_role: 'admin', body: 'We have reset your sync. Please try again.' }),
    ])
    for (const status of ['waiting', 'resolved', 'closed']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/tickets/${ticket.id}/status`,
        headers: admin.headers,
        payload: { status },
      })
      expect(res.json<AdminTicketDetail>().status).toBe(status)
    }
    const pulled = (await get(`/api/sync/tickets/pull?seq=${before}`, a.headers)).json<Body>()
    expect(pulled.checkpoint.seq).toBeGreaterThan(before)
    const doc = pulled.documents[0] as unknown as Ticket
    expect(doc.status).toBe('closed')
    expect(doc.ownerId).toBe(a.user.id)
    expect(doc.messages.map((m) => [m.authorRole, m.body])).toEqual([
      ['admin', 'We have reset your sync. Please try again.'],
    ])
    expect(doc.updatedAt).toBeGreaterThan(ticket.updatedAt)
    const detail = (await get(`/api/admin/tickets/${ticket.id}`)).json<AdminTicketDetail>()
    expect(detail).toMatchObject({ status: 'closed', message_count: 1 })
  })

  it('rejects an empty reply, an unknown status and an unknown ticket', async () => {
    const a = await register(t.app)
    const ticket = ticketDoc(a.user.id)
    await push(a, 'tickets', [ticket])
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/messages`,
      headers: admin.headers,
      payload: { message: '   ' },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json<Body>().error).toBe('Please write a reply')
    const badStatus = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tickets/${ticket.id}/status`,
      headers: admin.headers,
      payload: { status: 'done' },
    })
    expect(badStatus.statusCode).toBe(400)
    expect((await get('/api/admin/tickets/nope')).statusCode).toBe(404)
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tickets/nope/messages',
      headers: admin.headers,
      payload: { message: 'hello' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json<Body>().error).toBe('Ticket not found')
  })
})

describe('brand settings', () => {
  const saveBrand = (payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/brand', headers, payload })

  it('is public, saved by an admin, patched into the manifest, and reset to the defaults', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/brand' })
    expect(first.json<Brand>()).toMatchObject({ ...DEFAULT_BRAND, updatedAt: 0 })

    const saved = await saveBrand({
      appName: ' Paisa Pro ',
      tagline: 'Money, sorted',
      primaryColor: '#AB12CD',
      secondaryColor: '#123456',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json<Brand>()).toMatchObject({ appName: 'Paisa Pro', primaryColor: '#ab12cd' })
    const visitor = (await t.app.inject({ method: 'GET', url: '/api/brand' })).json<Brand>()
    expect(visitor).toMatchObject({ appName: 'Paisa Pro', tagline: 'Money, sorted', secondaryColor: '#123456' })
    expect((await t.app.inject({ method: 'GET', url: '/brand.json' })).json<Brand>()).toEqual(visitor)
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest?v=1' })
    expect(manifest.headers['content-type']).toContain('application/manifest+json')
    expect(manifest.json()).toMatchObject({ name: 'Paisa Pro', short_name: 'Paisa Pro', theme_color: '#ab12cd' })

    const reset = await t.app.inject({ method: 'DELETE', url: '/api/admin/brand', headers: admin.headers })
    expect(reset.json<Brand>()).toMatchObject(DEFAULT_BRAND)
    expect(reset.json<Brand>().updatedAt).toBeGreaterThan(visitor.updatedAt - 1)
  })

  it('validates colours as #rrggbb and requires a name', async () => {
    const valid = { ...DEFAULT_BRAND }
    for (const bad of ['red', '#fff', '#12345g', '#1234567', '']) {
      const res = await saveBrand({ ...valid, primaryColor: bad })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json<Body>().error).toBe('Colours must be hex values like #10b981')
    }
    expect((await saveBrand({ ...valid, secondaryColor: 'blue' })).statusCode).toBe(400)
    const noName = await saveBrand({ ...valid, appName: '  ' })
    expect(noName.statusCode).toBe(400)
    expect(noName.json<Body>().error).toBe('App name is required')
    expect((await t.app.inject({ method: 'GET', url: '/api/brand' })).json<Brand>().updatedAt).toBe(0)
  })
})
