import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addCustomGoal,
  classifyGoal,
  LAST_STEP,
  parseOnboardingState,
  planGoals,
  PRIMARY_GOALS,
  profileErrors,
  progressPercent,
  toggleGoal,
  whatsappDigits,
  type OnboardingGoal,
  type PrimaryGoalId,
} from '../../schema/onboarding'
import { passwordStrength, STRENGTH_LABELS } from '../../schema/validation/signup'

const IDS = PRIMARY_GOALS.map((g) => g.id)
const INDIVIDUAL = IDS.filter((id) => id !== 'all')

/** Any state reachable by toggling from nothing. */
const reachable = fc
  .array(fc.constantFrom(...IDS), { maxLength: 12 })
  .map((clicks) => clicks.reduce<PrimaryGoalId[]>((s, id) => toggleGoal(s, id), []))

describe('goal selection (step 0)', () => {
  it("'all' is on exactly when the four individual goals are", () => {
    fc.assert(
      fc.property(reachable, (selected) => {
        const allFour = INDIVIDUAL.every((g) => selected.includes(g))
        expect(selected.includes('all')).toBe(allFour)
        expect(new Set(selected).size).toBe(selected.length)
      }),
    )
  })

  it("choosing 'all' selects all; unselecting it clears all", () => {
    fc.assert(
      fc.property(reachable, (selected) => {
        if (selected.includes('all')) expect(toggleGoal(selected, 'all')).toEqual([])
        else expect(new Set(toggleGoal(selected, 'all'))).toEqual(new Set(IDS))
      }),
    )
  })

  it('deselecting one individual goal removes it and all; the primary goal is the first selected', () => {
    const full = toggleGoal([], 'all')
    expect(toggleGoal(full, 'manage_debt').sort()).toEqual(['create_budget', 'save_for_goal', 'track_expenses'])
    const picked = toggleGoal(toggleGoal([], 'save_for_goal'), 'track_expenses')
    expect(picked[0]).toBe('save_for_goal')
    const four = INDIVIDUAL.reduce<PrimaryGoalId[]>((s, g) => toggleGoal(s, g), [])
    expect(four).toEqual([...INDIVIDUAL, 'all'])
  })
})

describe('custom goals', () => {
  it.each([
    ['Emergency fund', 'financial'],
    ['Retirement corpus', 'financial'],
    ['Pay off car loan', 'financial'],
    ['Kids education', 'financial'],
    ['Start a business', 'financial'],
    ['Health insurance', 'financial'],
    ['Invest in index funds', 'financial'],
    ['Savings for rainy days', 'financial'],
    ['New laptop', 'material'],
    ['Trip to Goa', 'material'],
    ['Gold chain', 'material'],
  ])('%j is %s', (name, category) => {
    expect(classifyGoal(name)).toBe(category)
  })

  it('an empty name or a repeat adds nothing; otherwise exactly one classified goal is added', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (name) => {
        const once = addCustomGoal([], name)
        if (!name.trim()) expect(once).toEqual([])
        else {
          expect(once).toHaveLength(1)
          expect(once[0]).toMatchObject({ custom: true, amount: 0, category: classifyGoal(name) })
          expect(addCustomGoal(once, name)).toEqual(once)
        }
      }),
    )
  })
})

describe('plan (step 6)', () => {
  const goal = (name: string, category: OnboardingGoal['category']): OnboardingGoal => ({
    name,
    category,
    custom: false,
    amount: 0,
  })
  it('financial goals first, four shown, the rest counted in +N more', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 12 }), (kinds) => {
        const goals = kinds.map((f, i) => goal(`g${i}`, f ? 'financial' : 'material'))
        const plan = planGoals(goals)
        expect(plan.shown.length + plan.more).toBe(goals.length)
        expect(plan.shown.length).toBeLessThanOrEqual(4)
        const firstMaterial = plan.shown.findIndex((g) => g.category === 'material')
        if (firstMaterial >= 0)
          expect(plan.shown.slice(firstMaterial).every((g) => g.category === 'material')).toBe(true)
      }),
    )
  })
})

describe('progress and state', () => {
  it('percent is step / 9 rounded, 0 to 100', () => {
    expect([0, 1, 4, 8, 9].map(progressPercent)).toEqual([0, 11, 44, 89, 100])
    expect(LAST_STEP).toBe(9)
  })

  it('stored state survives a round trip; anything unreadable starts at step 0', () => {
    const state = parseOnboardingState(
      JSON.stringify({ step: 5, data: { userType: 'type_a', selectedGoals: ['all'] } }),
    )
    expect(state.step).toBe(5)
    expect(state.data.userType).toBe('type_a')
    expect(state.data.profile.currency).toBe('INR')
    expect(parseOnboardingState(JSON.stringify(state))).toEqual(state)
    expect(parseOnboardingState('{oops').step).toBe(0)
    expect(parseOnboardingState(JSON.stringify({ step: 42 })).step).toBe(0)
  })
})

describe('onboarding validation', () => {
  it('WhatsApp number: 10 to 15 digits', () => {
    expect(whatsappDigits('98765 43210')).toBe('9876543210')
    expect(whatsappDigits('987654321')).toBeNull()
    expect(whatsappDigits('1234567890123456')).toBeNull()
    expect(whatsappDigits('98765abc10')).toBeNull()
  })

  it('profile messages', () => {
    expect(profileErrors({ name: '', age: '', income: '', savings: '' })).toEqual({
      name: 'Name is required',
      income: 'Monthly income is required',
    })
    expect(profileErrors({ name: 'A', age: '17', income: '0', savings: '-1' })).toEqual({
      age: 'Age must be between 18 and 100',
      income: 'Monthly income is required',
      savings: 'Savings cannot be negative',
    })
    expect(profileErrors({ name: 'A', age: '100', income: '50000', savings: '0' })).toEqual({})
  })
})

describe('password strength meter', () => {
  it.each([
    ['abc', 'Weak'],
    ['abcdef', 'Weak'],
    ['abcdef1', 'Fair'],
    ['Abcdef1', 'Good'],
    ['Abcdef1!', 'Strong'],
    ['Abcdefgh1!', 'Very Strong'],
  ])('%j is %s', (password, label) => {
    expect(passwordStrength(password).label).toBe(label)
  })

  it('scores 0..5, adding a character never lowers the score, and the label follows the score', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), fc.string({ minLength: 1, maxLength: 1 }), (p, c) => {
        const s = passwordStrength(p)
        expect(s.score).toBeGreaterThanOrEqual(0)
        expect(s.score).toBeLessThanOrEqual(5)
        expect(s.label).toBe(STRENGTH_LABELS[s.score])
        expect(passwordStrength(p + c).score).toBeGreaterThanOrEqual(s.score)
      }),
    )
  })
})
