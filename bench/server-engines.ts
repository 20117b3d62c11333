import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ServerProcess } from '../tests/e2e/support/server'
import { startBareServer } from './bare-server'
import { registerAccounts, runSyncLoad, type LoadResult } from './load'
import { benchDatabase, benchPostgres, loadAverage } from './postgres'
import { benchServerPull, type PullResult } from './server-pull'
import { benchServerPush, type PushResult } from './server-push'
import { makeTransactions, pushAll, registerAccount, type Account } from './seed'
import { capacityWithin, round } from './stats'
import { bankMessages, benchWebhook } from './whatsapp'

/**
 * The server's parts on both engines: (c) pull and (n) push against bare baselines on the same
 * engine, and on PostgreSQL the webhook, (g′) 200 devices over two instances and (o) one instance
 * against two at the same p99. PostgreSQL is BENCH_DATABASE_URL or a throwaway cluster
 * (bench/postgres.ts); without one its parts are skipped and say why.
 */

/** What every bench server process runs with: seeding and the load are not held back by the limits. */
export const BENCH_SERVER_ENV = {
  // SQLite unless a part names its database, whatever the shell exports.
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '100000',
  STREAM_MAX_PER_ADDRESS: '1000',
  SYNC_PUSH_MAX_PER_MINUTE: '1000000000',
}

const LOAD_CLIENTS = 200
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60)
/** (o): devices per step, seconds per step, the per-device cycle and the p99 both set-ups are held to. */
const SCALE_CLIENTS = (process.env.BENCH_SCALE_CLIENTS ?? '5,10,25,50,100,200').split(',').map(Number)
const SCALE_SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 12)
const SCALE_WARMUP_SECONDS = Math.min(2, SCALE_SECONDS / 2)
const SCALE_PERIOD_MS = 250
const SCALE_P99_MS = Number(process.env.BENCH_P99_MS ?? 100)

export interface SyncRoutesResult {
  pull: PullResult
  push: PushResult
}

export interface ScalingResult {
  periodMs: number
  p99BoundMs: number
  one: LoadResult[]
  two: LoadResult[]
  /** Requests/s served within the bound by one and by two instances (0: no step stayed within it). */
  oneCapacity: number
  twoCapacity: number
  /** The most requests/s any step served, whatever its p99 (where the set-up saturates). */
  onePeak: number
  twoPeak: number
}

export interface PostgresResult {
  skipped?: string
  error?: string
  loadAverage: { before: string; after?: string }
  syncRoutes?: SyncRoutesResult
  webhook?: { p50: number; p95: number; samples: number }
  webhookBank?: { p50: number; p95: number; samples: number }
  load?: LoadResult
  scaling?: ScalingResult
}

/**
 * (c) and (n) on a running server: `reader` holds the seeded transactions the pull pages through;
 * the pushes go to an account of their own, so the reader's count stays as seeded.
 */
export async function benchSyncRoutes(
  server: ServerProcess,
  reader: Account,
  databaseUrl?: string,
): Promise<SyncRoutesResult> {
  const bareDir = mkdtempSync(join(tmpdir(), 'hisaab-bench-bare-'))
  const engine = databaseUrl ? { databaseUrl } : { serverDataDir: server.dataDir, bareDir }
  const pullBare = await startBareServer(reader.user.id, engine)
  const writer = await registerAccount(server, 'push')
  const pushBare = await startBareServer(writer.user.id, engine)
  try {
    const pull = await benchServerPull(server, pullBare, reader.token)
    const push = await benchServerPush(server, pushBare, writer)
    return { pull, push }
  } finally {
    await pullBare.close()
    await pushBare.close()
    rmSync(bareDir, { recursive: true, force: true })
  }
}

/** A server process with an account holding `n` transactions, pushed oldest last as `pushAll` does. */
export async function seededServer(n: number, env: Record<string, string> = {}) {
  const server = await ServerProcess.create({ ...BENCH_SERVER_ENV, ...env })
  const account = await registerAccount(server, 'bench')
  await pushAll(server, account.token, 'transactions', makeTransactions(account.user.id, n))
  return { server, account }
}

/**
 * (o) The same accounts in steps of more devices, each step on `servers[0]` alone and then on
 * both: side by side, so a change in the machine's other load falls on both set-ups alike. The
 * second instance keeps running while the first serves alone (it only hears the notifications).
 */
