import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { restExpense, restIncome, shot, signUp, signUpWithToken } from './support/flows'

test.use({ timezoneId: 'UTC' })

// Mid-January 2027: the previous month is December of the year before.
const NOW = new Date('2027-01-15T10:00:00Z')
const SHOTS = '.tmp/shots-reports'

const categories = (page: Page) => page.getByTestId('report-category')

test('reports: January wraps back to December, figures, category order and shares, CSV, print and insights', async ({
  page,
  server,
}) => {
  await page.clock.install({ time: NOW })
  await page.addInitScript(() => {
    // Record print requests instead of opening the print dialog.
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => void ((window as unknown as { printed: number }).printed += 1)
  })
  const auth = await signUpWithToken(page, server, 'reports')

  // December 2026: income 80,000; expenses 50,000 over seven categories (one more than the six colours).
  await restIncome(server, auth.token, {
    amount: 80000,
    source: 'Salary',
    date: '2026-12-01T09:00:00Z',
    description: 'December pay',
  })
  const december: [number, string, string, string][] = [
    [30000, 'Rent', '2026-12-02', 'Flat rent'],
    [10000, 'Food & Dining', '2026-12-03', 'Dinner, with "friends"'],
    [5000, 'Food & Dining', '2026-12-09', 'Groceries'],
    [2500, 'Travel', '2026-12-20', 'Train'],
    [1000, 'Shopping', '2026-12-21', 'Shirt'],
    [700, 'Entertainment', '2026-12-22', 'Movie'],
    [500, 'Education', '2026-12-23', 'Book'],
    [300, 'Healthcare', '2026-12-24', 'Pharmacy'],
  ]
  for (const [amount, category, day, description] of december)
    await restExpense(server, auth.token, { amount, category, date: `${day}T12:00:00Z`, description })
  await restExpense(server, auth.token, {
    amount: 4000,
    category: 'Food & Dining',
    date: '2026-11-12T12:00:00Z',
    description: 'November food',
  })
  await restExpense(server, auth.token, {
    amount: 1200,
    category: 'Food & Dining',
    date: '2027-01-10T12:00:00Z',
    description: 'January food',
  })

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Reports' }).click()
  await expect(page).toHaveURL(/\/reports$/)
  await expect(page.getByTestId('report-month')).toHaveText('January 2027')
  // January: no income, so the savings rate is 0 (not −∞).
  await expect(page.getByTestId('report-expenses')).toContainText('₹1,200')
  await expect(page.getByTestId('report-income')).toContainText('₹0')
  await expect(page.getByTestId('report-saved')).toContainText('-₹1,200')
  await expect(page.getByTestId('report-rate')).toContainText('0.0%')

  // Insights from the user's own data: January so far against the two earlier months with entries.
  const insights = page.getByTestId('insights')
  await expect(insights).toContainText('Food & Dining: ₹1,200 so far, 87% below your 2-month average')
  await expect(insights).toContainText('Projected month-end spending: ₹2,480')
  await expect(insights).toContainText('This is a projection')
  await expect(insights).not.toContainText(/\bAI\b/)

  await page.getByRole('button', { name: 'Previous month' }).click()
  await expect(page.getByTestId('report-month')).toHaveText('December 2026')
  await expect(page.getByTestId('report-income')).toContainText('₹80,000')
  await expect(page.getByTestId('report-expenses')).toContainText('₹50,000')
  await expect(page.getByTestId('report-saved')).toContainText('₹30,000')
  await expect(page.getByTestId('report-rate')).toContainText('37.5%')
  await expect(categories(page)).toHaveCount(7)
  const expected = [
    ['Rent', '₹30,000', '60.0%'],
    ['Food & Dining', '₹15,000', '30.0%'],
    ['Travel', '₹2,500', '5.0%'],
    ['Shopping', '₹1,000', '2.0%'],
    ['Entertainment', '₹700', '1.4%'],
    ['Education', '₹500', '1.0%'],
    ['Healthcare', '₹300', '0.6%'],
  ]
  for (const [i, [name, amount, share]] of expected.entries()) {
    await expect(categories(page).nth(i)).toContainText(name!)
    await expect(categories(page).nth(i)).toContainText(amount!)
    await expect(categories(page).nth(i)).toContainText(share!)
  }
  // Six colours, then the cycle starts again.
  const colours = await categories(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-colour')))
  expect(new Set(colours.slice(0, 6)).size).toBe(6)
  expect(colours[6]).toBe(colours[0])
  await expect(page.getByTestId('donut-segment')).toHaveCount(7)

  // The 12-month trend ends with the selected month; its table has the same numbers.
  await expect(page.getByTestId('trend-month')).toHaveCount(12)
  await page.getByText('Show the figures').click()
  const table = page.getByTestId('trend-table')
  await expect(table.getByRole('row', { name: /December 2026/ })).toContainText('₹80,000')
  await expect(table.getByRole('row', { name: /December 2026/ })).toContainText('₹50,000')
  await expect(table.getByRole('row', { name: /November 2026/ })).toContainText('₹4,000')
  await expect(table.getByRole('row')).toHaveCount(13)
  await expect(table.getByRole('row').nth(1)).toContainText('January 2026')
  await shot(page, `${SHOTS}/reports-december-light.png`)
  await page.screenshot({ path: `${SHOTS}/reports-december-light-full.png`, fullPage: true })

  // CSV of the month's transactions.
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe('hisaab-report-2026-12.csv')
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.split('\r\n')
  expect(lines[0]).toBe('Date,Type,Category/Source,Description,Amount,Currency,Rate,Amount (INR)')
  expect(lines[1]).toBe('2026-12-01,Income,Salary,December pay,80000.00,INR,,80000.00')
  expect(lines[2]).toBe('2026-12-02,Expense,Rent,Flat rent,30000.00,INR,,30000.00')
  expect(lines[3]).toBe('2026-12-03,Expense,Food & Dining,"Dinner, with ""friends""",10000.00,INR,,10000.00')
  expect(lines).toHaveLength(11) // header, 9 rows, final line end
  expect(csv).not.toContain('November food')
  await expect(page.getByText('Export functionality coming soon!')).toHaveCount(0)

  // Printable report: the print button asks the browser to print; the print stylesheet shows the report alone.
  await page.getByRole('button', { name: 'Print report' }).click()
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByText('Hisaab report · December 2026')).toBeVisible()
  await expect(page.locator('.topbar')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeHidden()
  await expect(page.getByTestId('report-rate')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/reports-print.png`, fullPage: true })
  await page.emulateMedia({ media: 'screen' })

  // Further back: November has one expense, October none.
  await page.getByRole('button', { name: 'Previous month' }).click()
  await expect(page.getByTestId('report-month')).toHaveText('November 2026')
  await expect(categories(page)).toHaveCount(1)
  await expect(page.getByTestId('report-rate')).toContainText('0.0%')
  await page.getByRole('button', { name: 'Previous month' }).click()
  await expect(page.getByTestId('report-month')).toHaveText('October 2026')
  await expect(page.getByText('No expenses for this month')).toBeVisible()
  await expect(categories(page)).toHaveCount(0)

  // Forward across the year end: December 2026 → January 2027.
  for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: 'Next month' }).click()
  await expect(page.getByTestId('report-month')).toHaveText('January 2027')
  await expect(page.getByTestId('report-expenses')).toContainText('₹1,200')

  await page.getByRole('button', { name: 'Switch to dark theme' }).first().click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('button', { name: 'Previous month' }).click()
  await expect(categories(page)).toHaveCount(7)
  await page.screenshot({ path: `${SHOTS}/reports-december-dark.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(
    page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Reports' }),
  ).toBeVisible()
  await expect(page.locator('.toast')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/reports-december-390-dark.png`, fullPage: true })

  // Home shows a small Insights card from the same data.
  await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Home' }).click()
  await expect(page.getByTestId('insights')).toContainText('87% below your 2-month average')
  await expect(page.locator('.toast')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/home-insights-390-dark.png`, fullPage: true })
})

test('reports: a new user sees zeros, no categories and no invented insights', async ({ page }) => {
  await page.clock.install({ time: NOW })
  await signUp(page, newUser('empty-report'))
  await page.goto('/reports')
  await expect(page.getByTestId('report-month')).toHaveText('January 2027')
  await expect(page.getByText('No expenses for this month')).toBeVisible()
  await expect(page.getByTestId('report-rate')).toContainText('0.0%')
  await expect(page.getByTestId('insights-empty')).toHaveText(
    'Not enough data yet. Add a few expenses and insights will appear here.',
  )
  await expect(page.getByTestId('insight')).toHaveCount(0)
  await shot(page, `${SHOTS}/reports-empty-light.png`)
})
