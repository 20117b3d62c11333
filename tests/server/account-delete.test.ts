import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, register, transactionDoc } from './helpers'
import type { Body, Session, TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const remove = (s: Session | null, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: s?.headers ?? {}, payload: payload as object })

async function seeded(): Promise<Session> {
  const s = await register(t.app, { email: `leaver-${Date.now()}@example.com`, password: 'secret123' })
  await t.app.inject({
    method: 'POST',
    url: '/api/sync/transactions/push',
    headers: s.headers,
    payload: [{ newDocumentState: transactionDoc(s.user.id) }],
  })
  await t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: s.headers,
    payload: { category: 'account', subject: 'Bye', description: 'Leaving' },
  })
  return s
}

describe('DELETE /api/auth/account', () => {
  it('a wrong or missing password changes nothing (403 / 400)', async () => {
    const s = await seeded()
    const wrong = await remove(s, { password: 'not-it' })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json<Body>().error).toBe('Password is incorrect')
    const missing = await remove(s, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json<Body>().error).toBe('Please enter your password')
    expect((await remove(null, { password: 'secret123' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/auth/me', headers: s.headers })).statusCode).toBe(200)
    expect(t.app.documents.listByOwner('transactions', s.user.id)).toHaveLength(1)
  })

  it('deletes the account: tokens refused, documents gone, the e-mail registers again as a new account', async () => {
    const s = await seeded()
    const other = await seeded()
    const res = await remove(s, { password: 'secret123' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect((await t.app.inject({ url: '/api/auth/me', headers: s.headers })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/sync/transactions/pull?seq=0', headers: s.headers })).statusCode).toBe(401)
    expect(t.app.documents.listByOwner('transactions', s.user.id, { includeDeleted: true })).toEqual([])
    expect(t.app.documents.listByOwner('tickets', s.user.id, { includeDeleted: true })).toEqual([])
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: 'secret123' },
    })
    expect(login.statusCode).toBe(401)
    // Someone else's data is untouched.
    expect(t.app.documents.listByOwner('transactions', other.user.id)).toHaveLength(1)

    const again = await register(t.app, { email: s.user.email, password: 'another1' })
    expect(again.user.id).not.toBe(s.user.id)
    const pulled = await t.app.inject({ url: '/api/sync/transactions/pull?seq=0', headers: again.headers })
    expect(pulled.json<Body>().documents).toEqual([])
  })

  it('refuses to delete an admin account', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@test.local', password: 'admin-password' },
    })
    const token = login.json<Body>().token
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'admin-password' },
    })
    expect(res.statusCode).toBe(403)
  })
})
