import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, shot, signUpWithToken } from './support/flows'
import { LONG_CATEGORY } from './support/ui-fit'

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

  // Allocate 60,000 to Rent: more than the income. Said as it is typed, before saving, and refused.
  const overIncome = "You've allocated more than your income! At most ₹50,000 is available for this budget."
  dialog = await amountDialog(page, 'Allocate Rent', 'Allocate to Rent')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Please enter an amount to allocate')).toBeVisible()
  await dialog.getByLabel('Amount to allocate').fill('60000')
  await expect(dialog.getByRole('alert')).toHaveText(overIncome)
  await shot(page, `${SHOTS}/money-over-before-saving-light.png`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText(overIncome)).toBeVisible()
  await expect(dialog).toBeVisible()
  await expect(figure(page, 'allocated')).toHaveText('₹0 (0%)')
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')

  // 30,000 fits: saved, and the positive note shows.
  await dialog.getByLabel('Amount to allocate').fill('30000')
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('money-note')).toContainText('You still have money available')
  await expect(figure(page, 'allocated')).toHaveText('₹30,000 (60%)')
  await expect(figure(page, 'available')).toHaveText('₹20,000')
  await expect(row(page, 'Rent').getByRole('button', { name: 'Adjust Rent' })).toBeVisible()

  // Income lowered below what is allocated: the spec's warning on the page.
  dialog = await amountDialog(page, 'Update Monthly Income', 'Update Monthly Income')
  await dialog.getByLabel('Monthly income').fill('20000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: "You've allocated more than your income!" })).toBeVisible()
  await expect(figure(page, 'allocated')).toHaveText('₹30,000 (150%)')
  await expect(figure(page, 'available')).toHaveText('-₹10,000')
  await shot(page, `${SHOTS}/money-over-light.png`)
  // Lowering an allocation is always allowed, even while more is allocated than earned.
  dialog = await amountDialog(page, 'Adjust Rent', 'Adjust Rent')
  await expect(dialog.getByLabel('Amount to allocate')).toHaveValue('30000')
  await dialog.getByLabel('Amount to allocate').fill('25000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(figure(page, 'allocated')).toHaveText('₹25,000 (125%)')
  dialog = await amountDialog(page, 'Update Monthly Income', 'Update Monthly Income')
  await dialog.getByLabel('Monthly income').fill('50000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText("You've allocated more than your income!")).toHaveCount(0)
  dialog = await amountDialog(page, 'Adjust Rent', 'Adjust Rent')
  await dialog.getByLabel('Amount to allocate').fill('30000')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(figure(page, 'allocated')).toHaveText('₹30,000 (60%)')

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

test('Your Money in both themes at 390 and 1280 px: extreme figures, a refused allocation from another device', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000)
  const user = newUser('money-looks')
  await server.api('POST', '/auth/register', undefined, { email: user.email, password: user.password })
  const { token } = await apiLogin(server, user)
  const me = (await server.api<{ user: unknown }>('GET', '/auth/me', token)).body.user
  expect((await server.api('POST', '/allocation/income', token, { amount: 9876543.21 })).status).toBe(200)
  for (const [category, amount] of [
    [LONG_CATEGORY, 8000],
    ['Rent', 45000],
  ] as const)
    expect((await server.api('POST', '/budgets', token, { category, amount, period: 'monthly' })).status).toBe(201)
  const budgets = (await server.api<{ budgets: { id: string; category: string }[] }>('GET', '/budgets', token)).body
    .budgets
  const long = budgets.find((b) => b.category === LONG_CATEGORY)!
  const rent = budgets.find((b) => b.category === 'Rent')!
  expect(
    (await server.api('POST', '/allocation/allocate', token, { budget_id: rent.id, amount: 9000000 })).status,
  ).toBe(200)
  // Another device, offline, put ₹9,99,99,999 into the ₹8,000 budget: the server does not take it.
  const pulled = await server.api<{ documents: Record<string, unknown>[] }>(
    'GET',
    '/sync/budgets/pull?seq=0&limit=100',
    token,
  )
  const current = pulled.body.documents.find((d) => d.id === long.id)!
  const raised: Record<string, unknown> = { ...current, allocated: 99_999_999_00, updatedAt: Date.now() }
  delete raised._deleted
  const push = await server.api('POST', '/sync/budgets/push', token, [
    { assumedMasterState: current, newDocumentState: raised },
  ])
  expect(push.status).toBe(200)

  for (const look of LOOKS) {
    const context = await browser.newContext({ ...look, baseURL: server.url })
    await context.addInitScript(
      ({ token, me }) => {
        localStorage.setItem('hisaab.token', token)
        localStorage.setItem('hisaab.user', JSON.stringify(me))
      },
      { token, me },
    )
    const page = await context.newPage()
    await page.goto('/fund-allocation')
    await expect(figure(page, 'income')).toHaveText('₹98,76,543')
    await expect(page.getByTestId('allocation-refused')).toContainText('₹9,99,99,999 was not allocated')
    await expectAccessible(page, `Your Money (${look.name})`)
    await page.screenshot({ path: `${SHOTS}/money-refused-${look.name}.png`, fullPage: true })
    const dialog = await amountDialog(page, `Allocate ${LONG_CATEGORY}`, `Allocate to ${LONG_CATEGORY}`)
    await dialog.getByLabel('Amount to allocate').fill('99999999')
    await expect(dialog.getByRole('alert')).toHaveText(
      "You've allocated more than your income! At most ₹8,76,543.21 is available for this budget.",
    )
    await expectAccessible(page, `allocate dialog (${look.name})`)
    await shot(page, `${SHOTS}/money-allocate-over-${look.name}.png`)
    if (look.name === 'dark-1280') {
      // Allocating what is available answers the refused one: its note goes, here and on the server.
      await dialog.getByLabel('Amount to allocate').fill('8000')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('allocation-refused')).toHaveCount(0)
      await expect
        .poll(
          async () =>
            (
              await server.api<{ documents: Record<string, unknown>[] }>(
                'GET',
                '/sync/budgets/pull?seq=0&limit=100',
                token,
              )
            ).body.documents.find((d) => d.id === long.id),
          { timeout: 30_000 },
        )
        .toMatchObject({ allocated: 8_000_00, refusedAllocation: 0 })
    }
    await context.close()
  }
})
