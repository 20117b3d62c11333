import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { offlineReady, restExpense, restIncome, shot, signUpWithToken } from './support/flows'

test.use({ timezoneId: 'UTC' })

// A Wednesday: this week is Mon 16 – Sun 22 Nov 2026.
const NOW = new Date('2026-11-18T10:00:00Z')
const SHOTS = '.tmp/shots-reports'

const card = (page: Page, category: string) => page.getByTestId('budget-card').filter({ hasText: category })

async function createBudget(page: Page, category: string, amount: string, period?: string, custom?: string) {
  await page.getByRole('button', { name: 'Create Budget' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Budget' })
  await dialog.getByLabel('Category', { exact: true }).selectOption(category)
  if (custom) await dialog.getByLabel('Custom Category').fill(custom)
  await dialog.getByLabel('Amount').fill(amount)
  if (period) await dialog.getByLabel('Period').selectOption(period)
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog).toBeHidden()
}

test('budgets: create with validation, colour thresholds, edit, duplicate guard, delete with the confirm text', async ({
  page,
  server,
}) => {
  await page.clock.install({ time: NOW })
  const auth = await signUpWithToken(page, server, 'budgets')

  // Quick Actions: Budgets & Goals → /budgets.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Budgets & Goals/ })
    .or(page.getByRole('dialog').getByRole('link', { name: /Budgets & Goals/ }))
    .click()
  await expect(page).toHaveURL(/\/budgets$/)
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByRole('heading', { name: 'No budgets yet' })).toBeVisible()

  // Required fields.
  await page.getByRole('button', { name: 'Create Budget' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Budget' })
  await expect(dialog.getByLabel('Period')).toHaveValue('monthly')
  await expect(dialog.getByLabel('Period').locator('option')).toHaveText([
    'Daily',
    'Weekly',
    'Monthly',
    'Yearly',
    'One-time',
  ])
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog.getByText('⚠️ Please choose a category!')).toBeVisible()
  await dialog.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog.getByText('⚠️ Please enter a budget amount!')).toBeVisible()
  await dialog.getByLabel('Amount').fill('0')
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog.getByText('⚠️ Amount must be greater than zero!')).toBeVisible()
  await dialog.getByLabel('Amount').fill('10000')
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog).toBeHidden()
  await expect(card(page, 'Food & Dining')).toContainText('Monthly')
  await expect(card(page, 'Food & Dining').getByTestId('budget-spent')).toHaveText('₹0')
  await expect(card(page, 'Food & Dining').getByTestId('budget-limit')).toHaveText('₹10,000')
  await expect(card(page, 'Food & Dining').getByTestId('budget-percent')).toHaveText('0% used')
  await expect(card(page, 'Food & Dining').getByTestId('budget-remaining')).toHaveText('₹10,000 remaining')

  await createBudget(page, 'Travel', '1000')
  await createBudget(page, 'Shopping', '1000')
  await createBudget(page, 'Others', '500', 'yearly', 'Pets')
  await expect(card(page, 'Pets')).toContainText('Yearly')

  // Exactly 70 % is still green, exactly 90 % still yellow, just above 90 % red.
  await restExpense(server, auth.token, { amount: 7000, category: 'Food & Dining', date: '2026-11-05T12:00:00Z' })
  await restExpense(server, auth.token, { amount: 900, category: 'Travel', date: '2026-11-17T12:00:00Z' })
  await restExpense(server, auth.token, { amount: 901, category: 'Shopping', date: '2026-11-02T12:00:00Z' })
  // Last month's expense and an income are not counted.
  await restExpense(server, auth.token, { amount: 300, category: 'Shopping', date: '2026-10-30T12:00:00Z' })
  await restIncome(server, auth.token, { amount: 900, source: 'Refund', date: '2026-11-10T12:00:00Z' })
  await expect(card(page, 'Food & Dining').getByTestId('budget-percent')).toHaveText('70% used')
  await expect(card(page, 'Food & Dining')).toHaveAttribute('data-colour', 'green')
  await expect(card(page, 'Travel').getByTestId('budget-percent')).toHaveText('90% used')
  await expect(card(page, 'Travel')).toHaveAttribute('data-colour', 'yellow')
  await expect(card(page, 'Shopping').getByTestId('budget-spent')).toHaveText('₹901')
  await expect(card(page, 'Shopping')).toHaveAttribute('data-colour', 'red')
  await expect(card(page, 'Shopping').getByTestId('budget-remaining')).toHaveText('₹99 remaining')
  await restExpense(server, auth.token, { amount: 1, category: 'Food & Dining', date: '2026-11-06T12:00:00Z' })
  await expect(card(page, 'Food & Dining')).toHaveAttribute('data-colour', 'yellow')
  await shot(page, `${SHOTS}/budgets-light.png`)

  // Edit: Travel becomes a weekly ₹2,000 budget (the 17 Nov expense is this week).
  await page.getByRole('button', { name: 'Edit Travel budget' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Budget' })
  await expect(edit.getByLabel('Amount')).toHaveValue('1000.00')
  await expect(edit.getByLabel('Category', { exact: true })).toHaveValue('Travel')
  await edit.getByLabel('Amount').fill('2000')
  await edit.getByLabel('Period').selectOption('weekly')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit).toBeHidden()
  await expect(card(page, 'Travel')).toContainText('Weekly')
  await expect(card(page, 'Travel').getByTestId('budget-percent')).toHaveText('45% used')
  await expect(card(page, 'Travel')).toHaveAttribute('data-colour', 'green')
  await expect(card(page, 'Travel').getByTestId('budget-remaining')).toHaveText('₹1,100 remaining')

  // One budget per category and period.
  await page.getByRole('button', { name: 'Create Budget' }).click()
  await dialog.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await dialog.getByLabel('Amount').fill('500')
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog.getByText('⚠️ You already have a monthly budget for Food & Dining!')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // Delete asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete Shopping budget' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this budget?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(card(page, 'Shopping')).toHaveCount(1)
  await page.getByRole('button', { name: 'Delete Shopping budget' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(card(page, 'Shopping')).toHaveCount(0)
  await expect(page.getByTestId('budget-card')).toHaveCount(3)
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')

  // The server has what the screen shows.
  const pulled = await server.api<{
    documents: { category: string; amount: number; period: string; _deleted: boolean }[]
  }>('GET', '/sync/budgets/pull?seq=0&limit=100', auth.token)
  const live = pulled.body.documents
    .filter((d) => !d._deleted)
    .map((d) => [d.category, d.amount, d.period])
    .sort()
  expect(live).toEqual([
    ['Food & Dining', 1_000_000, 'monthly'],
    ['Pets', 50_000, 'yearly'],
    ['Travel', 200_000, 'weekly'],
  ])

  await page.getByRole('button', { name: 'Switch to dark theme' }).first().click()
  await page.screenshot({ path: `${SHOTS}/budgets-dark.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/budgets-390-dark.png`, fullPage: true })
  await page.getByRole('button', { name: 'Edit Pets budget' }).click()
  await expect(page.getByRole('dialog', { name: 'Edit Budget' }).getByLabel('Amount')).toHaveValue('500.00')
  await expect(page.locator('.toast')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/budgets-edit-390-dark.png` })
})

async function addExpense(page: Page, amount: string, category: string) {
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill(amount)
  await page.getByLabel('Category').selectOption(category)
  await page.getByRole('button', { name: 'Add Expense' }).click()
}

test('add expense announces a budget crossing 70 % and 90 %, once each', async ({ page, server }) => {
  await page.clock.install({ time: NOW })
  const auth = await signUpWithToken(page, server, 'alerts')
  await page.goto('/budgets')
  await createBudget(page, 'Food & Dining', '10000')
  await restExpense(server, auth.token, { amount: 6500, category: 'Food & Dining', date: '2026-11-03T12:00:00Z' })
  await expect(card(page, 'Food & Dining').getByTestId('budget-spent')).toHaveText('₹6,500')

  const toast = page.getByRole('status').filter({ hasText: 'Expense added successfully' })
  await addExpense(page, '600', 'Food & Dining')
  await expect(toast).toContainText('⚠️ Food & Dining budget is at 71% (₹7,100 of ₹10,000)')
  await shot(page, `${SHOTS}/alert-70.png`)
  await expect(page).toHaveURL(/\/home$/)

  await addExpense(page, '2100', 'Food & Dining')
  await expect(toast).toContainText('⚠️ Food & Dining budget is at 92% (₹9,200 of ₹10,000)')
  await expect(toast).not.toContainText('71%')

  // Already past 90 %: no new alert; another category: none either.
  await addExpense(page, '100', 'Food & Dining')
  await expect(toast).toBeVisible()
  await expect(toast).not.toContainText('⚠️')
  await addExpense(page, '100', 'Travel')
  await expect(toast).toBeVisible()
  await expect(toast).not.toContainText('⚠️')
})

test('offline: a budget made with the server stopped shows at once, reports work, it reaches the server later', async ({
  page,
  server,
}) => {
  await page.clock.install({ time: NOW })
  const auth = await signUpWithToken(page, server, 'offline-plan')
  await restIncome(server, auth.token, { amount: 40000, source: 'Salary', date: '2026-11-01T12:00:00Z' })
  await restExpense(server, auth.token, { amount: 1500, category: 'Entertainment', date: '2026-11-10T12:00:00Z' })
  await page.goto('/budgets')
  await expect(page.getByRole('heading', { name: 'No budgets yet' })).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
  await offlineReady(page)

  await server.stop()
  try {
    await expect(page.getByTestId('sync-status'))
      .toHaveAttribute('data-state', 'offline', { timeout: 15_000 })
      .catch(() => undefined)
    await createBudget(page, 'Entertainment', '2000')
    await expect(card(page, 'Entertainment').getByTestId('budget-percent')).toHaveText('75% used')
    await expect(card(page, 'Entertainment')).toHaveAttribute('data-colour', 'yellow')
    await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-pending', '0')

    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Reports' }).click()
    await expect(page.getByTestId('report-month')).toHaveText('November 2026')
    await expect(page.getByTestId('report-income')).toContainText('₹40,000')
    await expect(page.getByTestId('report-rate')).toContainText('96.3%') // 38,500 ÷ 40,000
    await expect(page.getByTestId('report-category')).toHaveCount(1)
    await expect(page.getByTestId('insights')).toContainText(
      'Entertainment is on pace for ₹2,500 against a monthly budget of ₹2,000',
    )
  } finally {
    await server.start()
  }
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 })
  const pulled = await server.api<{ documents: { category: string; amount: number; period: string }[] }>(
    'GET',
    '/sync/budgets/pull?seq=0&limit=100',
    auth.token,
  )
  expect(pulled.body.documents.map((d) => [d.category, d.amount, d.period])).toEqual([
    ['Entertainment', 200_000, 'monthly'],
  ])
})
