import type { ServerProcess } from '../tests/e2e/support/server'
import { makeTransactions, registerAccount, type Account } from './seed'
import { percentile, round, serverFor } from './stats'

export interface LoadResult {
  clients: number
  /** Server processes the clients were spread over (round robin). */
  instances: number
  seconds: number
  requests: number
  requestsPerSecond: number
  errors: number
  /** Request latency over every push and pull, ms. */
  p50: number
  p99: number
  max: number
  /** Change events the clients' open streams received. */
  streamEvents: number
  firstErrors: string[]
}

export interface LoadOptions {
  /** Accounts registered before (one per client, at least `clients`); else new ones are registered. */
  accounts?: Account[]
  /**
   * A cycle (push 2, pull) starts this often per client, at once when the previous one took longer:
   * a fixed request rate per client. Unset: 200 ms between the end of a cycle and the next.
   */
  periodMs?: number
  /** Requests started in the first `warmupSeconds` (streams opening, caches filling) are not counted. */
  warmupSeconds?: number
}

/** `clients` new accounts, ten registrations at a time, spread over `servers` like the clients. */
export async function registerAccounts(servers: ServerProcess[], clients: number, label = 'load'): Promise<Account[]> {
  const accounts: Account[] = []
  for (let i = 0; i < clients; i += 10)
    accounts.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, clients - i) }, (_, j) =>
          registerAccount(serverFor(servers, i + j), `${label}${i + j}`),
        ),
      )),
    )
  return accounts
}

/**
 * `clients` syncing devices, each its own account, for `seconds`: every device keeps an event
 * stream open and, about four times a second, pushes two new transactions and pulls from its
 * checkpoint, as the app does while someone types. Device i talks to `servers[i % n]` (several
 * instances on one PostgreSQL database share a JWT secret, so any instance accepts any account).
 * Everything goes over loopback; the loops are bounded by the deadline and stop by themselves.
 */
export async function runSyncLoad(
  target: ServerProcess | ServerProcess[],
  clients = 200,
  seconds = 60,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const servers = Array.isArray(target) ? target : [target]
  const accounts = (options.accounts ?? (await registerAccounts(servers, clients))).slice(0, clients)
  if (accounts.length < clients) throw new Error(`${clients} clients need as many accounts, not ${accounts.length}`)
  const latencies: number[] = []
  const errors: string[] = []
  let streamEvents = 0
  const deadline = Date.now() + seconds * 1000
  const warmup = options.warmupSeconds ?? 0
  const measureFrom = performance.now() + warmup * 1000
  const controller = new AbortController()

  const timed = async (what: string, call: () => Promise<Response>) => {
    const t0 = performance.now()
    const counted = t0 >= measureFrom
    try {
      const res = await call()
      await res.arrayBuffer()
      if (counted) latencies.push(performance.now() - t0)
      if (!res.ok) errors.push(`${what}: ${res.status}`)
    } catch (err) {
      errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  const device = async (account: Account, index: number) => {
    const url = serverFor(servers, index).url
    const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' }
    const stream = fetch(`${url}/api/sync/stream`, { headers, signal: controller.signal }).then(async (res) => {
      if (!res.ok) errors.push(`stream: ${res.status}`)
      const reader = res.body!.getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        streamEvents += (new TextDecoder().decode(value).match(/"collection"/g) ?? []).length
      }
    })
    stream.catch((err: unknown) => {
      if (!controller.signal.aborted) errors.push(`stream: ${String(err)}`)
    })
    let seq = 0
    // Spread the devices' first requests over the first quarter second.
    await new Promise((r) => setTimeout(r, (index * 250) / clients))
    while (Date.now() < deadline) {
      const started = performance.now()
      const rows = makeTransactions(account.user.id, 2).map((newDocumentState) => ({
        newDocumentState: { ...newDocumentState, _deleted: false },
      }))
      await timed('push', () =>
        fetch(`${url}/api/sync/transactions/push`, { method: 'POST', headers, body: JSON.stringify(rows) }),
      )
      await timed('pull', async () => {
        const res = await fetch(`${url}/api/sync/transactions/pull?seq=${seq}&limit=100`, { headers })
        const body = (await res.clone().json()) as { checkpoint?: { seq: number } }
        seq = body.checkpoint?.seq ?? seq
        return res
      })
      const pause = options.periodMs === undefined ? 200 : options.periodMs - (performance.now() - started)
      if (pause > 0) await new Promise((r) => setTimeout(r, pause))
    }
  }

  await Promise.all(accounts.map(device))
  controller.abort()
  latencies.sort((a, b) => a - b)
  // Errors count wherever they fall; latencies only after the warm-up.
  const requests = latencies.length + errors.filter((e) => !e.startsWith('stream')).length
  return {
    clients,
    instances: servers.length,
    seconds,
    requests,
    requestsPerSecond: round(latencies.length / (seconds - warmup), 1),
    errors: errors.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    streamEvents,
    firstErrors: errors.slice(0, 5),
  }
}
