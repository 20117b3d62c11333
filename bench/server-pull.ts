import type { ServerProcess } from '../tests/e2e/support/server'
import type { BareServer } from './bare-server'
import { median } from './stats'

export interface PullResult {
  docs: number
  pages: number
  msPerPageOurs: number
  msPerPageBare: number
  throughputRatio: number
  target: number
}

/**
 * (c) Paging through a user's transactions 1,000 at a time: our pull route (auth, zod, repository,
 * the remaining count once, then passed on as a device does) against the bare server's one select
 * over the same database (bench/bare-server.ts).
 */
export async function benchServerPull(
  server: ServerProcess,
  bare: BareServer,
  token: string,
  rounds = 7,
): Promise<PullResult> {
  async function pageThrough(url: (seq: number, remaining?: number) => string, headers: Record<string, string>) {
    let seq = 0
    let remaining: number | undefined
    let pages = 0
    let docs = 0
    const t0 = performance.now()
    for (;;) {
      const res = await fetch(url(seq, remaining), { headers })
      const body = (await res.json()) as { documents: unknown[]; checkpoint: { seq: number }; remaining?: number }
      if (body.documents.length === 0) break
      pages += 1
      docs += body.documents.length
      seq = body.checkpoint.seq
      remaining = body.remaining
    }
    return { ms: performance.now() - t0, pages, docs }
  }

  const ours: number[] = []
  const baseline: number[] = []
  let pages = 0
  let docs = 0
  for (let round = 0; round < rounds; round++) {
    // Alternate so neither side always runs on a warmer cache.
    // As a device pages: each page after the first passes on the count the page before gave.
    const a = await pageThrough(
      (seq, remaining) =>
        `${server.url}/api/sync/transactions/pull?seq=${seq}&limit=1000` +
        (remaining === undefined ? '' : `&remaining=${remaining}`),
      { authorization: `Bearer ${token}` },
    )
    const b = await pageThrough((seq) => `${bare.url}/pull?seq=${seq}&limit=1000`, {})
    if (round === 0) continue // warm-up
    ours.push(a.ms / a.pages)
    baseline.push(b.ms / b.pages)
    pages = a.pages
    docs = a.docs
    if (a.docs !== b.docs) throw new Error(`ours read ${a.docs} documents, bare ${b.docs}`)
  }
  const oursMs = median(ours)
  const bareMs = median(baseline)
  return { docs, pages, msPerPageOurs: oursMs, msPerPageBare: bareMs, throughputRatio: bareMs / oursMs, target: 0.6 }
}
