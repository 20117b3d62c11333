import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '../../schema/api/admin'
import { SUPPORT_MESSAGES } from '../../schema/api/support'
import { MAX_DOCUMENT_BYTES } from '../../schema/entities/common'
import { Ticket, TICKET_MAX_MESSAGES, TICKET_THREAD_LIMITS, ticketBytes } from '../../schema/entities/ticket'
import { listLoginHelpRequests } from '../../sync-server/db/login-help'
import { createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'
import { idUnavailable } from '../../sync-server/modules/sync/push-rows'

let t: TestApp
let alice: Session
let bob: Session

beforeAll(async () => {
  t = await createTestApp()
  alice = await register(t.app)
  bob = await register(t.app)
})
afterAll(async () => {
  await t.close()
})

interface TicketBody {
  id: string
  ticket_number: string
  status: string
  subject: string
  priority: string
  messages: { id: string; author_role: string; message: string; created_at: string }[]
  error: string
  ticket_id: string
}

const create = (s: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: s.headers, payload })

const ticketDoc = (ownerId: string, overrides: Partial<Ticket> = {}): Ticket => ({
  id: `ticket-${Math.random().toString(36).slice(2, 10)}`,
  ownerId,
  updatedAt: Date.now(),
  ticketNumber: 'TKT-999999',
  subject: 'Sync stuck',
  description: 'My phone does not sync',
  category: 'bug',
  priority: 'high',
  status: 'resolved',
  messages: [],
  createdAt: Date.now(),
  ...overrides,
})

const push = (s: Session, doc: Ticket, assumed: Ticket | null = null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sync/tickets/push',
    headers: s.headers,
    payload: [{ assumedMasterState: assumed ? { ...assumed, _deleted: false } : null, newDocumentState: doc }],
  })

describe('POST /api/support/login-help (no token)', () => {
  it('stores a request with an e-mail or a WhatsApp number', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/login-help',
      payload: { email: 'lost@example.com', whatsapp: '', issue: 'I forgot my password' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ success: true })
    const phoneOnly = await t.app.inject({
      method: 'POST',
      url: '/api/support/login-help',
      payload: { whatsapp: '+91 98765 43210', issue: 'Locked out' },
    })
    expect(phoneOnly.statusCode).toBe(201)
    const stored = await listLoginHelpRequests(t.app.db)
    expect(stored.map((r) => [r.email, r.whatsapp, r.issue])).toEqual([
      [null, '+91 98765 43210', 'Locked out'],
      ['lost@example.com', null, 'I forgot my password'],
    ])
  })

  it.each([
    [{ issue: 'help' }, '❌ Please provide WhatsApp or Email'],
    [{ email: 'a@b.co', issue: '  ' }, '❌ Please describe your issue'],
    [{ email: 'a@b.co' }, '❌ Please describe your issue'],
    [{ email: 'not-an-email', issue: 'x' }, 'Email is invalid'],
  ])('refuses %j with 400 and a message', async (payload, message) => {
    const before = (await listLoginHelpRequests(t.app.db)).length
    const res = await t.app.inject({ method: 'POST', url: '/api/support/login-help', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ error: string }>().error).toBe(message)
    expect(await listLoginHelpRequests(t.app.db)).toHaveLength(before)
  })
})

