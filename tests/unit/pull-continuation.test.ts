import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { continuationOf, pullQuery, type Continuation } from '../../src/data/replication'

/** The pull route over rows numbered 1…n by seq: a page after `seq`, and `remaining` counted or passed on. */
function serverOf(rows: number[]) {
  return (query: URLSearchParams) => {
    const seq = Number(query.get('seq') ?? 0)
    const limit = Number(query.get('limit'))
    const after = rows.filter((r) => r > seq)
    const page = after.slice(0, limit)
    const counted = query.has('remaining') ? Number(query.get('remaining')) : after.length
    return {
      documents: page.map((r) => ({ _deleted: false, id: String(r) })),
      checkpoint: { seq: page.at(-1) ?? seq },
      remaining: page.length < limit ? 0 : Math.max(0, counted - page.length),
      trueRemaining: after.length - page.length,
    }
  }
}

describe('a pull passes on the count of the page it continues', () => {
  it('counts once per run of full pages and then passes each count on, never above what is there', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 12 }),
        (n, batchSize, writesBetweenPulls) => {
          const rows = Array.from({ length: n }, (_, i) => i + 1)
          const pull = serverOf(rows)
          let checkpoint: { seq: number } | undefined
          let continued: Continuation | null = null
          const passed: boolean[] = []
          for (let i = 0; i < 100; i++) {
            const query = pullQuery(checkpoint, batchSize, continued)
            passed.push(query.has('remaining'))
            const page = pull(query)
            // Passed on or counted, the answer never says more follows than does.
            expect(page.remaining).toBeLessThanOrEqual(page.trueRemaining)
            if (!query.has('remaining'))
              expect(page.remaining).toBe(page.documents.length < batchSize ? 0 : page.trueRemaining)
            continued = continuationOf(page, batchSize)
            if (page.documents.length > 0) checkpoint = page.checkpoint
            // Other devices write between pulls: new rows come after every seq pulled so far.
            for (let w = 0; w < (writesBetweenPulls[i] ?? 0); w++) rows.push(rows.length + 1)
            if (page.documents.length < batchSize) break
          }
          // The first pull counts; every pull after a full page passes the count on.
          expect(passed[0]).toBe(false)
          expect(passed.slice(1).every(Boolean)).toBe(true)
          expect(continued).toBeNull()
        },
      ),
    )
  })

  it('lets the server count when the pull starts anywhere but where the full page ended', () => {
    const continued = { seq: 40, remaining: 300 }
    expect(pullQuery({ seq: 40 }, 10, continued).get('remaining')).toBe('300')
    // A stream event or a resync moved the checkpoint on: the count passed on would be stale.
    expect(pullQuery({ seq: 55 }, 10, continued).has('remaining')).toBe(false)
    expect(pullQuery(undefined, 10, continued).toString()).toBe('limit=10')
    expect(continuationOf({ documents: [], checkpoint: { seq: 40 }, remaining: 0 }, 10)).toBeNull()
  })
})
