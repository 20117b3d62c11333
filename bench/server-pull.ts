import Database from 'better-sqlite3'
import Fastify from 'fastify'
import { join } from 'node:path'
import type { ServerProcess } from '../tests/e2e/support/server'
import { median } from './stats'

/**
 * (c) Paging through a user's transactions 1,000 at a time: our pull route (auth, zod, repository)
 * against a bare Fastify route over the same SQLite file with one prepared select.
 */
export async function benchServerPull(server: ServerProcess, token: string, ownerId: string, rounds = 7) {
  const db = new Database(join(server.dataDir, 'app.sqlite'), { readonly: true })
  const select = db.prepare(
    'SELECT data, deleted, seq FROM documents WHERE collection = ? AND owner_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  )
  const bare = Fastify()
  bare.get<{ Querystring: { seq?: string; limit?: string } }>('/pull', (request) => {
    const rows = select.all(
      'transactions',
      ownerId,
      Number(request.query.seq ?? 0),
      Number(request.query.limit ?? 1000),
    ) as { data: string; deleted: number; seq: number }[]
    return {
      documents: rows.map((r) => ({ ...(JSON.parse(r.data) as object), _deleted: r.deleted === 1 })),
      checkpoint: { seq: rows.at(-1)?.seq ?? 0 },
    }
  })
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

  async function pageThrough(url: (seq: number) => string, headers: Record<string, string>) {
    let seq = 0
    let pages = 0
    let docs = 0
    const t0 = performance.now()
    for (;;) {
      const res = await fetch(url(seq), { headers })
      const body = (await res.json()) as { documents: unknown[]; checkpoint: { seq: number } }
      if (body.documents.length === 0) break
      pages += 1
      docs += body.documents.length
      seq = body.checkpoint.seq
    }
    return { ms: performance.now() - t0, pages, docs }
  }

  const ours: number[] = []
  const baseline: number[] = []
  let pages = 0
  let docs = 0
  for (let round = 0; round < rounds; round++) {
    // Alternate so neither side always runs on a warmer cache.
    const a = await pageThrough((seq) => `${server.url}/api/sync/transactions/pull?seq=${seq}&limit=1000`, {
      authorization: `Bearer ${token}`,
    })
    const b = await pageThrough((seq) => `${bareUrl}/pull?seq=${seq}&limit=1000`, {})
    if (round === 0) continue // warm-up
    ours.push(a.ms / a.pages)
    baseline.push(b.ms / b.pages)
    pages = a.pages
    docs = a.docs
    if (a.docs !== b.docs) throw new Error(`ours read ${a.docs} documents, bare ${b.docs}`)
  }
  await bare.close()
  db.close()
  const oursMs = median(ours)
  const bareMs = median(baseline)
  return { docs, pages, msPerPageOurs: oursMs, msPerPageBare: bareMs, throughputRatio: bareMs / oursMs, target: 0.6 }
}
