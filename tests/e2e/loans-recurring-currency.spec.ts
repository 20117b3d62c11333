import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS, SCREEN } from './support/a11y'
import { expect, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'
import { device, person } from './support/people'

const SHOTS = 'test-results/loans-recurring-currency'
const LONG = 'x'.repeat(60)
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })

test.use({ timezoneId: 'Asia/Kolkata' })

const card = (page: Page, name: string) => page.getByTestId('recurring-card').filter({ hasText: name })

/** Adds a recurring payment in `currency`; `rate` null keeps what the form offers. */
async function addRecurring(page: Page, name: string, amount: string, currency: string, rate: string | null) {
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Recurring Payment' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Amount').fill(amount)
  await dialog.getByLabel('Currency').selectOption(currency)
  if (rate !== null) await dialog.getByLabel(`Rate: 1 ${currency} in INR`).fill(rate)
  await dialog.getByLabel('Due date').fill(today())
  await dialog.getByRole('button', { name: 'Add Payment' }).click()
  await expect(dialog).toBeHidden()
}

test('a dollar recurring payment paid in dollars, a dirham loan with a payment, debts in rupees, offline too', async ({
  browser,
  server,
}) => {
  test.setTimeout(300_000)
  const who = await person(server, 'fxrest')
  const page = await device(browser, server, who, LOOKS[2])

  // A USD payment at 83.25: $11.80 ≈ ₹982 a month.
  await page.goto('/recurring-payments')
  await addRecurring(page, 'Spotify Family', '11.80', 'USD', '83.25')
  await expect(card(page, 'Spotify Family').getByTestId('recurring-amount')).toContainText('$11.80')
  await expect(card(page, 'Spotify Family').getByTestId('recurring-amount')).toContainText('≈ ₹982')
  await expect(page.getByTestId('recurring-monthly')).toHaveText('₹982')
  // /home's "Due soon" names it in dollars, with the rupee figure beside it.
  await page.goto('/home')
  const dueSoon = page.getByTestId('due-soon-item').filter({ hasText: 'Spotify Family' })
  await expect(dueSoon).toContainText('$11.80')
  await expect(dueSoon).toContainText('≈ ₹982')
  await page.goto('/recurring-payments')

  // Mark Paid asks for the rate (the payment's offered); 84 books $11.80 at 84 = ₹991.20.
  await card(page, 'Spotify Family').getByRole('button', { name: 'Mark Spotify Family paid' }).click()
  const paid = page.getByRole('dialog', { name: 'Mark Spotify Family paid' })
  await expect(paid.getByLabel('Rate: 1 USD in INR')).toHaveValue('83.25')
  await paid.getByLabel('Rate: 1 USD in INR').fill('84')
  await paid.getByRole('button', { name: 'Mark Paid' }).click()
  await expect(paid).toBeHidden()
  // The toast says the expense is saved: a page load before it would end the write.
  await expect(page.getByRole('status').filter({ hasText: 'Marked paid. Next due' })).toBeVisible()
  await page.goto('/transactions')
  const row = page.getByTestId('transaction-item').filter({ hasText: 'Spotify Family' })
  await expect(row.getByTestId('transaction-amount')).toContainText('$11.80')
  await expect(row.getByTestId('transaction-amount')).toContainText('≈ -₹991')

  // A loan in dirhams at 22.7, and one in dollars with no rate (REST, as another device made them).
  const loan = {
    loan_type: 'car',
    loan_status: 'new',
    start_date: today(),
    interest_rate: 0,
    interest_type: 'none',
    loan_duration_months: 12,
    next_due_date: today(),
  }
  const aed = await server.api<{ loan: { id: string } }>('POST', '/loans', who.token, {
    ...loan,
    loan_name: `Car in Dubai ${LONG}`.slice(0, 60),
    principal_amount: 9876543.21,
    emi_amount: 823045.27,
    currency: 'AED',
    fx_rate: 22.7,
  })
  expect(aed.status).toBe(201)
  const usd = { ...loan, loan_name: 'Laptop', principal_amount: 1200, emi_amount: 100, currency: 'USD' }
  expect((await server.api('POST', '/loans', who.token, usd)).status).toBe(201)

  await page.goto(`/debts/${aed.body.loan.id}`)
  await expect(page.getByTestId('loan-balance')).toContainText('9,876,543', { timeout: 30_000 })
  await expect(page.getByTestId('loan-balance')).toContainText('د.إ')
  await page.getByRole('button', { name: 'Record Payment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record Payment' })
  await dialog.getByLabel('Amount paid').fill('9999999')
  await dialog.getByRole('button', { name: 'Save Payment' }).click()
  await expect(dialog.getByText(/Payment is more than what is owed: د\.إ/)).toBeVisible()
  await dialog.getByLabel('Amount paid').fill('876543.21')
  await dialog.getByRole('button', { name: 'Save Payment' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('loan-balance')).toContainText('9,000,000')

  // The overview in rupees: AED 9,000,000 × 22.7 = ₹20.43 Cr; the dollar loan is named, not counted.
  await page.goto('/debts')
  await expect(page.getByTestId('total-outstanding')).toContainText('20.43 Cr')
  await expect(page.getByTestId('not-converted')).toContainText('1 entry in another currency is not converted')

  // Offline: a second dollar payment is offered the last rate (84) and counts at it.
  await page.goto('/recurring-payments')
  await offlineReady(page)
  await server.stop()
  try {
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    const form = page.getByRole('dialog', { name: 'Add Recurring Payment' })
    await form.getByLabel('Currency').selectOption('USD')
    await expect(form.getByLabel('Rate: 1 USD in INR')).toHaveValue('84')
    await form.getByRole('button', { name: 'Cancel' }).click()
    await addRecurring(page, 'iCloud', '2.99', 'USD', null)
    await expect(card(page, 'iCloud').getByTestId('recurring-amount')).toContainText('≈ ₹251')
  } finally {
    await server.start()
  }
  await expect
    .poll(
      async () => {
        const res = await server.api<{ payments: { name: string; currency?: string }[] }>(
          'GET',
          '/recurring-payments',
          who.token,
        )
        return res.body.payments.find((p) => p.name === 'iCloud')?.currency ?? null
      },
      { timeout: 60_000 },
    )
    .toBe('USD')

  for (const look of LOOKS) {
    const other = look.name === 'light-1280' ? page : await device(browser, server, who, look)
    await other.goto('/recurring-payments')
    await expect(other.getByTestId('recurring-card')).toHaveCount(2, { timeout: 60_000 })
    await shot(other, `${SHOTS}/recurring-${look.name}.png`)
    await expectAccessible(other, `recurring in USD ${look.name}`, { within: SCREEN })
    await other.goto('/debts')
    await expect(other.getByTestId('not-converted')).toBeVisible({ timeout: 60_000 })
    await shot(other, `${SHOTS}/debts-${look.name}.png`)
    await expectAccessible(other, `debts in INR ${look.name}`, { within: SCREEN })
    await other.goto(`/debts/${aed.body.loan.id}`)
    await expect(other.getByTestId('loan-balance')).toContainText('9,000,000')
    await shot(other, `${SHOTS}/loan-aed-${look.name}.png`)
    await expectAccessible(other, `loan in AED ${look.name}`, { within: SCREEN })
    if (other !== page) await other.context().close()
  }
})
