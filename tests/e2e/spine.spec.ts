import type { Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { addExpense, offlineReady, signUp } from './support/flows'

async function signIn(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

async function addExpenseConfirmed(page: Page, amount: string, description: string) {
  await addExpense(page, amount, description)
  await expect(page.getByRole('status').filter({ hasText: 'added successfully' })).toBeVisible()
}

const recent = (page: Page) => page.getByTestId('transaction-item')

test('an expense survives reload, is added offline, and reaches the server and a second device', async ({
  page,
  browser,
  server,
}) => {
  const user = newUser('spine')
  await signUp(page, user)
  await addExpenseConfirmed(page, '250', 'Lunch online')
  await page.reload()
  await expect(recent(page).filter({ hasText: 'Lunch online' })).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced')

  const login = await server.api<{ token: string }>('POST', '/auth/login', undefined, {
    email: user.email,
    password: user.password,
  })
  expect(login.status).toBe(200)
  const token = login.body.token
  await expect
    .poll(async () =>
      (await server.api<{ description: string }[]>('GET', '/expenses', token)).body.map((e) => e.description),
    )
    .toContain('Lunch online')

  // A second device signed in as the same user, kept open the whole time.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, user)
  await expect(recent(otherPage).filter({ hasText: 'Lunch online' })).toBeVisible()

  // Truly offline: the server process is gone, so service-worker fetches fail too.
  await offlineReady(page)
  await server.stop()
  await addExpenseConfirmed(page, '40.50', 'Chai offline')
  await page.reload()
  await expect(recent(page).filter({ hasText: 'Lunch online' })).toBeVisible()
  await expect(recent(page).filter({ hasText: 'Chai offline' })).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline')
  await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-pending', '0')

  await server.start()
  await expect
    .poll(
      async () =>
        (await server.api<{ description: string; amount: number }[]>('GET', '/expenses', token)).body.find(
          (e) => e.description === 'Chai offline',
        )?.amount,
      { timeout: 30_000 },
    )
    .toBe(40.5)
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 })
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
  // The second device got it through the live stream, without a reload.
  await expect(recent(otherPage).filter({ hasText: 'Chai offline' })).toBeVisible({ timeout: 30_000 })
  await other.close()
})

test('a REST write reaches an open page through the stream', async ({ page, server }) => {
  const user = newUser('rest')
  await signUp(page, user)
  const login = await server.api<{ token: string }>('POST', '/auth/login', undefined, {
    email: user.email,
    password: user.password,
  })
  const today = new Date().toISOString().slice(0, 10)
  const created = await server.api('POST', '/income', login.body.token, {
    amount: 1234.5,
    source: 'Salary',
    date: today,
    description: 'November pay',
  })
  expect(created.status).toBe(201)
  await expect(recent(page).filter({ hasText: 'November pay' })).toBeVisible()
  await expect(page.getByTestId('balance')).toContainText('1,235')
})
