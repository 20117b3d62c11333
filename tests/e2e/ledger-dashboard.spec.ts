import { expect, test } from './support/fixtures'
import { restExpense, restIncome, signUpWithToken } from './support/flows'

test.use({ timezoneId: 'UTC' })

const SHOTS = '.tmp/shots-ledger'

test('dashboard: the welcome with no data, then January totals, categories, recent and surplus/deficit', async ({
  page,
  server,
}) => {
  // January is a month like any other (the original treated month 0 as "no filter").
  await page.clock.install({ time: new Date('2027-01-15T10:00:00Z') })
  const auth = await signUpWithToken(page, server, 'dash')

  await page.goto('/home-old')
  await expect(page.getByTestId('dashboard-month')).toHaveText('January 2027')
  await expect(page.getByRole('heading', { name: 'Welcome to Hisaab!' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add Expense' }).last()).toHaveAttribute('href', '/add-expense')
  await expect(page.getByRole('link', { name: 'Add Income' }).last()).toHaveAttribute('href', '/add-income')
  const steps = page.locator('.dash-guide__step')
  await expect(steps).toHaveCount(4)
  await expect(steps).toContainText(['Add your income', 'Track your expenses', 'View reports', 'Export your data'])
  await page.screenshot({ path: `${SHOTS}/dashboard-empty-light.png`, fullPage: true })

  // Add Expense: the spec's checks, then 'Others' → a custom category kept for next time.
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill('0')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByText('⚠️ Amount must be greater than zero!')).toBeVisible()
  await page.getByLabel('Amount').fill('10000000.01')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(
    page.getByText('⚠️ Amount seems too large. Maximum allowed is 10,000,000. Please check for typos.'),
  ).toBeVisible()
  await page.getByLabel('Amount').fill('1200')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByText('⚠️ Please select a category!')).toBeVisible()
  await page.getByLabel('Category', { exact: true }).selectOption('Others')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByText('⚠️ Please enter a custom category!')).toBeVisible()
  await page.getByLabel('Custom Category').fill('Pets')
  // The message describes the field as it is now: filled, it goes (and an empty field brings it back).
  await expect(page.getByText('⚠️ Please enter a custom category!')).toHaveCount(0)
  await page.getByLabel('Custom Category').fill('')
  await expect(page.getByText('⚠️ Please enter a custom category!')).toBeVisible()
  await page.getByLabel('Custom Category').fill('Pets')
  await page.getByLabel('Date').fill('2020-01-01')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByText('⚠️ Date cannot be more than 5 years in the past!')).toBeVisible()
  await page.getByLabel('Date').fill('2027-01-15')
  await page.getByLabel('Description').fill('Vet visit')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByRole('status').filter({ hasText: '✅ Expense added successfully!' })).toBeVisible()
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/add-expense')
  await expect(page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Pets' })).toHaveCount(1)

  // Add Income: the source list and the income limit.
  await page.goto('/add-income')
  await expect(page.getByLabel('Source').locator('option:not([disabled])')).toHaveText([
    'Salary',
    'Freelance',
    'Business',
    'Investment',
    'Rental',
    'Gift',
    'Refund',
    'Others',
  ])
  await page.getByLabel('Amount').fill('100000001')
  await page.getByLabel('Source').selectOption('Salary')
  await page.getByRole('button', { name: 'Add Income' }).click()
  await expect(
    page.getByText('⚠️ Amount seems too large. Maximum allowed is 100,000,000. Please check for typos.'),
  ).toBeVisible()
  await page.getByLabel('Amount').fill('30000')
  await page.getByLabel('Description').fill('January salary')
  await page.getByRole('button', { name: 'Add Income' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await restExpense(server, auth.token, {
    amount: 800,
    category: 'Transportation',
    date: '2027-01-05',
    description: 'Cab to office',
  })
  await restExpense(server, auth.token, {
    amount: 5000,
    category: 'Shopping',
    date: '2026-12-20',
    description: 'December sale',
  })
  await restIncome(server, auth.token, {
    amount: 10000,
    source: 'Freelance',
    date: '2026-12-28',
    description: 'Year-end gig',
  })

  await page.goto('/home-old')
  // January sums; counts are of all records (December's included).
  await expect(page.getByTestId('total-income')).toContainText('₹30,000')
  await expect(page.getByTestId('total-income')).toContainText('2 records')
  await expect(page.getByTestId('total-expenses')).toContainText('₹2,000')
  await expect(page.getByTestId('total-expenses')).toContainText('3 records')
  await expect(page.getByTestId('balance-card')).toContainText('₹28,000')
  await expect(page.getByTestId('balance-card')).toContainText('Surplus')
  await expect(page.getByTestId('category-share')).toHaveText([/Pets₹1,200.*60\.0%/, /Transportation₹800.*40\.0%/])

  await restExpense(server, auth.token, {
    amount: 40000,
    category: 'Travel',
    date: '2027-01-10',
    description: 'Goa trip',
  })
  await expect(page.getByTestId('balance-card')).toContainText('-₹12,000')
  await expect(page.getByTestId('balance-card')).toContainText('Deficit')
  await expect(page.getByTestId('total-expenses')).toContainText('4 records')
  await expect(page.getByTestId('category-share')).toHaveText([
    /Travel₹40,000.*95\.2%/,
    /Pets₹1,200.*2\.9%/,
    /Transportation₹800.*1\.9%/,
  ])
  const recent = page.getByTestId('dashboard-recent')
  await expect(recent).toHaveCount(5)
  await expect(recent.nth(0)).toContainText('Salary')
  await expect(recent.nth(0)).toContainText('+₹30,000')
  await expect(recent.nth(1)).toContainText('Pets')
  await expect(recent.nth(1)).toContainText('-₹1,200')
  await expect(recent.nth(2)).toContainText('Travel')
  await expect(recent.nth(3)).toContainText('Transportation')
  await expect(recent.nth(4)).toContainText('Freelance')
  await expect(recent.nth(4)).toContainText('+₹10,000')

  await page.screenshot({ path: `${SHOTS}/dashboard-light.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
  await page.screenshot({ path: `${SHOTS}/dashboard-dark.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true })
})
