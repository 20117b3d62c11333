import type { BrowserContext, Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, signedInContext } from './support/flows'

/**
 * Three devices of one user make seeded random writes (creates, edits,
 * deletes) on a shared pool of ids, so they edit the same documents at once; some go offline for
 * A while, and the server is killed (SIGKILL) and restarted three times. At the end every device
 * and the server hold the same documents, and every write is present or superseded by a later
 * write to the same document (last writer wins on updatedAt). The sequence of operations comes
 * from SEED (CONVERGENCE_SEED to change it); their interleaving with replication is timing.
 */
const SEED = Number(process.env.CONVERGENCE_SEED ?? 20261123)
const CLIENTS = 3
const OPS_PER_CLIENT = Number(process.env.CONVERGENCE_OPS ?? 2000)
const BATCH = 50
const POOL = 150
/** Personal, debt and household collections; household expenses are immutable once created (the server's rules). */
const COLLECTIONS = ['transactions', 'budgets', 'loans', 'loan_payments', 'household_expenses'] as const
/** The money field each collection's check compares. */
const VALUE_FIELD = { loans: 'principal' } as Record<string, string>
// Diagnosis switches: CONVERGENCE_CRASHES=0 / CONVERGENCE_OFFLINE=0 leave out the crashes or offline windows.
const WITH_CRASHES = process.env.CONVERGENCE_CRASHES !== '0'
const WITH_OFFLINE = process.env.CONVERGENCE_OFFLINE !== '0'
type Collection = (typeof COLLECTIONS)[number]

interface Op {
  collection: Collection
  id: string
  kind: 'write' | 'delete'
  amount: number
}
interface Written {
  collection: Collection
  id: string
  updatedAt: number
  deleted: boolean
  amount: number
}
type State = Record<string, { updatedAt: number; amount: number }>

/** mulberry32: a small seeded generator, so a run can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function plan(rand: () => number): Op[][] {
  return Array.from({ length: CLIENTS }, (_, client) =>
    Array.from({ length: OPS_PER_CLIENT }, (_, n) => {
      const collection = COLLECTIONS[Math.floor(rand() * COLLECTIONS.length)]!
      const shared = `${collection}-${Math.floor(rand() * POOL)}`
      const household = collection === 'household_expenses'
      return {
        collection,
        // Household expenses only get created (each its own id); the rest share a pool of ids.
        id: household ? `he-${client}-${n}` : shared,
        kind: !household && rand() < 0.2 ? 'delete' : 'write',
        amount: 100 + Math.floor(rand() * 1_000_000),
      } satisfies Op
    }),
  )
}

/** Runs ops in the page straight on the app's RxDB collections (its debug handle). */
function applyOps(page: Page, ownerId: string, householdId: string, ops: Op[]): Promise<Written[]> {
  return page.evaluate(
    async ({ ownerId, householdId, ops }) => {
      type AnyCollection = {
        findOne: (id: string) => { exec: () => Promise<AnyDoc | null> }
        upsert: (doc: Record<string, unknown>) => Promise<unknown>
      }
      type AnyDoc = {
        updatedAt: number
        incrementalModify: (fn: (d: Record<string, unknown>) => Record<string, unknown>) => Promise<unknown>
      }
      const w = window as unknown as { __hisaab: { db: Record<string, AnyCollection> }; __last?: number }
      const db = w.__hisaab.db
      const out: Written[] = []
      for (const op of ops) {
        const collection = db[op.collection]!
        const existing = await collection.findOne(op.id).exec()
        const updatedAt = Math.max(Date.now(), (w.__last ?? 0) + 1, (existing?.updatedAt ?? 0) + 1)
        w.__last = updatedAt
        if (op.kind === 'delete') {
          if (!existing) continue
          await existing.incrementalModify((d) => ({ ...d, updatedAt, _deleted: true }))
          out.push({ collection: op.collection, id: op.id, updatedAt, deleted: true, amount: op.amount })
          continue
        }
        const base = { id: op.id, ownerId, updatedAt, amount: op.amount }
        const at = 1_790_000_000_000
        const docs: Record<Op['collection'], Record<string, unknown>> = {
          transactions: {
            ...base,
            type: 'expense',
            category: 'Shopping',
            description: `op ${updatedAt}`,
            date: at,
            dateDesc: 1e14 - at,
            origin: 'app',
          },
          budgets: { ...base, category: `Budget ${op.id}`, period: 'monthly', allocated: 0, createdAt: at },
          loans: {
            id: op.id,
            ownerId,
            updatedAt,
            ...{ name: `Loan ${op.id}`, type: 'personal', status: 'new', principal: op.amount, interestRateBps: 1200 },
            ...{ interestType: 'emi', startDate: '2026-01-01', durationMonths: 12, lender: '', collateral: '' },
            ...{ currentBalance: op.amount, paidBefore: 0, missedPayments: 0, frequency: 'monthly', emi: 1000 },
            ...{ duePaymentsCounted: 0, allowsEarlySettlement: true, notes: '', closed: false, createdAt: at },
          },
          loan_payments: {
            ...base,
            ...{ loanId: 'loans-0', principalPaid: op.amount, interestPaid: 0, date: at },
            ...{ type: 'regular', method: 'upi', note: '' },
          },
          household_expenses: {
            ...base,
            ...{ householdId, description: '', category: 'Groceries', date: at, paidBy: ownerId },
            ...{ splitMethod: 'equal', splits: [{ userId: ownerId, amount: op.amount, weight: 1 }], reviews: [] },
            ...{ status: 'pending', deadline: 0, createdAt: 0 },
          },
        }
        await collection.upsert(docs[op.collection])
        out.push({ collection: op.collection, id: op.id, updatedAt, deleted: false, amount: op.amount })
      }
      return out
    },
    { ownerId, householdId, ops },
  )
}

