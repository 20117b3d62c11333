import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { homeCurrencyChange, Profile } from '../../schema/entities/profile'
import { mergeProfile, profileDefaults } from '../../schema/profile-merge'

const OWNER = 'user-asha'

/** The user's real profile on the server: everything a careless default would wipe. */
const server = Profile.parse({
  id: OWNER,
  ownerId: OWNER,
  updatedAt: 1_000,
  currency: 'INR',
  userType: 'type_a',
  monthlyIncome: 150_000_00,
  savings: 400_000_00,
  age: 38,
  customCategories: ['Chai tapri'],
  goals: ['Emergency Fund', 'Retirement', 'Investments', 'Car', 'House'].map((name, i) => ({
    name,
    category: i < 3 ? ('financial' as const) : ('material' as const),
    custom: false,
    amount: 0,
  })),
})

describe('mergeProfile', () => {
  it('keeps the server profile whole against defaults a device made up, however new', () => {
    const made = { ...profileDefaults(OWNER, 'INR'), updatedAt: 5_000 }
    expect(mergeProfile({ local: made, server, base: null })).toBe(server)
  })

  it("keeps only what the device changed on its made-up profile: the server's goals and income stay", () => {
    const local = { ...profileDefaults(OWNER, 'INR'), hideBalance: true, customCategories: ['Pets'], updatedAt: 5_000 }
    expect(mergeProfile({ local, server, base: null })).toEqual({
      ...server,
      hideBalance: true,
      customCategories: ['Chai tapri', 'Pets'],
      updatedAt: 5_000,
    })
  })

  it('takes a newer edit of the fields the device changed since the version it started from', () => {
    const base = server
    const local = { ...base, monthlyIncome: 165_000_00, updatedAt: 2_000 }
    const newer = { ...base, hideBalance: true, updatedAt: 1_500 }
    expect(mergeProfile({ local, server: newer, base })).toEqual({
      ...newer,
      monthlyIncome: 165_000_00,
      updatedAt: 2_000,
    })
    // An older edit loses to the server's version (last writer wins), apart from added categories.
    const latest = { ...base, monthlyIncome: 90_000_00, updatedAt: 3_000 }
    expect(mergeProfile({ local, server: latest, base })).toBe(latest)
    const withCategory = { ...local, customCategories: ['Chai tapri', 'Auto'] }
    expect(mergeProfile({ local: withCategory, server: latest, base })).toEqual({
      ...latest,
      customCategories: ['Chai tapri', 'Auto'],
      updatedAt: 3_001,
    })
  })

  const profile = (updatedAt: fc.Arbitrary<number>) =>
    fc
      .record({
        updatedAt,
        currency: fc.constantFrom('INR', 'USD'),
        hideBalance: fc.boolean(),
        monthlyReportByWhatsapp: fc.boolean(),
        userType: fc.constantFrom('type_a', 'type_b'),
        monthlyIncome: fc.integer({ min: 0, max: 3 }).map((n) => n * 50_000_00),
        age: fc.option(fc.integer({ min: 18, max: 20 }), { nil: null }),
        customCategories: fc.subarray(['Chai', 'Pets', 'Auto', 'Gym']),
        goals: fc.subarray(server.goals),
      })
      .map((fields) => Profile.parse({ id: OWNER, ownerId: OWNER, ...fields }))

  it('never lets a field the device did not change replace the server’s, and settles on a newer version', () => {
    fc.assert(
      fc.property(
        profile(fc.integer({ min: 0, max: 2_000 })),
        fc.option(profile(fc.integer({ min: 0, max: 2_000 })), { nil: null }),
        profile(fc.integer({ min: 1, max: 2_000 })),
        (local, base, real) => {
          const merged = mergeProfile({ local, server: real, base })
          const from = base ?? profileDefaults(OWNER, local.currency)
          for (const key of Object.keys(Profile.shape) as (keyof Profile)[]) {
            if (key === 'updatedAt' || key === 'customCategories') continue
            const value = JSON.stringify(merged[key])
            if (JSON.stringify(local[key]) === JSON.stringify(from[key])) expect(value).toBe(JSON.stringify(real[key]))
            else expect([JSON.stringify(local[key]), JSON.stringify(real[key])]).toContain(value)
          }
          // The server's categories are never dropped.
          expect(merged.customCategories.slice(0, real.customCategories.length)).toEqual(real.customCategories)
          // Either the server's version as it is (nothing to push) or one newer than both.
          if (merged !== real) expect(merged.updatedAt).toBeGreaterThan(Math.max(real.updatedAt, local.updatedAt - 1))
          expect(Profile.safeParse(merged).success).toBe(true)
        },
      ),
    )
  })

  describe('the legacy currency (the home currency entries without one were made in)', () => {
    const changed = (from: Profile, code: string, at: number): Profile => ({
      ...from,
      ...homeCurrencyChange(from, code),
      updatedAt: at,
    })

    it("keeps the server's pin: the first change of the home currency names the old one for good", () => {
      const pinned = changed(server, 'AED', 2_000)
      const local = changed(server, 'USD', 3_000)
      const merged = mergeProfile({ local: { ...local, legacyCurrency: 'GBP' }, server: pinned, base: server })
      expect(merged.currency).toBe('USD')
      expect(merged.legacyCurrency).toBe('INR')
    })

    it("a device that made its profile up pins the server's home currency, not the default it guessed", () => {
      const usd = { ...server, currency: 'USD' }
      const local = changed(profileDefaults(OWNER, 'INR'), 'AED', 5_000)
      expect(local.legacyCurrency).toBe('INR')
      const merged = mergeProfile({ local, server: usd, base: null })
      expect(merged.legacyCurrency).toBe('USD')
    })

    it('a later change keeps the first pin', () => {
      const once = changed(server, 'AED', 2_000)
      expect(homeCurrencyChange(once, 'USD')).toEqual({ currency: 'USD', legacyCurrency: 'INR' })
    })
  })
})
