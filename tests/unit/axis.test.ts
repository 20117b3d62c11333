import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { niceCeil } from '../../schema/calc/axis'

describe('niceCeil', () => {
  it('rounds up to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceCeil(0)).toBe(1)
    expect(niceCeil(7)).toBe(10)
    expect(niceCeil(120)).toBe(200)
    expect(niceCeil(4_999)).toBe(5_000)
    expect(niceCeil(150, 200)).toBe(200)
  })

  it('is a round top at or above every value and never below the floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 1000 }), (max, least) => {
        const top = niceCeil(max, least)
        expect(top).toBeGreaterThanOrEqual(max)
        expect(top).toBeGreaterThanOrEqual(least)
        if (max > least) {
          const power = 10 ** Math.floor(Math.log10(top))
          expect([1, 2, 5, 10]).toContain(Math.round(top / power))
          expect(top).toBeLessThan(max * 5)
        }
      }),
    )
  })
})
