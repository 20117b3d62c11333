import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../schema/api/auth'
import { bearer, createTestApp, register } from './helpers'
import type { Body, TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('register and login', () => {
  it('registers, lowercases the email, normalizes the phone and never returns the hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: '  Asha@Example.COM ', password: 'secret1', name: 'Asha', phone_number: '98765 43210' },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json<Body>()
    expect(body.token).toEqual(expect.any(String))
    // The number is only claimed: it links once `link <code>` arrives from it (phone-proof.test.ts).
    expect(body.user).toMatchObject({
      email: 'asha@example.com',
      name: 'Asha',
      phone_number: null,
      phone_verified: false,
      role: 'user',
      currency: 'INR',
    })
    expect(res.body).not.toMatch(/password|hash|token_version|argon/i)
    const status = await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: bearer(body.token) })
    expect(status.json<{ pending: unknown }>().pending).toMatchObject({ phone_number: 'whatsapp:+919876543210' })
  })

  it('refuses a duplicate email with 409, whatever its case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'ASHA@example.com', password: 'secret1' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json<Body>()).toEqual({ error: AUTH_MESSAGES.emailTaken, code: 'EMAIL_TAKEN' })
  })

  it.each([
    [{ password: 'secret1' }, AUTH_MESSAGES.emailRequired],
    [{ email: 'not-an-email', password: 'secret1' }, AUTH_MESSAGES.emailInvalid],
    [{ email: 'x@example.com' }, AUTH_MESSAGES.passwordRequired],
    [{ email: 'x@example.com', password: '12345' }, AUTH_MESSAGES.passwordTooShort],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json<Body>().error).toBe(message)
  })

  it('logs in with the right password, case-insensitive email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Asha@example.com', password: 'secret1' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Body>().user.email).toBe('asha@example.com')
  })

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'asha@example.com', password: 'nope-nope' },
    })
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'secret1' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json<Body>()).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' })
    expect(unknown.json<Body>()).toEqual(wrong.json<Body>())
  })

  it('created the configured first admin at start', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@test.local', password: 'admin-password' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Body>().user.role).toBe('admin')
  })
})

