import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from '../../sync-server/db/database'
import { PushBudgetsRepository } from '../../sync-server/db/limits'
import { PushQuota } from '../../sync-server/modules/sync/push-quota'

/**
 * The push quota kept as one `full_at` time per account in the database answers exactly as a
 * bucket of `perMinute` documents refilled at that rate would, and never lets more through than
 * a minute's worth plus what refilled since.
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
