import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amountText,
  convertAmount,
  currencyDigits,
  entryCurrency,
  inHome,
  isCurrencyCode,
  isRate,
  moneyEntryOf,
  parseAmountIn,
  parseRate,
  storedDigits,
  sumInHome,
  type MoneyEntry,
} from '../../schema/money/currency'
import { CURRENCY_CODES } from '../../schema/money/money'

const CODES = [...CURRENCY_CODES, 'BHD', 'KWD']

/** A rate with at most 10 significant digits, as a user or a rate source gives it. */
const rateArb = fc
  .tuple(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: -10, max: -2 }))
  .map(([digits, exponent]) => Number(`${digits}e${exponent}`))
  .filter(isRate)

const amountIn = (code: string) =>
  fc
    .integer({ min: 1, max: 10 ** (8 - storedDigits(code) + currencyDigits(code)) })
    .map((own) => own * 10 ** (storedDigits(code) - currencyDigits(code)))

describe('currency digits', () => {
  it.each([
    ['JPY', 0, 2],
    ['INR', 2, 2],
    ['USD', 2, 2],
    ['AED', 2, 2],
    ['BHD', 3, 3],
  ])('%s has %i own digits and is stored with %i', (code, own, stored) => {
    expect(currencyDigits(code)).toBe(own)
    expect(storedDigits(code)).toBe(stored)
  })

  it('knows ISO codes and refuses others', () => {
    expect(isCurrencyCode('USD')).toBe(true)
    expect(isCurrencyCode('usd')).toBe(false)
    expect(isCurrencyCode('US')).toBe(false)
  })

  it.each([
    ['11.80', 'USD', 1180],
    ['1,25,000', 'INR', 12500000],
    ['500', 'JPY', 50000],
    ['500.5', 'JPY', 50100],
    ['0.125', 'BHD', 125],
    ['0.1255', 'BHD', 126],
    ['1.005', 'INR', 101],
  ])('reads %s %s as %i stored units', (text, code, stored) => {
    expect(parseAmountIn(text, code)).toBe(stored)
  })

  it.each(['', 'abc', '1.2.3', '--1'])('refuses %j', (text) => {
    expect(parseAmountIn(text, 'USD')).toBeNull()
  })

  it('writes an amount in its own digits and reads it back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.integer({ min: 0, max: 10 ** 9 }), (code, own) => {
        const stored = own * 10 ** (storedDigits(code) - currencyDigits(code))
        const text = amountText(stored, code)
        const decimals = text.split('.')[1] ?? ''
        expect(decimals.length).toBe(currencyDigits(code))
        expect(parseAmountIn(text, code)).toBe(stored)
      }),
    )
  })
})

describe('rates', () => {
  it.each([
    ['83.25', 83.25],
    ['0.0442', 0.0442],
    ['1', 1],
    ['1,000', 1000],
  ])('reads %s', (text, rate) => {
    expect(parseRate(text)).toBe(rate)
  })

  it.each(['', '0', '-3', 'abc', '1e3', '12345678901', '0.0000001'])('refuses %j', (text) => {
    expect(parseRate(text)).toBeNull()
  })

  it('keeps at most 10 significant digits', () => {
    expect(isRate(83.12345678)).toBe(true)
    expect(isRate(83.123456789)).toBe(false)
    expect(isRate(0)).toBe(false)
    expect(isRate(Number.NaN)).toBe(false)
  })
})

