import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { pushBudget, restExpense, restIncome, signUpWithToken } from './support/flows'

/** The "smaller things", Your Money on recorded income and Profile Details rules, as a user meets them. */

test.use({ timezoneId: 'Asia/Kolkata', viewport: { width: 390, height: 844 }, hasTouch: true })

const SHOTS = '.tmp/shots-ui-details'
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })

/** Buttons whose accessible name (aria-label) leaves out the words they show: WCAG 2.5.3 Label in Name. */
async function labelNotInName(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button[aria-label], a[aria-label]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({ label: el.getAttribute('aria-label') ?? '', text: (el as HTMLElement).innerText.trim() }))
      .filter(({ label, text }) => text !== '' && !label.toLowerCase().includes(text.toLowerCase()))
      .map(({ label, text }) => `"${text}" announced as "${label}"`),
  )
}

test('Your Money uses the income recorded this month, says so, warns when a budget gets over its limit', async ({
  page,
  server,
}) => {
  const auth = await signUpWithToken(page, server, 'yourmoney')
  await restIncome(server, auth.token, { amount: 185000, source: 'Salary', date: today() })
  await pushBudget(server, auth, { category: 'Groceries', rupees: 30000, createdAt: Date.now() - 86_400_000 })

  await page.goto('/fund-allocation')
  await expect(page.getByTestId('money-income')).toHaveText('₹1,85,000')
  await expect(page.getByTestId('money-income-basis')).toHaveText('Income recorded this month')
  await expect(page.getByTestId('money-note')).toHaveCount(0)

  // ₹1,50,000 for a ₹30,000 budget: allowed (income covers it) but called out.
  await page.getByRole('button', { name: 'Allocate Groceries' }).click()
  const dialog = page.getByRole('dialog', { name: 'Allocate to Groceries' })
  await expect(dialog).toContainText('Its limit is ₹30,000')
  await dialog.getByLabel('Amount to allocate').fill('150000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('allocation-over-limit')).toContainText('₹1,20,000 more than this budget')
  await expect(page.getByTestId('money-available')).toHaveText('₹35,000')
  expect(await labelNotInName(page)).toEqual([])
  await page.screenshot({ path: `${SHOTS}/money-recorded-390.png`, fullPage: true })

  // A planned figure replaces the recorded one, and the screen says which it shows.
  await page.getByRole('button', { name: 'Update Monthly Income' }).click()
  const income = page.getByRole('dialog', { name: 'Update Monthly Income' })
  await income.getByLabel('Monthly income').fill('200000')
  await income.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('money-income')).toHaveText('₹2,00,000')
  await expect(page.getByTestId('money-income-basis')).toHaveText('Planned monthly income')
  await expect(page.locator('.money-hero__basis')).toContainText('Recorded so far this month: ₹1,85,000')
})

test('Profile Details refuses an empty name, a future birth date and too many dependents, field by field', async ({
  page,
  server,
}) => {
  const { user, token } = await signUpWithToken(page, server, 'profilerules')
  await page.goto('/settings')
  await page.getByRole('button', { name: 'Profile Details' }).click()
  await page.getByLabel('Name', { exact: true }).fill('')
  await page.getByLabel('Date of birth').fill('2999-01-01')
  await page.getByLabel('Family size').fill('4')
  await page.getByLabel('Number of dependents').fill('9')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Please enter your name', { exact: true })).toBeVisible()
  await expect(page.getByText('Date of birth cannot be in the future', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Number of dependents cannot be more than your family size', { exact: true }),
  ).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('✅ Profile updated!')).toHaveCount(0)

  await page.getByLabel('Name', { exact: true }).fill('Asha Verma')
  await page.getByLabel('Date of birth').fill('1990-04-01')
  await page.getByLabel('Family size').fill('-3')
  await page.getByLabel('Number of dependents').fill('1')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('Family size must be at least 1', { exact: true })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/profile-errors-390.png`, fullPage: true })
  const me = await server.api<{ user: { name: string; family_size: number | null } }>('GET', '/auth/me', token)
  expect(me.body.user).toMatchObject({ name: user.name, family_size: null })

  await page.getByLabel('Family size').fill('4')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(page.getByText('✅ Profile updated!')).toBeVisible()
})

test('a long paste shows a counter; Hide Balance hides budgets too; row buttons have short names', async ({
  page,
  server,
}) => {
  const auth = await signUpWithToken(page, server, 'details')
  await pushBudget(server, auth, { category: 'Food & Dining', rupees: 8000, createdAt: Date.now() - 86_400_000 })
  await restExpense(server, auth.token, {
    amount: 1200,
    category: 'Food & Dining',
    date: today(),
    description: 'Dinner with the whole family at the new place near the station '.repeat(7).slice(0, 450),
  })

  // Hide Balance masks the budget figures on home, and the budgets screen follows it.
  await page.goto('/home')
  const budget = page.getByTestId('home-budget')
  await expect(budget).toContainText('₹1,200')
  await page.getByRole('button', { name: 'Hide balance' }).click()
  await expect(budget).not.toContainText('₹')
  await expect(budget.getByRole('img', { name: 'Hidden amount' })).toHaveCount(3)
  await page.goto('/budgets')
  await expect(page.getByTestId('budget-card')).not.toContainText('₹')
  await page.goto('/home')
  await page.getByRole('button', { name: 'Show balance' }).click()
  await expect(budget).toContainText('₹1,200')

  // Edit/Delete are named after the row, not its whole 450-character description.
  const row = page.getByTestId('transaction-item').first()
  for (const action of ['Edit', 'Delete']) {
    const name = await row.getByRole('button', { name: new RegExp(`^${action} `) }).getAttribute('aria-label')
    expect(name).toMatch(new RegExp(`^${action} Dinner with the whole family`))
    expect(name!.length).toBeLessThanOrEqual(50)
  }

  // A 5,000-character paste is cut to the field's 500, and the counter says so.
  await page.goto('/add-expense')
  const description = page.getByLabel('Description')
  await description.fill('x'.repeat(5000))
  await expect(description).toHaveValue('x'.repeat(500))
  await expect(page.getByText('500 / 500 characters · limit reached, anything longer was not kept')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/add-expense-counter-390.png`, fullPage: true })
  // A value that only fills the field (an existing 500-character note) had nothing cut: a count, no warning.
  await description.fill('y'.repeat(500))
  await expect(page.getByText('500 / 500 characters', { exact: true })).toBeVisible()
  await expect(page.getByText(/limit reached/)).toHaveCount(0)
})

