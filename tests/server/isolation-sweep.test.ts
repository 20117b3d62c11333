import { count as sqlCount, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTION_NAMES, COLLECTIONS } from '../../schema/collections'
import { TICKET_THREAD_LIMITS } from '../../schema/entities/ticket'
import type { CollectionName } from '../../schema/collections'
import * as tables from '../../sync-server/db/tables'
import { register } from './helpers'
import type { Session } from './helpers'
import {
  createWorld,
  handToken,
  leaks,
  refresh,
  requestFor,
  victimState,
  VICTIM_PHONE,
  wholeState,
} from './route-fixture'
import type { World } from './route-fixture'
import { ROUTES, routeKey } from './route-table'
import type { RouteSpec } from './route-table'
import { postWebhook, twilioParams } from './whatsapp-support'

// Every route in route-table.ts, every sync collection and the webhook.
let w: World
const counts = { probes: 0 }
const started = Date.now()
beforeAll(async () => {
  w = await createWorld()
}, 60_000)
afterAll(async () => {
  console.log(`isolation sweep: ${ROUTES.length} routes, ${counts.probes} probes in ${Date.now() - started} ms`)
  await w?.close()
})

interface Probe {
  label: string
  method: RouteSpec['method']
  url: string
  payload?: unknown
  headers?: Record<string, string>
  /** The probe names the victim's data (or an admin route): it must be refused and write nothing. */
  refused: boolean
}

/** Sends one probe as the attacker and checks: no 5xx, nothing of the victims changed or revealed. */
async function probe(p: Probe, attacker: Session = w.bob) {
  const before = await victimState(w)
  const seq = w.t.app.documents.lastSeq
  const res = await w.t.app.inject({
    method: p.method,
    url: p.url,
    headers: p.headers ?? attacker.headers,
    ...(p.payload === undefined ? {} : { payload: p.payload as Record<string, unknown> }),
  })
  counts.probes += 1
  if (process.env.SWEEP_DEBUG) console.log('PROBE', p.label, res.statusCode, res.body.slice(0, 100))
  expect(res.statusCode, `${p.label}: ${res.body}`).toBeLessThan(500)
  expect(leaks(w, withoutEchoedIds(p, res.body)), `${p.label} revealed: ${res.body}`).toEqual([])
  expect((await victimState(w)) === before, `${p.label} changed the victims' data`).toBe(true)
  if (p.refused) {
    expect(res.statusCode, `${p.label}: ${res.body}`).toBeGreaterThanOrEqual(400)
    expect(w.t.app.documents.lastSeq, `${p.label} took a sequence number`).toBe(seq)
    expect(res.json<{ error: string }>().error, p.label).toMatch(/\S/)
  }
  // logout-all and friends may revoke the attacker's own token; the sweep goes on with a fresh one.
  await refresh(w, attacker)
  return res
}

const isSync = (spec: RouteSpec) => spec.params?.collection === 'collection'

const REFUSED_ID = { code: 'ID_UNAVAILABLE', error: 'This id is already in use; the document was not saved' }

/**
 * A push's answer with its id refusals taken out: a refusal repeats an id the attacker sent and
 * nothing else (its text is the same whoever holds the id), so only the rest can reveal anything.
 */
function withoutEchoedIds(p: Probe, body: string): string {
  if (!p.url.endsWith('/push') || !Array.isArray(p.payload) || !body.startsWith('[')) return body
  const sent = new Set(p.payload.map((row: { newDocumentState?: { id?: unknown } }) => row.newDocumentState?.id))
  const answer = JSON.parse(body) as { id?: unknown; _refused?: { code: string } }[]
  const echoes = (e: (typeof answer)[number]) => e._refused !== undefined && sent.has(e.id)
  for (const entry of answer.filter((e) => echoes(e) && e._refused?.code === 'ID_UNAVAILABLE'))
    expect(entry, p.label).toEqual({ id: entry.id, _refused: REFUSED_ID })
  return JSON.stringify(answer.map((e) => (echoes(e) ? { ...e, id: 'an id the attacker sent' } : e)))
}