describe('signed-in account routes', () => {
  it('returns the caller on /me and 401 without or with a bad token', async () => {
    const s = await register(t.app)
    const me = await t.app.inject({ url: '/api/auth/me', headers: s.headers })
    expect(me.statusCode).toBe(200)
    expect(me.json<Body>().user.id).toBe(s.user.id)

    const none = await t.app.inject({ url: '/api/auth/me' })
    expect(none.statusCode).toBe(401)
    expect(none.json<Body>().error).toEqual(expect.any(String))
    const forged = await t.app.inject({ url: '/api/auth/me', headers: bearer(s.token.slice(0, -3) + 'abc') })
    expect(forged.statusCode).toBe(401)
  })

  it('accepts only HS256 tokens that carry exp and the current token version', async () => {
    const s = await register(t.app)
    const now = Math.floor(Date.now() / 1000)
    const token = (alg: string, claims: Record<string, unknown>) => {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
      const head = `${part({ alg, typ: 'JWT' })}.${part(claims)}`
      if (alg === 'none') return `${head}.`
      const hmac = createHmac(alg === 'HS512' ? 'sha512' : 'sha256', t.config.jwtSecret)
        .update(head)
        .digest('base64url')
      return `${head}.${hmac}`
    }
    const me = (jwt: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(jwt) })
    expect((await me(token('HS256', { sub: s.user.id, tv: 0, iat: now, exp: now + 60 }))).statusCode).toBe(200)
    expect((await me(token('HS512', { sub: s.user.id, tv: 0, iat: now, exp: now + 60 }))).statusCode).toBe(401)
    expect((await me(token('none', { sub: s.user.id, tv: 0, iat: now, exp: now + 60 }))).statusCode).toBe(401)
    expect((await me(token('HS256', { sub: s.user.id, tv: 0, iat: now }))).statusCode).toBe(401)
    expect((await me(token('HS256', { sub: s.user.id, tv: 0, iat: now - 120, exp: now - 60 }))).statusCode).toBe(401)
    expect((await me(token('HS256', { sub: s.user.id, tv: 1, iat: now, exp: now + 60 }))).statusCode).toBe(401)
  })

  it('change-password needs the current password, revokes old tokens and returns a fresh one', async () => {
    const s = await register(t.app)
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: s.headers,
      payload: { currentPassword: 'bad-guess', newPassword: 'another1' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<Body>().error).toBe('Current password is incorrect')

    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: s.headers,
      payload: { currentPassword: 'secret123', newPassword: '123' },
    })
    expect(short.statusCode).toBe(400)
    expect(short.json<Body>().error).toBe('Min 6 characters')

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: s.headers,
      payload: { currentPassword: 'secret123', newPassword: 'another1' },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json<Body>()).toEqual({ success: true, token: expect.any(String) as string })

    const old = await t.app.inject({ url: '/api/auth/me', headers: s.headers })
    expect(old.statusCode).toBe(401)
    const fresh = await t.app.inject({ url: '/api/auth/me', headers: bearer(ok.json<Body>().token) })
    expect(fresh.statusCode).toBe(200)

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: 'secret123' },
    })
    expect(oldLogin.statusCode).toBe(401)
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: s.user.email, password: 'another1' },
    })
    expect(newLogin.statusCode).toBe(200)
  })

  it('update-phone validates with the spec messages and claims the normalized form', async () => {
    const s = await register(t.app)
    const put = (phone_number: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/update-phone', headers: s.headers, payload: { phone_number } })

    expect((await put('')).json<Body>().error).toBe('Please enter a phone number')
    const short = await put('98765')
    expect(short.statusCode).toBe(400)
    expect(short.json<Body>().error).toBe('Phone number must be at least 10 digits')

    const ok = await put('+91 98765-00001')
    expect(ok.statusCode).toBe(200)
    expect(ok.json<Body>()).toMatchObject({
      success: true,
      pending: true,
      phone_number: 'whatsapp:+919876500001',
      code: expect.stringMatching(/^\d{6}$/) as string,
      user: { phone_number: null },
    })
    expect((await put('9876500002')).json<{ phone_number: string }>().phone_number).toBe('whatsapp:+919876500002')
    const uk = await put('whatsapp:+447700900123')
    expect(uk.json<{ phone_number: string }>().phone_number).toBe('whatsapp:+447700900123')

    // One number, one account: the WhatsApp sender must map to exactly one user. A proven number
    // stays with its owner (an unproven one can be claimed: phone-proof.test.ts).
    await t.app.users.update(s.user.id, { phoneNumber: 'whatsapp:+447700900123', phoneVerified: true })
    expect((await put('whatsapp:+447700900123')).json()).toMatchObject({
      pending: false,
      user: { phone_verified: true },
    })
    const other = await register(t.app)
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-phone',
      headers: other.headers,
      payload: { phone_number: '+44 7700 900123' },
    })
    expect(taken.statusCode).toBe(409)
  })

  it('update-profile stores the profile fields and clears with empty strings', async () => {
    const s = await register(t.app)
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: s.headers,
      payload: {
        name: 'Ravi',
        date_of_birth: '1990-04-01',
        nationality: 'Indian',
        annual_income_range: '6-10L',
        family_size: '4',
        number_of_dependents: 2,
        is_non_resident: false,
        job_title: 'Engineer',
        address: 'Pune',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<Body>().user).toMatchObject({
      name: 'Ravi',
      date_of_birth: '1990-04-01',
      family_size: 4,
      number_of_dependents: 2,
      annual_income_range: '6-10L',
      job_title: 'Engineer',
    })

    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: s.headers,
      payload: { job_title: '' },
    })
    expect(cleared.json<Body>().user).toMatchObject({ name: 'Ravi', job_title: null, address: 'Pune' })

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: s.headers,
      payload: { family_size: 0 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<Body>().error).toBe('Family size must be at least 1')
  })

  it('currency accepts the ten codes only', async () => {
    const s = await register(t.app)
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/currency',
      headers: s.headers,
      payload: { currency_code: 'USD' },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json<Body>()).toMatchObject({ success: true, user: { currency: 'USD' } })
    const me = await t.app.inject({ url: '/api/auth/me', headers: s.headers })
    expect(me.json<Body>().user.currency).toBe('USD')

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/currency',
      headers: s.headers,
      payload: { currency_code: 'XYZ' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<Body>().error).toBe('Unsupported currency')
  })

  it('logout-all revokes every earlier token', async () => {
    const s = await register(t.app)
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: s.headers })
    expect(res.statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/auth/me', headers: s.headers })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(res.json<Body>().token) })).statusCode).toBe(200)
  })
})
