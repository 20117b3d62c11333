import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CURRENCIES,
  formatCompactMoney,
  formatDecimal,
  formatMoney,
  fromPaise,
  groupDigits,
  groupIndian,
  groupThousands,
  sumPaise,
  toPaise,
} from '../../schema/money/money'

const SHOWN = CURRENCIES.map((c) => ({ ...c, symbol: formatMoney(0, c.code).slice(0, -1) }))

describe('toPaise', () => {
  it.each([
    ['500', 50000],
    ['99.5', 9950],
    ['99.50', 9950],
    ['0.01', 1],
    ['1,25,000', 12500000],
    ['1,25,000.75', 12500075],
    ['  42 ', 4200],
    ['1.005', 101],
    ['-12.34', -1234],
    ['.5', 50],
  ])('reads %s as %i paise', (input, expected) => {
    expect(toPaise(input)).toBe(expected)
  })

  it('has no float drift on 0.1 + 0.2 and friends', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30)
    expect(toPaise(1.1 * 3)).toBe(330)
    expect(toPaise(19.99)).toBe(1999)
    expect(toPaise(0.07)).toBe(7)
    expect(toPaise(1e-7)).toBe(0)
  })

  it.each(['', '.', '-', 'abc', '1.2.3', '12abc', '₹', 'NaN'])('refuses %j', (input) => {
    expect(toPaise(input)).toBeNull()
  })
  it('refuses non-finite numbers', () => {
    expect(toPaise(Number.NaN)).toBeNull()
    expect(toPaise(Number.POSITIVE_INFINITY)).toBeNull()
  })

  it('round-trips every two-decimal amount through fromPaise exactly', () => {
    // Invariant over a dense sample, including the awkward float cents.
    for (let paise = 0; paise < 200_000; paise += 7) {
      expect(toPaise(fromPaise(paise))).toBe(paise)
      expect(toPaise(formatDecimal(paise))).toBe(paise)
    }
    for (const big of [10_000_000_00, 100_000_000_00, 123_456_789_01]) {
      expect(toPaise(fromPaise(big))).toBe(big)
    }
  })

  it('always returns an integer within half a paisa of the rupees given', () => {
    // Seeded, so a failure reproduces; fast-check prints the shrunk counterexample.
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (n) => {
        const p = toPaise(n)
        expect(Number.isInteger(p)).toBe(true)
        expect(Math.abs(p! / 100 - n)).toBeLessThanOrEqual(0.005 + 1e-9)
      }),
      { seed: 20261123, numRuns: 2000 },
    )
  })
})

describe('formatMoney', () => {
  it('groups digits the Indian way', () => {
    expect(formatMoney(12500000)).toBe('₹1,25,000')
    expect(formatMoney(1000000000)).toBe('₹1,00,00,000')
    expect(formatMoney(99900)).toBe('₹999')
    expect(formatMoney(0)).toBe('₹0')
  })
  it('shows rupees with no decimals, rounding half up', () => {
    expect(formatMoney(12349)).toBe('₹123')
    expect(formatMoney(12350)).toBe('₹124')
  })
  it('keeps the paise an amount has only when asked (exact), never ".00"', () => {
    expect(formatMoney(12350, 'INR', { exact: true })).toBe('₹123.50')
    expect(formatMoney(4_69_46_47_12, 'INR', { exact: true })).toBe('₹46,94,647.12')
    expect(formatMoney(4_69_46_47_12)).toBe('₹46,94,647')
    expect(formatMoney(2_400_00, 'INR', { exact: true })).toBe('₹2,400')
    expect(formatMoney(-5, 'INR', { exact: true })).toBe('-₹0.05')
  })
  it('signs amounts', () => {
    expect(formatMoney(-50000)).toBe('-₹500')
    expect(formatMoney(50000, 'INR', { signed: true })).toBe('+₹500')
    expect(formatMoney(0, 'INR', { signed: true })).toBe('₹0')
  })
  it('uses the currency symbol', () => {
    expect(formatMoney(100, 'USD')).toBe('$1')
    expect(formatMoney(100, 'AED')).toBe('د.إ\u200E1')
    // A left-to-right mark keeps the digits out of an Arabic symbol's right-to-left run, and only there.
    expect(formatMoney(-250_000, 'SAR')).toBe('-﷼\u200E2,500')
    expect(CURRENCIES.filter((c) => formatMoney(100, c.code).includes('\u200E')).map((c) => c.code)).toEqual([
      'AED',
      'SAR',
    ])
    expect(formatMoney(100, 'nope')).toBe('₹1')
  })
  it('knows the ten currencies, INR first', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual([
      'INR',
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'AUD',
      'CAD',
      'SGD',
      'AED',
      'SAR',
    ])
  })
})

