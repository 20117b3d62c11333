import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FxDay } from '../../schema/money/fx-source'
import { JobLease } from '../../sync-server/db/jobs'
import { FxRatesJob } from '../../sync-server/jobs/fx-rates'
import { createTestApp, register } from './helpers'
import type { TestApp } from './helpers'

/** A local server playing the rate source: each request is answered by `answer`. */
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end()
let hits = 0
let source: Server
let sourceUrl = ''

const json =
  (body: unknown, status = 200) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }

const DAY1 = { base: 'USD', date: '2026-11-26', rates: { INR: 83.2, AED: 3.6725, EUR: 0.92 } }
const DAY2 = { base: 'USD', date: '2026-11-27', rates: { INR: 83.45, AED: 3.6725, JPY: 151.2 } }

beforeAll(async () => {
  source = createServer((req, res) => {
    hits += 1
    answer(req, res)
  })
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/rates.json`
})
afterAll(async () => {
  source.closeAllConnections()
  await new Promise((resolve) => source.close(resolve))
})

async function latest(t: TestApp, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : {}
  return t.app.inject({ url: '/api/fx/latest', headers })
}

describe('the daily rate source (FX_RATES_URL)', () => {
  let t: TestApp
  beforeAll(async () => {
    answer = json(DAY1)
    hits = 0
    t = await createTestApp({ FX_RATES_URL: sourceUrl })
    // Ready, so its start-up round has begun: a first request making it ready later would start
    // that round during a later test, which could fetch the day before the test's answer is set.
    await t.app.ready()
  })
  afterAll(async () => {
    await t.close()
  })

  it('fetches at start-up, stores the day and serves it to signed-in devices', async () => {
    expect(t.app.fxRatesJob).not.toBeNull()
    // The start-up round runs in the background; check() joins it (or runs one).
    await t.app.fxRatesJob!.check()
    expect(hits).toBeGreaterThanOrEqual(1)
    const s = await register(t.app)
    const res = await latest(t, s.token)
    expect(res.statusCode).toBe(200)
    expect(res.json<FxDay>()).toEqual({ ...DAY1, rates: { ...DAY1.rates, USD: 1 } })
  })

  it('a second day adds its rows and keeps the first', async () => {
    answer = json(DAY2)
    expect(await t.app.fxRatesJob!.check()).toEqual({ stored: '2026-11-27' })
    expect(await t.app.fxRates.dates()).toEqual(['2026-11-26', '2026-11-27'])
    expect((await t.app.fxRates.day('2026-11-26'))?.rates.INR).toBe(83.2)
    const s = await register(t.app)
    expect((await latest(t, s.token)).json<FxDay>().rates.INR).toBe(83.45)
  })

  const bad: [string, (req: IncomingMessage, res: ServerResponse) => void, RegExp][] = [
    ['an HTTP error', json({ error: 'down' }, 503), /HTTP 503/],
    ['not JSON', json('<html>rate limited</html>'), /not JSON/],
    ['an array', json([DAY2]), /wrong shape/],
    ['no rates', json({ base: 'USD', date: '2026-11-28' }), /wrong shape: rates/],
    ['empty rates', json({ base: 'USD', date: '2026-11-28', rates: {} }), /no rates/],
    ['a negative rate', json({ ...DAY2, date: '2026-11-28', rates: { INR: -83 } }), /rates\.INR/],
    ['a zero rate', json({ ...DAY2, date: '2026-11-28', rates: { INR: 84, AED: 0 } }), /rates\.AED/],
    ['a NaN rate', json('{"base":"USD","date":"2026-11-28","rates":{"INR":"NaN"}}'), /rates\.INR/],
    ['a null rate', json({ ...DAY2, date: '2026-11-28', rates: { INR: null } }), /rates\.INR/],
    ['an unknown code', json({ ...DAY2, date: '2026-11-28', rates: { INR: 84, XYZ: 2 } }), /unknown currency/],
    ['an unknown base', json({ ...DAY2, date: '2026-11-28', base: 'usd' }), /base/],
    ['a date that is no day', json({ ...DAY2, date: '2026-02-30' }), /date/],
  ]
  for (const [what, reply, logged] of bad) {
    it(`keeps the old rates and logs when the source answers ${what}`, async () => {
      answer = reply
      const warn = vi.spyOn(t.app.log, 'warn')
      try {
        expect(await t.app.fxRatesJob!.check()).toMatchObject({ kept: '2026-11-27' })
        expect(warn).toHaveBeenCalledTimes(1)
        const line = String(warn.mock.calls[0]?.[1])
        expect(line).toMatch(logged)
        expect(line).toContain('keeping the rates of 2026-11-27')
      } finally {
        warn.mockRestore()
      }
      expect(await t.app.fxRates.dates()).toEqual(['2026-11-26', '2026-11-27'])
      expect((await t.app.fxRates.latest())?.rates).toEqual({ ...DAY2.rates, USD: 1 })
    })
  }

  it('keeps the old rates and logs when the source does not answer in time, or is not there', async () => {
    answer = () => {} // never answers
    const warn = vi.fn()
    const log = { info: vi.fn(), warn, error: vi.fn() }
    const lease = () => new JobLease(t.app.db, 'fx-rates-test', Date.now, 60_000)
    const slow = new FxRatesJob({ url: sourceUrl, rates: t.app.fxRates, log, lease: lease(), timeoutMs: 200 })
    expect(await slow.check()).toMatchObject({ kept: '2026-11-27' })
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/did not answer within 0.2 s; keeping the rates of 2026-11-27/)
    const gone = new FxRatesJob({ url: 'http://127.0.0.1:1/rates.json', rates: t.app.fxRates, log, lease: lease() })
    expect(await gone.check()).toMatchObject({ kept: '2026-11-27' })
    expect(String(warn.mock.calls[1]?.[1])).toMatch(/could not be reached/)
    expect(await t.app.fxRates.dates()).toEqual(['2026-11-26', '2026-11-27'])
  })

  it('asks for a signed-in user', async () => {
    expect((await latest(t)).statusCode).toBe(401)
    expect((await latest(t, 'not-a-token')).statusCode).toBe(401)
  })
})

describe('with no rate source', () => {
  it('fetches nothing and answers devices with no rates', async () => {
    hits = 0
    const t = await createTestApp()
    try {
      expect(t.config.fxRatesUrl).toBeUndefined()
      expect(t.app.fxRatesJob).toBeNull()
      const s = await register(t.app)
      const res = await latest(t, s.token)
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
      expect(hits).toBe(0)
    } finally {
      await t.close()
    }
  })

  it('refuses a source that is not an http(s) URL', async () => {
    await expect(createTestApp({ FX_RATES_URL: 'ftp://rates.example/x' })).rejects.toThrow(/FX_RATES_URL/)
  })
})
