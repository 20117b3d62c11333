import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dependentsProblem, PROFILE_MESSAGES, profileFieldErrors } from '../../schema/validation/profile-input'

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Asha',
  date_of_birth: '',
  nationality: '',
  state_province: '',
  annual_income_range: '',
  family_size: '',
  number_of_dependents: '',
  job_title: '',
  is_non_resident: false,
  address: '',
  ...over,
})

describe('profileFieldErrors (the Settings form and the server parse the same schema)', () => {
  it('accepts the form as it opens for a named user', () => {
    expect(profileFieldErrors(form())).toBeNull()
  })

  it('puts each message under its own field', () => {
    expect(
      profileFieldErrors(
        form({ name: ' ', date_of_birth: '2999-05-01', family_size: '-1', number_of_dependents: '2' }),
      ),
    ).toEqual({
      name: PROFILE_MESSAGES.nameRequired,
      date_of_birth: PROFILE_MESSAGES.birthDateFuture,
      family_size: 'Family size must be at least 1',
    })
    expect(profileFieldErrors(form({ family_size: '4', number_of_dependents: '9' }))).toEqual({
      number_of_dependents: PROFILE_MESSAGES.dependentsOverFamily,
    })
  })

  it('refuses more dependents than family members, and only that', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 50 }), (size, dependents) => {
        const errors = profileFieldErrors(form({ family_size: String(size), number_of_dependents: String(dependents) }))
        expect(errors === null).toBe(dependents <= size)
        expect(dependentsProblem(size, dependents) === null).toBe(dependents <= size)
      }),
    )
  })
})