// The formatting is done by hand (a first Intl.NumberFormat is slow on phones); Intl stays the reference.
describe('money formatting matches Intl en-IN', () => {
  const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })
  const twoPlaces = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const upToTwo = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })
  const paise = fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 })

  it('groups whole numbers as Intl does', () => {
    fc.assert(fc.property(fc.nat(Number.MAX_SAFE_INTEGER), (n) => groupIndian(n) === whole.format(n)))
    for (const n of [0, 9, 999, 1000, 99_999, 1_00_000, 12_34_567, 1_00_00_000])
      expect(groupIndian(n)).toBe(whole.format(n))
  })

  it('formats whole rupees and two-place amounts as Intl does', () => {
    fc.assert(
      fc.property(paise, (p) => {
        const sign = p < 0 ? '-' : ''
        expect(formatMoney(p)).toBe(`${sign}₹${whole.format(Math.floor((Math.abs(p) + 50) / 100))}`)
        const exact = p % 100 === 0 ? whole.format(Math.abs(p) / 100) : twoPlaces.format(Math.abs(p) / 100)
        expect(formatMoney(p, 'INR', { exact: true })).toBe(`${sign}₹${exact}`)
      }),
    )
  })

  it('formats compact lakh and crore figures as Intl does', () => {
    fc.assert(
      fc.property(paise, (p) => {
        const text = formatCompactMoney(p)
        const match = /^-?₹([\d,.]+) (L|Cr)$/.exec(text)
        if (!match) return
        const units = Math.round(Math.abs(p) / 100)
        const scaled = match[2] === 'L' ? Math.round(units / 1000) / 100 : Math.round(units / 1_00_000) / 100
        expect(match[1]).toBe(upToTwo.format(scaled))
      }),
    )
  })
})

describe('sumPaise', () => {
  it('adds integers exactly where floats would drift', () => {
    const parts = Array.from({ length: 1000 }, () => 10) // 1000 × ₹0.10
    expect(sumPaise(parts)).toBe(10000)
    expect(parts.reduce((a) => a + 0.1, 0)).not.toBe(100) // the float version drifts
  })
})

describe('formatCompactMoney', () => {
  it('uses lakh and crore units and keeps smaller figures whole', () => {
    expect(formatCompactMoney(18_500_000)).toBe('₹1.85 L')
    expect(formatCompactMoney(1_006_154_300)).toBe('₹1.01 Cr')
    expect(formatCompactMoney(987_654_321)).toBe('₹98.77 L')
    expect(formatCompactMoney(999_999_900)).toBe('₹1 Cr')
    expect(formatCompactMoney(9_999_900)).toBe('₹99,999')
    expect(formatCompactMoney(-18_500_000, 'INR', { signed: true })).toBe('-₹1.85 L')
    expect(formatCompactMoney(18_500_000, 'USD', { signed: true })).toBe('+$185K')
  })

  it('is within half a hundredth of its unit of the exact figure and stays short', () => {
    for (let paise = 1; paise < 1e13; paise = Math.floor(paise * 1.7) + 13) {
      const text = formatCompactMoney(paise)
      const unit = text.endsWith(' Cr') ? 1e9 : text.endsWith(' L') ? 1e7 : 0
      if (unit === 0) {
        expect(text).toBe(formatMoney(paise))
        continue
      }
      const shown = Number(text.replace(/[₹, LCr]/g, ''))
      expect(Math.abs(shown * unit - paise)).toBeLessThanOrEqual(unit / 200 + 50)
      if (unit === 1e7) expect(shown).toBeLessThan(100)
    }
  })
})

