import fc from 'fast-check'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { benchPostgres } from '../../bench/postgres'
import { capacityWithin, percentile, serverFor, type LoadStep } from '../../bench/stats'

const step = fc.record({
  clients: fc.integer({ min: 1, max: 500 }),
  requestsPerSecond: fc.double({ min: 0, max: 10_000, noNaN: true }),
  p99: fc.double({ min: 0, max: 5_000, noNaN: true }),
})

describe('serverFor', () => {
  it('spreads any number of clients over the servers with counts at most one apart, in turn', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 300 }), (servers, clients) => {
        const names = Array.from({ length: servers }, (_, i) => `s${i}`)
        const counts = new Map(names.map((n) => [n, 0]))
        for (let i = 0; i < clients; i++) {
          const chosen = serverFor(names, i)
          counts.set(chosen, counts.get(chosen)! + 1)
          // Neighbouring clients go to different servers whenever there are two or more.
          if (servers > 1 && i > 0) expect(chosen).not.toBe(serverFor(names, i - 1))
        }
        const values = [...counts.values()]
        expect(values.reduce((a, b) => a + b, 0)).toBe(clients)
        expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('refuses to spread over no server', () => {
    expect(() => serverFor([], 0)).toThrow('no server')
  })
})

describe('capacityWithin', () => {
  it('is the step serving the most requests among those within the p99 bound, and none beats it', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.double({ min: 0, max: 5_000, noNaN: true }), (steps, bound) => {
        const best = capacityWithin(steps, bound)
        const within = steps.filter((s) => s.p99 <= bound)
        if (within.length === 0) {
          expect(best).toBeUndefined()
          return
        }
        expect(best).toBeDefined()
        expect(steps).toContain(best)
        expect(best!.p99).toBeLessThanOrEqual(bound)
        for (const s of within) expect(s.requestsPerSecond).toBeLessThanOrEqual(best!.requestsPerSecond)
      }),
    )
  })

  it('does not count a faster step whose p99 is over the bound', () => {
    const steps: LoadStep[] = [
      { clients: 10, requestsPerSecond: 80, p99: 40 },
      { clients: 50, requestsPerSecond: 390, p99: 95 },
      { clients: 100, requestsPerSecond: 600, p99: 180 },
    ]
    expect(capacityWithin(steps, 100)?.clients).toBe(50)
    expect(capacityWithin(steps, 30)).toBeUndefined()
  })
})

describe('percentile', () => {
  it('is one of the values, at least as many at or below it as p asks, whatever their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 100 }),
        (values, p) => {
          const value = percentile(values, p)
          expect(values).toContain(value)
          expect(values.filter((v) => v <= value).length).toBeGreaterThanOrEqual(Math.ceil((p / 100) * values.length))
          expect(percentile([...values].reverse(), p)).toBe(value)
        },
      ),
    )
  })
})

describe('benchPostgres', () => {
  it('says why the PostgreSQL parts are skipped when the cluster script cannot start one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'))
    try {
      const script = join(dir, 'cluster.sh')
      const message = 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); apt-get install postgresql'
      writeFileSync(script, `#!/bin/sh\n[ "$1" = stop ] && exit 0\necho '${message}' >&2\nexit 1\n`)
      chmodSync(script, 0o755)
      const saved = process.env.BENCH_DATABASE_URL
      delete process.env.BENCH_DATABASE_URL
      try {
        expect(await benchPostgres(script)).toEqual({ skipped: message })
      } finally {
        if (saved !== undefined) process.env.BENCH_DATABASE_URL = saved
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('uses BENCH_DATABASE_URL as given, and leaves that server running', async () => {
    const saved = process.env.BENCH_DATABASE_URL
    process.env.BENCH_DATABASE_URL = 'postgres://bench@127.0.0.1:1/postgres'
    try {
      const pg = await benchPostgres('/nonexistent/cluster.sh')
      expect(pg).toMatchObject({ url: 'postgres://bench@127.0.0.1:1/postgres' })
    } finally {
      if (saved === undefined) delete process.env.BENCH_DATABASE_URL
      else process.env.BENCH_DATABASE_URL = saved
    }
  })
})
