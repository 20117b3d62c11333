import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PublicUser } from '../../schema/api/auth'
import type { WhatsappStatus } from '../../schema/api/whatsapp'
import { PHONE_CODE_TTL_MS } from '../../sync-server/modules/auth/phone-proof'
import { createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'
import { say, WEBHOOK_ENV } from './whatsapp-support'

/**
 * A WhatsApp number links to an account only once a `link <code>` message
 * from that number proves it; until then nothing from the number is booked to the account.
 */

const NOW = new Date(2025, 2, 15, 12, 0).getTime()
let clock = NOW
let t: TestApp
beforeEach(async () => {
  clock = NOW
  t = await createTestApp(WEBHOOK_ENV, {}, { now: () => clock, monthlyReports: false })
})
afterEach(() => t.close())

const VICTIM = 'whatsapp:+919876543210'

interface Claim {
  success: true
  pending: boolean
  code: string
  phone_number: string
  expires_at: string
  user: PublicUser
}

async function claim(s: Session, phone_number: string): Promise<Claim> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/update-phone',
    headers: s.headers,
    payload: { phone_number },
  })
  expect(res.statusCode).toBe(200)
  return res.json<Claim>()
}

async function status(s: Session): Promise<WhatsappStatus> {
  return (await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: s.headers })).json<WhatsappStatus>()
}

async function me(s: Session): Promise<PublicUser> {
  return (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).json<{ user: PublicUser }>()
    .user
}

const booked = async (s: Session) => (await t.app.documents.listByOwner('transactions', s.user.id)).length