function localState(page: Page): Promise<Record<Collection, State>> {
  return page.evaluate(
    async ({ names, valueField }) => {
      type Found = { id: string; updatedAt: number } & Record<string, number>
      const w = window as unknown as {
        __hisaab: { db: Record<string, { find: () => { exec: () => Promise<Found[]> } }> }
      }
      const result: Record<string, State> = {}
      for (const name of names) {
        const docs = await w.__hisaab.db[name]!.find().exec()
        const field = valueField[name] ?? 'amount'
        result[name] = Object.fromEntries(docs.map((d) => [d.id, { updatedAt: d.updatedAt, amount: d[field]! }]))
      }
      return result
    },
    { names: [...COLLECTIONS], valueField: VALUE_FIELD },
  )
}

/** '' when every device holds exactly the server's live documents; else the first differences. */
function describeDifference(expected: Record<string, State>, states: Record<string, State>[]): string {
  const lines: string[] = []
  states.forEach((state, c) => {
    for (const name of COLLECTIONS) {
      const ids = new Set([...Object.keys(expected[name] ?? {}), ...Object.keys(state[name] ?? {})])
      for (const id of ids) {
        const a = JSON.stringify(expected[name]?.[id] ?? null)
        const b = JSON.stringify(state[name]?.[id] ?? null)
        if (a !== b) lines.push(`device ${c} ${name}/${id}: server ${a}, device ${b}`)
      }
    }
  })
  return lines.length ? `${lines.length} differences, e.g.\n${lines.slice(0, 8).join('\n')}` : ''
}

