import { createECDH, createHash, createHmac } from 'node:crypto'
import { and, eq, inArray, is, sql } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { LightMyRequestResponse, RouteOptions } from 'fastify'
import { expect } from 'vitest'
import { COLLECTION_NAMES } from '../../schema/collections'
import { Profile } from '../../schema/entities/profile'
import type { CollectionName } from '../../schema/collections'
import { selectRows } from '../../sync-server/db/dialect'
import { engineOf } from '../../sync-server/db/engine'
import * as tables from '../../sync-server/db/tables'
import { bearer, createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'
import { jpegBytes, nameReceipt, receiptOf, uploadReceipt } from './receipt-support'
import type { Ids, Method, RouteSpec } from './route-table'
import { fillUrl } from './route-table'
import { WEBHOOK_ENV } from './whatsapp-support'

/**
 * The world the isolation sweep and the fuzzer work in: a victim (Alice) with one row of every
 * kind, a household she runs with a member (Carol, who accepted her invitation) and one
 * invitation still pending, an admin, and an attacker (Bob) who is in no household of hers.
 * Alice's data carries marker values that must never reach Bob.
 */
export interface World {
  t: TestApp
  alice: Session
  carol: Session
  bob: Session
  admin: Session
  ids: Ids
  /** One stored document of each collection the victims own (the admin's business entry included). */
  docs: Record<CollectionName, Record<string, unknown>>
  /** Strings that must not appear in any answer to the attacker. */
  secrets: string[]
  /** Every route the server registered (method + url), HEAD and trailing slashes folded. */
  registered: Set<string>
  close: () => Promise<void>
}

export const SECRET_NOTE = 'VICTIMSECRET-7q3x'
export const SECRET_RUPEES = 98765.43
export const VICTIM_PHONE = 'whatsapp:+919812345670'
/** Alice's UPI ID: her household's members see it, no one else. */
export const VICTIM_UPI_ID = 'victimsecret.7q3x@okaxis'
/** The e-mail of the victims' household's pending invitation. */
export const INVITEE_EMAIL = 'waiting-invitee@example.com'
const AMOUNT_FORMS = ['98765.43', '9876543', '98,765.43']

type Inject = (session: Session, method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>

function injector(t: TestApp): Inject {
  return (session, method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
}

async function created(res: Promise<LightMyRequestResponse>, pick: (body: never) => string): Promise<string> {
  const r = await res
  expect(r.statusCode, r.body).toBeLessThan(300)
  return pick(r.json<never>())
}

/** Alice saves her UPI ID in her profile as the app does (a replication push of a newer version). */
async function saveUpiId(t: TestApp, alice: Session, call: Inject) {
  const current = await t.app.documents.getOwned('profile', alice.user.id, alice.user.id)
  const base = current?.data ?? Profile.parse({ id: alice.user.id, ownerId: alice.user.id, updatedAt: 0 })
  const upiId = VICTIM_UPI_ID
  const next = { ...base, upiId, updatedAt: Math.max(Date.now(), base.updatedAt + 1), _deleted: false }
  const assumed = current ? { ...current.data, _deleted: false } : undefined
  const res = await call(alice, 'POST', '/api/sync/profile/push', [
    { assumedMasterState: assumed, newDocumentState: next },
  ])
  expect(res.json(), res.body).toEqual([])
}

/** Alice's rows through REST (as the app writes them), then one business entry by the admin. */
async function seedVictim(
  t: TestApp,
  alice: Session,
  carol: Session,
  admin: Session,
): Promise<Omit<Ids, 'collection'>> {
  const call = injector(t)
  const day = '2026-11-10'
  const note = { description: SECRET_NOTE }
  const id = (b: { id: string }) => b.id
  const expense = await created(
    call(alice, 'POST', '/api/expenses', { amount: SECRET_RUPEES, category: 'Rent', date: day, ...note }),
    id,
  )
  const income = await created(
    call(alice, 'POST', '/api/income', { amount: SECRET_RUPEES, source: 'Salary', date: day, ...note }),
    id,
  )
  const budget = await created(
    call(alice, 'POST', '/api/budgets', { category: SECRET_NOTE, amount: SECRET_RUPEES }),
    (b: { budget: { id: string } }) => b.budget.id,
  )
  await created(call(alice, 'POST', '/api/allocation/income', { amount: SECRET_RUPEES }), () => '')
  const recurring = await created(
    call(alice, 'POST', '/api/recurring-payments', {
      name: SECRET_NOTE,
      amount: SECRET_RUPEES,
      category: 'Rent',
      frequency: 'monthly',
      due_date: '2026-12-01',
    }),
    (b: { payment: { id: string } }) => b.payment.id,
  )
  const loan = await created(
    call(alice, 'POST', '/api/loans', {
      loan_type: 'home',
      loan_name: SECRET_NOTE,
      loan_status: 'new',
      start_date: '2026-06-01',
      principal_amount: SECRET_RUPEES,
      interest_rate: 8.5,
      interest_type: 'emi',
      loan_duration_months: 24,
      emi_amount: 4500,
      next_due_date: '2026-12-01',
      lender_name: SECRET_NOTE,
    }),
    (b: { loan: { id: string } }) => b.loan.id,
  )
  const loanPayment = await created(
    call(alice, 'POST', `/api/loans/${loan}/payments`, { payment_date: day, amount_paid: 1000, notes: SECRET_NOTE }),
    (b: { payment: { id: string } }) => b.payment.id,
  )
  const household = await created(
    call(alice, 'POST', '/api/households', { name: SECRET_NOTE, review_period_hours: 24 }),
    (b: { household: { id: string } }) => b.household.id,
  )
  await created(call(alice, 'POST', `/api/households/${household}/invite`, { email: carol.user.email }), () => '')
  const carolsInvitation = await created(
    call(carol, 'GET', '/api/households/invitations'),
    (b: { invitations: { id: string }[] }) => b.invitations[0]!.id,
  )
  await created(call(carol, 'POST', `/api/households/invitations/${carolsInvitation}/accept`), () => '')
  await saveUpiId(t, alice, call)
  // The secret the sweep looks for is really in what members are served.
  expect((await t.app.documents.get('households', household))?.data.members).toContainEqual(
    expect.objectContaining({ userId: alice.user.id, upiId: VICTIM_UPI_ID }),
  )
  // One invitation stays pending, for an e-mail with no account yet.
  await created(call(alice, 'POST', `/api/households/${household}/invite`, { email: INVITEE_EMAIL }), () => '')
  const invitation = await created(
    call(alice, 'GET', `/api/households/${household}`),
    (b: { pending_invites: { id: string }[] }) => b.pending_invites[0]!.id,
  )
  const householdExpense = await created(
    call(carol, 'POST', `/api/households/${household}/expenses`, {
      amount: SECRET_RUPEES,
      category: 'Groceries',
      date: day,
      ...note,
    }),
    (b: { expense: { id: string } }) => b.expense.id,
  )
  const settlement = await created(
    call(carol, 'POST', `/api/households/${household}/settlements`, {
      to_user: alice.user.id,
      amount: 10,
      notes: SECRET_NOTE,
    }),
    (b: { settlement: { id: string } }) => b.settlement.id,
  )
  const householdRecurring = await created(
    call(carol, 'POST', `/api/households/${household}/recurring`, {
      amount: SECRET_RUPEES,
      category: 'Rent',
      frequency: 'monthly',
      start_date: '2030-01-01',
      ...note,
    }),
    (b: { recurring: { id: string } }) => b.recurring.id,
  )
  const ticket = await created(
    call(alice, 'POST', '/api/support/tickets', {
      category: 'question',
      subject: SECRET_NOTE,
      description: SECRET_NOTE,
    }),
    (b: { ticket_id: string }) => b.ticket_id,
  )
  const subscription = `https://fcm.googleapis.com/fcm/send/${SECRET_NOTE}-device`
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  await created(
    call(alice, 'POST', '/api/notifications/subscriptions', {
      endpoint: subscription,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') },
    }),
    () => '',
  )
  const receipt = await seedReceipt(t, alice, expense)
  const now = Date.now()
  const entry = { id: `be-${SECRET_NOTE}`, ownerId: admin.user.id, updatedAt: now, kind: 'revenue' as const }
  const push = await call(admin, 'POST', '/api/sync/business_entries/push', [
    {
      newDocumentState: { ...entry, amount: 9_876_543, category: 'Sales', description: SECRET_NOTE, date: now },
    },
  ])
  expect(push.statusCode, push.body).toBe(200)
  return {
    expense,
    income,
    budget,
    recurring,
    loan,
    loanPayment,
    household,
    invitation,
    householdExpense,
    householdRecurring,
    settlement,
    ticket,
    victim: alice.user.id,
    member: carol.user.id,
    subscription,
    receipt,
  }
}

/** A photo on Alice's expense, named by the expense and uploaded as the app does. */
async function seedReceipt(t: TestApp, alice: Session, expense: string): Promise<string> {
  const bytes = jpegBytes(2048)
  const receipt = receiptOf(bytes)
  await nameReceipt(t.app, 'transactions', expense, receipt)
  const res = await uploadReceipt(t.app, alice, 'transactions', expense, receipt.id, bytes)
  expect(res.statusCode, res.body).toBe(201)
  return receipt.id
}

/** A server with the world in it; `collection` starts as transactions (sweeps set it per collection). */
export async function createWorld(): Promise<World> {
  const registered = new Set<string>()
  const onRoute = (r: RouteOptions) => {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue
      registered.add(`${method} ${r.url.length > 1 ? r.url.replace(/\/$/, '') : r.url}`)
    }
  }
  // No job timers: a background round between two snapshots would look like a probe's change.
  const t = await createTestApp(WEBHOOK_ENV, {}, { onRoute, jobs: false })
  const alice = await register(t.app, { name: `Zelda ${SECRET_NOTE}` })
  const carol = await register(t.app, { name: `Carol ${SECRET_NOTE}` })
  const bob = await register(t.app, { name: 'Bob Attacker' })
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@test.local', password: 'admin-password' },
  })
  const { user, token } = login.json<{ user: Session['user']; token: string }>()
  const admin: Session = { user, token, headers: bearer(token) }
  // Set directly: linking through update-phone may need a proof.
  await t.app.users.update(alice.user.id, { phoneNumber: VICTIM_PHONE })
  const ids: Ids = { ...(await seedVictim(t, alice, carol, admin)), collection: 'transactions' }
  const docs = await victimDocs(
    t,
    [alice, carol, admin].map((s) => s.user.id),
  )
  const secrets = [
    SECRET_NOTE,
    ...AMOUNT_FORMS,
    VICTIM_PHONE.replace('whatsapp:+', ''),
    VICTIM_UPI_ID,
    INVITEE_EMAIL,
    ids.invitation,
    ...[alice, carol, admin].flatMap((s) => [s.user.id, s.user.email]),
    ...Object.values(docs).map((d) => String(d.id)),
  ]
  const close = () => t.close()
  return { t, alice, carol, bob, admin, ids, docs, secrets, registered, close }
}