/** A push of only the victims' ids: refused as a whole (4xx), or each document refused; nothing written. */
function expectNothingTaken(res: Awaited<ReturnType<typeof probe>>, label: string, rows: unknown[]) {
  if (res.statusCode >= 400) {
    expect(res.statusCode, label).toBeOneOf([403, 404, 409])
    return
  }
  expect(res.statusCode, label).toBe(200)
  const pushed = rows.map((row) => (row as { newDocumentState: { id: unknown } }).newDocumentState.id)
  expect(res.json(), label).toEqual(pushed.map((id) => ({ id, _refused: REFUSED_ID })))
}

function restProbe(spec: RouteSpec): Probe {
  const { method, url } = requestFor(spec, w.ids)
  const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : ''
  return {
    label: routeKey(spec),
    method,
    url: url + query,
    payload: spec.body?.(w.ids),
    refused: spec.access === 'admin' || spec.params !== undefined || spec.victimInBody === true,
  }
}

describe('the route table', () => {
  it('lists every route the server registers, and nothing it does not', () => {
    const listed = new Set(ROUTES.map(routeKey))
    expect(listed.size, 'a route is listed twice').toBe(ROUTES.length)
    expect(
      [...w.registered].filter((r) => !listed.has(r)),
      'registered but not in route-table.ts',
    ).toEqual([])
    expect(
      [...listed].filter((r) => !w.registered.has(r)),
      'in route-table.ts but not registered',
    ).toEqual([])
  })
})

describe('the snapshot the probes compare', () => {
  it("sees a victim's write, in a personal and in a household table", async () => {
    for (const [session, url] of [
      [w.alice, '/api/expenses'],
      [w.carol, `/api/households/${w.ids.household}/expenses`],
    ] as const) {
      const before = await victimState(w)
      const res = await w.t.app.inject({
        method: 'POST',
        url,
        headers: session.headers,
        payload: { amount: 1, category: 'Groceries' },
      })
      expect(res.statusCode, res.body).toBe(201)
      expect(await victimState(w)).not.toBe(before)
    }
  })

  it('sees a write to any table, a document or not, and only then hashes again', async () => {
    const before = await wholeState(w)
    expect(await wholeState(w)).toEqual(before)
    await w.t.app.users.update(w.bob.user.id, { name: 'Bob Renamed' })
    const renamed = await wholeState(w)
    expect(renamed.digest).not.toBe(before.digest)
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: w.bob.headers,
      payload: { amount: 1, category: 'Groceries' },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect((await wholeState(w)).digest).not.toBe(renamed.digest)
  })
})

describe('another user, a non-member and a non-admin', () => {
  const rest = ROUTES.filter((r) => (r.access === 'user' || r.access === 'admin') && !isSync(r))
  it.each(rest.map((r) => [routeKey(r), r] as const))('%s', async (_key, spec) => {
    await probe(restProbe(spec))
  })
})

describe('sync with another user', () => {
  const pushVariants = (name: CollectionName) => {
    const doc = w.docs[name]
    return [
      { newDocumentState: { ...doc, _deleted: false } },
      { newDocumentState: { ...doc, ownerId: w.bob.user.id, _deleted: false } },
      { newDocumentState: { ...doc, ownerId: w.bob.user.id, _deleted: true } },
      { assumedMasterState: { ...doc, _deleted: false }, newDocumentState: { ...doc, _deleted: true } },
      {
        assumedMasterState: { ...doc, ownerId: w.bob.user.id, _deleted: false },
        newDocumentState: { ...doc, ownerId: w.bob.user.id, updatedAt: Date.now(), _deleted: false },
      },
    ]
  }

  it.each(COLLECTION_NAMES.map((n) => [n]))('%s: pull, push and restamp', async (name) => {
    const pull = await probe({
      label: `pull ${name}`,
      method: 'GET',
      url: `/api/sync/${name}/pull?seq=0&limit=5000`,
      refused: false,
    })
    // The attacker's own rows (from earlier probes) may come back; the victims' never (see `leaks`).
    const pulled = pull.statusCode === 200 ? pull.json<{ documents: { ownerId: string }[] }>().documents : []
    if (COLLECTIONS[name].scope === 'personal') expect(pulled.every((d) => d.ownerId === w.bob.user.id)).toBe(true)
    for (const [i, row] of pushVariants(name).entries()) {
      const seq = w.t.app.documents.lastSeq
      const res = await probe({
        label: `push ${name} #${i}`,
        method: 'POST',
        url: `/api/sync/${name}/push`,
        payload: [row],
        refused: false,
      })
      expectNothingTaken(res, `push ${name} #${i}`, [row])
      expect(w.t.app.documents.lastSeq, `push ${name} #${i} took a sequence number`).toBe(seq)
    }
    if (name === 'household_expenses' || name === 'settlements') {
      // A new row of the attacker's own, filed into the victims' household.
      const fresh = { ...w.docs[name], id: `fresh-${name}`, ownerId: w.bob.user.id, _deleted: false }
      const res = await probe({
        label: `push new ${name} into the victims' household`,
        method: 'POST',
        url: `/api/sync/${name}/push`,
        payload: [{ newDocumentState: fresh }],
        refused: true,
      })
      expect(res.statusCode).toBeOneOf([403, 404])
    }
    const restamp = await probe({
      label: `restamp ${name}`,
      method: 'POST',
      url: `/api/sync/${name}/restamp`,
      payload: { ids: [String(w.docs[name].id)] },
      refused: false,
    })
    if (restamp.statusCode === 200) expect(restamp.json()).toEqual({ restamped: 0 })
  })
})

