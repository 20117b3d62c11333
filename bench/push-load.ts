import { ServerProcess } from '../tests/e2e/support/server'
import { makeTransactions, registerAccount, type Account } from './seed'
import { percentile, round } from './stats'

/**
 * (k) Does one account's large push hold up everyone else? `GET /api/health` is asked one request
 * at a time (its latency is what any other user's request waits) while `accounts` accounts each
 * push 1,000 new transactions in a loop, against the same server idle just before (the baseline).
 * The push limit per account is raised out of the way, so what is measured is the push itself;
 * a last phase runs with the default limit and counts what it answered 429.
 */

export interface HealthLatency {
  samples: number
  p50: number
  p95: number
  max: number
}

export interface PushLoadResult {
  accounts: number
  docsPerPush: number
  seconds: number
  idle: HealthLatency
  loaded: HealthLatency & { pushes: number; docsPerSecond: number; pushP50: number }
  /** The same load with the server's default documents per minute. */
  limited: HealthLatency & { pushes: number; refused: number }
}

const DOCS_PER_PUSH = 1000

/** Health latencies, one request after another with `gapMs` between, until `stop()` resolves. */
async function probeHealth(url: string, ms: number, gapMs = 10): Promise<HealthLatency> {
  const latencies: number[] = []
  const end = Date.now() + ms
  while (Date.now() < end) {
    const t0 = performance.now()
    const res = await fetch(`${url}/api/health`)
    await res.arrayBuffer()
    latencies.push(performance.now() - t0)
    await new Promise((resolve) => setTimeout(resolve, gapMs))
  }
  return {
    samples: latencies.length,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    max: round(Math.max(...latencies)),
  }
}

/**
 * One account pushing 1,000 new documents after another until `running()` is false. The body is
 * built once; each push only renames its ids, so the bench's own work stays small.
 */
async function pushLoop(url: string, account: Account, running: () => boolean) {
  const template = JSON.stringify(
    makeTransactions(account.user.id, DOCS_PER_PUSH).map((doc, i) => ({
      newDocumentState: { ...doc, id: `load-@@-${i}`, _deleted: false },
    })),
  )
  const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' }
  const times: number[] = []
  let refused = 0
  for (let n = 0; running(); n++) {
    const body = template.replaceAll('@@', `${account.user.id.slice(0, 8)}-${n}`)
    const t0 = performance.now()
    const res = await fetch(`${url}/api/sync/transactions/push`, { method: 'POST', headers, body })
    await res.arrayBuffer()
    if (res.status === 429) {
      refused += 1
      await new Promise((resolve) => setTimeout(resolve, 250))
    } else if (res.status !== 200) throw new Error(`push answered ${res.status}`)
    else times.push(performance.now() - t0)
  }
  return { times, refused }
}

async function loadPhase(server: ServerProcess, accounts: Account[], seconds: number) {
  let running = true
  const loops = accounts.map((a) => pushLoop(server.url, a, () => running))
  // Let every loop get going before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const health = await probeHealth(server.url, seconds * 1000)
  running = false
  const results = await Promise.all(loops)
  const times = results.flatMap((r) => r.times)
  return { health, pushes: times.length, refused: results.reduce((n, r) => n + r.refused, 0), times }
}

export async function benchPushLoad(accountsCount = 4, seconds = 10): Promise<PushLoadResult> {
  const env = { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000' }
  const open = await ServerProcess.create({ ...env, SYNC_PUSH_MAX_PER_MINUTE: '1000000000' })
  let idle: HealthLatency
  let loaded: Awaited<ReturnType<typeof loadPhase>>
  try {
    const accounts = await Promise.all(
      Array.from({ length: accountsCount }, (_, i) => registerAccount(open, `pushload${i}`)),
    )
    await probeHealth(open.url, 1_000)
    idle = await probeHealth(open.url, seconds * 1000)
    loaded = await loadPhase(open, accounts, seconds)
  } finally {
    await open.dispose()
  }
  const limitedServer = await ServerProcess.create(env)
  let limited: Awaited<ReturnType<typeof loadPhase>>
  try {
    const accounts = await Promise.all(
      Array.from({ length: accountsCount }, (_, i) => registerAccount(limitedServer, `pushlimit${i}`)),
    )
    limited = await loadPhase(limitedServer, accounts, seconds)
  } finally {
    await limitedServer.dispose()
  }
  return {
    accounts: accountsCount,
    docsPerPush: DOCS_PER_PUSH,
    seconds,
    idle,
    loaded: {
      ...loaded.health,
      pushes: loaded.pushes,
      docsPerSecond: round((loaded.pushes * DOCS_PER_PUSH) / (seconds + 1)),
      pushP50: round(percentile(loaded.times, 50)),
    },
    limited: { ...limited.health, pushes: limited.pushes, refused: limited.refused },
  }
}

export function pushLoadRow(r: PushLoadResult): string {
  return (
    `| (k) GET /api/health p95 while ${r.accounts} accounts push ${r.docsPerPush} documents each in a loop | ` +
    `${r.loaded.p95} ms (p50 ${r.loaded.p50}, max ${r.loaded.max}; ${r.loaded.pushes} pushes, ` +
    `${r.loaded.docsPerSecond} docs/s, a push ${r.loaded.pushP50} ms p50) | ` +
    `${r.idle.p95} ms (the same server idle; p50 ${r.idle.p50}, max ${r.idle.max}) | ` +
    `${round(r.loaded.p95 / r.idle.p95, 2)}× | ≤ 50 ms |`
  )
}

export function pushLimitRow(r: PushLoadResult): string {
  return (
    `| (k′) the same with the default documents per minute per account | ${r.limited.p95} ms ` +
    `(p50 ${r.limited.p50}, max ${r.limited.max}) | ${r.limited.pushes} pushes taken, ` +
    `${r.limited.refused} answered 429 | | |`
  )
}
