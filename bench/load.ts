import type { ServerProcess } from '../tests/e2e/support/server'
import { makeTransactions, registerAccount, type Account } from './seed'
import { percentile, round } from './stats'

export interface LoadResult {
  clients: number
  seconds: number
  requests: number
  errors: number
  /** Request latency over every push and pull, ms. */
  p50: number
  p99: number
  max: number
  /** Change events the clients' open streams received. */
  streamEvents: number
  firstErrors: string[]
}

/**
 * `clients` syncing devices, each its own account, for `seconds`: every device keeps an event
 * stream open and, about four times a second, pushes two new transactions and pulls from its
 * checkpoint, as the app does while someone types. Everything goes to the server on loopback;
 * the loops are bounded by the deadline and stop by themselves.
 */
export async function runSyncLoad(server: ServerProcess, clients = 200, seconds = 60): Promise<LoadResult> {
  const accounts: Account[] = []
  for (let i = 0; i < clients; i += 10)
    accounts.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, clients - i) }, (_, j) => registerAccount(server, `load${i + j}`)),
      )),
    )
  const latencies: number[] = []
  const errors: string[] = []
  let streamEvents = 0
  const deadline = Date.now() + seconds * 1000
  const controller = new AbortController()

  const timed = async (what: string, call: () => Promise<Response>) => {
    const t0 = performance.now()
    try {
      const res = await call()
      await res.arrayBuffer()
      latencies.push(performance.now() - t0)
      if (!res.ok) errors.push(`${what}: ${res.status}`)
    } catch (err) {
      errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  const device = async (account: Account, index: number) => {
    const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' }
    const stream = fetch(`${server.url}/api/sync/stream`, { headers, signal: controller.signal }).then(async (res) => {
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
      const rows = makeTransactions(account.user.id, 2).map((newDocumentState) => ({
        newDocumentState: { ...newDocumentState, _deleted: false },
      }))
      await timed('push', () =>
        fetch(`${server.url}/api/sync/transactions/push`, { method: 'POST', headers, body: JSON.stringify(rows) }),
      )
      await timed('pull', async () => {
        const res = await fetch(`${server.url}/api/sync/transactions/pull?seq=${seq}&limit=100`, { headers })
        const body = (await res.clone().json()) as { checkpoint?: { seq: number } }
        seq = body.checkpoint?.seq ?? seq
        return res
      })
      await new Promise((r) => setTimeout(r, 200))
    }
  }

  await Promise.all(accounts.map(device))
  controller.abort()
  latencies.sort((a, b) => a - b)
  return {
    clients,
    seconds,
    requests: latencies.length + errors.filter((e) => !e.startsWith('stream')).length,
    errors: errors.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    streamEvents,
    firstErrors: errors.slice(0, 5),
  }
}
