import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { mouseSwipe, pushBudget, restExpense, restIncome, signUpWithToken, touchSwipe } from './support/flows'

test.use({ timezoneId: 'UTC' })

// A Wednesday: this week is Mon 16 – Sun 22 Nov, last week Mon 9 – Sun 15 Nov.
const NOW = new Date('2026-11-18T10:00:00Z')
const SHOTS = '.tmp/shots-ledger'

const rows = (page: Page) => page.getByTestId('transaction-item')
const row = (page: Page, text: string) => rows(page).filter({ hasText: text })

test('home: real balance, weekly trend and budgets; the eye toggle is remembered', async ({ page, server }) => {
  await page.clock.install({ time: NOW })
  const auth = await signUpWithToken(page, server, 'home')

  await expect(page.getByRole('heading', { name: 'Good Morning, Asha' })).toBeVisible()
  await expect(page.getByTestId('home-month')).toHaveText('November 2026')
  await expect(page.getByText('No budgets yet')).toBeVisible()
  await expect(page.getByTestId('weekly-trend')).toHaveText('₹0 this week · No spending last week')

  await restIncome(server, auth.token, {
    amount: 50000,
    source: 'Salary',
    date: '2026-11-02T09:00:00Z',
    description: 'November pay',
  })
  await restExpense(server, auth.token, {
    amount: 1000,
    category: 'Food & Dining',
    date: '2026-11-17T09:00:00Z',
    description: 'Groceries run',
  })
  await restExpense(server, auth.token, {
    amount: 1500,
    category: 'Shopping',
    date: '2026-11-16T12:00:00Z',
    description: 'Shirt',
  })
  await restExpense(server, auth.token, {
    amount: 2000,
    category: 'Food & Dining',
    date: '2026-11-10T20:00:00Z',
    description: 'Dinner out',
  })
  await restExpense(server, auth.token, {
    amount: 700,
    category: 'Travel',
    date: '2026-10-20T12:00:00Z',
    description: 'October cab',
  })

  // Month: income 50,000; expenses 1,000 + 1,500 + 2,000 (October's 700 is not this month).
  await expect(page.getByTestId('balance')).toHaveText('₹45,500')
  await expect(page.getByTestId('month-income')).toHaveText('₹50,000')
  await expect(page.getByTestId('month-expenses')).toHaveText('₹4,500')
  // This week 2,500 against last week's 2,000: up 25 %.
  await expect(page.getByTestId('weekly-trend')).toHaveText('₹2,500 this week · ↑ 25% vs last week')
  // Five newest, merged by date, with signs.
  await expect(rows(page)).toHaveCount(5)
  await expect(rows(page).first()).toContainText('Groceries run')
  await expect(rows(page).first()).toContainText('Food & Dining · Yesterday, 9:00 AM')
  await expect(rows(page).first()).toContainText('-₹1,000')
  await expect(row(page, 'November pay')).toContainText('+₹50,000')
  await expect(page.getByText('Swipe left to delete, right to edit')).toBeVisible()

  const created = NOW.getTime() - 86_400_000
  await pushBudget(server, auth, { category: 'Food & Dining', rupees: 2500, createdAt: created })
  await pushBudget(server, auth, { category: 'Shopping', rupees: 5000, createdAt: created + 1 })
  await pushBudget(server, auth, { category: 'Travel', rupees: 1000, createdAt: created + 2 })
  await pushBudget(server, auth, { category: 'Entertainment', rupees: 900, createdAt: created + 3 })
  const budgets = page.getByTestId('home-budget')
  await expect(budgets).toHaveCount(3) // at most three
  await expect(budgets.nth(0)).toContainText('₹3,000 / ₹2,500')
  await expect(budgets.nth(0)).toContainText('120%')
  await expect(budgets.nth(0)).toContainText('Over by ₹500')
  await expect(budgets.nth(0)).toHaveAttribute('data-colour', 'red')
  await expect(budgets.nth(1)).toContainText('₹1,500 / ₹5,000')
  await expect(budgets.nth(1)).toContainText('30%')
  await expect(budgets.nth(1)).toContainText('₹3,500 remaining')
  await expect(budgets.nth(1)).toHaveAttribute('data-colour', 'green')
  await expect(budgets.nth(2)).toContainText('₹0 / ₹1,000')
  await expect(page.getByText('No budgets yet')).toHaveCount(0)

  await page.screenshot({ path: `${SHOTS}/home-light.png`, fullPage: true })

  // Hide the balance: dots everywhere money of the month shows; remembered in the profile.
  await page.getByRole('button', { name: 'Hide balance' }).click()
  await expect(page.getByTestId('balance')).toHaveText('••••••')
  await expect(page.getByTestId('month-income')).toHaveText('••••••')
  await expect(page.getByTestId('month-expenses')).toHaveText('••••••')
  await expect(page.getByRole('button', { name: 'Show balance' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText('••••••')
  await page.getByRole('button', { name: 'Show balance' }).click()
  await expect(page.getByTestId('balance')).toHaveText('₹45,500')

  // The one theme toggle is the top bar's.
  await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.screenshot({ path: `${SHOTS}/home-dark.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/home-390.png`, fullPage: true })
})

test('home: swipe left deletes after a confirm, swipe right edits with validation, buttons do the same', async ({
  page,
  server,
}) => {
  await page.clock.install({ time: NOW })
  const auth = await signUpWithToken(page, server, 'swipe')
  await restIncome(server, auth.token, {
    amount: 10000,
    source: 'Freelance',
    date: '2026-11-05T10:00:00Z',
    description: 'Logo job',
  })
  await restExpense(server, auth.token, {
    amount: 400,
    category: 'Food & Dining',
    date: '2026-11-12T10:00:00Z',
    description: 'Pizza',
  })
  await restExpense(server, auth.token, {
    amount: 250,
    category: 'Transportation',
    date: '2026-11-14T10:00:00Z',
    description: 'Metro card',
  })
  await expect(page.getByTestId('balance')).toHaveText('₹9,350')

  // Mouse drag left past 80 px: asks first; Cancel keeps it.
  await mouseSwipe(page, row(page, 'Pizza'), -130)
  const confirm = page.getByRole('alertdialog', { name: 'Delete this transaction?' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('Pizza')
  await page.screenshot({ path: `${SHOTS}/home-delete-confirm.png` })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(row(page, 'Pizza')).toBeVisible()
  // A short drag (under 80 px) does nothing.
  await mouseSwipe(page, row(page, 'Pizza'), -50)
  await expect(confirm).toBeHidden()
  await mouseSwipe(page, row(page, 'Pizza'), -130)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, 'Pizza')).toHaveCount(0)
  await expect(page.getByTestId('balance')).toHaveText('₹9,750')

  // A finger dragging right past 80 px opens the edit dialog.
  await touchSwipe(page, row(page, 'Metro card'), 130)
  const dialog = page.getByRole('dialog', { name: 'Edit Expense' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Amount')).toHaveValue('250')
  await expect(dialog.getByLabel('Category')).toHaveValue('Transportation')
  // The edit list is the spec's (Transport, Health & Fitness, Groceries, Other…) plus the current value.
  await expect(dialog.getByLabel('Category').locator('option', { hasText: 'Health & Fitness' })).toHaveCount(1)
  await expect(dialog.getByLabel('Date')).toHaveValue('2026-11-14')
  const save = dialog.getByRole('button', { name: 'Save Changes' })
  await dialog.getByLabel('Amount').fill('')
  await save.click()
  await expect(dialog).toContainText('⚠️ Please enter a valid amount!')
  await dialog.getByLabel('Amount').fill('0')
  await save.click()
  await expect(dialog).toContainText('⚠️ Amount must be greater than zero!')
  await dialog.getByLabel('Amount').fill('10000001')
  await save.click()
  await expect(dialog).toContainText(
    '⚠️ Amount seems too large. Maximum allowed is 10,000,000. Please check for typos.',
  )
  await dialog.getByLabel('Amount').fill('320')
  await dialog.getByLabel('Category').selectOption('')
  await save.click()
  await expect(dialog).toContainText('⚠️ Please select a category!')
  await dialog.getByLabel('Category').selectOption('Transport')
  await dialog.getByLabel('Date').fill('2021-11-17')
  await save.click()
  await expect(dialog).toContainText('⚠️ Date cannot be more than 5 years in the past!')
  await dialog.getByLabel('Date').fill('2027-11-19')
  await save.click()
  await expect(dialog).toContainText('⚠️ Date cannot be more than 1 year in the future!')
  await dialog.getByLabel('Date').fill('')
  await save.click()
  await expect(dialog).toContainText('⚠️ Please enter a valid date!')
  await dialog.getByLabel('Date').fill('2026-11-15')
  await dialog.getByLabel('Description').fill('Metro recharge')
  await page.screenshot({ path: `${SHOTS}/home-edit-dialog.png` })
  await save.click()
  await expect(dialog).toBeHidden()
  await expect(row(page, 'Metro recharge')).toContainText('Transport · 15 Nov')
  await expect(row(page, 'Metro recharge')).toContainText('-₹320')
  await expect(page.getByTestId('balance')).toHaveText('₹9,680')

  // Keyboard: the row's Edit button opens the dialog; Cancel changes nothing.
  await row(page, 'Logo job').getByRole('button', { name: 'Edit Logo job' }).focus()
  await page.keyboard.press('Enter')
  const income = page.getByRole('dialog', { name: 'Edit Income' })
  await expect(income.getByLabel('Source')).toHaveValue('Freelance')
  await income.getByLabel('Amount').fill('12000')
  await income.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('balance')).toHaveText('₹9,680')
  await row(page, 'Logo job').getByRole('button', { name: 'Edit Logo job' }).focus()
  await page.keyboard.press('Enter')
  await income.getByLabel('Amount').fill('12000')
  await income.getByLabel('Source').selectOption('Salary')
  await page.keyboard.press('Enter') // submits from the select's form
  await expect(income).toBeHidden()
  await expect(row(page, 'Logo job')).toContainText('Salary')
  await expect(page.getByTestId('balance')).toHaveText('₹11,680')
  // Keyboard delete: Enter on the Delete button, then the confirm's Delete.
  await row(page, 'Logo job').getByRole('button', { name: 'Delete Logo job' }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, 'Logo job')).toHaveCount(0)
  await expect(page.getByTestId('balance')).toHaveText('-₹320')

  // Every change reached the server.
  await expect
    .poll(async () =>
      (
        await server.api<{ description: string; amount: number; category: string }[]>('GET', '/expenses', auth.token)
      ).body.map((e) => `${e.description}:${e.amount}:${e.category}`),
    )
    .toEqual(['Metro recharge:320:Transport'])
  await expect.poll(async () => (await server.api<unknown[]>('GET', '/income', auth.token)).body.length).toBe(0)
})
