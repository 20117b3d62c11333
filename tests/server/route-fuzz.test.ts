import { and, eq, isNull } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTION_NAMES, COLLECTIONS } from '../../schema/collections'
import type { CollectionName } from '../../schema/collections'
import { MAX_DOCUMENT_BYTES } from '../../schema/entities/common'
import { Ticket, TICKET_MAX_MESSAGES, TICKET_THREAD_LIMITS, ticketBytes } from '../../schema/entities/ticket'
import * as tables from '../../sync-server/db/tables'
import { idUnavailable } from '../../sync-server/modules/sync/push-rows'
import { register } from './helpers'
import type { Session } from './helpers'
import { createWorld, refresh, VICTIM_PHONE, wholeState, writeStamp } from './route-fixture'
import type { World } from './route-fixture'
import { fillUrl, ROUTES, routeKey } from './route-table'
import type { Ids, RouteSpec } from './route-table'
import { postWebhook, say, twilioParams } from './whatsapp-support'

// Every route of route-table.ts with random body, params and query, sent as
// the right user. Never a 5xx; a refused request changes nothing and says why in `error`.
const RUNS = Number(process.env.FUZZ_RUNS ?? 30)
const SEED = Number(process.env.FUZZ_SEED ?? 1414)

let w: World
const tally = { requests: 0, accepted: 0, refused: 0 }
const started = Date.now()
beforeAll(async () => {
  w = await createWorld()
}, 60_000)
afterAll(async () => {
  const { requests, accepted, refused } = tally
  console.log(
    `route fuzz: ${ROUTES.length} routes × ${RUNS} runs (seed ${SEED}): ${requests} requests, ` +
      `${accepted} accepted, ${refused} refused, 0 server errors, ${Date.now() - started} ms`,
  )
  await w?.close()
})

/** Values of the wrong type or shape: huge, unicode, negative, NaN-like, nested, empty. */
const weird: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constant('x'.repeat(70_000)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0.001, 0.005, 1e21, 1e308, -1e308, 2 ** 53 + 1, 99_999_999_999.99, 1e15, 4e15),
  fc.constantFrom('NaN', 'Infinity', '-1', '1e400', '0x10', '  ', '\u0000', '<b>', '١٢٣', '１２３', '1,00,000.50'),
  fc.constantFrom('2024-02-30', '0000-00-00', '2024-02-29', '+275760-09-13', '-000001-01-01', '9999-12-31T23:59:59Z'),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
  fc.integer({ min: -8.64e15, max: 8.64e15 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
)
const weirdText = weird.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')))
const POLLUTERS = ['__proto__', 'constructor', 'prototype'] as const

/** A body built from the route's valid one: kept, one field replaced, fields dropped, extras, or not an object. */
function bodyArb(base: unknown): fc.Arbitrary<unknown> {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return fc.oneof(fc.constant(base), weird)
  const fields = Object.keys(base)
  const record = base as Record<string, unknown>
  const key = fc.constantFrom(...fields, 'extra', ...POLLUTERS)
  return fc.oneof(
    fc.constant(base),
    fc.tuple(key, weird).map(([k, v]) => ({ ...record, [k]: v })),
    fc.tuple(key, weird, key, weird).map(([k, v, k2, v2]) => ({ ...record, [k]: v, [k2]: v2 })),
    fc.subarray(fields).map((drop) => Object.fromEntries(Object.entries(record).filter(([k]) => !drop.includes(k)))),
    fc.dictionary(fc.oneof(key, fc.string({ maxLength: 8 })), weird, { maxKeys: 4 }),
    weird,
  )
}

/** A sync push: rows around one of the caller's own documents, its fields replaced or dropped. */
function pushArb(docs: World['docs']): fc.Arbitrary<unknown> {
  const row = fc.constantFrom(...COLLECTION_NAMES).chain((name) => {
    const doc = { ...docs[name], _deleted: false }
    return fc.oneof(
      bodyArb(doc).map((d) => ({ newDocumentState: d })),
      fc.tuple(bodyArb(doc), bodyArb(doc)).map(([a, n]) => ({ assumedMasterState: a, newDocumentState: n })),
      weird,
    )
  })
  return fc.oneof(fc.array(row, { maxLength: 3 }), weird)
}

interface FuzzRequest {
  url: string
  payload?: string
  contentType?: string
}

/** The raw JSON text sent, sometimes with a prototype-polluting key spliced in or broken. */
const encoded = (body: unknown): fc.Arbitrary<FuzzRequest['payload'] & {}> => {
  const json = JSON.stringify(body) ?? 'null'
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(json) },
    fc.constantFrom(...POLLUTERS).map((k) => {
      const poison = `"${k}":{"polluted":"yes","prototype":{"polluted":"yes"}}`
      return json.startsWith('{') && json !== '{}' ? `{${poison},${json.slice(1)}` : `{${poison}}`
    }),
    fc.constant(json.slice(0, Math.max(1, json.length - 1))),
  )
}

