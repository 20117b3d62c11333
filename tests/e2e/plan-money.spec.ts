import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { shot, signUpWithToken } from './support/flows'

const SHOTS = '.tmp/shots-money'

interface Summary {
  summary: { total_income: number; total_allocated: number; total_spent: number; available: number }
}

const figure = (page: Page, id: string) => page.getByTestId(`money-${id}`)
const row = (page: Page, category: string) => page.getByTestId('allocation-row').filter({ hasText: category })

async function amountDialog(page: Page, opener: string, title: string) {
  await page.getByRole('button', { name: opener }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  return dialog
}

test('Your Money: income, allocate and adjust, the over-allocation warning and the positive note', async ({
  page,
  server,
}) => {
  const { token } = await signUpWithToken(page, server, 'money')
  // Two budgets and this month's spending, as another device would add them.
  expect(
    (await server.api('POST', '/budgets', token, { category: 'Rent', amount: 45000, period: 'monthly' })).status,
  ).toBe(201)
  expect(
    (await server.api('POST', '/budgets', token, { category: 'Food & Dining', amount: 8000, period: 'monthly' }))
      .status,
  ).toBe(201)
  expect(
    (
      await server.api('POST', '/expenses', token, {
        amount: 1500,
        category: 'Food & Dining',
        date: new Date().toISOString(),
        description: 'Groceries',
      })
    ).status,
  ).toBe(201)

  await page.locator('nav.topnav').getByRole('link', { name: 'Your Money' }).click()
  await expect(page).toHaveURL(/\/fund-allocation$/)
  await expect(page.getByRole('heading', { name: 'Your Money' })).toBeVisible()
  await expect(page.getByTestId('allocation-row')).toHaveCount(2)
  await expect(figure(page, 'income')).toHaveText('₹0')
  await expect(figure(page, 'spent')).toHaveText('₹1,500')
  await expect(row(page, 'Rent').getByRole('button', { name: 'Allocate Rent' })).toBeVisible()
  await expect(page.getByTestId('money-note')).toHaveCount(0)

  // Update Monthly Income refuses a blank and a negative value and saves nothing.
  let dialog = await amountDialog(page, 'Update Monthly Income', 'Update Monthly Income')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Please enter your monthly income')).toBeVisible()
  await dialog.getByLabel('Monthly income').fill('-500')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Amount cannot be negative')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(figure(page, 'income')).toHaveText('₹0')
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
  expect((await server.api<Summary>('GET', '/allocation/summary', token)).body.summary.total_income).toBe(0)

  dialog = await amountDialog(page, 'Update Monthly Income', 'Update Monthly Income')
  await dialog.getByLabel('Monthly income').fill('50000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(figure(page, 'income')).toHaveText('₹50,000')
  await expect(figure(page, 'available')).toHaveText('₹50,000')

  // Allocate 60,000 to Rent: more than the income.
  dialog = await amountDialog(page, 'Allocate Rent', 'Allocate to Rent')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Please enter an amount to allocate')).toBeVisible()
  await dialog.getByLabel('Amount to allocate').fill('60000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('alert').filter({ hasText: "You've allocated more than your income!" })).toBeVisible()
  await expect(figure(page, 'allocated')).toHaveText('₹60,000 (120%)')
  await expect(figure(page, 'available')).toHaveText('-₹10,000')
  await expect(row(page, 'Rent').getByRole('button', { name: 'Adjust Rent' })).toBeVisible()
  await shot(page, `${SHOTS}/money-over-light.png`)

  // Adjust it down to 30,000: the positive note replaces the warning.
  dialog = await amountDialog(page, 'Adjust Rent', 'Adjust Rent')
  await expect(dialog.getByLabel('Amount to allocate')).toHaveValue('60000')
  await dialog.getByLabel('Amount to allocate').fill('30000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText("You've allocated more than your income!")).toHaveCount(0)
  await expect(page.getByTestId('money-note')).toContainText('You still have money available')
  await expect(figure(page, 'allocated')).toHaveText('₹30,000 (60%)')
  await expect(figure(page, 'available')).toHaveText('₹20,000')

  dialog = await amountDialog(page, 'Allocate Food & Dining', 'Allocate to Food & Dining')
  await dialog.getByLabel('Amount to allocate').fill('5000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(figure(page, 'allocated')).toHaveText('₹35,000 (70%)')
  await expect(figure(page, 'available')).toHaveText('₹15,000')
  // Remaining = allocated − this period's spending of the budgets.
  await expect(figure(page, 'remaining')).toHaveText('₹33,500')
  await expect(row(page, 'Food & Dining')).toContainText('₹3,500 left')

  // Kept in the profile and budget documents: a reload keeps it, and it reaches the server.
  await page.reload()
  await expect(figure(page, 'income')).toHaveText('₹50,000')
  await expect(figure(page, 'allocated')).toHaveText('₹35,000 (70%)')
  await expect
    .poll(async () => (await server.api<Summary>('GET', '/allocation/summary', token)).body.summary, {
      timeout: 20_000,
    })
    .toEqual({
      total_income: 50000,
      total_allocated: 35000,
      total_spent: 1500,
      available: 15000,
      income_basis: 'planned',
    })

  await shot(page, `${SHOTS}/money-light.png`)
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
  await shot(page, `${SHOTS}/money-dark.png`)
  await amountDialog(page, 'Adjust Rent', 'Adjust Rent')
  await shot(page, `${SHOTS}/money-dialog-dark.png`)
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/money-390.png`, fullPage: true })
})
