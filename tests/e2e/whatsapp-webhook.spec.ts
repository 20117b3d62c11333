import { test as base } from '@playwright/test'
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
  const phone = await server.api('PUT', '/auth/update-phone', auth.token, { phone_number: '+91 98765 43210' })
  expect(phone.status).toBe(200)

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