describe("a push mixing the attacker's documents with a victim's id", () => {
  const personal = ['transactions', 'budgets', 'recurring_payments', 'loans', 'loan_payments', 'tickets'] as const

  it.each(personal.map((n) => [n]))('%s: the others are stored, that one refused alike for any owner', async (name) => {
    const dave = await register(w.t.app, { name: 'Dave Bystander' })
    const own = (session: Session, id: string) => ({
      newDocumentState: { ...w.docs[name], id, ownerId: session.user.id, updatedAt: Date.now(), _deleted: false },
    })
    // Dave's document: another owner than the victims, so the answer can be compared.
    const daveId = `dave-${name}`
    const daves = await w.t.app.inject({
      method: 'POST',
      url: `/api/sync/${name}/push`,
      headers: dave.headers,
      payload: [own(dave, daveId)],
    })
    expect(daves.statusCode, daves.body).toBe(200)
    const answers: unknown[] = []
    for (const foreign of [String(w.docs[name].id), daveId]) {
      const mine = [own(w.bob, `bob-${name}-${answers.length}-a`), own(w.bob, `bob-${name}-${answers.length}-b`)]
      const payload = [mine[0], own(w.bob, foreign), mine[1]]
      const res = await probe({
        label: `mixed push ${name}`,
        method: 'POST',
        url: `/api/sync/${name}/push`,
        payload,
        refused: false,
      })
      expect(res.statusCode, res.body).toBe(200)
      const answer = res.json<{ id: string }[]>()
      expect(answer.filter((e) => '_refused' in e)).toEqual([{ id: foreign, _refused: REFUSED_ID }])
      answers.push(answer.map((e) => ({ ...e, id: e.id === foreign ? 'the foreign id' : e.id })))
      for (const row of mine)
        expect(await w.t.app.documents.getOwned(name, w.bob.user.id, row.newDocumentState.id)).toBeDefined()
    }
    // The victim's id and Dave's are answered alike (tickets differ only in the server's own numbers).
    if (name !== 'tickets') expect(answers[0]).toEqual(answers[1])
    expect((await w.t.app.documents.get(name, daveId))?.ownerId).toBe(dave.user.id)
  })

  it("household_expenses: the attacker's own household expense is stored, the victims' id refused", async () => {
    const own = await w.t.app.inject({
      method: 'POST',
      url: '/api/households',
      headers: w.bob.headers,
      payload: { name: 'Bob flat' },
    })
    const householdId = own.json<{ household: { id: string } }>().household.id
    const victim = w.docs.household_expenses
    const mine = {
      ...victim,
      id: 'bob-own-expense',
      ownerId: w.bob.user.id,
      householdId,
      amount: 4_200,
      description: 'bob groceries',
      paidBy: w.bob.user.id,
      splits: [{ userId: w.bob.user.id, amount: 4_200, weight: 0 }],
      reviews: [],
      _deleted: false,
    }
    const stolen = { ...victim, ownerId: w.bob.user.id, _deleted: false }
    const payload = [{ newDocumentState: mine }, { newDocumentState: stolen }]
    const res = await probe({
      label: 'mixed household push',
      method: 'POST',
      url: '/api/sync/household_expenses/push',
      payload,
      refused: false,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<{ id: string }[]>().filter((e) => '_refused' in e)).toEqual([
      { id: victim.id, _refused: REFUSED_ID },
    ])
    expect((await w.t.app.documents.get('household_expenses', 'bob-own-expense'))?.householdId).toBe(householdId)
  })
})

describe('a merged document pushed past its limits', () => {
  it("the attacker's ticket is refused for that document; victims, the admin's list and replies unharmed", async () => {
    const message = (i: number) => ({
      id: `over-${i}`,
      authorId: w.bob.user.id,
      authorRole: 'user',
      body: `flood ${i} ${'x'.repeat(200)}`,
      at: 1_000 + i,
    })
    const ticket = {
      ...w.docs.tickets,
      id: 'bob-flood',
      ownerId: w.bob.user.id,
      updatedAt: Date.now(),
      _deleted: false,
    }
    for (const round of [0, 1, 2]) {
      const messages = Array.from({ length: 400 }, (_, i) => message(round * 400 + i))
      const payload = [{ newDocumentState: { ...ticket, messages } }]
      const res = await probe({
        label: `flood #${round}`,
        method: 'POST',
        url: '/api/sync/tickets/push',
        payload,
        refused: false,
      })
      expect(res.statusCode, res.body).toBe(200)
      if (round > 0) expect(res.json<{ _refused: { code: string } }[]>()[0]?._refused.code).toBe('LIMIT_REACHED')
    }
    const stored = (await w.t.app.documents.get('tickets', 'bob-flood'))!.data as { messages: unknown[] }
    expect(stored.messages.length).toBeLessThanOrEqual(TICKET_THREAD_LIMITS.user.messages)
    const list = await w.t.app.inject({ url: '/api/admin/tickets', headers: w.admin.headers })
    expect(list.statusCode).toBe(200)
    const answer = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/tickets/bob-flood/messages',
      headers: w.admin.headers,
      payload: { message: 'Please open a new ticket' },
    })
    expect(answer.statusCode, answer.body).toBe(201)
  })
})