async function victimDocs(t: TestApp, owners: string[]): Promise<World['docs']> {
  const { documents } = tables
  const docs: Partial<World['docs']> = {}
  for (const name of COLLECTION_NAMES) {
    const [row] = await t.app.db
      .select({ data: documents.data })
      .from(documents)
      .where(and(eq(documents.collection, name), inArray(documents.ownerId, owners), eq(documents.deleted, false)))
      .orderBy(documents.seq)
      .limit(1)
    if (!row) throw new Error(`the fixture has no ${name} document`)
    docs[name] = JSON.parse(row.data) as Record<string, unknown>
  }
  return docs as World['docs']
}

/**
 * Tables no comparison reads: wrong passwords are counted by design whoever sends them (a refused
 * sign-in adds to the count of the e-mail it named), anyone's new ticket takes the deployment's
 * next number, and the request limits count requests, refused ones too (rate windows, the pusher's
 * own push quota, open streams); none holds anyone's data.
 */
const BOOKKEEPING = ['password_failures', 'counters', 'rate_limits', 'push_budgets', 'live_streams']

/** Columns that tie a row to a person or a household; a table with one of them joins `victimState`. */
const LINKS = ['id', 'user_id', 'owner_id', 'household_id', 'invited_by', 'updated_by'] as const

