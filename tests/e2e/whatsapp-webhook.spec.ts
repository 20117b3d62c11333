import AxeBuilder from '@axe-core/playwright'
import { test as base, type Page } from '@playwright/test'
import twilio from 'twilio'
import { expect } from './support/fixtures'
import { restExpense, shot, signUpWithToken } from './support/flows'
import { ServerProcess } from './support/server'

const SHOTS = '.tmp/shots-settings'
const AUTH_TOKEN = 'e2e-twilio-auth-token-0123456789'
/** The server checks signatures against PUBLIC_URL + path, whatever host the request reached. */
const PUBLIC_URL = 'https://hisaab.example'
const WEBHOOK_PATH = '/api/whatsapp/webhook'

/** This file's server has WhatsApp configured (no account SID: the monthly job stays off). */
const test = base.extend<{ baseURL: string }, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await ServerProcess.create({
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        PUBLIC_URL,
        TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886',
        WHATSAPP_JOIN_PHRASE: 'join bright-tiger',
      })
      await use(server)
      await server.dispose()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
})

let sid = 0
/** Posts a message the way Twilio does: form-encoded, signed with the twilio library. */
async function sendWhatsapp(
  server: ServerProcess,
  from: string,
  body: string,
  signWith = AUTH_TOKEN,
): Promise<{ status: number; text: string }> {
  sid += 1
  const messageSid = `SM${Date.now().toString(16)}${String(sid).padStart(6, '0')}`.padEnd(34, 'e')
  const params: Record<string, string> = {
    MessageSid: messageSid,
    SmsMessageSid: messageSid,
    AccountSid: `AC${'0'.repeat(32)}`,
    From: from,
    To: 'whatsapp:+14155238886',
    Body: body,
    NumMedia: '0',
    ProfileName: 'Asha',
    WaId: from.replace(/\D/g, ''),
  }
  const signature = twilio.getExpectedTwilioSignature(signWith, `${PUBLIC_URL}${WEBHOOK_PATH}`, params)
  const res = await fetch(`${server.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  })
  return { status: res.status, text: await res.text() }
}

test('a signed WhatsApp message shows on the open /home within a second; Settings shows link and last message', async ({
  page,
  server,
}) => {
  const auth = await signUpWithToken(page, server, 'whatsapp')
  const phone = await server.api<{ code: string }>('PUT', '/auth/update-phone', auth.token, {
    phone_number: '+91 98765 43210',
  })
  expect(phone.status).toBe(200)
  // The number links once `link <code>` arrives from it.
  expect((await sendWhatsapp(server, 'whatsapp:+919876543210', `link ${phone.body.code}`)).text).toContain('Linked')

  // The page is live: a REST write reaches it (so its stream is connected).
  await restExpense(server, auth.token, {
    amount: 40,
    category: 'Food & Dining',
    date: new Date().toISOString(),
    description: 'Warm-up chai',
  })
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'Warm-up chai' })).toBeVisible()
  await expect(page.getByTestId('month-expenses')).toHaveText('₹40')

  // A wrong signature changes nothing.
  const forged = await sendWhatsapp(server, 'whatsapp:+919876543210', 'Spent 999 on food', 'not-the-token')
  expect(forged.status).toBe(403)

  const sent = await sendWhatsapp(server, 'whatsapp:+919876543210', 'Spent 500 on food')
  expect(sent.status).toBe(200)
  expect(sent.text).toContain('Expense Added')
  // No reload: the stream brings it to the open page.
  await expect(page.getByTestId('month-expenses')).toHaveText('₹540', { timeout: 1_000 })
  await expect(
    page.getByTestId('transaction-item').filter({ hasText: 'Food & Dining' }).filter({ hasText: '500' }),
  ).toBeVisible({ timeout: 1_000 })

  await page.goto('/settings')
  await page.getByRole('button', { name: /^WhatsApp Integration/ }).click()
  const status = page.getByTestId('whatsapp-status')
  await expect(status).toHaveAttribute('data-linked', 'true')
  await expect(status).toContainText('✅ Linked: +91 9876543210')
  const year = String(new Date().getFullYear())
  await expect(page.getByTestId('whatsapp-last-message')).toContainText(year)
  await expect(page.getByTestId('whatsapp-last-message')).not.toContainText('No messages')
  const connect = page.getByRole('link', { name: 'Connect WhatsApp' })
  await expect(connect).toHaveAttribute('href', 'https://wa.me/14155238886?text=join%20bright-tiger')
  await expect(connect).toHaveAttribute('target', '_blank')
  await shot(page, `${SHOTS}/desktop-whatsapp-linked-light.png`)
})

/** A screenshot and no axe violations (colour contrast included). */
async function check(page: Page, name: string) {
  await shot(page, `${SHOTS}/${name}.png`)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
}

const LOOKS = [
  { name: 'light-1280', theme: 'light', width: 1280, height: 900, code: '91', digits: '9812300001' },
  { name: 'dark-390', theme: 'dark', width: 390, height: 844, code: '44', digits: '7911123456' },
] as const

for (const look of LOOKS) {
  test(`Settings: a saved number shows its code and links once 'link <code>' arrives from it (${look.name})`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: look.width, height: look.height })
    const auth = await signUpWithToken(page, server, `proof-${look.name}`)
    await page.evaluate((theme) => localStorage.setItem('hisaab.theme', theme), look.theme)
    await page.goto('/settings')
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme)
    const section = page.getByRole('button', { name: /^WhatsApp Integration/ })
    await section.click()
    await page.getByLabel('Country code').selectOption(look.code)
    await page.getByLabel('Phone number').fill(look.digits)
    await page.getByRole('button', { name: 'Update Number' }).click()

    const from = `whatsapp:+${look.code}${look.digits}`
    const panel = page.getByTestId('whatsapp-code')
    await expect(panel).toContainText(`To prove +${look.code} ${look.digits} is yours`)
    await expect(panel).toContainText('our WhatsApp number +14155238886')
    const message = (await panel.locator('code').textContent()) ?? ''
    expect(message).toMatch(/^link \d{6}$/)
    await expect(panel.getByRole('link', { name: 'Send it on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/14155238886?text=${encodeURIComponent(message)}`,
    )
    await check(page, `whatsapp-code-${look.name}`)

    // Until proven, the number books nothing, and a wrong code links nothing.
    expect((await sendWhatsapp(server, from, 'Spent 100 on food')).text).toContain("isn't linked")
    const wrong = message.endsWith('000000') ? 'link 111111' : 'link 000000'
    expect((await sendWhatsapp(server, from, wrong)).text).toContain('wrong or has expired')

    const reloaded = page.waitForEvent('load')
    expect((await sendWhatsapp(server, from, message)).text).toContain('✅ Linked!')
    await expect(page.getByTestId('whatsapp-linked')).toHaveText(
      `Updated to +${look.code}${look.digits}! Refreshing...`,
      {
        timeout: 10_000,
      },
    )
    await reloaded
    await section.click()
    await expect(page.getByTestId('whatsapp-status')).toHaveAttribute('data-linked', 'true')
    await expect(page.getByTestId('whatsapp-status')).toContainText(`✅ Linked: +${look.code} ${look.digits}`)
    // The linked number is split back into the form.
    await expect(page.getByLabel('Country code')).toHaveValue(look.code)
    await expect(page.getByLabel('Phone number')).toHaveValue(look.digits)
    await check(page, `whatsapp-proven-${look.name}`)
    const me = await server.api<{ user: { phone_number: string; phone_verified: boolean } }>(
      'GET',
      '/auth/me',
      auth.token,
    )
    expect(me.body.user).toMatchObject({ phone_number: from, phone_verified: true })
    expect((await server.api<unknown[]>('GET', '/expenses', auth.token)).body).toEqual([])
  })
}

