import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../sync-server/app'
import { createTestApp, register } from './helpers'
import type { TestApp } from './helpers'

/**
 * Wrong passwords are counted per account and source (the device, proven by its cookie, else the
 * address), so a stranger's guesses do not lock the owner out of a device or address she signed in
 * from before; a much higher account-wide ceiling still stops guessing spread over many addresses.
 * The counts live in the database, on a clock the test controls.
 */

const START = Date.UTC(2026, 10, 23, 9)
const FREE = 5
const ACCOUNT_FREE = 50
const OWNER_HOME = '10.0.0.1'
const STRANGER = '203.0.113.9'

let clock = START
let t: TestApp
beforeEach(async () => {
  clock = START
  t = await createTestApp({}, {}, { now: () => clock, monthlyReports: false })
})
afterEach(() => t.close())

function login(email: string, password: string, address: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
  })
}

/** The `name=value` of the device cookie an answer sets. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie']
  const value = [header ?? []].flat().find((c) => c.startsWith('hisaab_device_'))
  if (!value) throw new Error(`no device cookie in ${JSON.stringify(res.headers)}`)
  return value.split(';')[0]!
}

/** An account signed in once from the owner's home address. */
async function owner(email = 'asha@example.com') {
  await register(t.app, { email, password: 'right-password' })
  const res = await login(email, 'right-password', OWNER_HOME)
  expect(res.statusCode).toBe(200)
  return { email, cookie: deviceCookie(res) }
}

/** `count` wrong passwords spread over fresh addresses, at most FREE - 1 from each (none waits). */
async function spreadGuesses(email: string, count: number, prefix = '198.18') {
  for (let i = 0; i < count; i++) {
    const address = `${prefix}.${Math.floor(i / (FREE - 1))}.${i % (FREE - 1)}`
    expect((await login(email, `guess-${i}`, address)).statusCode, `guess ${i}`).toBe(401)
  }
}

describe('per account and address', () => {
  it("a stranger's wrong passwords do not lock the owner out of the address she signed in from", async () => {
    const { email } = await owner()
    for (let i = 0; i < FREE; i++) expect((await login(email, 'wrong', STRANGER)).statusCode).toBe(401)
    expect((await login(email, 'right-password', STRANGER)).statusCode).toBe(429)
    expect((await login(email, 'right-password', OWNER_HOME)).statusCode).toBe(200)
  })

  it('the stranger waits 30 s after 5 wrong passwords, then twice as long after each further one', async () => {
    const { email } = await owner()
    for (let i = 0; i < FREE; i++) expect((await login(email, 'wrong', STRANGER)).statusCode).toBe(401)
    const locked = await login(email, 'wrong', STRANGER)
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toMatchObject({
      error: 'Too many wrong passwords. Try again in 30 seconds.',
      code: 'TOO_MANY_ATTEMPTS',
      details: { retryAfterSeconds: 30 },
    })
    clock += 30_000
    expect((await login(email, 'wrong', STRANGER)).statusCode).toBe(401)
    expect((await login(email, 'wrong', STRANGER)).json()).toMatchObject({ details: { retryAfterSeconds: 60 } })
    clock += 60_000
    expect((await login(email, 'wrong', STRANGER)).statusCode).toBe(401)
    expect((await login(email, 'wrong', STRANGER)).json()).toMatchObject({ details: { retryAfterSeconds: 120 } })
  })

  it('unknown e-mails are counted the same way, so the answers do not tell which accounts exist', async () => {
    const { email } = await owner()
    const answers = async (who: string, address: string) => {
      const codes: number[] = []
      for (let i = 0; i < FREE + 1; i++) codes.push((await login(who, 'wrong', address)).statusCode)
      return codes
    }
    expect(await answers('nobody@example.com', '203.0.113.20')).toEqual(await answers(email, '203.0.113.21'))
  })

  it('parallel guesses from one address cannot all slip through: exactly 5 are checked', async () => {
    const { email } = await owner()
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(email, 'wrong', STRANGER)))
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes).toEqual([...Array<number>(FREE).fill(401), ...Array<number>(12 - FREE).fill(429)])
  })
})

