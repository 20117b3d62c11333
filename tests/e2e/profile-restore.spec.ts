import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, offlineReady, shot, type TestUser } from './support/flows'
import type { ServerProcess } from './support/server'

/**
 * A device that lost its IndexedDB but kept the sign-in (storage evicted under pressure, a restored
 * browser profile) must take the user's profile from the server, never push defaults over it.
 */

const SHOTS = 'test-results/profile-restore'
const GOALS = { financial: ['Emergency Fund', 'Retirement', 'Investments'], material: ['Car', 'House'] }

/** All ten onboarding steps: five goals, ₹1,50,000 a month, Full control; ends on /home. */
async function onboard(page: Page, user: TestUser) {
  await page.goto('/signup')
  await page.getByRole('button', { name: 'All of the above' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByLabel('Confirm Password').fill(user.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your path' })).toBeVisible()
  await page.getByText('Full control').click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Log expenses by WhatsApp' })).toBeVisible()
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('alertdialog', { name: 'Skip WhatsApp?' }).getByRole('button', { name: 'Skip' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible()
  await page.getByLabel('Name').fill(user.name)
  await page.getByLabel('Age (optional)').fill('38')
  await page.getByLabel('Monthly income').fill('150000')
  await page.getByLabel('Savings so far (optional)').fill('400000')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your goals' })).toBeVisible()
  for (const goal of [...GOALS.financial, ...GOALS.material])
    await page.getByRole('button', { name: goal, exact: true }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add your first expense' })).toBeVisible()
  await page.getByLabel('Amount').fill('250')
  await page.getByLabel('Category').selectOption('Food & Dining')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Set your first budget' })).toBeVisible()
  await page.getByLabel('Category').selectOption('Food & Dining')
  await page.getByLabel('Limit').fill('8000')
  await page.getByRole('button', { name: 'Create Budget' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Your Money's planned income, then an expense under a category of the user's own. */
async function planAndCustomCategory(page: Page) {
  await page.goto('/fund-allocation')
  await expect(page.getByTestId('money-income')).toHaveText('₹1,50,000')
  await page.getByRole('button', { name: 'Update Monthly Income' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update Monthly Income' })
  await dialog.getByLabel('Monthly income').fill('165000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('money-income')).toHaveText('₹1,65,000')
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill('60')
  await page.getByLabel('Category', { exact: true }).selectOption('Others')
  await page.getByLabel('Custom Category').fill('Chai tapri')
  await page.getByLabel('Description').fill('Evening chai')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

interface ServerState {
  profile: Record<string, unknown> | undefined
  income: number
}

/** The profile document and Your Money's income as the server holds them. */
async function serverState(server: ServerProcess, token: string): Promise<ServerState> {
  const pulled = await server.api<{ documents: Record<string, unknown>[] }>('GET', '/sync/profile/pull?limit=10', token)
  const summary = await server.api<{ summary: { total_income: number } }>('GET', '/allocation/summary', token)
  return { profile: pulled.body.documents[0], income: summary.body.summary.total_income }
}

/** Everything synced: the indicator says so and nothing is waiting to go up. */
async function synced(page: Page) {
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 })
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
}

/** Deletes every IndexedDB database of the site from a page that opens none; the sign-in stays. */
async function loseDatabase(page: Page) {
  await page.goto('/privacy')
  const left = await page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => Boolean(n))
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name)
            request.onsuccess = () => resolve()
            request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`))
            request.onblocked = () => reject(new Error(`${name} is still open`))
          }),
      ),
    )
    return (await indexedDB.databases()).length
  })
  expect(left).toBe(0)
  expect(await page.evaluate(() => localStorage.getItem('hisaab.token'))).toBeTruthy()
}

/** The device shows the server's profile: goals, income and path in Settings, Your Money, categories. */
async function showsServerProfile(page: Page) {
  await page.goto('/settings')
  await page.getByRole('button', { name: /Profile Details/ }).click()
  await expect(page.getByText(GOALS.financial.join(', '))).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(GOALS.material.join(', '))).toBeVisible()
  await expect(page.getByText(/Monthly income ₹1,65,000 · savings ₹4,00,000 · age 38 · Full control/)).toBeVisible()
  await page.getByRole('button', { name: /Data Management/ }).click()
  await expect(page.getByRole('list', { name: 'Categories' })).toContainText('+7 more')
  await page.goto('/add-expense')
  await expect(page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Chai tapri' })).toHaveCount(1)
  await page.goto('/fund-allocation')
  await expect(page.getByTestId('money-income-basis')).toHaveText('Planned monthly income')
  await expect(page.getByTestId('money-income')).toHaveText('₹1,65,000')
}

/** axe in both themes and a screenshot at 390 and 1280 px of the page as it is. */
async function looks(page: Page, name: string) {
  for (const look of LOOKS) {
    await page.setViewportSize(look.viewport)
    await page.emulateMedia({ colorScheme: look.colorScheme })
    await expectAccessible(page, `${name} (${look.name})`)
    await shot(page, `${SHOTS}/${name}-${look.name}.png`)
  }
}

/** A user onboarded in full with a planned income and a custom category, all of it on the server. */
async function onboardedUser(page: Page, server: ServerProcess, label: string) {
  const user = newUser(label)
  await onboard(page, user)
  await planAndCustomCategory(page)
  await synced(page)
  const { token } = await apiLogin(server, user)
  const before = await serverState(server, token)
  expect(before.profile).toMatchObject({
    userType: 'type_a',
    monthlyIncome: 165_000_00,
    savings: 400_000_00,
    age: 38,
    customCategories: ['Chai tapri'],
    goals: [...GOALS.financial, ...GOALS.material].map((name) => expect.objectContaining({ name })),
  })
  expect(before.income).toBe(165_000)
  return { user, token, before }
}

test('an emptied database with the sign-in kept takes the profile from the server and changes nothing there', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000)
  const { token, before } = await onboardedUser(page, server, 'restore')
  await loseDatabase(page)

  await page.goto('/home')
  await synced(page)
  await showsServerProfile(page)
  await synced(page)
  expect(await serverState(server, token)).toEqual(before)
})

test('the same with the server stopped at the reload: the profile waits for it, then arrives unchanged', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000)
  const { token, before } = await onboardedUser(page, server, 'restore-offline')
  await offlineReady(page)
  await loseDatabase(page)

  await server.stop()
  await page.goto('/home')
  await expect(page.getByTestId('sync-notice')).toHaveText(
    'Your data hasn’t finished downloading to this device. It will once you’re online.',
  )
  // Nothing of the profile is shown as if it were real while the server cannot be reached.
  await page.goto('/settings')
  await page.getByRole('button', { name: /Profile Details/ }).click()
  await expect(page.getByTestId('profile-unavailable')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/Monthly income ₹0/)).toHaveCount(0)
  await looks(page, 'settings-profile-waiting')
  await page.getByRole('button', { name: /Appearance/ }).click()
  await expect(page.getByRole('switch', { name: /Hide Balance by Default/ })).toBeDisabled()
  await page.getByRole('button', { name: /Data Management/ }).click()
  await expect(page.getByRole('list', { name: 'Categories' })).toHaveCount(0)
  await expect(page.getByTestId('profile-unavailable')).toBeVisible()
  await looks(page, 'settings-data-waiting')
  await page.goto('/fund-allocation')
  await expect(page.getByTestId('profile-unavailable')).toBeVisible()
  await expect(page.getByTestId('money-income')).toHaveCount(0)
  await looks(page, 'money-waiting')

  await server.start()
  await synced(page)
  await showsServerProfile(page)
  await synced(page)
  expect(await serverState(server, token)).toEqual(before)
})
