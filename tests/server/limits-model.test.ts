import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from '../../sync-server/db/database'
import { PushBudgetsRepository, RateWindowsRepository } from '../../sync-server/db/limits'
import { RateWindows } from '../../sync-server/modules/limits/rate-windows'
import { PushQuota } from '../../sync-server/modules/sync/push-quota'

/**
 * The limits kept in the database answer as their models in memory would: the push quota (one
 * `full_at` time per account) as a bucket of `perMinute` documents refilled at that rate, never
 * letting more through than a minute's worth plus what refilled since; the request windows as a
 * fixed window per key that starts at its first hit.
 */

let dir: string
let database: SqliteDatabase
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paisa-quota-'))
  database = openDatabase(dir)
})
afterAll(async () => {
  await database.close()
  await rm(dir, { recursive: true, force: true })
})

/**
 * The bucket as numbers: `perMinute` tokens at most, refilled continuously; counted in
 * token-milliseconds (a token is 60,000), so its arithmetic is exact.
 */
class ReferenceBucket {
  scaled: number
  constructor(
    readonly perMinute: number,
    public at: number,
  ) {
    this.scaled = perMinute * 60_000
  }
  take(count: number, now: number): number {
    this.scaled = Math.min(this.perMinute * 60_000, this.scaled + (now - this.at) * this.perMinute)
    this.at = now
    const need = Math.min(count, this.perMinute) * 60_000
    if (this.scaled < need) return Math.ceil((need - this.scaled) / this.perMinute)
    this.scaled -= need
    return 0
  }
}

// Rates that divide a minute into whole milliseconds per document, as the defaults do.
const RATES = [1, 10, 60, 100, 1_000, 5_000]
const step = fc.record({ after: fc.integer({ min: 0, max: 90_000 }), count: fc.integer({ min: 0, max: 6_000 }) })

let account = 0

describe('the push quota in the database', () => {
  it('answers every push as the reference bucket does; what it lets through stays within the rate', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RATES), fc.array(step, { maxLength: 30 }), async (perMinute, steps) => {
        let clock = 1_700_000_000_000
        const start = clock
        const quota = new PushQuota(new PushBudgetsRepository(database.db), perMinute, () => clock)
        const reference = new ReferenceBucket(perMinute, clock)
        const id = `account-${(account += 1)}`
        let sent = 0
        for (const { after, count } of steps) {
          clock += after
          const wait = await quota.take(id, count)
          expect(wait).toBe(reference.take(count, clock))
          if (wait === 0) sent += Math.min(count, perMinute)
          expect(sent).toBeLessThanOrEqual(perMinute + ((clock - start) * perMinute) / 60_000)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('a refused push goes through once its wait is over, not a millisecond before', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RATES), fc.integer({ min: 1, max: 6_000 }), async (perMinute, count) => {
        let clock = 1_800_000_000_000
        const quota = new PushQuota(new PushBudgetsRepository(database.db), perMinute, () => clock)
        const id = `waiting-${(account += 1)}`
        expect(await quota.take(id, perMinute)).toBe(0)
        const wait = await quota.take(id, count)
        expect(wait).toBeGreaterThan(0)
        clock += wait - 1
        expect(await quota.take(id, count)).toBe(1)
        clock += 1
        expect(await quota.take(id, count)).toBe(0)
      }),
      { numRuns: 60 },
    )
  })
})

describe('request windows in the database', () => {
  it('count each key as a window from its first hit would, whatever the sweeps delete', async () => {
    const hits = fc.array(
      fc.record({ after: fc.integer({ min: 0, max: 2_000 }), key: fc.constantFrom('a', 'b', 'c') }),
      { maxLength: 40 },
    )
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3_000 }), hits, async (windowMs, steps) => {
        let clock = 1_900_000_000_000 + (account += 1) * 10_000_000
        const windows = new RateWindows(new RateWindowsRepository(database.db), () => clock, 500)
        const reference = new Map<string, { start: number; count: number }>()
        const prefix = `run-${account}-`
        for (const { after, key } of steps) {
          clock += after
          let window = reference.get(key)
          if (!window || clock - window.start >= windowMs) reference.set(key, (window = { start: clock, count: 0 }))
          window.count += 1
          expect(await windows.hit(prefix + key, windowMs)).toEqual({
            count: window.count,
            resetsAt: window.start + windowMs,
          })
        }
      }),
      { numRuns: 100 },
    )
  })
})
