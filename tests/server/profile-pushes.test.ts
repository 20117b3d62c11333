import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Profile } from '../../schema/entities/profile'
import { createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

type Wire = Profile & { _deleted: boolean }

async function push(s: Session, rows: unknown[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/sync/profile/push', headers: s.headers, payload: rows })
  expect(res.statusCode).toBe(200)
  return res.json<Wire[]>()
}

const stored = (s: Session) => t.app.documents.getOwned('profile', s.user.id, s.user.id)

/** A profile with the user's real answers, as onboarding and Your Money leave it. */
async function realProfile(s: Session): Promise<Wire> {
  const doc = Profile.parse({
    id: s.user.id,
    ownerId: s.user.id,
    updatedAt: Date.now() - 60_000,
    userType: 'type_a',
    monthlyIncome: 150_000_00,
    customCategories: ['Chai tapri'],
    goals: [{ name: 'Emergency Fund', category: 'financial', custom: false, amount: 0 }],
  })
  expect(await push(s, [{ newDocumentState: doc }])).toEqual([])
  return { ...doc, _deleted: false }
}

describe('a pushed profile replaces the stored one only as a newer version', () => {
  it('answers made-up defaults (stamped 0) with the stored profile, even on the right assumed state', async () => {
    const s = await register(t.app)
    const real = await realProfile(s)
    const seq = (await stored(s))!.seq
    const made = Profile.parse({ id: s.user.id, ownerId: s.user.id, updatedAt: 0 })
    for (const assumedMasterState of [undefined, real]) {
      const conflicts = await push(s, [{ assumedMasterState, newDocumentState: { ...made, _deleted: false } }])
      expect(conflicts).toEqual([real])
    }
    expect((await stored(s))!.seq).toBe(seq)
    const { _deleted, ...fields } = real
    expect(_deleted).toBe(false)
    expect((await stored(s))!.data).toEqual(fields)
  })

  it('refuses a version not newer than the stored one, and takes a newer edit of it', async () => {
    const s = await register(t.app)
    const real = await realProfile(s)
    const same = { ...real, monthlyIncome: 0 }
    const older = { ...real, monthlyIncome: 0, updatedAt: real.updatedAt - 1 }
    for (const newDocumentState of [same, older])
      expect(await push(s, [{ assumedMasterState: real, newDocumentState }])).toEqual([real])
    expect((await stored(s))!.data.monthlyIncome).toBe(150_000_00)

    const edit = { ...real, monthlyIncome: 175_000_00, updatedAt: real.updatedAt + 1 }
    expect(await push(s, [{ assumedMasterState: real, newDocumentState: edit }])).toEqual([])
    expect((await stored(s))!.data.monthlyIncome).toBe(175_000_00)
    // A retried push of what is stored is still a success.
    expect(await push(s, [{ assumedMasterState: real, newDocumentState: edit }])).toEqual([])
  })

  it('lets a first profile in whatever its version (nothing real to lose)', async () => {
    const s = await register(t.app)
    const made = { ...Profile.parse({ id: s.user.id, ownerId: s.user.id, updatedAt: 0 }), _deleted: false }
    expect(await push(s, [{ newDocumentState: made }])).toEqual([])
    expect((await stored(s))!.data.updatedAt).toBe(0)
  })
})