/** Every table the server defines (so a table added later is covered), with its column names. */
const TABLES = Object.values(tables)
  .filter((table) => is(table, SQLiteTable))
  .map((table) => getTableConfig(table))
  .filter((config) => !BOOKKEEPING.includes(config.name))
  .map((config) => ({ name: config.name, columns: config.columns.map((c) => c.name) }))
  .sort((a, b) => a.name.localeCompare(b.name))

/**
 * A table's rows (those matching `where`) through the server's own connection, so the checks run
 * on either engine; sorted by content, since insertion order is not the same thing on both.
 */
async function rowsOf(w: World, name: string, where?: ReturnType<typeof sql>): Promise<string[]> {
  const query = sql`SELECT * FROM ${sql.identifier(name)}`
  if (where) query.append(sql` WHERE `.append(where))
  const rows = await selectRows<Record<string, unknown>>(w.t.app.db, query)
  return rows.map((row) => JSON.stringify(row)).sort()
}

/**
 * Everything the victims own or share, from every table: rows whose user, owner, household or
 * author is a victim's, and the whole of a table with no such column (e.g. the brand settings).
 */
export async function victimState(w: World): Promise<string> {
  const keys = [w.alice, w.carol, w.admin].map((s) => s.user.id).concat(w.ids.household)
  const state: Record<string, string[]> = {}
  for (const { name, columns } of TABLES) {
    const links = LINKS.filter((l) => columns.includes(l))
    const where = links.length
      ? sql.join(
          links.map(
            (l) =>
              sql`${sql.identifier(l)} IN (${sql.join(
                keys.map((k) => sql`${k}`),
                sql`, `,
              )})`,
          ),
          sql` OR `,
        )
      : undefined
    state[name] = await rowsOf(w, name, where)
  }
  return JSON.stringify(state)
}

