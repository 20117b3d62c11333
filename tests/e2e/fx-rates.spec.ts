import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS, SCREEN } from './support/a11y'
import { expect, ownServer, test } from './support/fixtures'
import { shot } from './support/flows'
import { device, person } from './support/people'
import type { ServerProcess } from './support/server'

const SHOTS = 'test-results/fx-rates'
// The daily rates this file's server fetches stay in its database: no other file's entries meet them.
test.use(ownServer('fx-rates'))
const TODAY = new Date().toLocaleDateString('en-CA')
const DAY_TEXT = new Date().toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
/** What the local rate source answers: today's rates against the dollar. */
const RATES = { base: 'USD', date: TODAY, rates: { INR: 83.2, AED: 3.6725, EUR: 0.92 } }

let source: Server
let sourceUrl = ''

test.beforeAll(async () => {
  source = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(RATES))
  })
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/rates.json`
})
test.afterAll(async () => {
  source.closeAllConnections()
  await new Promise((resolve) => source.close(resolve))
})

/** The server restarted with FX_RATES_URL set (the fixture restores it after the test), its first fetch done. */
async function withRateSource(server: ServerProcess, token: string) {
  server.setEnv({ FX_RATES_URL: sourceUrl })
  await server.stop()
  await server.start()
  await expect
    .poll(
      async () =>
        (await fetch(`${server.url}/api/fx/latest`, { headers: { authorization: `Bearer ${token}` } })).status,
    )
    .toBe(200)
}

async function addExpense(page: Page, amount: string, note: string, currency?: string) {
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill(amount)
  if (currency) {
    await page.getByLabel('Currency').selectOption(currency)
    // The source's dollar rate is offered (the user never gave one), and the hint says whose it is.
    await expect(page.getByLabel(`Rate: 1 ${currency} in INR`)).toHaveValue('83.2')
    await expect(page.getByText(`Daily rate of ${DAY_TEXT}; change it if yours differs.`)).toBeVisible()
  }
  await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await page.getByLabel('Description').fill(note)
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** A $100 food budget with home currency AED: the daily rate is offered; the limit shows in dollars and dirhams. */
async function usdBudget(page: Page) {
  await page.goto('/budgets')
  await page.getByRole('button', { name: 'Create Budget' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Budget' })
  await dialog.getByLabel('Category').selectOption('Food & Dining')
  await dialog.getByLabel('Amount').fill('100')
  await dialog.getByLabel('Currency').selectOption('USD')
  await expect(dialog.getByLabel('Rate: 1 USD in AED')).toHaveValue('3.6725')
  await dialog.getByRole('button', { name: 'Create Budget' }).click()
  await expect(dialog).toBeHidden()
  const card = page.getByTestId('budget-card')
  await expect(card.getByTestId('budget-limit')).toContainText('$100 ')
  await expect(card.getByTestId('budget-limit')).toContainText('≈ د.إ\u200E367')
  await expect(card.getByTestId('budget-percent')).toHaveText('0% used')
  // The rupee and dollar expenses have no rate to AED: left out of the budget, and said so.
  await expect(card.getByTestId('not-converted')).toContainText('2 entries in another currency are not converted')
  // Your Money shows the limit in dollars with the dirham figure beside it.
  await page.goto('/fund-allocation')
  const row = page.getByTestId('allocation-row').filter({ hasText: 'Food' })
  await expect(row).toContainText('$100 ')
  await expect(row).toContainText('≈ د.إ\u200E367')
  await page.goto('/budgets')
}

test('the daily rate source: offered in the forms, and the home-currency change says what has no rate', async ({
  browser,
  server,
}) => {
  test.setTimeout(300_000)
  const first = await person(server, 'fx')
  await withRateSource(server, first.token)

  for (const look of LOOKS) {
    const who = look.name === 'light-390' ? first : await person(server, `fx-${look.name}`)
    const page = await device(browser, server, who, look)
    await addExpense(page, '9876543.21', 'x'.repeat(60))
    await save(page)
    await addExpense(page, '11.80', 'Lunch at the airport', 'USD')
    await shot(page, `${SHOTS}/add-expense-offer-${look.name}.png`)
    await expectAccessible(page, `add expense with the daily rate ${look.name}`, { within: SCREEN })
    await save(page)

    // Home currency AED: the rupee and the dollar entries have no rate to it; nothing is converted.
    await page.goto('/settings')
    await page.getByRole('button', { name: /Currency/ }).click()
    await page.getByRole('radio', { name: /AED/ }).click()
    const note = page.getByTestId('missing-rates')
    await expect(note).toContainText('2 entries have no rate to AED (1 INR and 1 USD)')
    await expect(note).toContainText('The form offers the daily rate for each.')
    await expect(note.getByRole('link', { name: 'Open Transactions' })).toBeVisible()
    await note.scrollIntoViewIfNeeded()
    await shot(page, `${SHOTS}/settings-notice-${look.name}.png`)
    await expectAccessible(page, `currency change notice ${look.name}`, { within: SCREEN })
    await usdBudget(page)
    await shot(page, `${SHOTS}/budget-usd-${look.name}.png`)
    await expectAccessible(page, `budget in USD ${look.name}`, { within: SCREEN })
    if (look.name !== 'light-390') await page.context().close()
  }

  // Where to add one: the entry's edit form suggests the latest rate for the pair; taking it converts the entry.
  const page = await device(browser, server, first, LOOKS[2])
  await page.goto('/transactions')
  await expect(page.getByTestId('not-converted')).toContainText('2 entries in another currency are not converted')
  const lunch = page.getByTestId('transaction-item').filter({ hasText: 'Lunch at the airport' })
  await lunch.hover()
  await lunch.getByRole('button', { name: 'Edit Lunch at the airport' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Expense' })
  await expect(dialog.getByLabel('Rate: 1 USD in AED')).toHaveValue('')
  // The dollar budget above took the daily rate: it is now the user's own latest for the pair.
  await expect(dialog.getByText(`Your rate of ${DAY_TEXT}: 3.6725`)).toBeVisible()
  await shot(page, `${SHOTS}/edit-suggestion-light-1280.png`)
  await dialog.getByRole('button', { name: 'Use this rate' }).click()
  await expect(dialog.getByLabel('Rate: 1 USD in AED')).toHaveValue('3.6725')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('not-converted')).toContainText('1 entry in another currency is not converted')
  await expect(lunch.getByTestId('transaction-amount')).toContainText('$11.80')
})