describe('PUT /api/auth/update-phone claims, `link <code>` proves', () => {
  it('answers a pending six-digit code and links nothing yet', async () => {
    const s = await register(t.app)
    const answer = await claim(s, '+91 98765 43210')
    expect(answer).toMatchObject({ success: true, pending: true, phone_number: VICTIM, user: { phone_number: null } })
    expect(answer.code).toMatch(/^\d{6}$/)
    expect(Date.parse(answer.expires_at) - NOW).toBe(PHONE_CODE_TTL_MS)
    expect(await status(s)).toMatchObject({
      linked: false,
      phone_number: null,
      pending: { phone_number: VICTIM, code: answer.code, expires_at: answer.expires_at },
    })
    // Messages from the number are answered as from an unknown one.
    expect(await say(t.app, VICTIM, 'Spent 500 on food')).toContain("isn't linked")
    expect(await booked(s)).toBe(0)
  })

  it('`link <code>` from the number links it: confirmation, status, /me, and entries are booked', async () => {
    const s = await register(t.app, { name: 'Asha' })
    const { code } = await claim(s, '9876543210')
    const reply = await say(t.app, VICTIM, `  LINK ${code} `)
    expect(reply).toContain('✅ Linked!')
    expect(reply).toContain('+919876543210')
    expect(reply).toContain('Asha')
    expect(await status(s)).toMatchObject({ linked: true, phone_number: VICTIM, pending: null })
    expect(await me(s)).toMatchObject({ phone_number: VICTIM, phone_verified: true })
    expect(await say(t.app, VICTIM, 'Spent 500 on food')).toContain('Expense Added')
    expect(await booked(s)).toBe(1)
    // Claiming one's own proven number again has nothing to prove.
    expect(await claim(s, VICTIM)).toMatchObject({ pending: false, user: { phone_verified: true } })
  })

  it('a wrong code, the right code from another number, or no code link nothing', async () => {
    const s = await register(t.app)
    const { code } = await claim(s, VICTIM)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await say(t.app, VICTIM, `link ${wrong}`)).toContain('wrong or has expired')
    expect(await say(t.app, 'whatsapp:+919000000009', `link ${code}`)).toContain('wrong or has expired')
    expect(await say(t.app, VICTIM, 'link')).toContain('wrong or has expired')
    expect(await status(s)).toMatchObject({ linked: false, pending: { code } })
    expect(await say(t.app, VICTIM, 'Spent 500 on food')).toContain("isn't linked")
    expect(await booked(s)).toBe(0)
  })

  it('five wrong codes from the number void the code; Settings says so; saving it again gives a new one', async () => {
    const s = await register(t.app)
    const first = await claim(s, VICTIM)
    const wrong = (n: number) => String((Number(first.code) + n) % 1_000_000).padStart(6, '0')
    for (let n = 1; n <= 4; n++) expect(await say(t.app, VICTIM, `link ${wrong(n)}`)).toContain('wrong or has expired')
    // A bare `link` guesses nothing and is not counted.
    expect(await say(t.app, VICTIM, 'link')).toContain('wrong or has expired')
    expect(await status(s)).toMatchObject({ pending: { code: first.code }, voided: null })
    clock += 60_000
    expect(await say(t.app, VICTIM, `link ${wrong(5)}`)).toContain('wrong or has expired')
    expect(await status(s)).toMatchObject({
      linked: false,
      pending: null,
      voided: { phone_number: VICTIM, voided_at: new Date(clock).toISOString() },
    })
    // The right code no longer links anything.
    expect(await say(t.app, VICTIM, `link ${first.code}`)).toContain('wrong or has expired')
    expect(await me(s)).toMatchObject({ phone_number: null, phone_verified: false })

    const second = await claim(s, VICTIM)
    expect(await status(s)).toMatchObject({ pending: { code: second.code }, voided: null })
    expect(await say(t.app, VICTIM, `link ${second.code}`)).toContain('Linked')
    expect(await me(s)).toMatchObject({ phone_number: VICTIM, phone_verified: true })
  })

  it('other numbers’ guesses neither prove nor void a claim; the number’s own void all its claims', async () => {
    const owner = await register(t.app)
    const other = await register(t.app)
    const elsewhere = await register(t.app)
    const ownerClaim = await claim(owner, VICTIM)
    const otherClaim = await claim(other, VICTIM)
    const elsewhereClaim = await claim(elsewhere, 'whatsapp:+919000000009')
    for (let n = 0; n < 10; n++)
      expect(await say(t.app, `whatsapp:+9190000001${n}`, `link ${String(n).repeat(6)}`)).toContain('wrong')
    expect(await say(t.app, 'whatsapp:+919000000010', `link ${ownerClaim.code}`)).toContain('wrong or has expired')
    expect(await status(owner)).toMatchObject({ pending: { code: ownerClaim.code }, voided: null })

    const codes = new Set([ownerClaim.code, otherClaim.code])
    const wrongCodes = ['000000', '111111', '222222', '333333', '444444', '555555', '666666']
      .filter((c) => !codes.has(c))
      .slice(0, 5)
    for (const code of wrongCodes) expect(await say(t.app, VICTIM, `link ${code}`)).toContain('wrong or has expired')
    expect(await status(owner)).toMatchObject({ pending: null, voided: { phone_number: VICTIM } })
    expect(await status(other)).toMatchObject({ pending: null, voided: { phone_number: VICTIM } })
    expect(await status(elsewhere)).toMatchObject({ pending: { code: elsewhereClaim.code }, voided: null })
    expect(await say(t.app, VICTIM, `link ${otherClaim.code}`)).toContain('wrong or has expired')
    expect(await say(t.app, 'whatsapp:+919000000009', `link ${elsewhereClaim.code}`)).toContain('Linked')
  })

  it('the notice of a voided code lasts a day', async () => {
    const s = await register(t.app)
    const { code } = await claim(s, VICTIM)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let n = 0; n < 5; n++) await say(t.app, VICTIM, `link ${wrong}`)
    expect((await status(s)).voided).toMatchObject({ phone_number: VICTIM })
    clock += 24 * 3_600_000 + 1
    expect(await status(s)).toMatchObject({ pending: null, voided: null })
  })

  it('a code expires after 15 minutes; a new claim replaces the old code (one pending claim per user)', async () => {
    const s = await register(t.app)
    const first = await claim(s, VICTIM)
    const second = await claim(s, VICTIM)
    if (first.code !== second.code)
      expect(await say(t.app, VICTIM, `link ${first.code}`)).toContain('wrong or has expired')
    clock = NOW + PHONE_CODE_TTL_MS + 1
    expect((await status(s)).pending).toBeNull()
    expect(await say(t.app, VICTIM, `link ${second.code}`)).toContain('wrong or has expired')
    expect((await me(s)).phone_number).toBeNull()
  })

  it("an attacker's claim of the victim's number books nothing; the victim still proves and links it", async () => {
    const attacker = await register(t.app)
    const victim = await register(t.app)
    const attackerClaim = await claim(attacker, VICTIM)
    // The victim's own messages never reach the attacker's ledger.
    expect(await say(t.app, VICTIM, 'Spent 500 on food')).toContain("isn't linked")
    expect(await booked(attacker)).toBe(0)

    const victimClaim = await claim(victim, VICTIM)
    expect(await say(t.app, VICTIM, `link ${victimClaim.code}`)).toContain('Linked')
    expect(await say(t.app, VICTIM, 'Spent 700 on food')).toContain('Expense Added')
    expect([await booked(attacker), await booked(victim)]).toEqual([0, 1])
    expect(await status(attacker)).toMatchObject({ linked: false, phone_number: null })
    // Once proven, the number stays with its owner: new claims are refused and old codes are void.
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-phone',
      headers: attacker.headers,
      payload: { phone_number: VICTIM },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      error: 'This phone number is already linked to another account',
      code: 'PHONE_TAKEN',
    })
    if (attackerClaim.code !== victimClaim.code)
      expect(await say(t.app, VICTIM, `link ${attackerClaim.code}`)).toContain('wrong or has expired')
    expect(await me(victim)).toMatchObject({ phone_number: VICTIM, phone_verified: true })
  })

  it('a link made before proofs existed counts as unproven; a proven owner takes the number back', async () => {
    const squatter = await register(t.app)
    await t.app.users.update(squatter.user.id, { phoneNumber: VICTIM })
    expect(await me(squatter)).toMatchObject({ phone_number: VICTIM, phone_verified: false })
    expect(await say(t.app, VICTIM, 'Spent 500 on food')).toContain("isn't linked")
    expect(await booked(squatter)).toBe(0)

    const owner = await register(t.app)
    const { code } = await claim(owner, VICTIM)
    expect(await say(t.app, VICTIM, `link ${code}`)).toContain('Linked')
    expect(await me(squatter)).toMatchObject({ phone_number: null, phone_verified: false })
    expect(await me(owner)).toMatchObject({ phone_number: VICTIM, phone_verified: true })
  })

  it('update-profile cannot set a new number without proof, but can remove the link', async () => {
    const s = await register(t.app)
    const { code } = await claim(s, VICTIM)
    await say(t.app, VICTIM, `link ${code}`)
    const put = (phone_number: string | null) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: s.headers, payload: { phone_number } })
    const other = await put('+91 90000 00001')
    expect(other.statusCode).toBe(400)
    expect(other.json()).toMatchObject({ code: 'PHONE_NEEDS_PROOF' })
    expect((await put(VICTIM)).statusCode).toBe(200)
    expect((await me(s)).phone_verified).toBe(true)
    expect((await put(null)).json<{ user: PublicUser }>().user).toMatchObject({
      phone_number: null,
      phone_verified: false,
    })
    expect(await say(t.app, VICTIM, 'Spent 500 on food')).toContain("isn't linked")
  })
})
