import Database from 'better-sqlite3'
import { join } from 'node:path'
import { expectAccessible } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'

for (const look of [
  { name: 'dark-390', colorScheme: 'dark' as const, viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'light-1280', colorScheme: 'light' as const, viewport: { width: 1280, height: 900 }, hasTouch: false },
]) {
  test.describe(`login (${look.name})`, () => {
    test.use({ colorScheme: look.colorScheme, viewport: look.viewport, hasTouch: look.hasTouch })

    test('links, Signing in..., the server error, and the Get Help modal', async ({ page, server }) => {
      await page.goto('/login')
      await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
      await expect(page.getByRole('link', { name: 'Admin? Login here' })).toHaveAttribute('href', '/admin/login')
      await expectAccessible(page, `/login ${look.name}`)

      await page.getByLabel('Email').fill('nobody@example.com')
      await page.getByLabel('Password', { exact: true }).fill('wrong-pass')
      // Hold the answer so the busy state can be seen.
      await page.route('**/api/auth/login', async (route) => {
        await new Promise((r) => setTimeout(r, 600))
        await route.continue()
      })
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
      await page.unroute('**/api/auth/login')

      await page.getByRole('button', { name: 'Get Help' }).click()
      const dialog = page.getByRole('dialog', { name: 'Get Help' })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Send Request' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('❌ Please provide WhatsApp or Email')
      await dialog.getByLabel('Email Address').fill('lost@example.com')
      await dialog.getByRole('button', { name: 'Send Request' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('❌ Please describe your issue')
      await expectAccessible(page, `Get Help ${look.name}`)
      await shot(page, `test-results/login-help-${look.name}.png`)
      const issue = `Locked out (${look.name})`
      await dialog.getByLabel('WhatsApp number').fill('+91 98765 43210')
      await dialog.getByLabel('Describe Your Issue').fill(issue)
      await dialog.getByRole('button', { name: 'Send Request' }).click()
      await expect(dialog.getByRole('status')).toHaveText("✅ Request submitted! We'll contact you soon.")
      await expect(dialog).toBeHidden({ timeout: 4000 })

      const db = new Database(join(server.dataDir, 'app.sqlite'), { readonly: true })
      try {
        const row = db.prepare('SELECT email, whatsapp FROM login_help_requests WHERE issue = ?').get(issue)
        expect(row).toEqual({ email: 'lost@example.com', whatsapp: '+91 98765 43210' })
      } finally {
        db.close()
      }
    })
  })
}

test('Get Help says so when the server cannot be reached; a signed-in login succeeds to /home', async ({
  page,
  server,
}) => {
  const user = newUser('loginok')
  await server.api('POST', '/auth/register', undefined, { email: user.email, password: user.password })
  await page.goto('/login')
  await offlineReady(page)
  await server.stop()
  try {
    await page.getByRole('button', { name: 'Get Help' }).click()
    const dialog = page.getByRole('dialog', { name: 'Get Help' })
    await dialog.getByLabel('Email Address').fill(user.email)
    await dialog.getByLabel('Describe Your Issue').fill('help')
    await dialog.getByRole('button', { name: 'Send Request' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('❌ Error submitting request')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  } finally {
    await server.start()
  }
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
})
