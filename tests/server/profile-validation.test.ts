import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestDayNow, PROFILE_MESSAGES } from '../../schema/validation/profile-input'
import { createTestApp, register } from './helpers'
import type { Body, Session, TestApp } from './helpers'

let t: TestApp
let s: Session
beforeAll(async () => {
  t = await createTestApp()
  s = await register(t.app, { name: 'Ravi' })
})
afterAll(async () => {
  await t.close()
})

const update = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: s.headers, payload })
const me = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).json<Body>().user

describe('PUT /api/auth/update-profile: the same rules as the Profile Details form', () => {
  it.each([
    ['an empty name', { name: '   ' }, PROFILE_MESSAGES.nameRequired],
    ['a null name', { name: null }, PROFILE_MESSAGES.nameRequired],
    ['a birth date in the future', { date_of_birth: '2999-01-01' }, PROFILE_MESSAGES.birthDateFuture],
    ['a birth date that is not a day', { date_of_birth: '1990-13-45' }, PROFILE_MESSAGES.birthDateInvalid],
    ['the 31st of February', { date_of_birth: '2023-02-31' }, PROFILE_MESSAGES.birthDateInvalid],
    ['a nationality that is not text', { nationality: 42 }, 'Nationality must be text'],
    ['a non-resident flag that is not yes or no', { is_non_resident: 'maybe' }, PROFILE_MESSAGES.nonResidentInvalid],
    ['a negative family size', { family_size: -2 }, 'Family size must be at least 1'],
    [
      '9 dependents in a family of 4',
      { family_size: 4, number_of_dependents: 9 },
      PROFILE_MESSAGES.dependentsOverFamily,
    ],
  ])('refuses %s with 400 and a clear message, changing nothing', async (_label, payload, message) => {
    const before = await me()
    const res = await update(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json<Body>().error).toBe(message)
    expect(await me()).toEqual(before)
  })

  it('checks dependents against the stored family size when only one of them changes', async () => {
    expect((await update({ family_size: 3, number_of_dependents: 2 })).statusCode).toBe(200)
    const res = await update({ number_of_dependents: 5 })
    expect(res.statusCode).toBe(400)
    expect(res.json<Body>().error).toBe(PROFILE_MESSAGES.dependentsOverFamily)
    expect(await me()).toMatchObject({ family_size: 3, number_of_dependents: 2 })
  })

  it("accepts today's date, a real name and a consistent family", async () => {
    const today = new Date().toISOString().slice(0, 10)
    expect(today <= latestDayNow()).toBe(true)
    const res = await update({ name: 'Ravi Kumar', date_of_birth: today, family_size: 4, number_of_dependents: 4 })
    expect(res.statusCode).toBe(200)
    expect(res.json<Body>().user).toMatchObject({ name: 'Ravi Kumar', date_of_birth: today, number_of_dependents: 4 })
  })
})
