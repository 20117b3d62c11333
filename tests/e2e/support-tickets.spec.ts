import type { Page } from '@playwright/test'
import { expectAccessible, SCREEN } from './support/a11y'
import { expect, test } from './support/fixtures'
import { offlineReady, shot, signUpWithToken } from './support/flows'

interface RestTicket {
  id: string
  ticket_number: string
  subject: string
  status: string
  messages: { author_role: string; message: string }[]
}

async function raiseTicket(
  page: Page,
  t: { category: string; subject: string; description: string; priority: string },
) {
  await page.goto('/support/tickets/new')
  await page.getByLabel('Category').selectOption({ label: t.category })
  await page.getByLabel('Subject').fill(t.subject)
  await page.getByLabel('Description').fill(t.description)
  await page.getByRole('radio', { name: t.priority }).check()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/support\/tickets\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: t.subject })).toBeVisible()
}

for (const look of [
  { name: 'dark-390', colorScheme: 'dark' as const, viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'light-1280', colorScheme: 'light' as const, viewport: { width: 1280, height: 900 }, hasTouch: false },
]) {
  test.describe(`support (${look.name})`, () => {
    test.use({ colorScheme: look.colorScheme, viewport: look.viewport, hasTouch: look.hasTouch })

    test('/support, the ticket list, a new ticket and its thread', async ({ page, server }) => {
      const { token } = await signUpWithToken(page, server, `support${look.name.replace('-', '')}`)
      await page.goto('/chat')
      await expect(page).toHaveURL(/\/support$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible()
      const actions = page.getByRole('navigation', { name: 'Support actions' }).getByRole('link')
      await expect(actions).toHaveCount(3)
      await expect(page.locator('details.faq')).toHaveCount(10)
      await page.getByText('Does the app work offline?').click()
      await expect(page.getByText(/Once you have signed in on a device/)).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Contact Support' })).toBeVisible()
      await expectAccessible(page, `/support ${look.name}`, { within: SCREEN })
      await shot(page, `test-results/support-${look.name}.png`)

      await actions.filter({ hasText: 'My Tickets' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'My Support Tickets' })).toBeVisible()
      await expect(page.getByText('No tickets yet')).toBeVisible()
      await expect(page.getByText(/We reply within 24 hours/)).toBeVisible()
      await expectAccessible(page, `/support/tickets empty ${look.name}`, { within: SCREEN })

      await page.getByRole('link', { name: 'New Ticket' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Raise a Ticket' })).toBeVisible()
      await expect(page.getByRole('radio', { name: 'Medium' })).toBeChecked()
      await page.getByRole('button', { name: 'Submit' }).click()
      await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields')
      await expectAccessible(page, `/support/tickets/new ${look.name}`, { within: SCREEN })
      await shot(page, `test-results/support-new-${look.name}.png`)

      const long = `My export ${'has every row twice and the totals are doubled, '.repeat(4)}`.trim()
      await raiseTicket(page, {
        category: 'Data',
        subject: 'CSV export shows every row twice — 60 characters long subject',
        description: long,
        priority: 'High',
      })
      await expect(page.getByText(/^TKT-\d{6}$/)).toBeVisible()
      await expect(page.getByText('Open', { exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Send' }).click()
      await expect(page.getByText('Please write a message')).toBeVisible()
      await page.getByLabel('Add a message').fill('It happens on my phone too.')
      await page.getByRole('button', { name: 'Send' }).click()
      await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(2)
      await expectAccessible(page, `/support/tickets/{id} ${look.name}`, { within: SCREEN })
      await shot(page, `test-results/support-ticket-${look.name}.png`)

      await page.getByRole('link', { name: 'My Tickets' }).click()
      const row = page.getByRole('list', { name: 'Tickets' }).getByRole('link')
      await expect(row).toHaveCount(1)
      await expect(row).toContainText('High priority')
      await expect(row).toContainText('Data')
      await expect(row).toContainText(`${long.slice(0, 100)}…`)
      await expectAccessible(page, `/support/tickets ${look.name}`, { within: SCREEN })
      await shot(page, `test-results/support-list-${look.name}.png`)

      await expect
        .poll(async () => (await server.api<RestTicket[]>('GET', '/support/tickets', token)).body.length)
        .toBe(1)
      const [ticket] = (await server.api<RestTicket[]>('GET', '/support/tickets', token)).body
      await expect
        .poll(async () => (await server.api<RestTicket>('GET', `/support/tickets/${ticket!.id}`, token)).body.messages)
        .toEqual([expect.objectContaining({ author_role: 'user', message: 'It happens on my phone too.' })])
    })
  })
}

test('a ticket raised with the server stopped reaches it after restart and gets its number', async ({
  page,
  server,
}) => {
  const { token } = await signUpWithToken(page, server, 'offlineticket')
  await page.goto('/support/tickets')
  await expect(page.getByText('No tickets yet')).toBeVisible()
  // Truly offline: the server process is gone; the service worker serves the app.
  await offlineReady(page)
  await server.stop()
  try {
    await raiseTicket(page, {
      category: 'WhatsApp',
      subject: 'Written offline',
      description: 'No signal in the metro',
      priority: 'Low',
    })
    await expect(page.getByText('Not sent yet')).toBeVisible()
    await page.getByLabel('Add a message').fill('Also offline')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText('Also offline')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Written offline' })).toBeVisible()
    await expect(page.getByText('Also offline')).toBeVisible()
  } finally {
    await server.start()
  }
  await expect(page.getByText(/^TKT-\d{6}$/)).toBeVisible({ timeout: 30_000 })
  const list = (await server.api<RestTicket[]>('GET', '/support/tickets', token)).body
  expect(list.map((t) => [t.subject, t.status])).toEqual([['Written offline', 'open']])
  // The number comes with the ticket's first push; the message may follow in a later one.
  await expect
    .poll(async () => {
      const one = await server.api<RestTicket>('GET', `/support/tickets/${list[0]!.id}`, token)
      return one.body.messages.map((m) => m.message)
    })
    .toEqual(['Also offline'])
})
