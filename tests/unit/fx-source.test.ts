import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convertAmount, isRate, MAX_RATE_DIGITS } from '../../schema/money/currency'
import { checkFxDay, crossRate, type FxDay } from '../../schema/money/fx-source'

const CODES = ['USD', 'INR', 'AED', 'EUR', 'GBP', 'JPY', 'SGD', 'SAR', 'BHD', 'KWD', 'IDR', 'VND']

/** A source's rate: a positive decimal of up to 10 significant digits, from 1e-4 to 1e6. */
const sourceRateArb = fc
  .tuple(fc.integer({ min: 1, max: 9_999_999_999 }), fc.integer({ min: -13, max: 0 }))
  .map(([digits, exponent]) => Number(`${digits}e${exponent}`))
  .filter((r) => r >= 1e-4 && r <= 1e6)

const dayArb: fc.Arbitrary<FxDay> = fc
  .tuple(fc.constantFrom(...CODES), fc.dictionary(fc.constantFrom(...CODES), sourceRateArb, { minKeys: 2 }))
  .map(([base, rates]) => ({ base, date: '2026-11-27', rates: { ...rates, [base]: 1 } }))

const pairArb = dayArb.chain((day) => {
  const codes = Object.keys(day.rates)
  return fc.tuple(fc.constant(day), fc.constantFrom(...codes), fc.constantFrom(...codes))
})

/** |a − b| within `digits` significant digits of b (half a unit of the last one, plus float slack). */
const closeTo = (a: number, b: number, relative: number) => Math.abs(a - b) <= relative * Math.abs(b)

describe('the rate source shape', () => {
  it('accepts the documented example and sets the base to 1', () => {
    const checked = checkFxDay({ base: 'USD', date: '2026-11-27', rates: { INR: 83.2, AED: 3.6725 } })
    expect(checked).toEqual({
      ok: true,
      value: { base: 'USD', date: '2026-11-27', rates: { INR: 83.2, AED: 3.6725, USD: 1 } },
    })
  })

  it('accepts every day of known codes and positive rates, keeping them exactly', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const checked = checkFxDay(JSON.parse(JSON.stringify(day)))
        expect(checked).toEqual({ ok: true, value: day })
      }),
    )
  })

  it('keeps a rate to ten significant digits', () => {
    const checked = checkFxDay({ base: 'USD', date: '2026-11-27', rates: { INR: 83.123456789123 } })
    expect(checked.ok && checked.value.rates.INR).toBe(83.12345679)
  })

  it('refuses the whole day when any one rate is bad, naming it', () => {
    const badArb = fc.constantFrom<unknown>(0, -1, -83.2, 'NaN', '83.2', null, true, [], {}, Infinity)
    fc.assert(
      fc.property(dayArb, badArb, (day, bad) => {
        const victim = Object.keys(day.rates).find((c) => c !== day.base)!
        const checked = checkFxDay({ ...day, rates: { ...day.rates, [victim]: bad } })
        expect(checked).toMatchObject({ ok: false, field: `rates.${victim}` })
      }),
    )
  })

  it('refuses wrong shapes, unknown codes and days that do not exist', () => {
    const good = { base: 'USD', date: '2026-11-27', rates: { INR: 83.2 } }
    const refused: [unknown, string][] = [
      [null, 'body'],
      ['83.2', 'body'],
      [[good], 'body'],
      [{ ...good, base: undefined }, 'base'],
      [{ ...good, base: 'usd' }, 'base'],
      [{ ...good, base: 'XYZ' }, 'base'],
      [{ ...good, date: '27/11/2026' }, 'date'],
      [{ ...good, date: '2026-02-29' }, 'date'],
      [{ ...good, rates: [83.2] }, 'rates'],
      [{ ...good, rates: {} }, 'rates'],
      [{ ...good, rates: { INR: 83.2, BTC: 0.00001 } }, 'rates.BTC'],
      [{ ...good, rates: { INR: 83.2, USD: 2 } }, 'rates.USD'],
    ]
    for (const [body, field] of refused) expect(checkFxDay(body)).toMatchObject({ ok: false, field })
    expect(checkFxDay({ ...good, date: '2028-02-29' }).ok).toBe(true)
  })
})

