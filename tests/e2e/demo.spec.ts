import type { Page } from '@playwright/test'
import { totalsOf } from '../../schema/calc/totals'
import { demoData } from '../../schema/demo-data'
import { formatMoney } from '../../schema/money/money'
import { localMonthWindow } from '../../schema/time'
import { expect, newUser, test } from './support/fixtures'
import { shot, signUp } from './support/flows'

const NOW = new Date('2026-11-21T15:00:00')

/** Every request the page sends to the API. */
function apiCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url())
  })
  return calls
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW)
})

test('the demo shows home, reports and settings on sample data without an account or a server call', async ({
  page,
}) => {
  const calls = apiCalls(page)
  const sample = demoData(NOW.getTime())
  const { start, end } = localMonthWindow(NOW.getTime())
  const month = totalsOf(sample.transactions.filter((t) => t.date >= start && t.date < end))

  await page.goto('/login')
  await page.getByRole('link', { name: 'Try the live demo' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('demo-badge')).toBeVisible()
  await expect(page.getByRole('note')).toContainText('sample data')
  await expect(page.getByRole('heading', { name: /Demo$/ })).toBeVisible()
  await expect(page.getByTestId('balance')).toHaveText(formatMoney(month.balance))
  await expect(page.getByTestId('transaction-item')).toHaveCount(5)
  await shot(page, 'test-results/demo-home-light.png')

  await page.goto('/demo/reports')
  await expect(page).toHaveURL(/\/reports$/)
  await expect(page.getByTestId('report-expenses')).toContainText(formatMoney(month.expenses))
  await expect(page.getByTestId('report-income')).toContainText(formatMoney(month.income))

  await page.goto('/demo/settings')
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByTestId('settings-name')).toHaveText('Demo User')
  expect(calls).toEqual([])
})

test('changes in the demo stay in memory; leaving it ends the demo', async ({ page }) => {
  const calls = apiCalls(page)
  await page.goto('/demo')
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill('777')
  await page.getByLabel('Category', { exact: true }).selectOption('Shopping')
  await page.getByLabel('Description').fill('Demo kurta')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'Demo kurta' })).toBeVisible()

  // A reload starts from the sample data again: nothing was stored.
  await page.reload()
  await expect(page.getByTestId('transaction-item').first()).toBeVisible()
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'Demo kurta' })).toHaveCount(0)
  expect(calls).toEqual([])

  await page.getByRole('button', { name: 'Exit demo' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/home')
  await expect(page).toHaveURL(/\/login$/)
})

test('a signed-in user who opens /demo gets the demo and a way back to their own data, dark, phone', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/demo')
  await expect(page.getByTestId('demo-badge')).toBeVisible()
  await shot(page, 'test-results/demo-home-dark-390.png')
  await page.getByRole('button', { name: 'Create free account' }).click()
  // /signup replaces itself with /onboarding (spec part 1 §2).
  await expect(page).toHaveURL(/\/onboarding$/)

  const user = newUser('demo')
  await signUp(page, user)
  await page.goto('/demo')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('demo-badge')).toBeVisible()
  await page.getByRole('button', { name: 'Back to my account' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('demo-badge')).toHaveCount(0)
  await expect(page.getByTestId('sync-status')).toBeVisible()
  await expect(page.getByTestId('transaction-item')).toHaveCount(0)
})