async function benchScaling(servers: [ServerProcess, ServerProcess], accounts: Account[]): Promise<ScalingResult> {
  const one: LoadResult[] = []
  const two: LoadResult[] = []
  const options = { accounts, periodMs: SCALE_PERIOD_MS, warmupSeconds: SCALE_WARMUP_SECONDS }
  for (const clients of SCALE_CLIENTS)
    for (const [over, results] of [
      [servers.slice(0, 1), one],
      [servers, two],
    ] as const) {
      console.log(`  ${over.length} instance(s), ${clients} devices, ${SCALE_SECONDS} s (load ${loadAverage()})…`)
      results.push(await runSyncLoad(over, clients, SCALE_SECONDS, options))
    }
  return {
    periodMs: SCALE_PERIOD_MS,
    p99BoundMs: SCALE_P99_MS,
    one,
    two,
    oneCapacity: capacityWithin(one, SCALE_P99_MS)?.requestsPerSecond ?? 0,
    twoCapacity: capacityWithin(two, SCALE_P99_MS)?.requestsPerSecond ?? 0,
    onePeak: capacityWithin(one, Infinity)?.requestsPerSecond ?? 0,
    twoPeak: capacityWithin(two, Infinity)?.requestsPerSecond ?? 0,
  }
}

/** (g′) and (o) on one fresh database served by two instances with one JWT secret. */
async function benchInstances(serverUrl: string): Promise<Pick<PostgresResult, 'load' | 'scaling'>> {
  const database = await benchDatabase(serverUrl)
  const env = { ...BENCH_SERVER_ENV, DATABASE_URL: database.url, JWT_SECRET: randomBytes(32).toString('hex') }
  const servers: ServerProcess[] = []
  try {
    // One after the other: the first applies the migrations.
    servers.push(await ServerProcess.create(env))
    servers.push(await ServerProcess.create(env))
    const pair = servers as [ServerProcess, ServerProcess]
    const accounts = await registerAccounts(pair, Math.max(LOAD_CLIENTS, ...SCALE_CLIENTS))
    console.log(`(g′) ${LOAD_CLIENTS} syncing devices over 2 instances for ${LOAD_SECONDS} s (load ${loadAverage()})…`)
    const load = await runSyncLoad(pair, LOAD_CLIENTS, LOAD_SECONDS, { accounts })
    console.log(`(o) 1 instance vs 2, ${2000 / SCALE_PERIOD_MS} requests/s offered per device…`)
    const scaling = await benchScaling(pair, accounts)
    return { load, scaling }
  } finally {
    await Promise.all(servers.map((s) => s.dispose()))
    await database.drop()
  }
}

async function benchPostgresOn(serverUrl: string, n: number, result: PostgresResult): Promise<void> {
  const database = await benchDatabase(serverUrl)
  try {
    console.log(`PostgreSQL: seeding ${n} transactions…`)
    const { server, account } = await seededServer(n, { DATABASE_URL: database.url })
    try {
      console.log('(c, n) PostgreSQL: pull and push against a bare pg route…')
      result.syncRoutes = await benchSyncRoutes(server, account, database.url)
    } finally {
      await server.dispose()
    }
  } finally {
    await database.drop()
  }
  for (const kind of ['webhook', 'webhookBank'] as const) {
    const db = await benchDatabase(serverUrl)
    try {
      console.log(`(e) PostgreSQL: WhatsApp webhook, ${kind === 'webhook' ? 'typed' : 'forwarded bank'} messages…`)
      result[kind] = await benchWebhook({
        databaseUrl: db.url,
        ...(kind === 'webhookBank' ? { messages: bankMessages() } : {}),
      })
    } finally {
      await db.drop()
    }
  }
  Object.assign(result, await benchInstances(serverUrl))
}

/**
 * Every PostgreSQL part. A failure there is reported in the result (and the caller fails the run
 * after writing what it has), never thrown over the SQLite parts.
 */
export async function benchPostgresParts(n: number): Promise<PostgresResult> {
  const result: PostgresResult = { loadAverage: { before: loadAverage() } }
  const pg = await benchPostgres()
  if ('skipped' in pg) {
    console.log(`PostgreSQL parts skipped: ${pg.skipped}`)
    return { ...result, skipped: pg.skipped }
  }
  try {
    await benchPostgresOn(pg.url, n, result)
  } catch (error) {
    console.error(error)
    result.error = error instanceof Error ? error.message : String(error)
  } finally {
    await pg.stop()
  }
  result.loadAverage.after = loadAverage()
  return result
}