const VOIDED_LOOKS = [
  { name: 'light-1280', theme: 'light', width: 1280, height: 900, code: '91', digits: '9812300002' },
  // The longest number the server takes (15 digits with the country code), on a phone.
  { name: 'dark-390', theme: 'dark', width: 390, height: 844, code: '971', digits: '501234567890' },
] as const

for (const look of VOIDED_LOOKS) {
  test(`Settings: five wrong codes void the code; Settings says so and a new code links (${look.name})`, async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: look.width, height: look.height })
    const auth = await signUpWithToken(page, server, `voided-${look.name}`)
    await page.evaluate((theme) => localStorage.setItem('hisaab.theme', theme), look.theme)
    await page.goto('/settings')
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme)
    const section = page.getByRole('button', { name: /^WhatsApp Integration/ })
    await section.click()
    await page.getByLabel('Country code').selectOption(look.code)
    await page.getByLabel('Phone number').fill(look.digits)
    await page.getByRole('button', { name: 'Update Number' }).click()
    const first = (await page.getByTestId('whatsapp-code').locator('code').textContent()) ?? ''
    expect(first).toMatch(/^link \d{6}$/)

    const from = `whatsapp:+${look.code}${look.digits}`
    const right = Number(first.slice(5))
    for (let n = 1; n <= 5; n++) {
      const wrong = `link ${String((right + n) % 1_000_000).padStart(6, '0')}`
      expect((await sendWhatsapp(server, from, wrong)).text).toContain('wrong or has expired')
    }
    // The open screen learns it on its next check.
    const voided = page.getByTestId('whatsapp-code-voided')
    await expect(voided).toContainText(`5 wrong codes were sent from +${look.code} ${look.digits}`, { timeout: 10_000 })
    await expect(voided).toContainText('Save the number again for a new code')
    await expect(page.getByTestId('whatsapp-code')).toHaveCount(0)
    await check(page, `whatsapp-code-voided-${look.name}`)

    // The right code is dead too; a reload still says what happened.
    expect((await sendWhatsapp(server, from, first)).text).toContain('wrong or has expired')
    await page.reload()
    await section.click()
    await expect(page.getByTestId('whatsapp-code-voided')).toContainText(`from +${look.code} ${look.digits}`)

    await page.getByLabel('Country code').selectOption(look.code)
    await page.getByLabel('Phone number').fill(look.digits)
    await page.getByRole('button', { name: 'Update Number' }).click()
    const second = (await page.getByTestId('whatsapp-code').locator('code').textContent()) ?? ''
    expect(second).toMatch(/^link \d{6}$/)
    await expect(page.getByTestId('whatsapp-code-voided')).toHaveCount(0)
    const reloaded = page.waitForEvent('load')
    expect((await sendWhatsapp(server, from, second)).text).toContain('✅ Linked!')
    await reloaded
    await section.click()
    await expect(page.getByTestId('whatsapp-status')).toHaveAttribute('data-linked', 'true')
    const me = await server.api<{ user: { phone_number: string } }>('GET', '/auth/me', auth.token)
    expect(me.body.user.phone_number).toBe(from)
  })
}