describe("the attacker's own household naming the victims", () => {
  it('cannot pay as, split with, settle with, remove or add a victim', async () => {
    const call = (url: string, payload: unknown) =>
      w.t.app.inject({ method: 'POST', url, headers: w.bob.headers, payload: payload as Record<string, unknown> })
    const own = (await call('/api/households', { name: 'Bob home' })).json<{ household: { id: string } }>().household.id
    const alice = w.alice.user.id
    const bob = w.bob.user.id
    const base = `/api/households/${own}`
    const splits = [
      { user_id: alice, amount_owed: 50 },
      { user_id: bob, amount_owed: 50 },
    ]
    const probes: Probe[] = [
      { url: `${base}/expenses`, payload: { amount: 100, category: 'Rent', paid_by: alice } },
      { url: `${base}/expenses`, payload: { amount: 100, category: 'Rent', split_method: 'exact', splits } },
      { url: `${base}/settlements`, payload: { to_user: alice, amount: 10 } },
    ].map((p) => ({ ...p, label: `POST ${p.url} naming a victim`, method: 'POST', refused: true }))
    probes.push({ label: 'remove a victim', method: 'DELETE', url: `${base}/members/${alice}`, refused: true })
    const doc = (await w.t.app.documents.get('households', own))?.data as { members: unknown[]; updatedAt: number }
    const forced = { userId: alice, name: 'Forced', email: w.alice.user.email, role: 'member', joinedAt: Date.now() }
    const pushed = { ...doc, members: [...doc.members, forced], updatedAt: doc.updatedAt + 1, _deleted: false }
    for (const p of probes) {
      const res = await probe(p)
      expect(res.statusCode, p.label).toBeOneOf([400, 403, 404, 409])
    }
    // Members are the server's: the push meets a conflict (the stored state) and writes nothing.
    const seq = w.t.app.documents.lastSeq
    const res = await probe({
      label: 'push a victim into the attacker household',
      method: 'POST',
      url: '/api/sync/households/push',
      payload: [{ assumedMasterState: { ...doc, _deleted: false }, newDocumentState: pushed }],
      refused: false,
    })
    expect(res.json<{ members: unknown[] }[]>().map((d) => d.members.length)).toEqual([1])
    expect(w.t.app.documents.lastSeq).toBe(seq)
  })
})