test('three devices, seeded random writes, offline windows and 3 server crashes converge', async ({
  browser,
  server,
}) => {
  test.setTimeout(15 * 60_000)
  const user = newUser('converge')
  await server.api('POST', '/auth/register', undefined, { email: user.email, password: user.password })
  const { token, userId } = await apiLogin(server, user)
  const me = await server.api<{ user: unknown }>('GET', '/auth/me', token)
  const flat = await server.api<{ household: { id: string } }>('POST', '/households', token, { name: 'Flat 4B' })
  const householdId = flat.body.household.id

  const contexts: BrowserContext[] = []
  const pages: Page[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const context = await signedInContext(browser, server, token, me.body.user)
    const page = await context.newPage()
    if (process.env.CONVERGENCE_DEBUG)
      page.on('response', (res) => {
        if (res.url().includes('/sync/') && res.status() !== 200)
          console.log(`device ${i}: ${res.status()} ${res.url()}`)
        if (res.url().includes('/push'))
          void res.text().then((t) => t !== '[]' && console.log(`device ${i} push conflicts: ${t.slice(0, 300)}`))
      })
    await page.goto('/home')
    await page.waitForFunction(() => '__hisaab' in window)
    contexts.push(context)
    pages.push(page)
  }

  const rand = random(SEED)
  const ops = plan(rand)
  const rounds = OPS_PER_CLIENT / BATCH
  const crashAt = new Set(
    WITH_CRASHES ? [Math.floor(rounds / 4), Math.floor(rounds / 2), Math.floor((3 * rounds) / 4)] : [],
  )
  const offlineUntil = new Array<number>(CLIENTS).fill(-1)
  const log: Written[] = []
  let crashes = 0
  let offlineWindows = 0

  for (let round = 0; round < rounds; round++) {
    if (crashAt.has(round)) {
      await server.kill()
      crashes += 1
    }
    for (let c = 0; c < CLIENTS; c++) {
      if (offlineUntil[c] === round) await contexts[c]!.setOffline(false)
      if (WITH_OFFLINE && offlineUntil[c]! < round && rand() < 0.08) {
        offlineUntil[c] = round + 1 + Math.floor(rand() * 3)
        offlineWindows += 1
        await contexts[c]!.setOffline(true)
      }
    }
    const batches = await Promise.all(
      pages.map((page, c) => applyOps(page, userId, householdId, ops[c]!.slice(round * BATCH, (round + 1) * BATCH))),
    )
    for (const written of batches) log.push(...written)
    // The server comes back two rounds after each crash; devices write offline meanwhile.
    if ([...crashAt].some((at) => at + 2 === round)) await server.start()
  }
  await server.start()
  for (const context of contexts) await context.setOffline(false)

  // The server's final state: every document of every collection, tombstones included.
  const serverState = async () => {
    const state = {} as Record<Collection, Record<string, { updatedAt: number; amount: number; deleted: boolean }>>
    for (const name of COLLECTIONS) {
      type Pulled = { id: string; updatedAt: number; _deleted: boolean } & Record<string, number>
      const field = VALUE_FIELD[name] ?? 'amount'
      state[name] = {}
      for (let seq = 0; ;) {
        const res = await server.api<{ documents: Pulled[]; checkpoint: { seq: number } | null }>(
          'GET',
          `/sync/${name}/pull?seq=${seq}&limit=1000`,
          token,
        )
        for (const d of res.body.documents)
          state[name][d.id] = { updatedAt: d.updatedAt, amount: d[field]!, deleted: d._deleted }
        if (res.body.documents.length === 0 || !res.body.checkpoint) break
        seq = res.body.checkpoint.seq
      }
    }
    return state
  }
  const live = (state: Awaited<ReturnType<typeof serverState>>) =>
    Object.fromEntries(
      COLLECTIONS.map((name) => [
        name,
        Object.fromEntries(
          Object.entries(state[name])
            .filter(([, d]) => !d.deleted)
            .map(([id, d]) => [id, { updatedAt: d.updatedAt, amount: d.amount }]),
        ),
      ]),
    )

  let difference = ''
  const converge = (timeout: number) =>
    expect
      .poll(
        async () => {
          const expected = live(await serverState())
          const states = await Promise.all(pages.map(localState))
          difference = describeDifference(expected, states)
          return difference
        },
        { timeout, intervals: [1_000] },
      )
      .toBe('')
  // A device whose live replication stops (a stall) fails here: no reload hides it.
  try {
    await converge(120_000)
  } catch (error) {
    for (const [c, page] of pages.entries()) {
      const online = await page.evaluate(() => navigator.onLine)
      const local = await localState(page)
      const counts = COLLECTIONS.map((name) => `${name} ${Object.keys(local[name]).length}`).join(', ')
      console.log(`convergence stalled: device ${c} (online ${online}) holds ${counts}`)
    }
    console.log(`convergence stalled: ${difference}`)
    throw error
  }
  // No write lost: the server holds, for every document, the newest write made to it.
  const final = await serverState()
  const newest = new Map<string, Written>()
  for (const w of log) {
    const key = `${w.collection}/${w.id}`
    if ((newest.get(key)?.updatedAt ?? -1) < w.updatedAt) newest.set(key, w)
  }
  let lost = 0
  for (const [key, w] of newest) {
    const stored = final[w.collection][w.id]
    // The server stamps a household expense anew when it accepts it (its review rules).
    const ok =
      w.collection === 'household_expenses'
        ? stored && stored.updatedAt >= w.updatedAt && stored.amount === w.amount && !stored.deleted
        : stored && stored.updatedAt === w.updatedAt && stored.deleted === w.deleted
    if (!ok) {
      lost += 1
      console.log(`lost: ${key}`, w, stored)
    }
  }
  const documents = COLLECTIONS.reduce((n, c) => n + Object.keys(final[c]).length, 0)
  console.log(
    `convergence seed ${SEED}: ${log.length} writes by ${CLIENTS} devices, ${offlineWindows} offline windows, ` +
      `${crashes} server crashes; ${documents} documents, ${lost} writes lost`,
  )
  expect(lost).toBe(0)
  expect(crashes).toBe(WITH_CRASHES ? 3 : 0)
  for (const context of contexts) await context.close()
})
