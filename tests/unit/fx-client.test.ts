import fc from 'fast-check'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { pickRateOffer, type RateOffer } from '../../schema/money/fx-source'

/** The device's storage, and the server as `fetch` sees it. */
let store: Map<string, string>
let answers: (() => Response | Promise<Response>)[]
let calls: string[]

beforeEach(() => {
  vi.resetModules()
  store = new Map([['hisaab.token', 'token-1']])
  answers = []
  calls = []
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  })
  vi.stubGlobal('sessionStorage', { getItem: () => null })
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url)
    const next = answers.shift()
    return next ? next() : Promise.reject(new TypeError('Failed to fetch'))
  })
})

const day = (date: string, INR: number) => ({ base: 'USD', date, rates: { USD: 1, INR, AED: 3.6725 } })
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 })
const noContent = () => new Response(null, { status: 204 })
const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 27, 6)

describe('the daily rates on the device', () => {
  it('fetches once, keeps the day for offline use and asks again only after a day', async () => {
    const { refreshFxRates, cachedFxDay, dailyRateOffer } = await import('../../src/data/fx-rates')
    answers.push(ok(day('2026-11-27', 83.2)))
    expect(await refreshFxRates(T0)).toEqual(day('2026-11-27', 83.2))
    expect(calls).toEqual(['/api/fx/latest'])
    expect(await refreshFxRates(T0 + 23 * HOUR)).toEqual(day('2026-11-27', 83.2))
    expect(calls).toHaveLength(1)
    expect(dailyRateOffer('AED', 'INR')).toEqual({ rate: 22.65486726, from: 'daily', day: '2026-11-27' })
    expect(dailyRateOffer('INR', 'INR')).toBeNull()
    expect(dailyRateOffer('GBP', 'INR')).toBeNull()

    // A new page (module) reads the kept copy without asking the server.
    vi.resetModules()
    const again = await import('../../src/data/fx-rates')
    expect(again.cachedFxDay()).toEqual(cachedFxDay())
    answers.push(ok(day('2026-11-28', 83.4)))
    expect((await again.refreshFxRates(T0 + 25 * HOUR))?.date).toBe('2026-11-28')
    expect(calls).toHaveLength(2)
  })

  it('offline, or with a day it cannot read, keeps the day it has', async () => {
    const { refreshFxRates } = await import('../../src/data/fx-rates')
    answers.push(ok(day('2026-11-27', 83.2)))
    await refreshFxRates(T0)
    // No answer at all (offline): the kept day, no throw, and no retry for a few minutes.
    expect(await refreshFxRates(T0 + 25 * HOUR)).toEqual(day('2026-11-27', 83.2))
    expect(await refreshFxRates(T0 + 25 * HOUR + 60_000)).toEqual(day('2026-11-27', 83.2))
    expect(calls).toHaveLength(1 + 1)
    answers.push(ok({ base: 'USD', date: '2026-11-28', rates: { INR: -1 } }))
    expect(await refreshFxRates(T0 + 26 * HOUR)).toEqual(day('2026-11-27', 83.2))
    expect(calls).toHaveLength(3)
  })

  it('a server with no source (204) leaves no rates to offer', async () => {
    const { refreshFxRates, dailyRateOffer } = await import('../../src/data/fx-rates')
    answers.push(noContent)
    expect(await refreshFxRates(T0)).toBeNull()
    expect(dailyRateOffer('USD', 'INR')).toBeNull()
    expect(JSON.parse(store.get('hisaab.fxRates')!)).toEqual({ day: null, checkedAt: T0 })
  })

  it('never asks the server without a session', async () => {
    store.delete('hisaab.token')
    const { refreshFxRates } = await import('../../src/data/fx-rates')
    expect(await refreshFxRates(T0)).toBeNull()
    expect(calls).toHaveLength(0)
  })
})

describe('which rate a form offers', () => {
  const dayArb = fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10))
  const offerArb = (from: RateOffer['from']) =>
    fc.record({ rate: fc.double({ min: 0.01, max: 1000, noNaN: true }), from: fc.constant(from), day: dayArb })

  it('the newer by day; on the same day the user’s own; either alone when only one is known', () => {
    fc.assert(
      fc.property(fc.option(offerArb('yours')), fc.option(offerArb('daily')), (yours, daily) => {
        const picked = pickRateOffer(yours, daily)
        if (!yours || !daily) expect(picked).toBe(yours ?? daily)
        else {
          expect([yours, daily]).toContain(picked)
          expect(picked!.day >= (picked === yours ? daily.day : yours.day)).toBe(true)
          if (yours.day === daily.day) expect(picked).toBe(yours)
        }
      }),
    )
  })
})