describe('paid_by games among members', () => {
  type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE'
  const as = (s: Session, method: Verb, url: string, payload?: unknown) =>
    w.t.app.inject({
      method,
      url,
      headers: s.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  /** A refused move: a 4xx with a message, or a sync push answered with the stored state; nothing written. */
  async function refused(label: string, send: () => ReturnType<typeof as>, expected: (body: string) => boolean) {
    const before = await wholeState(w)
    const res = await send()
    counts.probes += 1
    expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500)
    expect(expected(res.body) || res.statusCode >= 400, `${label}: ${res.statusCode} ${res.body}`).toBe(true)
    if (res.statusCode >= 400) expect(res.json<{ error: string }>().error, label).toMatch(/\S/)
    expect(await wholeState(w), `${label} changed the database`).toEqual(before)
    return res
  }

  it('a member cannot name an outsider as payer, review what they entered, or change the payer', async () => {
    const erin = await register(w.t.app, { name: 'Erin Third' })
    const home = (await as(w.alice, 'POST', '/api/households', { name: 'Paid-by games' })).json<{
      household: { id: string }
    }>().household.id
    for (const s of [w.carol, erin]) {
      await as(w.alice, 'POST', `/api/households/${home}/invite`, { email: s.user.email })
      const mine = (await as(s, 'GET', '/api/households/invitations')).json<{ invitations: { id: string }[] }>()
      await as(s, 'POST', `/api/households/invitations/${mine.invitations.at(-1)!.id}/accept`)
    }
    const base = `/api/households/${home}`
    const [alice, carol, bob] = [w.alice.user.id, w.carol.user.id, w.bob.user.id]
    for (const payer of [bob, 'nobody-at-all', '']) {
      const body = { amount: 500, category: 'Rent', paid_by: payer }
      await refused(
        `paid_by ${payer || 'blank'}`,
        () => as(w.carol, 'POST', `${base}/expenses`, body),
        () => false,
      )
    }
    const added = await as(w.carol, 'POST', `${base}/expenses`, { amount: 900, category: 'Rent', paid_by: alice })
    expect(added.statusCode, added.body).toBe(201)
    const expenseId = added.json<{ expense: { id: string } }>().expense.id
    const stored = (await w.t.app.documents.get('household_expenses', expenseId))!.data
    const outsider = { ...stored, id: 'paid-by-outsider', paidBy: bob, _deleted: false }
    await refused(
      'push a new expense paid by an outsider',
      () => as(w.carol, 'POST', '/api/sync/household_expenses/push', [{ newDocumentState: outsider }]),
      (body) => body.includes('"_deleted":true'),
    )
    for (const [who, verb] of [
      [w.carol, 'approve'],
      [w.carol, 'deny'],
      [w.alice, 'approve'],
      [w.bob, 'approve'],
    ] as const)
      await refused(
        `${who.user.name} ${verb}s`,
        () => as(who, 'POST', `/api/households/expenses/${expenseId}/${verb}`, verb === 'deny' ? { reason: 'x' } : {}),
        () => false,
      )
    const approved = (userId: string) => ({ userId, status: 'approved', reason: '', at: Date.now() })
    const assumed = { ...stored, _deleted: false }
    const edits = [
      { label: 'self-approve by sync', reviews: [approved(carol)] },
      { label: 'payer approves by sync', reviews: [approved(alice)], by: w.alice },
      { label: 'payer changed to self', paidBy: carol },
      { label: 'payer changed to the third member', paidBy: erin.user.id },
      { label: 'payer changed to an outsider', paidBy: bob },
    ]
    for (const { label, by, ...change } of edits) {
      const next = { ...assumed, ...change, updatedAt: Number(stored.updatedAt) + 1 }
      const send = () =>
        as(by ?? w.carol, 'POST', '/api/sync/household_expenses/push', [
          { assumedMasterState: assumed, newDocumentState: next },
        ])
      await refused(label, send, (body) => body === JSON.stringify([assumed]))
    }
    // The member who neither entered nor paid it decides it.
    const decided = await as(erin, 'POST', `/api/households/expenses/${expenseId}/approve`)
    expect(decided.json()).toEqual({ success: true, status: 'approved' })
    expect((await w.t.app.documents.get('household_expenses', expenseId))!.data.paidBy).toBe(alice)
    for (const s of [w.carol, erin]) expect((await as(s, 'POST', `${base}/leave`)).statusCode).toBe(200)
  })
})

describe('an invitation', () => {
  it("to a victim's e-mail neither adds them nor reveals their id or name until they accept", async () => {
    const as = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      w.t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload: payload } : {}) })
    const own = (await as(w.bob, 'POST', '/api/households', { name: 'Bob lure' })).json<{ household: { id: string } }>()
      .household.id
    const invite = (email: string) =>
      probe({
        label: `invite ${email}`,
        method: 'POST',
        url: `/api/households/${own}/invite`,
        payload: { email },
        refused: false,
      })
    const toVictim = await invite(w.alice.user.email)
    const toNobody = await invite('nobody-here@example.com')
    expect(toVictim.statusCode).toBe(200)
    expect(toVictim.json()).toEqual({ success: true, status: 'invited' })
    expect(toNobody.json()).toEqual(toVictim.json())
    // Bob's view of his household: the e-mail he typed, nothing of the account behind it.
    const detail = (await as(w.bob, 'GET', `/api/households/${own}`)).body
    for (const s of [w.alice.user.id, w.alice.user.name!]) expect(detail).not.toContain(s)
    const members = async () =>
      ((await w.t.app.documents.get('households', own))?.data as { memberIds: string[] }).memberIds
    expect(await members()).toEqual([w.bob.user.id])

    const mine = (await as(w.alice, 'GET', '/api/households/invitations')).json<{
      invitations: { id: string; household_name: string; invited_by_name: string }[]
    }>().invitations
    const lure = mine.find((i) => i.household_name === 'Bob lure')!
    expect(lure.invited_by_name).toBe((await w.t.app.users.findById(w.bob.user.id))!.name)
    expect((await as(w.alice, 'POST', `/api/households/invitations/${lure.id}/accept`)).statusCode).toBe(200)
    expect(await members()).toEqual([w.bob.user.id, w.alice.user.id])
    // Alice leaves again so the rest of the sweep still has Bob in no household of hers.
    expect((await as(w.alice, 'POST', `/api/households/${own}/leave`)).statusCode).toBe(200)
    expect(await members()).toEqual([w.bob.user.id])
  })
})

