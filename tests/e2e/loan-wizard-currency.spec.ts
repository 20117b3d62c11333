import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS, SCREEN } from './support/a11y'
import { expect, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'
import { device, person } from './support/people'

const SHOTS = 'test-results/loan-wizard-currency'
const LONG_NAME = 'Dubai Marina apartment, bought with Emirates NBD on a 25 years'.slice(0, 60)
const ZONE = 'Asia/Kolkata'
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`

test.use({ timezoneId: ZONE })

const cont = (page: Page) => page.getByRole('button', { name: 'Continue' })
const review = (page: Page) => page.getByTestId('loan-review')
/** The review's row whose term is exactly `term`. */
const reviewRow = (page: Page, term: string) =>
  review(page)
    .locator('.review-list__row')
    .filter({ has: page.locator('dt').getByText(term, { exact: true }) })

/** Steps 1 and 2 of a new vehicle loan named `name`; ends on the details step. */
async function startLoan(page: Page, name: string) {
  await page.goto('/debts/add')
  await page.getByText('Vehicle Loan', { exact: true }).click()
  await page.getByLabel('Name (optional)').fill(name)
  await cont(page).click()
  await page.getByText('New loan', { exact: true }).click()
  await cont(page).click()
  await expect(page.getByRole('heading', { name: 'Loan details' })).toBeVisible()
}

/** The details step's amounts, then on to the review (the proposed EMI kept). */
async function toReview(page: Page, principal: string, months: string) {
  await page.getByLabel('Loan amount (principal)').fill(principal)
  await page.getByLabel('Interest rate (% a year)').fill('0')
  await page.getByLabel('Duration (months)').fill(months)
  await cont(page).click()
  await expect(page.getByLabel('EMI (each payment)')).not.toHaveValue('')
  await cont(page).click()
  await expect(page.getByRole('heading', { name: 'Review and confirm' })).toBeVisible()
}

type Listed = { loan_name: string; currency?: string; fx_rate?: number | null }

test('the wizard in dirhams: the rate typed, then offered offline; the review and debts in rupees', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000)
  const who = await person(server, 'dirham')
  const page = await device(browser, server, who, LOOKS[2])
  await page.goto('/debts')
  await offlineReady(page)

  // No rate known yet for AED: the field is empty and says what that means; 22.7 is typed.
  await startLoan(page, 'Car in Dubai')
  await page.getByLabel('Currency').selectOption('AED')
  const rate = page.getByLabel('Rate: 1 AED in INR')
  await expect(rate).toHaveValue('')
  await expect(
    page.getByText('No rate: the loan stays in AED and is left out of your INR totals until you add one.'),
  ).toBeVisible()
  await rate.fill('22.7')
  await toReview(page, '100000', '12')
  // 100,000 over 12 months at no interest: 8,333.34 a month (rounded up to the fils), all in dirhams.
  await expect(reviewRow(page, 'Amount')).toContainText('د.إ')
  await expect(reviewRow(page, 'Amount')).toContainText('100,000')
  await expect(reviewRow(page, 'EMI')).toContainText((Math.ceil(10_000_000 / 12) / 100).toLocaleString('en-US'))
  await expect(reviewRow(page, 'Currency')).toContainText('AED')
  await expect(reviewRow(page, 'Rate')).toContainText('22.7 INR for 1 AED')
  await page.getByRole('button', { name: 'Add Debt' }).click()
  await expect(page).toHaveURL(/\/debts$/)
  await expect(page.getByTestId('total-outstanding')).toContainText(rupees(100000 * 22.7))

  // Offline: the next dirham loan is offered 22.7; 50,000 more makes 150,000 × 22.7 in all.
  await server.stop()
  try {
    await startLoan(page, 'Bike in Dubai')
    await page.getByLabel('Currency').selectOption('AED')
    await expect(page.getByLabel('Rate: 1 AED in INR')).toHaveValue('22.7')
    await toReview(page, '50000', '10')
    await expect(reviewRow(page, 'Rate')).toContainText('22.7 INR for 1 AED')
    await page.getByRole('button', { name: 'Add Debt' }).click()
    await expect(page).toHaveURL(/\/debts$/)
    await page.reload()
    await expect(page.getByTestId('total-outstanding')).toContainText(rupees(150000 * 22.7))
  } finally {
    await server.start()
  }
  await expect
    .poll(
      async () => {
        const res = await server.api<{ loans: Listed[] }>('GET', '/loans', who.token)
        const bike = res.body.loans.find((l) => l.loan_name === 'Bike in Dubai')
        return bike ? { currency: bike.currency, fx_rate: bike.fx_rate } : null
      },
      { timeout: 60_000 },
    )
    .toEqual({ currency: 'AED', fx_rate: 22.7 })
  await page.context().close()

  // The looks: the currency step and the review with an extreme amount and a 60-character name.
  for (const look of LOOKS) {
    const { name, ...options } = look
    const other = await device(browser, server, who, options)
    await startLoan(other, LONG_NAME)
    await other.getByLabel('Currency').selectOption('AED')
    await expect(other.getByLabel('Rate: 1 AED in INR')).toHaveValue('22.7')
    await other.getByLabel('Loan amount (principal)').fill('9876543.21')
    await expectAccessible(other, `currency step ${name}`, { within: SCREEN })
    await shot(other, `${SHOTS}/details-${name}.png`)
    await toReview(other, '9876543.21', '240')
    await expect(reviewRow(other, 'Amount')).toContainText('9,876,543.21')
    await expectAccessible(other, `review ${name}`, { within: SCREEN })
    await shot(other, `${SHOTS}/review-${name}.png`)
    await other.context().close()
  }
})