export function syncRoutesRows(engine: string, r: SyncRoutesResult): string[] {
  const bare = engine === 'PostgreSQL' ? 'one pg Pool query' : 'one prepared select'
  const bareInsert = engine === 'PostgreSQL' ? 'one INSERT … unnest' : 'one transaction of prepared upserts'
  return [
    `| (c) server pull, 1k page, ${engine} | ${round(r.pull.msPerPageOurs)} ms | ` +
      `${round(r.pull.msPerPageBare)} ms (bare Fastify + ${bare}) | ${round(r.pull.throughputRatio, 3)} | ≥ 0.6 |`,
    `| (n) push, ${r.push.docsPerPush} new documents a request, ${engine} | ${r.push.docsPerSecondOurs} docs/s | ` +
      `${r.push.docsPerSecondBare} docs/s (bare Fastify + ${bareInsert}) | ${round(r.push.ratio, 3)} | — |`,
  ]
}

export function loadRow(load: LoadResult, engine = 'PostgreSQL', note = ''): string {
  return (
    `| ${load.clients} syncing devices over ${load.instances} instance(s) on ${engine} for ${load.seconds} s ` +
    `(push 2 + pull every ~250 ms, streams open) | ${load.requests} requests (${load.requestsPerSecond}/s), ` +
    `${load.errors} errors, p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms${note} |`
  )
}

export function webhookRow(label: string, r: { p50: number; p95: number; samples: number }): string {
  return (
    `| WhatsApp webhook reply, ${label}, p95 (target ≤ 50 ms) | ${round(r.p95)} ms ` +
    `(p50 ${round(r.p50)} ms, ${r.samples} signed requests) |`
  )
}

function stepsText(steps: LoadResult[]): string {
  return steps.map((s) => `${s.clients} devices ${s.requestsPerSecond}/s p99 ${s.p99} ms`).join('; ')
}

function scalingRow(s: ScalingResult, load: string): string {
  const ratio = s.oneCapacity > 0 ? `${round(s.twoCapacity / s.oneCapacity, 2)}×` : '— (no step within the bound)'
  const peaks = s.onePeak > 0 ? `${round(s.twoPeak / s.onePeak, 2)}×` : '—'
  return (
    `| (o) requests/s served with p99 ≤ ${s.p99BoundMs} ms on PostgreSQL, 2 instances vs 1 (each device: ` +
    `push 2 + pull every ${s.periodMs} ms; steps of ${SCALE_SECONDS} s, the first ` +
    `${SCALE_WARMUP_SECONDS} s not counted) | 2 instances: ${s.twoCapacity}/s ` +
    `(${stepsText(s.two)}) | 1 instance: ${s.oneCapacity}/s (${stepsText(s.one)}) | ${ratio}; at any p99 ` +
    `${s.twoPeak}/s vs ${s.onePeak}/s: ${peaks} | ≥ 1.5× (${load}) |`
  )
}

/**
 * The PostgreSQL rows of the results: `measures` for the table against baselines, `figures` for
 * the table of figures; each a figure, or why there is none.
 */
export function postgresRows(pg: PostgresResult): { measures: string[]; figures: string[] } {
  const load = `load average ${pg.loadAverage.before} before, ${pg.loadAverage.after ?? '?'} after`
  if (pg.skipped) return { measures: [`| PostgreSQL parts | skipped: ${pg.skipped} | | | |`], figures: [] }
  const measures = pg.error ? [`| PostgreSQL parts | failed: ${pg.error} | | | |`] : []
  const figures: string[] = []
  if (pg.syncRoutes) measures.push(...syncRoutesRows('PostgreSQL', pg.syncRoutes))
  if (pg.scaling) measures.push(scalingRow(pg.scaling, load))
  if (pg.webhook) figures.push(webhookRow('PostgreSQL, typed messages and commands', pg.webhook))
  if (pg.webhookBank) figures.push(webhookRow('PostgreSQL, forwarded bank and UPI messages', pg.webhookBank))
  if (pg.load) figures.push(loadRow(pg.load, 'PostgreSQL', `; ${load}`))
  return { measures, figures }
}
