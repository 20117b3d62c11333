import fc from 'fast-check'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../sync-server/db/database'
import type { OpenDatabase } from '../../sync-server/db/database'
import { passwordFailures, signInAddresses, users } from '../../sync-server/db/tables'
import { HttpError } from '../../sync-server/http-error'
import { ACCOUNT_FREE_FAILURES, FREE_FAILURES, PasswordGuard } from '../../sync-server/modules/auth/password-guard'

/**
 * Invariants of the wrong-password counts over random histories (a real SQLite file, a test
 * clock): the owner at her known address is never held by strangers, and no source, nor all
 * unknown sources together, gets more password checks than the waits allow.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 1414)
const OWNER = { id: 'owner-1', email: 'owner@example.com', home: '10.0.0.1' }

let dir: string
let database: OpenDatabase
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'password-guard-'))
  database = openDatabase(dir)
  database.db
    .insert(users)
    .values({ id: OWNER.id, email: OWNER.email, passwordHash: 'x', createdAt: 0, updatedAt: 0 })
    .run()
})
afterAll(async () => {
  await database.close()
  await rm(dir, { recursive: true, force: true })
})

/** The least time `checks` checks of one count need after its first `free` ones (no day-long pause). */
function leastSpan(checks: number, free: number): number {
  let span = 0
  for (let i = 0; i < checks - free; i++) span += Math.min(30_000 * 2 ** i, 15 * 60_000)
  return span
}

/** Each count's checks must be spread at least as far as its waits say. */
function expectPaced(times: number[], free: number, label: string) {
  for (let k = free + 1; k <= times.length; k++) {
    const span = times[k - 1]! - times[free - 1]!
    expect(span, `${label}: check ${k} came ${span} ms after check ${free}`).toBeGreaterThanOrEqual(leastSpan(k, free))
  }
}

const step = fc.record({
  who: fc.constantFrom('owner', 'stranger', 'stranger', 'stranger'),
  /** Which of a few stranger addresses (a botnet's, or the owner's own Wi-Fi shared with her). */
  address: fc.integer({ min: 0, max: 12 }),
  // Mostly guesses in quick succession, now and then a pause of up to 20 minutes.
  advanceMs: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: 2_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 20 * 60_000 }) },
  ),
})

describe('PasswordGuard over random histories', () => {
  it('never holds the owner at her known address; paces every source and the unknown ones together', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 80, maxLength: 200, size: 'max' }), async (steps) => {
        run += 1
        database.db.delete(passwordFailures).run()
        database.db.delete(signInAddresses).run()
        // Each run far from the last, so nothing of it is within a day of another.
        let clock = Date.UTC(2026, 0, 1) + run * 30 * 24 * 3_600_000
        const guard = new PasswordGuard({
          db: database.db,
          units: database.units,
          now: () => clock,
          secret: 's'.repeat(32),
          secureCookies: true,
        })
        await guard.signedIn({ ip: OWNER.home, protocol: 'https', headers: {} }, OWNER.id, null)
        const perAddress = new Map<string, number[]>()
        const unknown: number[] = []
        for (const { who, address, advanceMs } of steps) {
          clock += advanceMs
          const ip = who === 'owner' ? OWNER.home : `198.51.100.${address}`
          const attempt = { account: OWNER.email, address: ip, userId: OWNER.id, device: null }
          let checked = false
          try {
            await guard.verify(attempt, () => {
              checked = true
              return Promise.resolve(who === 'owner')
            })
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode !== 429) throw error
            expect(who, `the owner was held at ${clock}`).toBe('stranger')
          }
          if (who === 'owner') expect(checked).toBe(true)
          else if (checked) {
            perAddress.set(ip, [...(perAddress.get(ip) ?? []), clock])
            unknown.push(clock)
          }
        }
        for (const [ip, times] of perAddress) expectPaced(times, FREE_FAILURES, ip)
        expectPaced(unknown, ACCOUNT_FREE_FAILURES, 'all unknown addresses')
      }),
      { seed: SEED, numRuns: 40 },
    )
  }, 120_000)
})
