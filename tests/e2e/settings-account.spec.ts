import type { Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, restExpense, shot, signUp, signUpWithToken, type TestUser } from './support/flows'
import type { ServerProcess } from './support/server'

const SHOTS = '.tmp/shots-settings'

const section = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) })

async function openSection(page: Page, title: string) {
  await section(page, title).click()
  await expect(section(page, title)).toHaveAttribute('aria-expanded', 'true')
}

async function me(server: ServerProcess, user: TestUser) {
  const { token } = await apiLogin(server, user)
  const res = await server.api<{ user: Record<string, unknown> }>('GET', '/auth/me', token)
  expect(res.status).toBe(200)
  return res.body.user
}

test('WhatsApp: phone validation, saving shows the code to send from the number; monthly report toggle', async ({
  page,
  server,
}) => {
  const user = newUser('phone')
  await signUp(page, user)
  await page.goto('/settings')
  await expect(page.getByTestId('settings-name')).toHaveText(user.name)
  await expect(page.getByTestId('settings-email')).toHaveText(user.email)

  await openSection(page, 'WhatsApp Integration')
  await expect(page.getByTestId('whatsapp-status')).toHaveAttribute('data-linked', 'false')
  await expect(page.getByText('Not linked yet: save your number below')).toBeVisible()
  // This server has no TWILIO_WHATSAPP_FROM: no chat to join.
  await expect(page.getByRole('button', { name: 'Connect WhatsApp' })).toBeDisabled()
  await expect(page.getByTestId('whatsapp-not-configured')).toContainText('no WhatsApp number is configured')

  const update = page.getByRole('button', { name: 'Update Number' })
  await update.click()
  await expect(page.getByText('Please enter a phone number', { exact: true })).toBeVisible()
  await page.getByLabel('Phone number').fill('98765 432')
  await update.click()
  await expect(page.getByText('Phone number must be at least 10 digits', { exact: true })).toBeVisible()
  expect((await me(server, user)).phone_number).toBeNull()

  // Saving claims the number: it links only once `link <code>` is sent from it (proven in
  // whatsapp-webhook.spec.ts, whose server has WhatsApp configured; this one has no chat number).
  await page.getByLabel('Phone number').fill('98765-43210')
  await update.click()
  const code = page.getByTestId('whatsapp-code')
  await expect(code).toContainText('To prove +91 9876543210 is yours, send this message from it to our WhatsApp number')
  await expect(code.locator('code')).toHaveText(/^link \d{6}$/)
  await expect(code.getByRole('link', { name: 'Send it on WhatsApp' })).toHaveCount(0)
  expect((await me(server, user)).phone_number).toBeNull()

  // The code survives a reload until it expires.
  const shown = await code.locator('code').textContent()
  await page.reload()
  await openSection(page, 'WhatsApp Integration')
  await expect(page.getByTestId('whatsapp-code').locator('code')).toHaveText(shown!)
  await expect(page.getByTestId('whatsapp-status')).toHaveAttribute('data-linked', 'false')

  const report = page.getByRole('switch', { name: /Monthly report on WhatsApp/ })
  await expect(report).toHaveAttribute('aria-checked', 'true')
  await report.click()
  await expect(report).toHaveAttribute('aria-checked', 'false')
  // The flag syncs: the server's status reads it from the synced profile.
  const { token } = await apiLogin(server, user)
  await expect
    .poll(
      async () => (await server.api<{ monthly_report: boolean }>('GET', '/whatsapp/status', token)).body.monthly_report,
      { timeout: 15_000 },
    )
    .toBe(false)
})

test('Profile Details save through update-profile and come back after the reload', async ({ page, server }) => {
  const user = newUser('profile')
  await signUp(page, user)
  await page.goto('/profile')
  await openSection(page, 'Profile Details')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(user.name)

  await page.getByLabel('Name', { exact: true }).fill('Asha Verma')
  await page.getByLabel('Date of birth').fill('1990-04-12')
  await page.getByLabel('Job title').fill('Teacher')
  await page.getByLabel('Nationality').fill('Indian')
  await page.getByLabel('State / Province').fill('Karnataka')
  await page.getByLabel('Annual income').selectOption('6-10L')
  await page.getByLabel('Family size').fill('4')
  await page.getByLabel('Number of dependents').fill('2')
  await page.getByRole('switch', { name: /Non-resident Indian/ }).click()
  await page.getByLabel('Address').fill('12 MG Road, Bengaluru')
  await shot(page, `${SHOTS}/desktop-profile-light.png`)

  const reloaded = page.waitForEvent('load')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('✅ Profile updated!', { exact: true })).toBeVisible()
  await reloaded
  expect(await me(server, user)).toMatchObject({
    name: 'Asha Verma',
    date_of_birth: '1990-04-12',
    job_title: 'Teacher',
    nationality: 'Indian',
    state_province: 'Karnataka',
    annual_income_range: '6-10L',
    family_size: 4,
    number_of_dependents: 2,
    is_non_resident: true,
    address: '12 MG Road, Bengaluru',
  })
  await expect(page.getByTestId('settings-name')).toHaveText('Asha Verma')
  await openSection(page, 'Profile Details')
  await expect(page.getByLabel('Annual income')).toHaveValue('6-10L')
  await expect(page.getByRole('switch', { name: /Non-resident Indian/ })).toHaveAttribute('aria-checked', 'true')

  // A value the rules refuse (the same schema as the server's): the field says why, nothing is saved.
  await page.getByLabel('Family size').fill('0')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Family size must be at least 1', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Family size')).toHaveAttribute('aria-invalid', 'true')
  expect((await me(server, user)).family_size).toBe(4)
})

