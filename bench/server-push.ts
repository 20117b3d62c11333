import type { ServerProcess } from '../tests/e2e/support/server'
import type { BareServer } from './bare-server'
import { makeTransactions, type Account } from './seed'
import { median } from './stats'

export interface PushResult {
  docsPerPush: number
  pushes: number
  docsPerSecondOurs: number
  docsPerSecondBare: number
  ratio: number
}

/**
 * (n) Push throughput: batches of `docsPerPush` new transactions through our push route (auth,
 * quota, zod, conflict check, one unit with its sequence, stream announcement) against the bare
 * server's one transaction of upserts on the same engine, alternating, one request at a time.
 * The server must run with its push quota raised out of the way.
 */
export async function benchServerPush(
  server: ServerProcess,
  bare: BareServer,
  account: Account,
  { rounds = 7, docsPerPush = 1000 } = {},
): Promise<PushResult> {
  const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' }
  const push = async (url: string, auth: Record<string, string>) => {
    const body = JSON.stringify(
      makeTransactions(account.user.id, docsPerPush).map((doc) => ({ newDocumentState: { ...doc, _deleted: false } })),
    )
    const t0 = performance.now()
    const res = await fetch(url, { method: 'POST', headers: auth, body })
    const answer = (await res.json()) as unknown[]
    const ms = performance.now() - t0
    if (res.status !== 200 || answer.length !== 0) throw new Error(`push to ${url} answered ${res.status}`)
    return ms
  }
  const ours: number[] = []
  const baseline: number[] = []
  for (let round = 0; round < rounds; round++) {
    const a = await push(`${server.url}/api/sync/transactions/push`, headers)
    const b = await push(`${bare.url}/push`, { 'content-type': 'application/json' })
    if (round === 0) continue // warm-up
    ours.push(a)
    baseline.push(b)
  }
  const oursPerSecond = (docsPerPush * 1000) / median(ours)
  const barePerSecond = (docsPerPush * 1000) / median(baseline)
  return {
    docsPerPush,
    pushes: ours.length,
    docsPerSecondOurs: Math.round(oursPerSecond),
    docsPerSecondBare: Math.round(barePerSecond),
    ratio: oursPerSecond / barePerSecond,
  }
}