describe('a former member', () => {
  it('sees nothing of the household written after their removal', async () => {
    const dave = await register(w.t.app, { name: 'Dave Former' })
    const as = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      w.t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload: payload } : {}) })
    const base = `/api/households/${w.ids.household}`
    expect((await as(w.alice, 'POST', `${base}/invite`, { email: dave.user.email })).statusCode).toBe(200)
    const [invitation] = (await as(dave, 'GET', '/api/households/invitations')).json<{
      invitations: { id: string }[]
    }>().invitations
    expect((await as(dave, 'POST', `/api/households/invitations/${invitation!.id}/accept`)).statusCode).toBe(200)
    expect((await as(w.alice, 'DELETE', `${base}/members/${dave.user.id}`)).statusCode).toBe(200)
    // What Dave saw as a member (the household's id, its members) he may keep, and a pull tells his
    // device to drop the household (a scrubbed tombstone); what was written after must not reach him.
    const later = 'AFTER-REMOVAL-k9'
    const known = w.secrets
    w.secrets = [later]
    try {
      await as(w.alice, 'PUT', base, { name: later })
      await as(w.alice, 'POST', `${base}/expenses`, { amount: 42, category: 'Groceries', description: later })
      for (const spec of ROUTES.filter((r) => r.params?.id === 'household' && r.method === 'GET'))
        expect((await probe(restProbe(spec), dave)).statusCode, routeKey(spec)).toBe(404)
      for (const name of ['households', 'household_expenses', 'settlements'])
        await probe(
          { label: `former member pull ${name}`, method: 'GET', url: `/api/sync/${name}/pull`, refused: false },
          dave,
        )
    } finally {
      w.secrets = known
    }
  })
})