function requestArb(spec: RouteSpec, ids: Ids): fc.Arbitrary<FuzzRequest> {
  const param = (ref: keyof Ids | undefined) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: ref === 'collection' ? fc.constantFrom(...COLLECTION_NAMES) : fc.constant(ref ? ids[ref] : 'x'),
      },
      weirdText,
      // '%E0%A4' and '%zz' stay malformed in the URL (see below): a percent-encoding that is not UTF-8.
      fc.constantFrom(...POLLUTERS, '..', '%00', 'a/b', '', '%E0%A4', '%zz'),
    )
  const names = Object.keys(spec.params ?? {})
  const params = fc
    .tuple(...names.map((n) => param(spec.params?.[n])))
    .map((vs) => Object.fromEntries(names.map((n, i) => [n, vs[i]])))
  const queryKeys = fc.oneof(
    fc.constantFrom(...Object.keys(spec.query ?? {}), 'seq', 'limit', ...POLLUTERS),
    fc.string({ maxLength: 6 }),
  )
  const query = fc.option(fc.array(fc.tuple(queryKeys, weirdText), { maxLength: 3 }), { nil: undefined })
  const body =
    spec.method === 'GET'
      ? fc.constant(undefined)
      : bodyArb(baseBody(spec, ids)).chain((b) => (b === undefined ? fc.constant(undefined) : encoded(b)))
  return fc.record({ params, query, body, plain: fc.boolean() }).map(({ params, query, body, plain }) => {
    const path = fillUrl(spec, (name) => String(params[name])).replace(/%25(E0|zz)/g, '%$1')
    const search = query ? new URLSearchParams(query.map(([k, v]) => [k, v])).toString() : ''
    return {
      url: search ? `${path}?${search}` : path,
      ...(body === undefined ? {} : { payload: body, contentType: plain ? 'text/plain' : 'application/json' }),
    }
  })
}

function baseBody(spec: RouteSpec, ids: Ids): unknown {
  if (spec.url.endsWith('/push')) return undefined
  if (spec.url.endsWith('/restamp')) return { ids: [ids.expense] }
  return spec.body?.(ids)
}

// HTTP reason phrases say nothing about what was wrong with the request.
const REASON_PHRASE = /^(Bad Request|Unsupported Media Type|Payload Too Large|URI Too Long|Internal Server Error)$/i

/** The project's error body: `{error, code?, details?}` with a message that says what is wrong. */
function expectClearError(body: unknown, label: string) {
  const { error, ...rest } = body as { error?: unknown }
  expect(typeof error === 'string' && error.trim().length > 0 && !REASON_PHRASE.test(error), label).toBe(true)
  expect(
    Object.keys(rest).filter((k) => k !== 'code' && k !== 'details'),
    label,
  ).toEqual([])
}