describe('the account-wide ceiling against guessing from many addresses', () => {
  it(`holds after ${ACCOUNT_FREE} wrong passwords from any mix of addresses, also for the right password`, async () => {
    const { email } = await owner()
    await spreadGuesses(email, ACCOUNT_FREE)
    for (const password of ['another-guess', 'right-password'])
      expect((await login(email, password, '192.0.2.77')).statusCode).toBe(429)
    // The owner's known address is not held by it.
    expect((await login(email, 'right-password', OWNER_HOME)).statusCode).toBe(200)
    // The ceiling waits 30 s, doubling, like the per-address count.
    clock += 30_000
    expect((await login(email, 'another-guess', '192.0.2.78')).statusCode).toBe(401)
    expect((await login(email, 'right-password', '192.0.2.79')).json()).toMatchObject({
      details: { retryAfterSeconds: 60 },
    })
  })

  it("the owner's device cookie lets her in from a new address; a cookie of another account does not", async () => {
    const { email, cookie } = await owner()
    const other = await owner('ravi@example.com')
    await spreadGuesses(email, ACCOUNT_FREE)
    const newAddress = '100.64.7.7'
    expect((await login(email, 'right-password', newAddress)).statusCode).toBe(429)
    expect((await login(email, 'right-password', newAddress, other.cookie)).statusCode).toBe(429)
    expect((await login(email, 'right-password', newAddress, `${cookie}x`)).statusCode).toBe(429)
    expect((await login(email, 'right-password', newAddress, cookie)).statusCode).toBe(200)
    // The device has its own count: 5 wrong passwords from it, then it waits too.
    for (let i = 0; i < FREE; i++) expect((await login(email, 'wrong', newAddress, cookie)).statusCode).toBe(401)
    expect((await login(email, 'right-password', '100.64.7.8', cookie)).statusCode).toBe(429)
  })

  it('the admin sign-in (the same route) is held the same way', async () => {
    const admin = 'admin@test.local'
    expect((await login(admin, 'admin-password', OWNER_HOME)).statusCode).toBe(200)
    for (let i = 0; i < FREE; i++) expect((await login(admin, 'wrong', STRANGER)).statusCode).toBe(401)
    expect((await login(admin, 'admin-password', STRANGER)).statusCode).toBe(429)
    // The stranger's 5 count towards the account-wide ceiling too.
    await spreadGuesses(admin, ACCOUNT_FREE - FREE)
    expect((await login(admin, 'admin-password', '192.0.2.80')).statusCode).toBe(429)
    const res = await login(admin, 'admin-password', OWNER_HOME)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ user: { role: string } }>().user.role).toBe('admin')
  })
})

describe('what a success resets', () => {
  it("a right password resets its own address's count", async () => {
    const { email } = await owner()
    for (let i = 0; i < FREE - 1; i++) expect((await login(email, 'wrong', OWNER_HOME)).statusCode).toBe(401)
    expect((await login(email, 'right-password', OWNER_HOME)).statusCode).toBe(200)
    for (let i = 0; i < FREE - 1; i++) expect((await login(email, 'wrong', OWNER_HOME)).statusCode).toBe(401)
    expect((await login(email, 'right-password', OWNER_HOME)).statusCode).toBe(200)
  })

  it("but not the account-wide count: the owner's sign-in gives a guesser no fresh allowance", async () => {
    const { email } = await owner()
    await spreadGuesses(email, ACCOUNT_FREE - 1)
    expect((await login(email, 'right-password', OWNER_HOME)).statusCode).toBe(200)
    expect((await login(email, 'one-more', '192.0.2.90')).statusCode).toBe(401)
    expect((await login(email, 'right-password', '192.0.2.91')).statusCode).toBe(429)
  })

  it('a day without wrong passwords forgets the counts', async () => {
    const { email } = await owner()
    await spreadGuesses(email, ACCOUNT_FREE)
    for (let i = 0; i < FREE; i++) await login(email, 'wrong', STRANGER)
    clock += 24 * 3_600_000
    expect((await login(email, 'right-password', STRANGER)).statusCode).toBe(200)
    expect((await login(email, 'right-password', '192.0.2.92')).statusCode).toBe(200)
  })
})

describe('the counts are shared', () => {
  it('by a second server on the same database', async () => {
    const { email } = await owner()
    for (let i = 0; i < FREE; i++) expect((await login(email, 'wrong', STRANGER)).statusCode).toBe(401)
    const second = await buildApp(t.config, { print: () => {}, now: () => clock, monthlyReports: false })
    try {
      const res = await second.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'right-password' },
        remoteAddress: STRANGER,
      })
      expect(res.statusCode).toBe(429)
    } finally {
      await second.close()
    }
  })

  it('by change-password and account deletion, which ask for the password again', async () => {
    const s = await register(t.app, { password: 'right-password' })
    const ask = (method: 'PUT' | 'DELETE', password: string) =>
      t.app.inject({
        method,
        url: method === 'PUT' ? '/api/auth/change-password' : '/api/auth/account',
        headers: s.headers,
        remoteAddress: STRANGER,
        payload: method === 'PUT' ? { currentPassword: password, newPassword: 'new-password-1' } : { password },
      })
    for (let i = 0; i < 3; i++) expect((await ask('PUT', 'wrong')).statusCode).toBe(400)
    for (let i = 0; i < 2; i++) expect((await ask('DELETE', 'wrong')).statusCode).toBe(403)
    expect((await ask('DELETE', 'right-password')).statusCode).toBe(429)
    expect((await login(s.user.email, 'right-password', STRANGER)).statusCode).toBe(429)
    expect(await t.app.users.findById(s.user.id)).toBeDefined()
  })
})
