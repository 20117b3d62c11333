import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, test } from './support/fixtures'
import {
  failReadsOf,
  mouseSwipe,
  offlineReady,
  pushBudget,
  restExpense,
  restIncome,
  shot,
  signUpWithToken,
  touchSwipe,
} from './support/flows'

test.use({ timezoneId: 'UTC' })

// A Wednesday afternoon: this week is Mon 16 – Sun 22 Nov.
const NOW = new Date('2026-11-18T15:00:00Z')
const SHOTS = '.tmp/shots-ledger'

const rows = (page: Page) => page.getByTestId('transaction-item')
const row = (page: Page, text: string) => rows(page).filter({ hasText: text })

async function expectTotals(page: Page, count: number, expenses: string, income: string) {
  await expect(page.getByTestId('transaction-count')).toHaveText(String(count))
  await expect(page.getByTestId('total-expenses')).toHaveText(expenses)
  await expect(page.getByTestId('total-income')).toHaveText(income)
  await expect(rows(page)).toHaveCount(count)
}

test('transactions: type and period filters (custom end day inclusive), search, totals, swipe edit and delete', async ({
  page,
  server,
}) => {
  await page.clock.install({ time: NOW })
  const { token } = await signUpWithToken(page, server, 'ledger')
  await restExpense(server, token, {
    amount: 300,
    category: 'Food & Dining',
    date: '2026-11-18T09:00:00Z',
    description: 'Breakfast today',
  })
  await restIncome(server, token, {
    amount: 2000,
    source: 'Freelance',
    date: '2026-11-17T20:00:00Z',
    description: 'Logo job',
  })
  await restExpense(server, token, {
    amount: 1000,
    category: 'Shopping',
    date: '2026-11-03T12:00:00Z',
    description: 'Shoes',
  })
  await restExpense(server, token, {
    amount: 500,
    category: 'Travel',
    date: '2026-10-10T23:30:00Z',
    description: 'Late cab',
  })
  await restExpense(server, token, {
    amount: 250,
    category: 'Healthcare',
    date: '2026-10-11T00:10:00Z',
    description: 'Pharmacy',
  })
  await restIncome(server, token, {
    amount: 40000,
    source: 'Salary',
    date: '2026-10-01T12:00:00Z',
    description: 'October pay',
  })

  await page.getByRole('link', { name: 'View all' }).click()
  await expect(page).toHaveURL(/\/transactions$/)
  await expect(page.getByRole('heading', { name: 'All Transactions' })).toBeVisible()
  await expectTotals(page, 6, '₹2,050', '₹42,000')
  // Newest first.
  await expect(rows(page).locator('.tx-row__title')).toHaveText([
    'Breakfast today',
    'Logo job',
    'Shoes',
    'Pharmacy',
    'Late cab',
    'October pay',
  ])
  await expect(row(page, 'Breakfast today')).toContainText('Today, 9:00 AM')

  const filters = page.getByRole('button', { name: 'Filters' })
  await expect(filters).toHaveAttribute('aria-expanded', 'false')
  await filters.click()
  await expect(filters).toHaveAttribute('aria-expanded', 'true')
  const type = page.getByRole('group', { name: 'Type' })
  const period = page.getByRole('group', { name: 'Period' })

  await type.getByLabel('Expenses').check()
  await expectTotals(page, 4, '₹2,050', '₹0')
  await type.getByLabel('Income').check()
  await expectTotals(page, 2, '₹0', '₹42,000')
  await type.getByLabel('All').check()

  await period.getByLabel('Today').check()
  await expectTotals(page, 1, '₹300', '₹0')
  await period.getByLabel('This Week').check()
  await expectTotals(page, 2, '₹300', '₹2,000')
  await period.getByLabel('This Month').check()
  await expectTotals(page, 3, '₹1,300', '₹2,000')
  await period.getByLabel('Custom').check()
  await page.getByLabel('From', { exact: true }).fill('2026-10-01')
  await page.getByLabel('To', { exact: true }).fill('2026-10-10')
  // 23:30 on the end day is in; 00:10 the next day is not.
  await expectTotals(page, 2, '₹500', '₹40,000')
  await expect(row(page, 'Late cab')).toBeVisible()
  await expect(row(page, 'Pharmacy')).toHaveCount(0)
  await page.getByLabel('To', { exact: true }).fill('2026-10-11')
  await expectTotals(page, 3, '₹750', '₹40,000')
  await type.getByLabel('Expenses').check()
  await expectTotals(page, 2, '₹750', '₹0')
  await expect(filters).toContainText('2')
  await page.screenshot({ path: `${SHOTS}/transactions-filters-light.png`, fullPage: true })
  await type.getByLabel('All').check()
  await period.getByLabel('All Time').check()
  await expectTotals(page, 6, '₹2,050', '₹42,000')

  // Search: description or category, any case.
  const search = page.getByRole('searchbox', { name: 'Search transactions' })
  await search.fill('CAB')
  await expectTotals(page, 1, '₹500', '₹0')
  await search.fill('shopping')
  await expectTotals(page, 1, '₹1,000', '₹0')
  await search.fill('zzz')
  await expect(page.getByText('No transactions found')).toBeVisible()
  await expect(page.getByTestId('transaction-count')).toHaveText('0')
  await search.fill('')
  await expectTotals(page, 6, '₹2,050', '₹42,000')

  // Swipe right (mouse) edits, swipe left (finger) deletes, here too.
  await mouseSwipe(page, row(page, 'Shoes'), 140)
  const dialog = page.getByRole('dialog', { name: 'Edit Expense' })
  await dialog.getByLabel('Amount').fill('1250')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  await expectTotals(page, 6, '₹2,300', '₹42,000')
  await touchSwipe(page, row(page, 'Pharmacy'), -140)
  await page
    .getByRole('alertdialog', { name: 'Delete this transaction?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expectTotals(page, 5, '₹2,050', '₹42,000')

  await page.screenshot({ path: `${SHOTS}/transactions-light.png`, fullPage: true })
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
  await row(page, 'Shoes').hover()
  await page.screenshot({ path: `${SHOTS}/transactions-dark.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/transactions-390.png`, fullPage: true })
})

test('offline: add, edit and delete work without the server, survive a reload, and reach it afterwards', async ({
  page,
  server,
}) => {
  await page.clock.install({ time: NOW })
  const { token } = await signUpWithToken(page, server, 'offline')
  await restExpense(server, token, {
    amount: 50,
    category: 'Food & Dining',
    date: '2026-11-18T08:00:00Z',
    description: 'Tea',
  })
  await restExpense(server, token, {
    amount: 600,
    category: 'Transportation',
    date: '2026-11-16T08:00:00Z',
    description: 'Bus pass',
  })
  await page.goto('/transactions')
  await expectTotals(page, 2, '₹650', '₹0')
  await offlineReady(page)

  await server.stop()
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill('120')
  await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await page.getByLabel('Description').fill('Offline snack')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await page.getByRole('link', { name: 'View all' }).click()
  await expectTotals(page, 3, '₹770', '₹0')

  // With a mouse, the row's buttons show on hover.
  await row(page, 'Bus pass').hover()
  await row(page, 'Bus pass').getByRole('button', { name: 'Edit Bus pass' }).click()
  await page.getByRole('dialog').getByLabel('Amount').fill('650')
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click()
  await row(page, 'Tea').hover()
  await row(page, 'Tea').getByRole('button', { name: 'Delete Tea' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectTotals(page, 2, '₹770', '₹0')

  await page.reload() // served by the service worker
  await expectTotals(page, 2, '₹770', '₹0')
  await expect(row(page, 'Bus pass')).toContainText('-₹650')
  await expect(row(page, 'Offline snack')).toContainText('-₹120')
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline')

  await server.start()
  await expect
    .poll(
      async () =>
        (await server.api<{ description: string; amount: number }[]>('GET', '/expenses', token)).body
          .map((e) => `${e.description}:${e.amount}`)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(['Bus pass:650', 'Offline snack:120'])
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 })
})

test('a database that cannot be read shows that, never zeros or "none found" as the user\'s', async ({
  page,
  server,
}) => {
  const { token, userId } = await signUpWithToken(page, server, 'unreadable')
  // A budget, so /budgets and /fund-allocation read the entries its spending adds up.
  await pushBudget(server, { token, userId }, { category: 'Food & Dining', rupees: 5000, createdAt: Date.now() })
  await restExpense(server, token, {
    amount: 450,
    category: 'Food & Dining',
    date: NOW.toISOString(),
    description: 'Groceries',
  })
  await page.goto('/transactions')
  await expect(row(page, 'Groceries')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('transaction-count')).toHaveText('1')

  await failReadsOf(page, ['transactions', 'recurring_payments', 'tickets'])
  await page.reload()
  await expect(page.getByRole('alert')).toContainText(
    'Could not read your entries on this device, so the totals are not shown.',
    { timeout: 30_000 },
  )
  await expect(page.getByText('No transactions found')).toHaveCount(0)
  await expect(page.getByTestId('total-expenses')).toHaveText('')
  await expect(page.getByTestId('transaction-count')).toHaveText('')
  for (const look of LOOKS) {
    await page.emulateMedia({ colorScheme: look.colorScheme })
    await page.setViewportSize(look.viewport)
    await expectAccessible(page, `unreadable list, ${look.name}`)
    await shot(page, `${SHOTS}/unreadable-${look.name}.png`)
  }

  // Every other screen's sums would be as wrong: the error screen shows instead, with a reload.
  const screens = [
    '/home',
    '/reports',
    '/budgets',
    '/fund-allocation',
    '/home-old',
    '/recurring-payments',
    '/support/tickets',
  ]
  for (const path of screens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' }), path).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByText('₹0'), path).toHaveCount(0)
  }
  await page.goto('/transactions')
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 })

  // Readable again: the entry was never lost.
  await failReadsOf(page, [])
  await page.getByRole('button', { name: 'Reload Page' }).click()
  await expect(row(page, 'Groceries')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('transaction-count')).toHaveText('1')
})