/**
 * A number that changes whenever the database may have been written: SQLite's count of rows the
 * server's one connection has changed; PostgreSQL's next transaction id (assigned only to writes).
 */
export async function writeStamp(w: World): Promise<string> {
  const query =
    engineOf(w.t.app.db) === 'pg'
      ? sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS stamp`
      : sql`SELECT total_changes() AS stamp`
  const [row] = await selectRows<{ stamp: number | string }>(w.t.app.db, query)
  return String(row?.stamp)
}

const digests = new WeakMap<World, { stamp: string; digest: string }>()

/**
 * A digest of every table (row counts and contents) and the server sequence; the tables are
 * hashed again only when something may have been written since the last call.
 */
export async function wholeState(w: World): Promise<{ seq: number; digest: string }> {
  const stamp = await writeStamp(w)
  const cached = digests.get(w)
  if (cached?.stamp === stamp) return { seq: w.t.app.documents.lastSeq, digest: cached.digest }
  const hash = createHash('sha256')
  for (const { name } of TABLES) {
    const rows = await rowsOf(w, name)
    hash.update(`${name}:${rows.length}:${rows.join(',')}\n`)
  }
  const digest = hash.digest('hex')
  digests.set(w, { stamp, digest })
  return { seq: w.t.app.documents.lastSeq, digest }
}

/** A fresh token for a session whose token may have been revoked by a probe (logout-all). */
export async function refresh(w: World, session: Session): Promise<void> {
  const user = await w.t.app.users.findById(session.user.id)
  if (!user) throw new Error('the session user is gone')
  session.token = w.t.app.issueToken(user)
  session.headers = bearer(session.token)
}

/** The secrets found in a response body (empty when it reveals nothing). */
export function leaks(w: World, body: string): string[] {
  return w.secrets.filter((s) => body.includes(s))
}

/** A request to a route as `session`, parameters filled from `ids`. */
export function requestFor(spec: RouteSpec, ids: Ids) {
  return { method: spec.method, url: fillUrl(spec, (_name, ref) => (ref ? ids[ref] : 'x')) }
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An HS256 token signed by hand (an expired or foreign-key one for the auth probes). */
export function handToken(claims: Record<string, unknown>, secret: string, alg = 'HS256'): string {
  const head = `${b64url({ alg, typ: 'JWT' })}.${b64url(claims)}`
  if (alg === 'none') return `${head}.`
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}
