import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { pushBudget, restExpense, restIncome, shot, signUp, signUpWithToken } from './support/flows'

const SHOTS = '.tmp/shots-settings'
const section = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) })

async function openSection(page: Page, title: string) {
  await section(page, title).click()
  await expect(section(page, title)).toHaveAttribute('aria-expanded', 'true')
}

test('Appearance: Dark Mode switches the theme; Hide Balance by Default masks /home; one section open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await signUp(page, newUser('appearance'))
  await expect(page.getByTestId('balance')).toHaveText('₹0')
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await shot(page, `${SHOTS}/desktop-settings-light.png`)

  await openSection(page, 'Appearance')
  const dark = page.getByRole('switch', { name: /Dark Mode/ })
  await expect(dark).toHaveAttribute('aria-checked', 'false')
  await dark.click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(dark).toHaveAttribute('aria-checked', 'true')
  await shot(page, `${SHOTS}/desktop-appearance-dark.png`)

  // Opening another section closes this one.
  await openSection(page, 'About')
  await expect(section(page, 'Appearance')).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByTestId('app-version')).toHaveText('1.0.0')
  await openSection(page, 'Appearance')

  const hide = page.getByRole('switch', { name: /Hide Balance by Default/ })
  await expect(hide).toHaveAttribute('aria-checked', 'false')
  await hide.click()
  await expect(hide).toHaveAttribute('aria-checked', 'true')
  await page.goto('/home')
  await expect(page.getByTestId('balance')).toHaveText('••••••')
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText('••••••')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  // Haptic Feedback is remembered here (Push Notifications: notifications.spec.ts).
  await page.goto('/settings')
  await openSection(page, 'Appearance')
  const haptics = page.getByRole('switch', { name: /Haptic Feedback/ })
  await haptics.click()
  await expect(haptics).toHaveAttribute('aria-checked', 'true')
  await page.reload()
  await openSection(page, 'Appearance')
  await expect(page.getByRole('switch', { name: /Haptic Feedback/ })).toHaveAttribute('aria-checked', 'true')
  await dark.click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
})

test('Data Management: counts, categories, export JSON backup, then Clear All Data tombstones everything', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const auth = await signUpWithToken(page, server, 'data')
  const today = new Date().toISOString()
  await restExpense(server, auth.token, { amount: 500.5, category: 'Food & Dining', date: today, description: 'Dosa' })
  await restExpense(server, auth.token, { amount: 1200, category: 'Transportation', date: today, description: 'Cab' })
  await restIncome(server, auth.token, { amount: 50000, source: 'Salary', date: today, description: 'November pay' })
  await pushBudget(server, auth, { category: 'Shopping', rupees: 3000, createdAt: Date.now() })
  await expect(page.getByTestId('balance')).toHaveText('₹48,300')

  // On a phone the bottom bar's Profile slot leads to the settings screen.
  await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await openSection(page, 'Data Management')
  await expect(page.getByTestId('count-expenses')).toHaveText('2')
  await expect(page.getByTestId('count-income')).toHaveText('1')
  await expect(page.getByTestId('count-budgets')).toHaveText('1')
  const chips = page.getByRole('list', { name: 'Categories' }).getByRole('listitem')
  await expect(chips).toHaveCount(7)
  // The first six categories, then how many more (the default list gained 'Rent' and 'Cash Withdrawal').
  await expect(chips.last()).toHaveText('+6 more')
  await shot(page, `${SHOTS}/phone-data-light.png`)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Data' }).click()
  const download = await downloading
  const d = new Date()
  const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  expect(download.suggestedFilename()).toBe(`hisaab-backup-${ymd}.json`)
  const backup = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    version: string
    exportDate: string
    expenses: { amount: number; category: string; description: string }[]
    income: { amount: number; source: string }[]
    budgets: { amount: number; category: string; period: string }[]
  }
  expect(backup.version).toBe('1.0.0')
  expect(Math.abs(Date.parse(backup.exportDate) - Date.now())).toBeLessThan(60_000)
  expect(backup.expenses.map((e) => [e.description, e.amount, e.category]).sort()).toEqual([
    ['Cab', 1200, 'Transportation'],
    ['Dosa', 500.5, 'Food & Dining'],
  ])
  expect(backup.income).toMatchObject([{ amount: 50000, source: 'Salary' }])
  expect(backup.budgets).toMatchObject([{ amount: 3000, category: 'Shopping', period: 'monthly' }])
  await expect(page.getByText(`✅ Backup downloaded: hisaab-backup-${ymd}.json`)).toBeVisible()

  await page.getByRole('button', { name: 'Clear All Data' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Clear all data? This cannot be undone.' })
  await expect(dialog).toBeVisible()
  await shot(page, `${SHOTS}/phone-clear-confirm.png`)
  // Cancel first: nothing changes.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('count-expenses')).toHaveText('2')
  await page.getByRole('button', { name: 'Clear All Data' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear All Data' }).click()
  await expect(page.getByText('✅ Cleared 4 entries. The deletion syncs to your other devices.')).toBeVisible()
  await expect(page.getByTestId('count-expenses')).toHaveText('0')
  await expect(page.getByTestId('count-income')).toHaveText('0')
  await expect(page.getByTestId('count-budgets')).toHaveText('0')

  // The server has the tombstones.
  await expect
    .poll(async () => (await server.api<unknown[]>('GET', '/expenses', auth.token)).body.length, { timeout: 15_000 })
    .toBe(0)
  await expect
    .poll(async () => (await server.api<unknown[]>('GET', '/income', auth.token)).body.length, { timeout: 15_000 })
    .toBe(0)

  await page.goto('/home')
  await expect(page.getByTestId('balance')).toHaveText('₹0')
  await expect(page.getByText('No budgets yet')).toBeVisible()
  await expect(page.getByTestId('transaction-item')).toHaveCount(0)
})

test('Logout asks "Logout?"; Cancel stays, Logout signs out', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await signUp(page, newUser('logout'))
  await page.goto('/settings')
  await shot(page, `${SHOTS}/phone-settings-dark.png`)
  await openSection(page, 'WhatsApp Integration')
  await expect(page.getByTestId('whatsapp-status')).toBeVisible()
  await shot(page, `${SHOTS}/phone-whatsapp-dark.png`)
  await openSection(page, 'Currency')
  await shot(page, `${SHOTS}/phone-currency-dark.png`)

  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Logout?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/settings$/)

  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  await page.getByRole('alertdialog', { name: 'Logout?' }).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('hisaab.token'))).toBeNull()
})