describe('credentials that are not valid', () => {
  const tokens = (): [string, string][] => {
    const secret = w.t.config.jwtSecret
    const now = Math.floor(Date.now() / 1000)
    const alice = { sub: w.alice.user.id, tv: 0 }
    return [
      ['no token', ''],
      ['not a bearer', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ['malformed', 'Bearer not.a.token'],
      ['tampered', `Bearer ${w.alice.token.slice(0, -3)}xyz`],
      ['expired', `Bearer ${handToken({ ...alice, iat: now - 7200, exp: now - 3600 }, secret)}`],
      ['foreign key', `Bearer ${handToken({ ...alice, iat: now, exp: now + 3600 }, 'another-secret')}`],
      ['alg none', `Bearer ${handToken({ ...alice, iat: now, exp: now + 3600 }, secret, 'none')}`],
      ['no expiry', `Bearer ${handToken({ ...alice, iat: now }, secret)}`],
      ['revoked version', `Bearer ${handToken({ ...alice, tv: 99, iat: now, exp: now + 3600 }, secret)}`],
      ['unknown user', `Bearer ${handToken({ sub: 'ghost', tv: 0, iat: now, exp: now + 3600 }, secret)}`],
    ]
  }
  const guarded = ROUTES.filter((r) => r.access === 'user' || r.access === 'admin' || r.access === 'stream')

  it.each(guarded.map((r) => [routeKey(r), r] as const))('%s answers 401', async (_key, spec) => {
    for (const [kind, authorization] of tokens()) {
      const p = restProbe(spec)
      const headers: Record<string, string> = authorization ? { authorization } : {}
      const res = await probe({ ...p, label: `${p.label} (${kind})`, headers, refused: true })
      expect(res.statusCode, `${p.label} (${kind})`).toBe(401)
    }
  })
})

describe('the WhatsApp webhook', () => {
  const count = async () => (await w.t.app.db.select({ n: sqlCount() }).from(tables.whatsappMessages))[0]!

  it('refuses unsigned, wrongly signed and JSON posts in the victim’s name, and stores nothing', async () => {
    const before = (await count()).n
    const params = twilioParams(VICTIM_PHONE, 'Spent 500 on food')
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const body = new URLSearchParams(params).toString()
    for (const [label, headers, payload] of [
      ['unsigned', form, body],
      ['wrong signature', { ...form, 'x-twilio-signature': 'forged' }, body],
      ['json', { 'content-type': 'application/json', 'x-twilio-signature': 'forged' }, JSON.stringify(params)],
    ] as const) {
      const res = await probe({ label, method: 'POST', url: '/api/whatsapp/webhook', headers, payload, refused: true })
      expect(res.statusCode, label).toBeOneOf([403, 415])
    }
    const forged = await postWebhook(w.t.app, params, { token: 'not-the-auth-token' })
    expect(forged.statusCode).toBe(403)
    expect((await count()).n).toBe(before)
  })

  it('answers a signed message from another number without anything of the victim’s', async () => {
    const bobPhone = 'whatsapp:+919800000002'
    await w.t.app.users.update(w.bob.user.id, { phoneNumber: bobPhone })
    for (const from of [bobPhone, 'whatsapp:+15550001111']) {
      for (const text of ['balance', 'summary', 'report', 'undo', 'help']) {
        const before = await victimState(w)
        const res = await postWebhook(w.t.app, twilioParams(from, text))
        counts.probes += 1
        expect(res.statusCode, `${from} ${text}: ${res.body}`).toBeLessThan(500)
        expect(leaks(w, res.body), `${from} ${text}: ${res.body}`).toEqual([])
        expect((await victimState(w)) === before, `${from} ${text} changed the victims' data`).toBe(true)
      }
    }
  })
})

describe('the WhatsApp webhook, replayed and guessed', () => {
  it('a MessageSid of the victim replayed from another number reveals nothing and books nothing', async () => {
    // The victim's number is proven for this test only, so her message books an entry.
    await w.t.app.users.update(w.alice.user.id, { phoneVerified: true })
    try {
      const params = twilioParams(VICTIM_PHONE, 'Spent 98765.43 on rent')
      const first = await postWebhook(w.t.app, params)
      expect(first.body).toContain('98,765.43')
      const bobPhone = 'whatsapp:+919800000002'
      await w.t.app.users.update(w.bob.user.id, { phoneNumber: bobPhone, phoneVerified: true })
      for (const from of [bobPhone, 'whatsapp:+15550001111']) {
        const before = await victimState(w)
        const seq = w.t.app.documents.lastSeq
        const res = await postWebhook(w.t.app, { ...params, From: from, WaId: from.replace(/\D/g, '') })
        counts.probes += 1
        expect(res.statusCode, `${from}: ${res.body}`).toBe(409)
        expect(leaks(w, res.body), `${from}: ${res.body}`).toEqual([])
        expect(res.body).not.toContain('Rent')
        expect((await victimState(w)) === before, `the replay from ${from} changed the victims' data`).toBe(true)
        expect(w.t.app.documents.lastSeq).toBe(seq)
      }
    } finally {
      await w.t.app.users.update(w.alice.user.id, { phoneVerified: false })
    }
  })
})

describe('a WhatsApp link code, guessed', () => {
  const claimRow = async () =>
    (await w.t.app.db.select().from(tables.phoneClaims).where(eq(tables.phoneClaims.userId, w.alice.user.id)))[0]

  it('other numbers’ guesses change nothing of the victim; her number’s 5 wrong codes void her code', async () => {
    const claimed = await w.t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-phone',
      headers: w.alice.headers,
      payload: { phone_number: VICTIM_PHONE },
    })
    expect(claimed.statusCode).toBe(200)
    const code = claimed.json<{ code: string }>().code
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== code).slice(0, 5)
    // Another number, linked or not, guessing (the right code included) can neither prove nor spend her code.
    for (const from of ['whatsapp:+919800000002', 'whatsapp:+15550001111']) {
      for (const guess of [...wrong, code]) {
        const before = await victimState(w)
        const res = await postWebhook(w.t.app, twilioParams(from, `link ${guess}`))
        counts.probes += 1
        expect(res.statusCode, res.body).toBe(200)
        expect(res.body).toContain('wrong or has expired')
        expect(leaks(w, res.body), res.body).toEqual([])
        expect((await victimState(w)) === before, `link ${guess} from ${from} changed the victims' data`).toBe(true)
      }
    }
    // Whoever holds the claimed number gets 5 tries; after them the right code links nothing.
    const userRow = async () => JSON.stringify(await w.t.app.users.findById(w.alice.user.id))
    const user = await userRow()
    for (const guess of wrong) await postWebhook(w.t.app, twilioParams(VICTIM_PHONE, `link ${guess}`))
    expect(await claimRow()).toMatchObject({ code, wrongCodes: 5, voidedAt: expect.any(Number) as number })
    const res = await postWebhook(w.t.app, twilioParams(VICTIM_PHONE, `link ${code}`))
    expect(res.body).toContain('wrong or has expired')
    expect(await userRow()).toBe(user)
  })
})

