import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { LOOKS, untilStill } from './support/a11y'
import { expect, ownServer, test } from './support/fixtures'
import { adminLogin, failReadsOf, offlineReady, shot } from './support/flows'

const SHOTS = 'test-results/business-currency'
// The deployment's books start empty here, whatever other files add to the shared server's.
test.use(ownServer('business-currency'))
const LONG_NOTE = 'Conference booth in Singapore, banners, travel and two nights'
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`

/** Signed in as the admin, on Business P&L. */
async function openBusiness(page: Page) {
  await adminLogin(page)
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Business P&L', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Business P&L' })).toBeVisible()
}

/** Adds an entry in `currency`; `rate` null keeps what the form offers, '' leaves it without one. */
async function add(page: Page, kind: 'Expense' | 'Revenue', entry: { amount: string; rate: string | null }) {
  const { amount, rate } = entry
  await page.getByRole('button', { name: `Add ${kind}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Currency').selectOption('USD')
  await dialog.getByLabel('Amount (USD)').fill(amount)
  if (rate !== null) await dialog.getByLabel('Rate: 1 USD in INR').fill(rate)
  await dialog.getByLabel(kind === 'Expense' ? 'Category' : 'Source').selectOption({ index: 1 })
  await dialog.getByLabel('Description').fill(LONG_NOTE)
  return dialog
}

async function save(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()
}

const card = (page: Page, label: string) => page.locator('.admin-stat', { hasText: label })

test('business entries in dollars: converted at their rate, one not converted, offline at the last rate', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(180_000)
  await openBusiness(page)
  await offlineReady(page)

  // $1,000 of revenue at 83.25 is ₹83,250; $500 of expense with no rate is left out and named.
  await save(await add(page, 'Revenue', { amount: '1000', rate: '83.25' }))
  await expect(card(page, 'Total Revenue')).toContainText(rupees(1000 * 83.25))
  const revenue = page.locator('section', { hasText: 'Recent Revenue' })
  await expect(revenue).toContainText('$1,000')
  await expect(revenue).toContainText(`≈ ${rupees(1000 * 83.25)}`)
  const noRate = await add(page, 'Expense', { amount: '500', rate: '' })
  await expect(noRate.getByLabel('Rate: 1 USD in INR')).toHaveValue('')
  await save(noRate)
  await expect(page.locator('section', { hasText: 'Recent Expenses' })).toContainText('not converted')
  await expect(card(page, 'Total Expenses')).toContainText('₹0')
  await expect(page.getByTestId('not-converted')).toHaveText(
    '1 entry in another currency is not converted to INR and not counted in these totals: add a rate to count it.',
  )

  // Offline: the next dollar expense is offered 83.25; $98,765.43 at it is ₹82,22,222.05.
  await server.stop()
  try {
    const offline = await add(page, 'Expense', { amount: '98765.43', rate: null })
    await expect(offline.getByLabel('Rate: 1 USD in INR')).toHaveValue('83.25')
    await save(offline)
    const spent = Math.round(9876543 * 83.25) / 100
    await page.reload()
    await expect(card(page, 'Total Expenses')).toContainText(rupees(Math.round(spent)))
  } finally {
    await server.start()
  }
  // Another admin's browser sees the same books once the entry is pushed.
  const other = await (await browser.newContext({ baseURL: server.url })).newPage()
  await openBusiness(other)
  await expect(card(other, 'Total Expenses')).toContainText(rupees(Math.round(98765.43 * 83.25)), {
    timeout: 60_000,
  })
  await expect(other.getByTestId('not-converted')).toBeVisible()
  await other.context().close()

  for (const look of LOOKS) {
    await page.emulateMedia({ colorScheme: look.colorScheme })
    await page.setViewportSize(look.viewport)
    await page.reload()
    await expect(page.getByTestId('not-converted')).toBeVisible()
    await untilStill(page)
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.map((v) => v.id),
      `business ${look.name}`,
    ).toEqual([])
    await shot(page, `${SHOTS}/business-${look.name}.png`)
    const dialog = await add(page, 'Revenue', { amount: '98765.43', rate: null })
    await untilStill(page)
    const inDialog = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
    expect(
      inDialog.violations.map((v) => v.id),
      `entry form ${look.name}`,
    ).toEqual([])
    await shot(page, `${SHOTS}/entry-${look.name}.png`)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  }
})

test('business books that cannot be read show the error screen, never totals of nothing', async ({ page }) => {
  await openBusiness(page)
  await save(await add(page, 'Revenue', { amount: '1234.56', rate: '83.25' }))
  // This file's other tests share the books: the totals are compared with themselves, read once
  // the list (the same read) shows the new entry.
  await expect(page.locator('section', { hasText: 'Recent Revenue' })).toContainText('$1,234.56')
  const revenue = card(page, 'Total Revenue')
  const readable = (await revenue.textContent()) ?? ''

  await failReadsOf(page, ['business_entries'])
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
  await expect(page.locator('.admin-stat')).toHaveCount(0)
  await expect(page.getByText('Recent Revenue')).toHaveCount(0)
  for (const look of LOOKS) {
    await page.emulateMedia({ colorScheme: look.colorScheme })
    await page.setViewportSize(look.viewport)
    await untilStill(page)
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.map((v) => v.id),
      `unreadable books ${look.name}`,
    ).toEqual([])
    await shot(page, `${SHOTS}/unreadable-${look.name}.png`)
  }

  await failReadsOf(page, [])
  await page.reload()
  await expect(revenue).toHaveText(readable)
})
