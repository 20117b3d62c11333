import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkProfile,
  dependentsProblem,
  PROFILE_MESSAGES,
  profileFieldErrors,
} from '../../schema/validation/profile-input'

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

describe('checkProfile (what PUT /api/auth/update-profile stores)', () => {
  it('refuses days that do not exist, whatever Date.parse thinks of them', () => {
    for (const day of ['2023-02-29', '2023-02-31', '2024-04-31', '1990-13-45'])
      expect(checkProfile({ date_of_birth: day })).toEqual({
        ok: false,
        field: 'date_of_birth',
        error: PROFILE_MESSAGES.birthDateInvalid,
      })
    const leapDay = { date_of_birth: '2024-02-29' }
    expect(checkProfile(leapDay)).toEqual({ ok: true, value: leapDay })
  })

  it('clears with "" or null, trims texts, reads form numbers and flags, drops unknown keys', () => {
    expect(
      checkProfile({ nationality: '  Indian ', address: '', family_size: '4', is_non_resident: 'true', role: 'admin' }),
    ).toEqual({ ok: true, value: { nationality: 'Indian', address: null, family_size: 4, is_non_resident: true } })
  })

  it('answers with the first field the form would flag, and accepts exactly what the form accepts', () => {
    const field = fc.oneof(fc.constant(undefined), fc.constant(''), fc.string({ maxLength: 4 }), fc.integer())
    fc.assert(
      fc.property(field, field, field, (family, dependents, dob) => {
        const input = { family_size: family, number_of_dependents: dependents, date_of_birth: dob }
        const errors = profileFieldErrors(input)
        const checked = checkProfile(input)
        expect(checked.ok).toBe(errors === null)
        if (!checked.ok) expect(errors?.[checked.field]).toBe(checked.error)
      }),
    )
  })
})
