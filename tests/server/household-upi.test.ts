import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Household } from '../../schema/entities/household'
import { Profile } from '../../schema/entities/profile'
import { callAs, createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'

type Wire<T> = T & { _deleted: boolean }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const call = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  callAs(t.app, s, method, `/api/households${url}`, payload)

/** `admin`'s household with `member` in it (invited, accepted). */
async function household(admin: Session, member: Session): Promise<string> {
  const id = ((await call(admin, 'POST', '', { name: 'Flat 4B' })).body.household as { id: string }).id
  expect((await call(admin, 'POST', `/${id}/invite`, { email: member.user.email })).status).toBe(200)
  const invitations = (await call(member, 'GET', '/invitations')).body.invitations as { id: string }[]
  expect((await call(member, 'POST', `/invitations/${invitations.at(-1)!.id}/accept`)).status).toBe(200)
  return id
}

/** Saves `upiId` in the user's profile the way the app does: a replication push of a newer version. */
async function saveUpiId(s: Session, upiId: string) {
  const current = await t.app.documents.getOwned('profile', s.user.id, s.user.id)
  const base = current ? current.data : Profile.parse({ id: s.user.id, ownerId: s.user.id, updatedAt: 0 })
  const next = { ...base, upiId, updatedAt: Math.max(Date.now(), base.updatedAt + 1), _deleted: false }
  return t.app.inject({
    method: 'POST',
    url: '/api/sync/profile/push',
    headers: s.headers,
    payload: [
      { assumedMasterState: current ? { ...current.data, _deleted: false } : undefined, newDocumentState: next },
    ],
  })
}

async function pulledHousehold(s: Session, id: string): Promise<Wire<Household> | undefined> {
  const res = await t.app.inject({ url: '/api/sync/households/pull?seq=0&limit=500', headers: s.headers })
  expect(res.statusCode).toBe(200)
  return res.json<{ documents: Wire<Household>[] }>().documents.find((d) => d.id === id)
}

const upiOf = (h: Household | undefined, s: Session) => h?.members.find((m) => m.userId === s.user.id)?.upiId

describe("a member's UPI ID reaches the other members, and no one else", () => {
  it('is in the household document and REST member list after a profile push, changed and cleared', async () => {
    const [priya, rahul] = [await register(t.app), await register(t.app)]
    const id = await household(priya, rahul)
    expect(upiOf(await pulledHousehold(priya, id), rahul)).toBe('')

    expect((await saveUpiId(rahul, 'rahul.k@okaxis')).json()).toEqual([])
    expect(upiOf(await pulledHousehold(priya, id), rahul)).toBe('rahul.k@okaxis')
    const members = (await call(priya, 'GET', `/${id}`)).body.members as { user_id: string; upi_id: string | null }[]
    expect(members.find((m) => m.user_id === rahul.user.id)?.upi_id).toBe('rahul.k@okaxis')
    expect(members.find((m) => m.user_id === priya.user.id)?.upi_id).toBeNull()

    await saveUpiId(rahul, 'rahul@ybl')
    expect(upiOf(await pulledHousehold(priya, id), rahul)).toBe('rahul@ybl')
    await saveUpiId(rahul, '')
    expect(upiOf(await pulledHousehold(priya, id), rahul)).toBe('')
  })

  it('comes with a newcomer who saved it before joining, and is gone for them once they leave', async () => {
    const [priya, anil] = [await register(t.app), await register(t.app)]
    await saveUpiId(anil, 'anil@paytm')
    const id = await household(priya, anil)
    expect(upiOf(await pulledHousehold(priya, id), anil)).toBe('anil@paytm')
    expect((await call(anil, 'POST', `/${id}/leave`)).status).toBeLessThan(300)
    const after = await pulledHousehold(priya, id)
    expect(after?.members.some((m) => m.userId === anil.user.id)).toBe(false)
    expect(JSON.stringify(after)).not.toContain('anil@paytm')
  })

  it('is never served to someone outside the household', async () => {
    const [priya, rahul, outsider] = [await register(t.app), await register(t.app), await register(t.app)]
    const id = await household(priya, rahul)
    await saveUpiId(rahul, 'rahul.outside7@okicici')
    const pull = await t.app.inject({ url: '/api/sync/households/pull?seq=0&limit=500', headers: outsider.headers })
    expect(pull.body).not.toContain('rahul.outside7@okicici')
    const rest = await t.app.inject({ url: `/api/households/${id}`, headers: outsider.headers })
    expect(rest.statusCode).toBe(404)
    expect(rest.body).not.toContain('rahul.outside7@okicici')
  })

  it('refuses a profile whose UPI ID is not name@handle, and changes nothing', async () => {
    const [priya, rahul] = [await register(t.app), await register(t.app)]
    const id = await household(priya, rahul)
    await saveUpiId(rahul, 'rahul@okaxis')
    const seq = t.app.documents.lastSeq
    for (const bad of ['rahul', 'rahul@', '@okaxis', 'rahul@ok axis', 'rahul@okaxis.com', 'RAHUL@OKAXIS']) {
      const res = await saveUpiId(rahul, bad)
      expect(res.statusCode, bad).toBe(400)
    }
    expect(t.app.documents.lastSeq).toBe(seq)
    expect(upiOf(await pulledHousehold(priya, id), rahul)).toBe('rahul@okaxis')
  })
})