describe('cross rates through the base', () => {
  it('divides exactly: USD→INR is the source rate, AED→INR is INR / AED to ten digits', () => {
    const day = { rates: { USD: 1, INR: 83.2, AED: 3.6725 } }
    expect(crossRate(day, 'USD', 'INR')).toBe(83.2)
    expect(crossRate(day, 'AED', 'INR')).toBe(22.65486726)
    expect(crossRate(day, 'INR', 'USD')).toBe(0.01201923077)
    expect(crossRate(day, 'INR', 'INR')).toBeNull()
    expect(crossRate(day, 'INR', 'JPY')).toBeNull()
  })

  it('rounds half away from zero at the tenth digit, on the exact quotient', () => {
    // 1 / 8 = 0.125 exactly; 2 / 3 = 0.6666666666… → 0.6666666667; 1/16 → 0.0625 exactly.
    expect(crossRate({ rates: { A: 8, B: 1 } }, 'A', 'B')).toBe(0.125)
    expect(crossRate({ rates: { A: 3, B: 2 } }, 'A', 'B')).toBe(0.6666666667)
    // 1.0000000005 is a tie at ten digits: away from zero.
    expect(crossRate({ rates: { A: 2, B: 2.000000001 } }, 'A', 'B')).toBe(1.000000001)
    expect(crossRate({ rates: { A: 1, B: 1.0000000005 } }, 'A', 'B')).toBe(1.000000001)
  })

  it('from the base is the source rate itself', () => {
    fc.assert(
      fc.property(pairArb, ([day, , to]) => {
        const rate = crossRate(day, day.base, to)
        if (to === day.base) expect(rate).toBeNull()
        else expect(rate).toBe(isRate(day.rates[to]) ? day.rates[to] : null)
      }),
    )
  })

  it('is a Rate within half a unit of its tenth digit of the true quotient, or none', () => {
    fc.assert(
      fc.property(pairArb, ([day, from, to]) => {
        const rate = crossRate(day, from, to)
        const exact = day.rates[to]! / day.rates[from]!
        if (from === to) expect(rate).toBeNull()
        else if (rate === null) expect(exact < 1e-6 * 1.001 || exact > 1e5 * 0.999).toBe(true)
        else {
          expect(isRate(rate)).toBe(true)
          expect(closeTo(rate, exact, 0.5 * 10 ** (1 - MAX_RATE_DIGITS) + 1e-15)).toBe(true)
        }
      }),
    )
  })

  it('does not depend on the unit of the base: every rate ×10^k gives the same cross rates', () => {
    fc.assert(
      fc.property(pairArb, fc.integer({ min: -3, max: 3 }), ([day, from, to], k) => {
        const scaled = Object.fromEntries(Object.entries(day.rates).map(([c, r]) => [c, Number(`${r}e${k}`)]))
        expect(crossRate({ rates: scaled }, from, to)).toBe(crossRate(day, from, to))
      }),
    )
  })

  it('there and back again comes home within two rounding steps', () => {
    fc.assert(
      fc.property(pairArb, ([day, from, to]) => {
        const there = crossRate(day, from, to)
        const back = crossRate(day, to, from)
        fc.pre(there !== null && back !== null)
        expect(closeTo(there * back, 1, 2e-9)).toBe(true)
      }),
    )
  })

  it('converts an amount as currency.ts does at the offered rate', () => {
    const day = { rates: { USD: 1, INR: 83.2, AED: 3.6725, JPY: 150 } }
    const aedInr = crossRate(day, 'AED', 'INR')!
    expect(convertAmount(100_00, 'AED', 'INR', aedInr)).toBe(2265_49)
    expect(convertAmount(1000_00, 'INR', 'JPY', crossRate(day, 'INR', 'JPY')!)).toBe(1803_00)
  })
})
