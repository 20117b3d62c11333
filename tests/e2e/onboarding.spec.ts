import type { Page } from '@playwright/test'
import { expectAccessible } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, shot } from './support/flows'

/** The step's heading is shown; axe passes; a screenshot for review. */
async function atStep(page: Page, heading: string, look: string, file: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expectAccessible(page, `${heading} (${look})`)
  await shot(page, `test-results/onboarding-${file}-${look}.png`)
}

const alertText = (page: Page) => page.locator('.onb-step [role="alert"], .onb-step .field__error')

async function welcomeAndSignup(page: Page, look: string, email: string, password: string) {
  await page.goto('/signup')
  await expect(page).toHaveURL(/\/onboarding$/)
  await atStep(page, 'Welcome to Hisaab', look, '0-welcome')
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(alertText(page)).toHaveText('Choose at least one, or Skip')
  const all = page.getByRole('button', { name: 'All of the above' })
  await all.click()
  for (const name of ['Track expenses', 'Create a budget', 'Manage debt', 'Save for a goal'])
    await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Manage debt' }).click()
  await expect(all).toHaveAttribute('aria-pressed', 'false')
  await page.getByRole('button', { name: 'Continue' }).click()

  await atStep(page, 'Create your account', look, '1-signup')
  await expect(page.getByText('Step 2 of 10')).toBeVisible()
  await expect(page.getByText('11%')).toBeVisible()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Password', { exact: true }).fill('abc')
  await page.getByLabel('Confirm Password').fill('abd')
  await expect(page.getByText('Email is invalid')).toBeVisible()
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  for (const [pw, label] of [
    ['abcdef', 'Weak'],
    ['abcdef1', 'Fair'],
    ['Abcdef1', 'Good'],
    ['Abcdef1!', 'Strong'],
    ['Abcdefgh1!', 'Very Strong'],
  ] as const) {
    await page.getByLabel('Password', { exact: true }).fill(pw)
    await expect(page.getByText(`Password strength: ${label}`, { exact: true })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

async function typeAndWhatsapp(page: Page, look: string) {
  await atStep(page, 'Choose your path', look, '2-type')
  await expect(page.getByRole('radio', { name: /Grow my savings/ })).toBeChecked()
  await page.getByText('Full control').click()
  await expect(page.getByRole('radio', { name: /Full control/ })).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()

  await atStep(page, 'Log expenses by WhatsApp', look, '3-whatsapp')
  await expect(page.getByLabel('Country code').locator('option')).toHaveText([
    '+91 India',
    '+1 USA',
    '+44 UK',
    '+971 UAE',
    '+65 Singapore',
    '+61 Australia',
  ])
  await page.getByLabel('WhatsApp number').fill('12345')
  await page.getByRole('button', { name: 'Connect WhatsApp' }).click()
  await expect(alertText(page)).toHaveText('Please enter a valid phone number')
  await page.getByRole('button', { name: 'Skip' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Skip WhatsApp?' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page, `skip dialog (${look})`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.getByLabel('WhatsApp number').fill(`98${Date.now().toString().slice(-8)}`)
  await page.getByRole('button', { name: 'Connect WhatsApp' }).click()
  await expect(page.getByRole('heading', { name: 'Number linked' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Try it' })).toBeVisible({ timeout: 6000 })
}

async function profileAndGoals(page: Page, look: string, name: string) {
  await atStep(page, 'About you', look, '4-profile')
  // Reloaded mid-way: the same step, the answers kept.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible()
  await expect(page.getByText('Step 5 of 10')).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Monthly income is required')).toBeVisible()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Age (optional)').fill('17')
  await page.getByLabel('Monthly income').fill('85000')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Age must be between 18 and 100')).toBeVisible()
  await page.getByLabel('Age (optional)').fill('31')
  await page.getByLabel('Savings so far (optional)').fill('20000')
  await page.getByRole('button', { name: 'Continue' }).click()

  await atStep(page, 'Your goals', look, '5-goals')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(alertText(page)).toHaveText('Please select at least one goal')
  await page.getByRole('button', { name: 'Emergency Fund' }).click()
  await page.getByRole('button', { name: 'Retirement' }).click()
  await page.getByRole('button', { name: 'Car', exact: true }).click()
  await page.getByRole('button', { name: 'Add' }).click() // empty: ignored
  await expect(page.getByRole('list', { name: 'Your own goals' })).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Your own goal' }).fill('Kids education fund')
  await page.getByRole('button', { name: 'Add' }).click()
  await page.getByRole('textbox', { name: 'Your own goal' }).fill('Trip to Goa')
  await page.getByRole('textbox', { name: 'Your own goal' }).press('Enter')
  const own = page.getByRole('list', { name: 'Your own goals' })
  await expect(own.getByRole('button')).toHaveText(['Kids education fund · Financial', 'Trip to Goa · Material'])
  // Five goals picked: the old "select at least one goal" is gone before Continue is pressed again.
  await expect(page.getByText('Please select at least one goal')).toHaveCount(0)
  await shot(page, `test-results/onboarding-5-goals-filled-${look}.png`)
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page.getByRole('heading', { name: 'Building your plan…' })).toBeVisible()
  await atStep(page, 'Your plan', look, '6-plan')
  await expect(page.getByRole('region', { name: /Priority 1: Financial foundation/ }).getByRole('listitem')).toHaveText(
    ['Emergency Fund', 'Retirement', 'Kids education fund'],
  )
  await expect(page.getByRole('region', { name: /Priority 2: Material goals/ }).getByRole('listitem')).toHaveText([
    'Car',
  ])
  await expect(page.getByText('+1 more')).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
}

async function expenseAndBudget(page: Page, look: string) {
  await atStep(page, 'Add your first expense', look, '7-expense')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(alertText(page)).toHaveText('Please fill in amount and category')
  await page.getByLabel('Amount').fill('250')
  await page.getByLabel('Category').selectOption('Food & Dining')
  await page.getByLabel('Description (optional)').fill('Onboarding chai')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByRole('heading', { name: 'Expense added!' })).toBeVisible()

  await atStep(page, 'Set your first budget', look, '8-budget')
  await page.getByRole('button', { name: 'Create Budget' }).click()
  await expect(alertText(page)).toHaveText('Please fill in category and limit')
  await page.getByLabel('Category').selectOption('Food & Dining')
  await page.getByLabel('Limit').fill('5000')
  await expect(page.getByLabel('Period').locator('option')).toHaveText(['Monthly', 'Weekly', 'Daily'])
  await page.getByRole('button', { name: 'Create Budget' }).click()
  await atStep(page, "You're all set!", look, '9-done')
  await expect(page).toHaveURL(/\/home$/)
}

for (const look of [
  { name: 'dark-390', colorScheme: 'dark' as const, viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'light-1280', colorScheme: 'light' as const, viewport: { width: 1280, height: 900 }, hasTouch: false },
]) {
  test.describe(`onboarding (${look.name})`, () => {
    test.use({ colorScheme: look.colorScheme, viewport: look.viewport, hasTouch: look.hasTouch })

    test('ten steps from /signup to /home, every message, a reload mid-way, and everything saved', async ({
      page,
      server,
    }) => {
      const user = newUser(`onb${look.name.replace('-', '')}`)
      const name = 'Asha Venkataraman Subramaniam Iyer-Krishnamurthy Raghunathan'
      await welcomeAndSignup(page, look.name, user.email, user.password)
      await typeAndWhatsapp(page, look.name)
      await profileAndGoals(page, look.name, name)
      await expenseAndBudget(page, look.name)

      // The first expense is on the home screen; the goals and income are in Settings.
      await expect(page.getByText('Onboarding chai')).toBeVisible()
      await shot(page, `test-results/onboarding-home-${look.name}.png`)
      await page.goto('/settings')
      await page.getByRole('button', { name: /Profile Details/ }).click()
      await expect(page.getByText('Emergency Fund, Retirement, Kids education fund')).toBeVisible()
      await expect(page.getByText('Car, Trip to Goa')).toBeVisible()
      await expect(page.getByText(/Monthly income ₹85,000 · savings ₹20,000 · age 31 · Full control/)).toBeVisible()

      // And all of it reached the server.
      const auth = await apiLogin(server, user)
      const me = await server.api<{ user: { name: string; phone_number: string } }>('GET', '/auth/me', auth.token)
      expect(me.body.user.name).toBe(name)
      // The number is claimed: it links once `link <code>` arrives from it (Settings shows the code).
      const whatsapp = await server.api<{ pending: { phone_number: string } | null }>(
        'GET',
        '/whatsapp/status',
        auth.token,
      )
      expect(whatsapp.body.pending?.phone_number).toMatch(/^whatsapp:\+9198\d{8}$/)
      await expect
        .poll(async () => (await server.api<{ description: string }[]>('GET', '/expenses', auth.token)).body)
        .toEqual([expect.objectContaining({ description: 'Onboarding chai', amount: 250, category: 'Food & Dining' })])
      await expect
        .poll(async () => (await server.api<{ budgets: unknown[] }>('GET', '/budgets', auth.token)).body.budgets)
        .toEqual([expect.objectContaining({ category: 'Food & Dining', amount: 5000, period: 'monthly' })])
    })
  })
}

test('a server error at signup is shown; Start over clears the answers; skipping the budget goes home at once', async ({
  page,
  server,
}) => {
  const taken = newUser('taken')
  await server.api('POST', '/auth/register', undefined, { email: taken.email, password: taken.password })
  await page.goto('/onboarding')
  await page.getByRole('button', { name: 'Track expenses' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Email').fill(taken.email)
  await page.getByLabel('Password', { exact: true }).fill(taken.password)
  await page.getByLabel('Confirm Password').fill(taken.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(alertText(page)).toHaveText('An account with this email already exists')

  await page.getByRole('button', { name: 'Start over' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Hisaab' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Track expenses' })).toHaveAttribute('aria-pressed', 'false')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Hisaab' })).toBeVisible()

  const fresh = newUser('skipper')
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByLabel('Email').fill(fresh.email)
  await page.getByLabel('Password', { exact: true }).fill(fresh.password)
  await page.getByLabel('Confirm Password').fill(fresh.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your path' })).toBeVisible()
  // Jump to the budget step the way a reload there would find it.
  await page.evaluate(() => {
    const state = JSON.parse(sessionStorage.getItem('hisaab.onboarding') ?? '{}') as { step: number }
    sessionStorage.setItem('hisaab.onboarding', JSON.stringify({ ...state, step: 8 }))
  })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Set your first budget' })).toBeVisible()
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await expect(page).toHaveURL(/\/home$/)
  expect(await page.evaluate(() => sessionStorage.getItem('hisaab.onboarding.completed'))).toBe('1')
})