describe('the event stream', () => {
  it('carries none of the victims’ changes to the attacker', async () => {
    const base = await w.t.app.listen({ port: 0, host: '127.0.0.1' })
    const controller = new AbortController()
    try {
      const res = await fetch(`${base}/api/sync/stream`, { headers: w.bob.headers, signal: controller.signal })
      expect(res.status).toBe(200)
      const reader = res.body!.getReader()
      const call = (s: Session, method: 'POST' | 'PUT', url: string, payload: unknown) =>
        w.t.app.inject({ method, url, headers: s.headers, payload: payload as Record<string, unknown> })
      await call(w.alice, 'POST', '/api/expenses', {
        amount: 98765.43,
        category: 'Rent',
        description: 'VICTIMSECRET-7q3x',
      })
      await call(w.carol, 'POST', `/api/households/${w.ids.household}/expenses`, { amount: 12, category: 'Groceries' })
      await call(w.alice, 'POST', `/api/support/tickets/${w.ids.ticket}/messages`, { message: 'VICTIMSECRET-7q3x' })
      // The attacker's own write comes last: once it arrives, everything before it has been sent.
      await call(w.bob, 'POST', '/api/expenses', { amount: 7, category: 'Food & Dining', description: 'bob-marker' })
      let text = ''
      const decoder = new TextDecoder()
      while (!text.includes('bob-marker')) {
        const { value, done } = await reader.read()
        if (done) break
        text += decoder.decode(value, { stream: true })
      }
      counts.probes += 1
      expect(text).toContain('bob-marker')
      expect(leaks(w, text), text).toEqual([])
    } finally {
      controller.abort()
      w.t.app.server.closeAllConnections()
    }
  })
})