/** Sends one request and checks the properties; the caller's token is renewed if the request revoked it. */
async function check(req: FuzzRequest & { method: string }, session: Session | null) {
  const before = await wholeState(w)
  const res = await w.t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: {
      ...(session ? session.headers : {}),
      ...(req.contentType ? { 'content-type': req.contentType } : {}),
    },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  })
  tally.requests += 1
  const sent = `${req.method} ${req.url.slice(0, 200)} ${req.payload?.slice(0, 300) ?? ''}`
  const label = `${sent} → ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, label).toBeLessThan(500)
  expect(({} as Record<string, unknown>).polluted, label).toBeUndefined()
  if (res.statusCode >= 400) {
    tally.refused += 1
    expect(await wholeState(w), `a refused request changed the database: ${label}`).toEqual(before)
    expectClearError(res.json(), label)
  } else tally.accepted += 1
  if (session) await refresh(w, session)
  return res
}

/** The reads a device and the screens make; none may fail because of what the fuzzer stored. */
const READS = [
  '/api/auth/me',
  '/api/expenses',
  '/api/income',
  '/api/budgets',
  '/api/allocation/summary',
  '/api/recurring-payments',
  '/api/loans',
  '/api/households',
  '/api/households/reviews/pending',
  '/api/support/tickets',
  '/api/whatsapp/status',
  ...COLLECTION_NAMES.map((c) => `/api/sync/${c}/pull?seq=0&limit=5000`),
]

/** Every stored document is still a valid entity, and every read still answers (as Alice and as the admin). */
let checkedStamp: string | undefined
async function assertStillReadable(after: string) {
  // Nothing was committed since the last check: the reads answer as they did.
  const stamp = await writeStamp(w)
  if (stamp === checkedStamp) return
  checkedStamp = stamp
  const { documents, householdMembers } = tables
  const rows = await w.t.app.db
    .select({ collection: documents.collection, id: documents.id, data: documents.data })
    .from(documents)
    .where(eq(documents.deleted, false))
  for (const row of rows) {
    const parsed = COLLECTIONS[row.collection as CollectionName].entity.safeParse(JSON.parse(row.data))
    expect(parsed.success, `after ${after}: stored ${row.collection} ${row.id} is invalid: ${row.data}`).toBe(true)
  }
  const households = (
    await w.t.app.db
      .select({ id: householdMembers.householdId })
      .from(householdMembers)
      .where(and(eq(householdMembers.userId, w.alice.user.id), isNull(householdMembers.removedSeq)))
  ).map((h) => h.id)
  const perHousehold = households.flatMap((id) =>
    ['expenses', 'balances', 'settlements'].map((p) => `/api/households/${id}/${p}`),
  )
  for (const [session, urls] of [
    [w.alice, [...READS, ...perHousehold]],
    [w.admin, ['/api/admin/analytics', '/api/admin/users', '/api/admin/tickets', '/api/sync/business_entries/pull']],
  ] as const) {
    for (const url of urls) {
      const res = await w.t.app.inject({ url, headers: session.headers })
      expect(res.statusCode, `after ${after}: GET ${url} → ${res.body.slice(0, 300)}`).toBeLessThan(500)
    }
  }
}

const sessionFor = (spec: RouteSpec): Session | null =>
  spec.access === 'admin' ? w.admin : spec.access === 'public' ? null : w.alice

describe('every route with random input', () => {
  const routes = ROUTES.filter((r) => r.access !== 'stream' && r.access !== 'webhook')
  it.each(routes.map((r) => [routeKey(r), r] as const))(
    '%s',
    async (_key, spec) => {
      // Admin routes act on Bob (suspend/reactivate), so Alice's session stays usable.
      const ids: Ids = spec.access === 'admin' ? { ...w.ids, victim: w.bob.user.id } : w.ids
      const arb = spec.url.endsWith('/push')
        ? fc.tuple(requestArb(spec, ids), pushArb(w.docs).chain(encoded)).map(([r, payload]) => ({
            ...r,
            payload,
            contentType: 'application/json',
          }))
        : requestArb(spec, ids)
      await fc.assert(
        fc.asyncProperty(arb, async (req) => {
          await check({ ...req, method: spec.method }, sessionFor(spec))
        }),
        { seed: SEED, numRuns: RUNS },
      )
      await assertStillReadable(routeKey(spec))
    },
    120_000,
  )
})

describe('pushes that would grow a merged document past its limits', () => {
  it('tickets: never stored over the thread or byte limits, never a 5xx, a refusal changes nothing', async () => {
    const arb = fc.record({
      count: fc.integer({ min: 0, max: TICKET_MAX_MESSAGES + 20 }),
      body: fc.constantFrom('ok', '₹'.repeat(1_000), 'x'.repeat(5_000)),
      fresh: fc.boolean(),
      times: fc.integer({ min: 1, max: 3 }),
    })
    await fc.assert(
      fc.asyncProperty(arb, async ({ count, body, fresh, times }) => {
        const id = fresh ? `fuzz-ticket-${tally.requests}` : String(w.docs.tickets.id)
        for (let round = 0; round < times; round++) {
          const messages = Array.from({ length: count }, (_, i) => ({
            id: `fz-${tally.requests}-${round}-${i}`,
            authorId: w.alice.user.id,
            authorRole: 'user',
            body,
            at: 1_000 + i,
          }))
          const doc = { ...w.docs.tickets, id, messages, updatedAt: Date.now(), _deleted: false }
          const payload = JSON.stringify([{ newDocumentState: doc }])
          const url = '/api/sync/tickets/push'
          await check({ method: 'POST', url, payload, contentType: 'application/json' }, w.alice)
          const stored = (await w.t.app.documents.get('tickets', id))?.data as Ticket | undefined
          if (!stored) continue
          expect(Ticket.safeParse(stored).success).toBe(true)
          expect(ticketBytes(stored)).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES)
          const byUser = stored.messages.filter((m) => m.authorRole === 'user').length
          expect(byUser).toBeLessThanOrEqual(TICKET_THREAD_LIMITS.user.messages)
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
    await assertStillReadable('ticket pushes')
  }, 120_000)
})

describe('per-document push answers', () => {
  it("the caller's documents are stored, another account's ids refused alike, never a 5xx", async () => {
    const personal = ['transactions', 'budgets', 'recurring_payments', 'loans', 'loan_payments'] as const
    // One stored document of Bob's per collection: ids another account holds.
    const foreign = new Map<string, string>()
    for (const name of personal) {
      const id = `bob-held-${name}`
      const doc = { ...w.docs[name], id, ownerId: w.bob.user.id, updatedAt: Date.now(), _deleted: false }
      await w.t.app.inject({
        method: 'POST',
        url: `/api/sync/${name}/push`,
        headers: w.bob.headers,
        payload: [{ newDocumentState: doc }],
      })
      foreign.set(name, id)
    }
    const arb = fc.record({
      name: fc.constantFrom(...personal),
      own: fc.integer({ min: 0, max: 3 }),
      stolen: fc.constantFrom('victim', 'unknown', 'none'),
    })
    await fc.assert(
      fc.asyncProperty(arb, async ({ name, own, stolen }) => {
        const base = { ...w.docs[name], ownerId: w.alice.user.id, updatedAt: Date.now(), _deleted: false }
        const mine = Array.from({ length: own }, (_, i) => ({ ...base, id: `pd-${tally.requests}-${i}` }))
        const bobs = foreign.get(name)
        const stolenId = stolen === 'victim' ? bobs : stolen === 'unknown' ? `nobody-${tally.requests}` : undefined
        const rows = [...mine, ...(stolenId ? [{ ...base, id: stolenId }] : [])].map((d) => ({ newDocumentState: d }))
        const url = `/api/sync/${name}/push`
        const res = await check(
          { method: 'POST', url, payload: JSON.stringify(rows), contentType: 'application/json' },
          w.alice,
        )
        expect(res.statusCode).toBe(200)
        const refusals = res.json<{ id: string; _refused?: unknown }[]>().filter((e) => e._refused)
        const taken = stolen === 'victim'
        expect(refusals).toEqual(taken ? [idUnavailable(bobs!)] : [])
        for (const doc of mine) expect(await w.t.app.documents.getOwned(name, w.alice.user.id, doc.id)).toBeDefined()
        if (taken) expect((await w.t.app.documents.get(name, bobs!))?.ownerId).toBe(w.bob.user.id)
      }),
      { seed: SEED, numRuns: RUNS },
    )
    await assertStillReadable('per-document answers')
  }, 120_000)
})

describe('addresses the router refuses', () => {
  // Found by the fuzzer: these were answered in Fastify's own shape, the address echoed in `message`.
  it.each([
    ['DELETE', '/api/households/x/members/%zz', 400],
    ['PUT', '/api/expenses/%E0%A4', 400],
    ['GET', `/api/loans/${'x'.repeat(500)}`, 414],
    ['PUT', `/api/budgets/${'x'.repeat(500)}`, 414],
  ] as const)('%s %s answers %i with a message', async (method, url, status) => {
    const res = await w.t.app.inject({ method, url, headers: w.alice.headers })
    expect(res.statusCode).toBe(status)
    expectClearError(res.json(), res.body)
    expect(res.body).not.toContain(url.slice(5, 20))
    expect(res.headers['cache-control']).toBe('no-store')
  })
})

describe('an over-long value', () => {
  // zod 4 gives a schema-level `error` to every check without its own message, so a too-long
  // value was answered "Password is required". Each text field of each listed body, 100,000
  // characters, must be refused with another message than the same field left blank.
  const fields = ROUTES.flatMap((spec) => {
    const base = spec.body?.(new Proxy({}, { get: () => 'id' }) as Ids)
    if (typeof base !== 'object' || base === null) return []
    return Object.entries(base)
      .filter(([, v]) => typeof v === 'string')
      .map(([key]) => [`${routeKey(spec)} ${key}`, spec, key] as const)
  })
  it.each(fields)('%s is refused as too long, not as missing', async (_label, spec, key) => {
    const ids: Ids = spec.access === 'admin' ? { ...w.ids, victim: w.bob.user.id } : w.ids
    const base = spec.body?.(ids) as Record<string, unknown>
    const url = fillUrl(spec, (_n, ref) => (ref ? ids[ref] : 'x'))
    const send = (value: string) =>
      check(
        {
          method: spec.method,
          url,
          payload: JSON.stringify({ ...base, [key]: value }),
          contentType: 'application/json',
        },
        sessionFor(spec),
      )
    const long = await send('x'.repeat(100_000))
    expect(long.statusCode, long.body).toBeGreaterThanOrEqual(400)
    const blank = await send('')
    const message = long.json<{ error: string }>().error
    // Values from a list or of a format are refused the same way whether blank or long ("Unknown priority");
    // a ticket's category keeps the spec's one message for missing and unknown.
    const fromList = /valid|unknown|unsupported|must be|one of|option/i.test(message)
    const saysWrong = fromList || (spec.url === '/api/support/tickets' && key === 'category')
    if (blank.statusCode >= 400 && !saysWrong) expect(message).not.toBe(blank.json<{ error: string }>().error)
  })
})

describe('the WhatsApp webhook with random forms', () => {
  it('signed, unsigned and JSON posts', async () => {
    const form = fc.record({
      from: fc.oneof(fc.constant(VICTIM_PHONE), fc.constant('whatsapp:+15550001111'), weirdText),
      text: fc.oneof(fc.constantFrom('Spent 500 on food', 'balance', 'undo', 'help', 'link 123456'), weirdText),
      extra: fc.dictionary(fc.constantFrom('NumMedia', 'MessageSid', 'Body', 'From', 'extra'), weirdText, {
        maxKeys: 2,
      }),
      mode: fc.constantFrom('signed', 'signed', 'unsigned', 'json'),
    })
    await fc.assert(
      fc.asyncProperty(form, async ({ from, text, extra, mode }) => {
        const params = twilioParams(from, text, extra)
        const before = await wholeState(w)
        const res =
          mode === 'json'
            ? await w.t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: params })
            : await postWebhook(w.t.app, params, mode === 'unsigned' ? { signature: null } : {})
        tally.requests += 1
        const label = `${mode} ${JSON.stringify(params).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`
        expect(res.statusCode, label).toBeLessThan(500)
        if (res.statusCode >= 400) {
          tally.refused += 1
          expect(await wholeState(w), label).toEqual(before)
          expectClearError(res.json(), label)
        } else tally.accepted += 1
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    )
    await assertStillReadable('the webhook')
  }, 120_000)

  it('a MessageSid replayed from any other sender: 409, nothing changed, nothing of the first reply', async () => {
    // Bob's number is proven here so his message books an entry and its reply names it.
    await w.t.app.users.update(w.bob.user.id, { phoneNumber: 'whatsapp:+919800000007', phoneVerified: true })
    const first = twilioParams('whatsapp:+919800000007', 'Spent 4321 on swiggy')
    const firstReply = (await postWebhook(w.t.app, first)).body
    expect(firstReply).toContain('4,321')
    const replay = fc.record({
      from: fc.oneof(fc.constant(VICTIM_PHONE), fc.constant('whatsapp:+15550001111'), weirdText),
      body: fc.oneof(fc.constantFrom('Spent 500 on food', 'undo', 'summary'), weirdText),
    })
    await fc.assert(
      fc.asyncProperty(replay, async ({ from, body }) => {
        fc.pre(from.trim() !== '' && from.trim() !== first.From && from.length <= 64)
        const params = { ...first, From: from, Body: body }
        const before = await wholeState(w)
        const res = await postWebhook(w.t.app, params)
        tally.requests += 1
        tally.refused += 1
        const label = `${JSON.stringify(`${from} ${body}`).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`
        // 409, or an earlier refusal of the form itself (a body over the size limit).
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400)
        expect(res.statusCode, label).toBeLessThan(500)
        expect(res.body, label).not.toContain('4,321')
        expect(await wholeState(w), label).toEqual(before)
        expectClearError(res.json(), label)
      }),
      { seed: SEED, numRuns: RUNS },
    )
    // The first sender's retry still gets its reply.
    expect((await postWebhook(w.t.app, first)).body).toBe(firstReply)
  }, 120_000)

  it('brute-forcing a link code: after 5 wrong codes from the number the right one links nothing', async () => {
    const session = await register(w.t.app)
    let phones = 0
    const guesses = fc.array(fc.integer({ min: 0, max: 999_999 }), { maxLength: 9 })
    await fc.assert(
      fc.asyncProperty(guesses, async (numbers) => {
        phones += 1
        const from = `whatsapp:+9170000${String(phones).padStart(5, '0')}`
        const claimed = await w.t.app.inject({
          method: 'PUT',
          url: '/api/auth/update-phone',
          headers: session.headers,
          payload: { phone_number: from },
        })
        const { code } = claimed.json<{ code: string }>()
        const wrong = numbers.map((n) => String(n).padStart(6, '0')).filter((c) => c !== code)
        for (const guess of wrong) expect(await say(w.t.app, from, `link ${guess}`)).toContain('wrong or has expired')
        const reply = await say(w.t.app, from, `link ${code}`)
        tally.requests += wrong.length + 2
        const linked = (await w.t.app.users.findById(session.user.id))?.phoneNumber === from
        const label = `${wrong.length} wrong codes, then the right one: ${reply}`
        expect(linked, label).toBe(wrong.length < 5)
        expect(reply.includes('Linked'), label).toBe(wrong.length < 5)
      }),
      { seed: SEED, numRuns: RUNS },
    )
  }, 120_000)
})
