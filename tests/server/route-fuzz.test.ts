import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTION_NAMES } from '../../schema/collections'
import type { Session } from './helpers'
import { createWorld, refresh, VICTIM_PHONE, wholeState } from './route-fixture'
import type { World } from './route-fixture'
import { fillUrl, ROUTES, routeKey } from './route-table'
import type { Ids, RouteSpec } from './route-table'
import { postWebhook, twilioParams } from './whatsapp-support'

// Issue #14 "Fuzzing": every route of route-table.ts with random body, params and query, sent as
// the right user. Never a 5xx; a refused request changes nothing and says why in `error`.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)
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
      fc.constantFrom(...POLLUTERS, '..', '%00', 'a/b', ''),
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
    const path = fillUrl(spec, (name) => String(params[name]))
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

/** Sends one request and checks the properties; the caller's token is renewed if the request revoked it. */
async function check(req: FuzzRequest & { method: string }, session: Session | null) {
  const before = wholeState(w)
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
  const label = `${req.method} ${req.url.slice(0, 200)} ${req.payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, label).toBeLessThan(500)
  expect(({} as Record<string, unknown>).polluted, label).toBeUndefined()
  if (res.statusCode >= 400) {
    tally.refused += 1
    expect(wholeState(w), `a refused request changed the database: ${label}`).toEqual(before)
    const error = res.json<{ error?: unknown }>().error
    expect(typeof error === 'string' && error.trim().length > 0, label).toBe(true)
  } else tally.accepted += 1
  if (session) refresh(w, session)
}

const sessionFor = (spec: RouteSpec): Session | null =>
  spec.access === 'admin' ? w.admin : spec.access === 'public' ? null : w.alice

describe('every route with random input', () => {
  const routes = ROUTES.filter((r) => r.access !== 'stream' && r.access !== 'webhook')
  it.each(routes.map((r) => [routeKey(r), r] as const))('%s', async (_key, spec) => {
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
      fc.asyncProperty(arb, (req) => check({ ...req, method: spec.method }, sessionFor(spec))),
      { seed: SEED, numRuns: RUNS },
    )
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
        const before = wholeState(w)
        const res =
          mode === 'json'
            ? await w.t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: params })
            : await postWebhook(w.t.app, params, mode === 'unsigned' ? { signature: null } : {})
        tally.requests += 1
        const label = `${mode} ${JSON.stringify(params).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`
        expect(res.statusCode, label).toBeLessThan(500)
        if (res.statusCode >= 400) {
          tally.refused += 1
          expect(wholeState(w), label).toEqual(before)
          expect(res.json<{ error?: string }>().error, label).toMatch(/\S/)
        } else tally.accepted += 1
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    )
  })
})
