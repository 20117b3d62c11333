import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS, SCREEN } from './support/a11y'
import { expect, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'
import { device, person } from './support/people'

const SHOTS = 'test-results/currencies'

/** Adds an expense in `currency` through /add-expense; `rate` '' leaves the offered one. */
async function addForeignExpense(page: Page, amount: string, currency: string, rate: string | null, note: string) {
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill(amount)
  await page.getByLabel('Currency').selectOption(currency)
  if (rate !== null) await page.getByLabel(`Rate: 1 ${currency} in AED`).fill(rate)
  await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await page.getByLabel('Description').fill(note)
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

test('an NRI in Dubai: home currency AED, expenses in rupees and dollars, the month in dirhams, offline too', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000)
  const nri = await person(server, 'nri')
  const page = await device(browser, server, nri, LOOKS[2])

  // Home currency AED, chosen in Settings.
  await page.goto('/settings')
  await page.getByRole('button', { name: /Currency/ }).click()
  await page.getByRole('radio', { name: /AED/ }).click()
  await expect(page.getByRole('radio', { name: /AED/ })).toHaveAttribute('aria-checked', 'true')

  // ₹50,000 to the family at 0.0442 AED a rupee = 2,210 AED; $11.80 at 3.6725 = 43.34 AED.
  await addForeignExpense(page, '50000', 'INR', '0.0442', 'Sent home for groceries')
  await addForeignExpense(page, '11.80', 'USD', '3.6725', 'Lunch at the airport')
  await expect(page.getByTestId('month-expenses')).toHaveText(/د\.إ\u200E2,253/)
  const usdRow = page.getByTestId('transaction-item').filter({ hasText: 'Lunch at the airport' })
  await expect(usdRow.getByTestId('transaction-amount')).toContainText('$11.80')
  await expect(usdRow.getByTestId('transaction-amount')).toContainText('≈ -د.إ\u200E43')

  // Offline: the last rate for rupees is offered, and the entry counts at it.
  await page.goto('/transactions')
  await offlineReady(page)
  await server.stop()
  try {
    await page.goto('/add-expense')
    await page.getByLabel('Amount').fill('98765.43')
    await page.getByLabel('Currency').selectOption('INR')
    await expect(page.getByLabel('Rate: 1 INR in AED')).toHaveValue('0.0442')
    await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
    await page.getByLabel('Description').fill('x'.repeat(60))
    await page.getByRole('button', { name: 'Add Expense' }).click()
    await expect(page).toHaveURL(/\/home$/)
    // 98,765.43 × 0.0442 = 4,365.43 AED: 2,210 + 43.34 + 4,365.43 = 6,618.77 AED.
    await expect(page.getByTestId('month-expenses')).toHaveText(/د\.إ\u200E6,619/)

    // One with no rate is kept in its own currency, not converted, and said so.
    await page.goto('/add-expense')
    await page.getByLabel('Amount').fill('20')
    await page.getByLabel('Currency').selectOption('GBP')
    await expect(page.getByText(/No rate: saved as not converted/)).toBeVisible()
    await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
    await page.getByRole('button', { name: 'Add Expense' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByTestId('month-expenses')).toHaveText(/د\.إ\u200E6,619/)
    await expect(page.getByTestId('not-converted')).toContainText('1 entry in another currency is not converted')
  } finally {
    await server.start()
  }

  for (const look of LOOKS) {
    const other = look.name === 'light-1280' ? page : await device(browser, server, nri, look)
    await other.goto('/home')
    await expect(other.getByTestId('month-expenses')).toHaveText(/د\.إ\u200E6,619/, { timeout: 60_000 })
    await shot(other, `${SHOTS}/home-${look.name}.png`)
    await expectAccessible(other, `home in AED ${look.name}`, { within: SCREEN })
    await other.goto('/transactions')
    await expect(other.getByTestId('transaction-item')).toHaveCount(4)
    await expect(other.getByTestId('total-expenses')).toContainText('6,619', { timeout: 30_000 })
    await expect(other.getByTestId('transaction-count')).toHaveText('4')
    await shot(other, `${SHOTS}/transactions-${look.name}.png`)
    await expectAccessible(other, `transactions in AED ${look.name}`, { within: SCREEN })
    await other.goto('/add-expense')
    await other.getByLabel('Currency').selectOption('USD')
    await expect(other.getByLabel('Rate: 1 USD in AED')).toHaveValue('3.6725')
    await shot(other, `${SHOTS}/add-expense-${look.name}.png`)
    await expectAccessible(other, `add expense in USD ${look.name}`, { within: SCREEN })
    if (other !== page) await other.context().close()
  }
})