test('budget form messages like the add screens; a reversed range says so; an empty trend has no ₹0 axis', async ({
  page,
  server,
}) => {
  await signUpWithToken(page, server, 'smaller')
  await page.goto('/reports')
  const axis = page.locator('.trend__axis')
  await expect(axis).toHaveText(['₹0'])
  await expect(page.getByText('No income or expenses in these 12 months')).toBeVisible()

  await page.goto('/budgets')
  await page.getByRole('button', { name: 'Create Budget' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Budget' })
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog.getByText('⚠️ Please choose a category!', { exact: true })).toBeVisible()
  await dialog.getByLabel('Category', { exact: true }).selectOption('Travel')
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog.getByText('⚠️ Please enter a budget amount!', { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto('/transactions')
  await page.getByRole('button', { name: 'Filters' }).click()
  await page.getByText('Custom', { exact: true }).click()
  await page.getByLabel('From', { exact: true }).fill('2026-11-20')
  await page.getByLabel('To', { exact: true }).fill('2026-11-01')
  await expect(page.getByTestId('range-reversed')).toContainText('The From date is after the To date')
  await page.getByRole('button', { name: 'Swap dates' }).click()
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-11-01')
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-11-20')
  await expect(page.getByTestId('range-reversed')).toHaveCount(0)
})

test('no RxDB advertisement in the console; /demo while signed in opens the demo with a way back', async ({
  page,
  server,
}) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
  })
  await signUpWithToken(page, server, 'demoback')
  await page.reload()
  await expect(page.getByTestId('balance')).toHaveText('₹0')
  await page.goto('/add-income')
  await page.getByLabel('Amount').fill('500')
  await page.getByLabel('Source').selectOption('Salary')
  await page.getByRole('button', { name: 'Add Income' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('balance')).toHaveText('₹500')
  expect(warnings.filter((w) => w.includes('RxDB'))).toEqual([])

  await page.goto('/demo')
  await expect(page.getByTestId('demo-badge')).toBeVisible()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('balance')).not.toHaveText('₹500')
  await page.getByRole('button', { name: 'Back to my account' }).click()
  await expect(page.getByTestId('demo-badge')).toHaveCount(0)
  await expect(page.getByTestId('balance')).toHaveText('₹500')
  await page.reload()
  await expect(page.getByTestId('demo-badge')).toHaveCount(0)
  await expect(page.getByTestId('balance')).toHaveText('₹500')
})

test('at 390 px the add form fits its card and the bottom bar shows "Transactions" whole', async ({ page, server }) => {
  await signUpWithToken(page, server, 'fit390')
  await page.goto('/add-expense')
  await page.getByLabel('Category', { exact: true }).selectOption('Others')
  const overflow = await page.locator('.tx-form').evaluate((form) => {
    const card = form.closest('.card')!.getBoundingClientRect()
    // Controls not rendered at all (the receipt's hidden file inputs) have no box to overflow with.
    return [...form.querySelectorAll('input, select, textarea, button')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 || r.height > 0)
      .filter((r) => r.right > card.right + 0.5 || r.left < card.left - 0.5).length
  })
  expect(overflow).toBe(0)
  const label = page.locator('.bottombar').getByText('Transactions', { exact: true })
  await expect(label).toBeVisible()
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})