// Lakh and crore are the rupee's: a dollar figure grouped "1,20,000" reads wrong to anyone outside India.
describe('money display across currencies', () => {
  // As written before a figure (an Arabic-script symbol carries a left-to-right mark).
  const OTHERS = SHOWN.filter((c) => c.code !== 'INR')
  const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
  const thousandsTwoPlaces = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const paise = fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 })
  const other = fc.constantFrom(...OTHERS)

  it('groups only the rupee in lakhs and crores', () => {
    expect(formatMoney(12_000_000, 'INR')).toBe('₹1,20,000')
    expect(formatMoney(12_000_000, 'USD')).toBe('$120,000')
    expect(formatMoney(987_654_321, 'EUR')).toBe('€9,876,543')
    expect(formatMoney(987_654_321, 'AED')).toBe('د.إ\u200E9,876,543')
    expect(formatMoney(12_000_000, 'nope')).toBe('₹1,20,000')
    expect(groupThousands(1_234_567)).toBe('1,234,567')
    expect(groupDigits(1_234_567, 'INR')).toBe('12,34,567')
  })

  it('formats every other currency as Intl en-US does, whole and exact', () => {
    fc.assert(
      fc.property(paise, other, (p, { code, symbol }) => {
        const sign = p < 0 ? '-' : ''
        const abs = Math.abs(p)
        expect(formatMoney(p, code)).toBe(`${sign}${symbol}${thousands.format(Math.floor((abs + 50) / 100))}`)
        const exact =
          abs % 100 === 0 || code === 'JPY'
            ? thousands.format(Math.floor((abs + 50) / 100))
            : thousandsTwoPlaces.format(abs / 100)
        expect(formatMoney(p, code, { exact: true })).toBe(`${sign}${symbol}${exact}`)
      }),
      { seed: 20261126, numRuns: 3000 },
    )
  })

  it('never shows a lakh group outside INR, and the yen never shows decimals', () => {
    fc.assert(
      fc.property(paise, other, fc.boolean(), (p, { code, symbol }, exact) => {
        const digits = formatMoney(p, code, { exact }).replace(/^[-+]/, '').slice(symbol.length)
        expect(digits).toMatch(/^\d{1,3}(,\d{3})*(\.\d{2})?$/)
        if (code === 'JPY') expect(digits).not.toContain('.')
      }),
      { seed: 20261127, numRuns: 3000 },
    )
  })

  it('reads back as the amount: whole units within half a unit, exact to the paisa', () => {
    fc.assert(
      fc.property(paise, fc.constantFrom(...SHOWN), (p, { code, symbol }) => {
        const read = (text: string) => toPaise(text.replace(symbol, '').replace(/,/g, ''))!
        expect(Math.abs(read(formatMoney(p, code)) - p)).toBeLessThanOrEqual(50)
        if (code !== 'JPY') expect(read(formatMoney(p, code, { exact: true }))).toBe(p === 0 ? 0 : p)
      }),
      { seed: 20261128, numRuns: 3000 },
    )
  })

  it('shortens other currencies to K, M and B (never L or Cr), as Intl en-US compact does', () => {
    expect(formatCompactMoney(18_500_000, 'USD')).toBe('$185K')
    expect(formatCompactMoney(1_006_154_300, 'GBP')).toBe('£10.06M')
    expect(formatCompactMoney(99_999_950, 'USD')).toBe('$1M')
    expect(formatCompactMoney(9_999_900, 'USD')).toBe('$99,999')
    expect(formatCompactMoney(123_456_789_000, 'SGD')).toBe('S$1.23B')
    const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 900_000_000_000 }), other, (p, { code, symbol }) => {
        const text = formatCompactMoney(p, code)
        expect(text).not.toMatch(/ (L|Cr)$/)
        const units = Math.round(p / 100)
        if (units >= 1_00_000) expect(text).toBe(`${symbol}${compact.format(units)}`)
      }),
      { seed: 20261129, numRuns: 3000 },
    )
  })
})