describe('tickets over REST', () => {
  it('creates a ticket with a server number and status open, lists it, reads it with its messages', async () => {
    const res = await create(alice, { category: 'bug', subject: 'Export', description: 'CSV is empty' })
    expect(res.statusCode).toBe(201)
    const body = res.json<TicketBody>()
    expect(body.ticket_id).toBeTruthy()
    const list = await t.app.inject({ url: '/api/support/tickets', headers: alice.headers })
    const rows = list.json<TicketBody[]>()
    expect(rows.map((r) => r.id)).toContain(body.ticket_id)
    const row = rows.find((r) => r.id === body.ticket_id)!
    expect(row.ticket_number).toMatch(/^TKT-\d{6}$/)
    expect(row.status).toBe('open')
    expect(row.priority).toBe('medium')
    const one = await t.app.inject({ url: `/api/support/tickets/${body.ticket_id}`, headers: alice.headers })
    expect(one.json<TicketBody>().messages).toEqual([])

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${body.ticket_id}/messages`,
      headers: alice.headers,
      payload: { message: 'Any news?' },
    })
    expect(reply.statusCode).toBe(201)
    expect(reply.json<TicketBody>().messages.map((m) => [m.author_role, m.message])).toEqual([['user', 'Any news?']])
    // The REST write reaches devices through pull.
    const pulled = await t.app.inject({ url: '/api/sync/tickets/pull?seq=0&limit=50', headers: alice.headers })
    const docs = pulled.json<{ documents: Ticket[] }>().documents
    expect(docs.find((d) => d.id === body.ticket_id)?.messages).toHaveLength(1)
  })

  it('a client cannot set the number or the status through REST', async () => {
    const res = await create(alice, {
      category: 'other',
      subject: 'S',
      description: 'D',
      priority: 'urgent',
      status: 'closed',
      ticket_number: 'MINE-1',
    })
    const id = res.json<TicketBody>().ticket_id
    const one = (await t.app.inject({ url: `/api/support/tickets/${id}`, headers: alice.headers })).json<TicketBody>()
    expect(one.status).toBe('open')
    expect(one.ticket_number).toMatch(/^TKT-/)
    expect(one.priority).toBe('urgent')
  })

  it.each([
    [{ subject: 'S', description: 'D' }, 'Please fill in all required fields'],
    [{ category: 'bug', subject: ' ', description: 'D' }, 'Please fill in all required fields'],
    [{ category: 'bug', subject: 'S' }, 'Please fill in all required fields'],
    [{ category: 'nope', subject: 'S', description: 'D' }, 'Please fill in all required fields'],
    [{ category: 'bug', subject: 'S', description: 'D', priority: 'asap' }, 'Unknown priority'],
  ])('refuses %j with 400', async (payload, message) => {
    const res = await create(alice, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json<TicketBody>().error).toBe(message)
  })

  it('refuses an empty message with 400', async () => {
    const id = (await create(alice, { category: 'bug', subject: 'S', description: 'D' })).json<TicketBody>().ticket_id
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      headers: alice.headers,
      payload: { message: '   ' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<TicketBody>().error).toBe('Please write a message')
  })

  it("another user's ticket is 404 for reading and replying, and never listed", async () => {
    const id = (await create(alice, { category: 'bug', subject: 'Private', description: 'D' })).json<TicketBody>()
      .ticket_id
    const read = await t.app.inject({ url: `/api/support/tickets/${id}`, headers: bob.headers })
    expect(read.statusCode).toBe(404)
    expect(read.json<TicketBody>().error).toBe('Ticket not found')
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      headers: bob.headers,
      payload: { message: 'hi' },
    })
    expect(reply.statusCode).toBe(404)
    const list = (await t.app.inject({ url: '/api/support/tickets', headers: bob.headers })).json<TicketBody[]>()
    expect(list.map((r) => r.id)).not.toContain(id)
    expect((await t.app.inject({ url: `/api/support/tickets/${id}` })).statusCode).toBe(401)
  })
})

describe('tickets through sync push', () => {
  it('the server assigns the number and keeps status open whatever the device sent', async () => {
    const doc = ticketDoc(alice.user.id)
    const res = await push(alice, doc)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
    const stored = (await t.app.documents.getOwned('tickets', alice.user.id, doc.id))!.data
    expect(stored.ticketNumber).toMatch(/^TKT-\d{6}$/)
    expect(stored.ticketNumber).not.toBe('TKT-999999')
    expect(stored.status).toBe('open')
  })

  it('a later push cannot change the number or the status', async () => {
    const doc = ticketDoc(alice.user.id, { ticketNumber: '', status: 'open' })
    await push(alice, doc)
    const first = (await t.app.documents.getOwned('tickets', alice.user.id, doc.id))!.data
    await t.app.tickets.setTicketStatus(doc.id, 'waiting')
    await push(alice, { ...doc, ticketNumber: 'X-1', status: 'closed', updatedAt: Date.now() + 5 }, first)
    const after = (await t.app.documents.getOwned('tickets', alice.user.id, doc.id))!.data
    expect(after.ticketNumber).toBe(first.ticketNumber)
    expect(after.status).toBe('waiting')
  })

  it('merges an admin reply and an offline user message: both survive, ordered by time', async () => {
    const doc = ticketDoc(alice.user.id)
    await push(alice, doc)
    const base = (await t.app.documents.getOwned('tickets', alice.user.id, doc.id))!.data
    const admin = await register(t.app)
    await t.app.tickets.addTicketMessage(doc.id, { id: admin.user.id, role: 'admin' }, 'We are looking into it')
    await t.app.tickets.setTicketStatus(doc.id, 'waiting')
    // The device never saw the reply: it pushes its own message on its stale copy.
    const offline = {
      id: 'msg-offline-1',
      authorId: alice.user.id,
      authorRole: 'user' as const,
      body: 'Still broken',
      at: Date.now() + 10,
    }
    const forged = { ...offline, id: 'msg-forged', authorRole: 'admin' as const, body: 'Resolved!' }
    const res = await push(alice, { ...base, messages: [offline, forged], updatedAt: Date.now() + 20 }, base)
    expect(res.json()).toEqual([])
    const merged = (await t.app.documents.getOwned('tickets', alice.user.id, doc.id))!.data
    expect(merged.messages.map((m) => [m.authorRole, m.body])).toEqual([
      ['admin', 'We are looking into it'],
      ['user', 'Still broken'],
    ])
    // A user's message on a ticket waiting for them opens it again.
    expect(merged.status).toBe('open')
    // Pushing the same state again writes nothing.
    const seq = t.app.documents.lastSeq
    await push(alice, merged, merged)
    expect(t.app.documents.lastSeq).toBe(seq)
  })

  it("a push onto another user's ticket id is refused for that document and changes nothing", async () => {
    const doc = ticketDoc(alice.user.id)
    await push(alice, doc)
    const before = await t.app.documents.getOwned('tickets', alice.user.id, doc.id)
    const res = await push(bob, { ...doc, ownerId: bob.user.id, subject: 'mine now' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([idUnavailable(doc.id)])
    expect(await t.app.documents.getOwned('tickets', alice.user.id, doc.id)).toEqual(before)
  })
})

describe('a ticket thread at its limits', () => {
  const message = (s: Session, i: number, body = `message ${i}`) => ({
    id: `m-${i}-${Math.random().toString(36).slice(2, 8)}`,
    authorId: s.user.id,
    authorRole: 'user' as const,
    body,
    at: 1_000 + i,
  })
  const stored = async (id: string) => (await t.app.documents.get('tickets', id))!.data as Ticket
  const reply = (s: Pick<Session, 'headers'>, url: string, text: string) =>
    t.app.inject({ method: 'POST', url, headers: s.headers, payload: { message: text } })
  const adminSession = async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@test.local', password: 'admin-password' },
    })
    const { token } = login.json<{ token: string }>()
    return { headers: { authorization: `Bearer ${token}` } }
  }

  it('three pushes of 400 messages never grow it past its limit; the user is told; the admin answers', async () => {
    const doc = ticketDoc(alice.user.id, { messages: Array.from({ length: 400 }, (_, i) => message(alice, i)) })
    expect((await push(alice, doc)).json()).toEqual([])
    const base = await stored(doc.id)
    for (const round of [1, 2]) {
      const more = Array.from({ length: 400 }, (_, i) => message(alice, round * 1000 + i))
      const seq = t.app.documents.lastSeq
      // Each push carries 400 new messages; the server's union would hold 800, then 1,200.
      const res = await push(alice, { ...base, messages: more, updatedAt: Date.now() }, base)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([
        { id: doc.id, _refused: { code: 'LIMIT_REACHED', error: SUPPORT_MESSAGES.threadFull } },
      ])
      expect(t.app.documents.lastSeq).toBe(seq)
      expect((await stored(doc.id)).messages).toHaveLength(400)
    }
    // The user's side fills up to its limit by REST, then is told; the stored thread stays valid.
    const userUrl = `/api/support/tickets/${doc.id}/messages`
    for (let i = 400; i < TICKET_THREAD_LIMITS.user.messages; i++)
      expect((await reply(alice, userUrl, `reply ${i}`)).statusCode).toBe(201)
    const refused = await reply(alice, userUrl, 'one more')
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { error: SUPPORT_MESSAGES.threadFull, code: 'LIMIT_REACHED' },
    ])
    // Support answers in the room kept for it, until the thread's own limit.
    const admin = await adminSession()
    const adminUrl = `/api/admin/tickets/${doc.id}/messages`
    for (let i = TICKET_THREAD_LIMITS.user.messages; i < TICKET_MAX_MESSAGES; i++)
      expect((await reply(admin, adminUrl, `answer ${i}`)).statusCode).toBe(201)
    const full = await reply(admin, adminUrl, 'one more')
    expect([full.statusCode, full.json()]).toEqual([409, { error: ADMIN_MESSAGES.ticketFull, code: 'LIMIT_REACHED' }])
    expect(Ticket.safeParse(await stored(doc.id)).success).toBe(true)
    expect((await t.app.inject({ url: `/api/support/tickets/${doc.id}`, headers: alice.headers })).statusCode).toBe(200)
  })

  it('long messages: the user stops short of the byte limit, the admin answers, nothing grows past it', async () => {
    const long = (i: number) => message(alice, i, `${i} ${'₹'.repeat(4_990)}`)
    const doc = ticketDoc(alice.user.id, { messages: [long(0)] })
    await push(alice, doc)
    const userUrl = `/api/support/tickets/${doc.id}/messages`
    let added = 1
    while ((await reply(alice, userUrl, `${added} ${'₹'.repeat(4_990)}`)).statusCode === 201) added += 1
    const thread = await stored(doc.id)
    expect(ticketBytes(thread)).toBeLessThanOrEqual(TICKET_THREAD_LIMITS.user.bytes)
    expect(thread.messages.length).toBeLessThan(TICKET_THREAD_LIMITS.user.messages)
    // A push adding one more long message is refused for that ticket.
    const pushed = await push(alice, { ...thread, messages: [...thread.messages, long(999)] }, thread)
    expect(pushed.json()).toEqual([
      { id: doc.id, _refused: expect.objectContaining({ code: 'LIMIT_REACHED' }) as unknown },
    ])
    const admin = await adminSession()
    const answer = await reply(admin, `/api/admin/tickets/${doc.id}/messages`, `${'₹'.repeat(4_000)}`)
    expect(answer.statusCode).toBe(201)
    let answers = 1
    while ((await reply(admin, `/api/admin/tickets/${doc.id}/messages`, '₹'.repeat(4_990))).statusCode === 201)
      answers += 1
    expect(answers).toBeGreaterThanOrEqual(4)
    expect(ticketBytes(await stored(doc.id))).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES)
    // Any write path refuses a document over the cap, with a clear message.
    const grown = {
      ...(await stored(doc.id)),
      messages: [...(await stored(doc.id)).messages, message(alice, 5_000, '₹'.repeat(5_000))],
    }
    await expect(t.app.documents.write((unit) => unit.put('tickets', alice.user.id, grown))).rejects.toThrow(
      /too large to save/,
    )
  })
})