describe('conversion', () => {
  it.each([
    [1180, 'USD', 'INR', 83.25, 98235],
    [1180, 'USD', 'AED', 3.6725, 4334],
    [50000, 'INR', 'AED', 0.0442, 2210],
    [1000, 'USD', 'JPY', 150.5, 150500],
    [1050, 'USD', 'JPY', 150, 157500],
    [1003, 'USD', 'JPY', 150, 150500],
    [100, 'JPY', 'INR', 0.555, 56],
    [125, 'BHD', 'INR', 220.1, 2751],
  ])('%i %s → %s at %d is %i', (amount, from, to, rate, expected) => {
    expect(convertAmount(amount, from, to, rate)).toBe(expected)
  })

  it('rounds half away from zero', () => {
    // 1 cent at 0.5 is half a paisa: rounds up, and down for a negative amount.
    expect(convertAmount(1, 'USD', 'INR', 0.5)).toBe(1)
    expect(convertAmount(-1, 'USD', 'INR', 0.5)).toBe(-1)
    expect(convertAmount(3, 'USD', 'INR', 0.5)).toBe(2)
  })

  it('an amount in the home currency converts to itself exactly, whatever rate it carries', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CODES),
        fc.integer({ min: 0, max: 1e12 }),
        fc.option(rateArb),
        (code, amount, rate) => {
          expect(inHome({ amount, currency: code, rate }, code)).toBe(amount)
          expect(convertAmount(amount, code, code, rate ?? 1)).toBe(amount)
        },
      ),
    )
  })

  /** The conversion is within the amounts the app holds (beyond them convertAmount refuses: tested below). */
  const withinHeld = (amount: number, from: string, to: string, rate: number) =>
    (amount / 10 ** storedDigits(from)) * rate * 10 ** storedDigits(to) < Number.MAX_SAFE_INTEGER / 2

  it('results are whole units of the target currency (whole yen), and integers', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.constantFrom(...CODES), rateArb, fc.nat(1e8), (from, to, rate, n) => {
        const amount = n * 10 ** (storedDigits(from) - currencyDigits(from))
        fc.pre(withinHeld(amount, from, to, rate))
        const out = convertAmount(amount, from, to, rate)
        expect(Number.isSafeInteger(out)).toBe(true)
        expect(out % 10 ** (storedDigits(to) - currencyDigits(to))).toBe(0)
      }),
    )
  })

  it('refuses an amount whose conversion is beyond the amounts the app holds, rather than losing digits', () => {
    expect(() => convertAmount(9_999_998_100, 'JPY', 'KWD', 90_072.01)).toThrow(RangeError)
    expect(() => convertAmount(Number.MAX_SAFE_INTEGER, 'USD', 'INR', 100)).toThrow(RangeError)
  })

  it('round-trips within one minor unit where the target unit is no coarser than the source', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.constantFrom(...CODES), rateArb, fc.nat(1e8), (from, to, rate, n) => {
        const unitFrom = 10 ** (storedDigits(from) - currencyDigits(from))
        const unitTo = 10 ** (storedDigits(to) - currencyDigits(to))
        // One minor unit of `to`, in units of `from`, must not exceed one of `from`.
        fc.pre(10 ** -currencyDigits(to) / rate <= 10 ** -currencyDigits(from))
        const back = 1 / rate
        fc.pre(isRate(Number(back.toPrecision(10))))
        const amount = n * unitFrom
        fc.pre(withinHeld(amount, from, to, rate))
        const there = convertAmount(amount, from, to, rate)
        const again = convertAmount(there, to, from, Number(back.toPrecision(10)))
        expect(Math.abs(again - amount)).toBeLessThanOrEqual(unitFrom)
        expect(there % unitTo).toBe(0)
      }),
    )
  })
})

describe('sums in the home currency', () => {
  const entryArb = fc
    .constantFrom(...CODES)
    .chain((currency) =>
      fc.record({ amount: amountIn(currency), currency: fc.constant(currency), rate: fc.option(rateArb) }),
    )

  it('the total is the sum of the converted entries; those with no rate are listed, never counted 1:1', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.array(entryArb, { maxLength: 30 }), (home, entries) => {
        const { total, notConverted } = sumInHome(entries, home)
        let expected = 0
        const missing: number[] = []
        entries.forEach((e: MoneyEntry, i) => {
          if (e.currency === home) expected += e.amount
          else if (e.rate === null) missing.push(i)
          else expected += convertAmount(e.amount, e.currency, home, e.rate)
        })
        expect(total).toBe(expected)
        expect(notConverted).toEqual(missing)
      }),
    )
  })

  it('splitting the entries in two parts gives the same total', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CODES),
        fc.array(entryArb, { maxLength: 30 }),
        fc.nat(30),
        (home, entries, cut) => {
          const whole = sumInHome(entries, home)
          const a = sumInHome(entries.slice(0, cut), home)
          const b = sumInHome(entries.slice(cut), home)
          expect(a.total + b.total).toBe(whole.total)
          expect(a.notConverted.length + b.notConverted.length).toBe(whole.notConverted.length)
        },
      ),
    )
  })
})

describe('the currency of a stored entry', () => {
  it('is its own, else the pinned legacy currency, else the home currency', () => {
    expect(entryCurrency({ currency: 'USD' }, { currency: 'AED', legacyCurrency: 'INR' })).toBe('USD')
    expect(entryCurrency({}, { currency: 'AED', legacyCurrency: 'INR' })).toBe('INR')
    expect(entryCurrency({}, { currency: 'AED' })).toBe('AED')
    expect(moneyEntryOf({ amount: 5, fxRate: null }, { currency: 'INR' })).toEqual({
      amount: 5,
      currency: 'INR',
      rate: null,
    })
  })
})
