import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS, SCREEN } from './support/a11y'
import { expect, test } from './support/fixtures'
import { shot } from './support/flows'
import { device, person } from './support/people'

const SHOTS = 'test-results/currencies-reports'
const LONG = `Family support and school fees for the kids back in Kochi ${'x'.repeat(2)}`.slice(0, 60)

/** Adds a Food & Dining expense in `currency` through /add-expense; `rate` null types none. */
async function addForeign(page: Page, amount: string, currency: string, rate: string | null, alert?: RegExp) {
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill(amount)
  await page.getByLabel('Currency').selectOption(currency)
  if (rate !== null) await page.getByLabel(`Rate: 1 ${currency} in AED`).fill(rate)
  await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  // The budget alert after the save reads the converted figure.
  if (alert) await expect(page.getByText(alert)).toBeVisible()
  await expect(page).toHaveURL(/\/home$/)
}

async function createBudget(page: Page, category: string, amount: string, custom?: string) {
  await page.goto('/budgets')
  await page.getByRole('button', { name: 'Create Budget' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Budget' })
  await dialog.getByLabel('Category', { exact: true }).selectOption(category)
  if (custom) await dialog.getByLabel('Custom Category').fill(custom)
  await dialog.getByLabel('Amount').fill(amount)
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog).toBeHidden()
}

/** /reports and /budgets for the AED user: converted figures, and the one pound entry said to be left out. */
async function expectConverted(page: Page) {
  await page.goto('/reports')
  await expect(page.getByTestId('report-expenses')).toContainText('د.إ\u200E2,253', { timeout: 60_000 })
  const food = page.getByTestId('report-category').filter({ hasText: 'Food & Dining' })
  await expect(food).toContainText('د.إ\u200E2,253100.0%')
  await expect(page.getByTestId('not-converted').first()).toHaveText(
    '1 entry in another currency is not converted to AED and not counted in ' +
      "this month's report: add a rate to count it.",
  )
  await page.goto('/budgets')
  const card = page.getByTestId('budget-card').filter({ hasText: 'Food & Dining' })
  await expect(card.getByTestId('budget-spent')).toContainText('د.إ\u200E2,253')
  await expect(card.getByTestId('budget-percent')).toHaveText('97% used')
  await expect(card.getByTestId('not-converted')).toContainText('1 entry in another currency is not converted to AED')
}

test('an NRI in Dubai: reports, budgets, alerts and Your Money in dirhams; a pound with no rate is named', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000)
  const nri = await person(server, 'nri-reports')
  const page = await device(browser, server, nri, LOOKS[2])

  await page.goto('/settings')
  await page.getByRole('button', { name: /Currency/ }).click()
  await page.getByRole('radio', { name: /AED/ }).click()
  await expect(page.getByRole('radio', { name: /AED/ })).toHaveAttribute('aria-checked', 'true')

  await createBudget(page, 'Food & Dining', '2300')
  await createBudget(page, 'Others', '9876543.21', LONG)
  // ₹50,000 at 0.0442 = 2,210 AED: 96 % of 2,300 AED (at 1:1 it would read 2,173 %).
  const alert = /Food & Dining budget is at 96% \(د\.إ\u200E2,210 of د\.إ\u200E2,300\)/
  await addForeign(page, '50000', 'INR', '0.0442', alert)
  // $11.80 at 3.6725 = 43.34 AED; £20 with no rate is kept apart.
  await addForeign(page, '11.80', 'USD', '3.6725')
  await addForeign(page, '20', 'GBP', null)
  await expectConverted(page)

  // Your Money: the Food & Dining budget's spending converted; the dashboard's month; insights.
  await page.goto('/fund-allocation')
  const row = page.getByTestId('allocation-row').filter({ hasText: 'Food & Dining' })
  await expect(row.getByTestId('allocation-spent')).toContainText('د.إ\u200E2,253')
  await expect(page.getByTestId('not-converted')).toContainText('1 entry in another currency is not converted to AED')
  await shot(page, `${SHOTS}/your-money-light-1280.png`)
  await expectAccessible(page, 'your money in AED', { within: SCREEN })
  await page.goto('/home-old')
  await expect(page.getByTestId('total-expenses')).toContainText('د.إ\u200E2,253')
  await expect(page.getByTestId('not-converted')).toContainText('1 entry in another currency is not converted to AED')
  await page.goto('/reports')
  await expect(page.getByTestId('insights').getByTestId('not-converted')).toContainText('not counted in these insights')

  for (const look of LOOKS) {
    const other = look.name === 'light-1280' ? page : await device(browser, server, nri, look)
    await expectConverted(other)
    await shot(other, `${SHOTS}/budgets-${look.name}.png`)
    await expectAccessible(other, `budgets in AED ${look.name}`, { within: SCREEN })
    await other.goto('/reports')
    await expect(other.getByTestId('report-expenses')).toContainText('د.إ\u200E2,253')
    await shot(other, `${SHOTS}/reports-${look.name}.png`)
    await expectAccessible(other, `reports in AED ${look.name}`, { within: SCREEN })
    if (other !== page) await other.context().close()
  }
})