test('Security: mismatch, too short, wrong current password; then the new one signs in, the old fails', async ({
  page,
  server,
}) => {
  const user = newUser('password')
  await signUp(page, user)
  await page.goto('/settings')
  await openSection(page, 'Security')
  const change = page.getByRole('button', { name: 'Change Password', exact: true })

  await page.getByLabel('Current Password').fill(user.password)
  await page.getByLabel('New Password', { exact: true }).fill('abc')
  await page.getByLabel('Confirm New Password').fill('abd')
  await change.click()
  await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible()
  await page.getByLabel('Confirm New Password').fill('abc')
  await change.click()
  await expect(page.getByText('Min 6 characters', { exact: true })).toBeVisible()

  await page.getByLabel('Current Password').fill('not-my-password')
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass-9')
  await page.getByLabel('Confirm New Password').fill('brand-new-pass-9')
  await change.click()
  await expect(page.getByText('❌ Current password is incorrect', { exact: true })).toBeVisible()

  await page.getByLabel('Current Password').fill(user.password)
  await change.click()
  await expect(page.getByText('✅ Password changed!', { exact: true })).toBeVisible()
  // Two seconds later: fields cleared and the section closed.
  await expect(section(page, 'Security')).toHaveAttribute('aria-expanded', 'false', { timeout: 4_000 })
  await openSection(page, 'Security')
  await expect(page.getByLabel('Current Password')).toHaveValue('')

  const oldLogin = await server.api('POST', '/auth/login', undefined, { email: user.email, password: user.password })
  expect(oldLogin.status).toBe(401)
  const newLogin = await server.api('POST', '/auth/login', undefined, {
    email: user.email,
    password: 'brand-new-pass-9',
  })
  expect(newLogin.status).toBe(200)

  // This device kept working: its stored token is the fresh one.
  const status = await page.evaluate(
    async () =>
      (await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('hisaab.token')}` } }))
        .status,
  )
  expect(status).toBe(200)
  await page.reload()
  await expect(page.getByTestId('settings-email')).toHaveText(user.email)
  await expect(page).toHaveURL(/\/settings$/)

  // And the new password works in the sign-in form.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-9')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test('Currency: USD is saved on the server, totals show in $ and the rupee entry stays in rupees', async ({
  page,
  server,
}) => {
  const { token } = await signUpWithToken(page, server, 'currency')
  await restExpense(server, token, {
    amount: 500,
    category: 'Food & Dining',
    date: new Date().toISOString(),
    description: 'Thali',
  })
  await expect(page.getByTestId('month-expenses')).toHaveText('₹500')

  await page.goto('/settings')
  await expect(section(page, 'Currency')).toContainText('₹ Indian Rupee')
  await openSection(page, 'Currency')
  await expect(page.getByRole('radio', { name: /INR/ })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('radio', { name: /USD/ }).click()
  await expect(page.getByText(/^✅ Currency set to US Dollar \(\$\)/)).toBeVisible()
  await expect(page.getByRole('radio', { name: /USD/ })).toHaveAttribute('aria-checked', 'true')
  await expect(section(page, 'Currency')).toContainText('$ US Dollar')
  expect((await server.api<{ user: { currency: string } }>('GET', '/auth/me', token)).body.user.currency).toBe('USD')

  // Changing the home currency converts nothing stored: the ₹500 stays rupees, shown as not converted.
  await page.goto('/home')
  await expect(page.getByTestId('month-expenses')).toHaveText('$0')
  await expect(page.getByTestId('not-converted')).toContainText('1 entry in another currency is not converted to USD')
  await expect(page.getByTestId('transaction-amount').first()).toHaveText('-₹500 not converted')
})

test('offline: REST actions say they need a connection instead of failing silently', async ({ page, server }) => {
  const user = newUser('offline')
  await signUp(page, user)
  await page.goto('/settings')
  await expect(page.getByTestId('settings-email')).toHaveText(user.email)
  await server.stop()
  try {
    await openSection(page, 'Profile Details')
    await page.getByLabel('Job title').fill('Pilot')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(
      page.getByText(/^❌ Error occurred\. You're offline: saving your profile needs an internet connection/),
    ).toBeVisible()

    await openSection(page, 'WhatsApp Integration')
    await expect(page.getByTestId('whatsapp-status')).toHaveAttribute('data-state', 'offline')
    await expect(page.getByTestId('whatsapp-status')).toContainText(
      'checking your WhatsApp link needs an internet connection',
    )
    await page.getByLabel('Phone number').fill('9876543210')
    await page.getByRole('button', { name: 'Update Number' }).click()
    await expect(
      page.getByText(/^Error occurred\. You're offline: updating your number needs an internet connection/),
    ).toBeVisible()

    await openSection(page, 'Currency')
    await page.getByRole('radio', { name: /EUR/ }).click()
    await expect(page.getByText(/^❌ You're offline: changing the currency needs an internet connection/)).toBeVisible()
    await expect(page.getByRole('radio', { name: /INR/ })).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByTestId('settings-offline')).toBeVisible()
  } finally {
    await server.start()
  }
})
