import type { Browser, BrowserContextOptions, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { shot } from './support/flows'
import { LOOKS, expectPartAccessible } from './support/a11y'
import type { ServerProcess } from './support/server'
import { device as signedInDevice, person, type Person } from './support/people'

const SHOTS = 'test-results/households-recurring'
/** Sixty characters: the longest category a household expense takes. */
const LONG_CATEGORY = 'Society maintenance, lift, security and the water tanker too'
/** The server's calendar (REPORT_TIME_ZONE default) and the devices' are both India's. */
const ZONE = 'Asia/Kolkata'
const DAY_MS = 86_400_000

/** A device of `who` on India's calendar. */
const device = (browser: Browser, server: ServerProcess, who: Person, options: BrowserContextOptions = {}) =>
  signedInDevice(browser, server, who, { timezoneId: ZONE, ...options })

async function household(server: ServerProcess, admin: Person, other: Person): Promise<string> {
  const created = await server.api<{ household: { id: string } }>('POST', '/households', admin.token, {
    name: 'Flat 4B',
    review_period_hours: 24,
  })
  const id = created.body.household.id
  await server.api('POST', `/households/${id}/invite`, admin.token, { email: other.email })
  const mine = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', other.token)
  await server.api('POST', `/households/invitations/${mine.body.invitations.at(-1)!.id}/accept`, other.token)
  return id
}

/** 'YYYY-MM-DD' of India's calendar day `days` from now. */
function indiaDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + days * DAY_MS)
}

/** '28 Feb' as the card shows a day of this year (with the year otherwise). */
function shown(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const sameYear = day.slice(0, 4) === indiaDay().slice(0, 4)
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' }
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(
    'en-IN',
    sameYear ? options : { ...options, year: 'numeric' },
  )
}

const accessible = (page: Page, label: string) => expectPartAccessible(page, label, '.hh')

const coming = (page: Page) => page.getByTestId('recurring-expense')
const rentRow = (page: Page) => page.getByTestId('household-expense').filter({ hasText: 'Flat rent' })

test.describe('recurring household expenses', () => {
  test('a monthly rent set up by one member appears on its day for the other, who reviews it', async ({
    browser,
    server,
  }) => {
    test.setTimeout(240_000)
    const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
    const id = await household(server, asha, ravi)
    const tomorrow = indiaDay(1)
    const a = await device(browser, server, asha, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
    const { name: _phone, ...phone } = LOOKS[1]
    const r = await device(browser, server, ravi, phone)
    await a.goto(`/households/${id}`)
    await r.goto(`/households/${id}`)
    await expect(a.getByText('Rent, the cook, internet: add them once and they appear on their day.')).toBeVisible()

    // Asha sets up the rent from tomorrow, on tomorrow's day of the month.
    await a.getByRole('link', { name: 'Add Recurring' }).click()
    await expect(a).toHaveURL(/\/recurring\/new$/)
    await a.getByRole('button', { name: 'Add Recurring Expense' }).click()
    await expect(a.getByText('Please enter a valid amount')).toBeVisible()
    await a.getByLabel('Amount').fill('24000')
    await a.getByLabel('Category').selectOption('Rent')
    await a.getByLabel('Description').fill('Flat rent')
    await a.getByLabel('Repeats').selectOption('monthly')
    await a.getByLabel('Day of the month').selectOption(String(Number(tomorrow.slice(8))))
    await a.getByLabel('Starts').fill(tomorrow)
    await a.getByLabel('Ends (optional)').fill(indiaDay(-3))
    await a.getByRole('button', { name: 'Add Recurring Expense' }).click()
    await expect(a.getByText('The end date must be on or after the start date')).toBeVisible()
    await a.getByLabel('Ends (optional)').fill('')
    await a.getByRole('button', { name: 'Add Recurring Expense' }).click()
    await expect(a).toHaveURL(new RegExp(`/households/${id}$`))
    await expect(coming(a)).toContainText('₹24,000')
    await expect(coming(a)).toContainText(`Paid by you`)
    await expect(coming(a)).toContainText(`Next: ${shown(tomorrow)}`)

    // Ravi sees what is coming; nothing is in the ledger yet.
    await expect(coming(r)).toContainText(`Paid by ${asha.name}`, { timeout: 30_000 })
    await expect(coming(r)).toContainText(`Next: ${shown(tomorrow)}`)
    await expect(rentRow(r)).toHaveCount(0)

    // Tomorrow comes (the server's test clock, a day on): its first round adds the rent once.
    await server.stop()
    server.setEnv({ TEST_CLOCK_OFFSET_SECONDS: String(DAY_MS / 1000) })
    await server.start()
    await expect(rentRow(r)).toHaveCount(1, { timeout: 30_000 })
    await expect(rentRow(r)).toHaveAttribute('data-status', 'pending')
    await expect(rentRow(r)).toContainText('₹24,000')
    await expect(rentRow(r)).toContainText('Your share ₹12,000')
    await expect(coming(r)).not.toContainText(`Next: ${shown(tomorrow)}`)

    // Ravi reviews it like any other expense.
    await r.goto('/households/reviews')
    const review = r.getByTestId('review-card').filter({ hasText: 'Rent' })
    await review.getByRole('button', { name: 'Approve' }).click()
    // The decision is written on the device first; leaving the page before it is could drop it.
    await expect(r.getByText('Expense approved')).toBeVisible()
    await r.goto(`/households/${id}`)
    await expect(rentRow(r)).toHaveAttribute('data-status', 'approved', { timeout: 30_000 })
    await expect(rentRow(a)).toHaveAttribute('data-status', 'approved', { timeout: 30_000 })

    // A restart adds nothing twice.
    await server.stop()
    await server.start()
    const listed = await server.api<{ expenses: { category: string }[] }>(
      'GET',
      `/households/${id}/expenses`,
      asha.token,
    )
    expect(listed.body.expenses.filter((e) => e.category === 'Rent')).toHaveLength(1)

    // Ravi raises the future rent; then Asha stops it.
    await coming(r).getByRole('link', { name: 'Edit recurring Rent' }).click()
    await expect(r.getByLabel('Amount')).toHaveValue('24000.00')
    await r.getByLabel('Amount').fill('25000')
    await r.getByRole('button', { name: 'Save Changes' }).click()
    await expect(coming(a)).toContainText('₹25,000', { timeout: 30_000 })
    await expect(rentRow(a)).toContainText('₹24,000')
    await coming(a).getByRole('button', { name: 'Stop recurring Rent' }).click()
    const ask = a.getByRole('alertdialog', { name: 'Stop recurring Rent?' })
    await accessible(a, 'stop dialog')
    await ask.getByRole('button', { name: 'Stop' }).click()
    await expect(coming(a)).toHaveCount(0)
    await expect(coming(r)).toHaveCount(0, { timeout: 30_000 })
    await expect(rentRow(a)).toHaveCount(1)
    await a.context().close()
    await r.context().close()
  })

  test('the coming next card and the form in light and dark, 390 and 1280 px, with extreme figures', async ({
    browser,
    server,
  }) => {
    test.setTimeout(180_000)
    const [asha, ravi] = [await person(server, 'meera'), await person(server, 'kabir')]
    const id = await household(server, asha, ravi)
    const made = await server.api('POST', `/households/${id}/recurring`, asha.token, {
      amount: 9876543.21,
      category: LONG_CATEGORY,
      description: 'Quarterly society dues, lift AMC, security guards and the water tanker in summer',
      frequency: 'monthly',
      day_of_month: 31,
      start_date: indiaDay(2),
      paid_by: ravi.userId,
    })
    expect(made.status).toBe(201)
    await server.api('POST', `/households/${id}/recurring`, asha.token, {
      amount: 3500,
      category: 'Cook/Maid',
      frequency: 'weekly',
      start_date: indiaDay(1),
    })
    for (const look of LOOKS) {
      const { name, ...options } = look
      const page = await device(browser, server, asha, options)
      await page.goto(`/households/${id}`)
      await expect(coming(page)).toHaveCount(2)
      await expect(coming(page).first()).toContainText('Cook/Maid')
      await expect(coming(page).nth(1)).toContainText('₹98,76,543')
      await expect(coming(page).nth(1)).toContainText('Every month on the 31st')
      await accessible(page, `household ${name}`)
      await shot(page, `${SHOTS}/household-${name}.png`)
      await coming(page)
        .nth(1)
        .getByRole('link', { name: `Edit recurring ${LONG_CATEGORY}` })
        .click()
      await expect(page.getByLabel('Category')).toHaveValue(LONG_CATEGORY)
      await expect(page.getByLabel('Day of the month')).toHaveValue('31')
      await expect(page.getByText('Shorter months use their last day')).toBeVisible()
      await accessible(page, `form ${name}`)
      await shot(page, `${SHOTS}/form-${name}.png`)
      await page.context().close()
    }
  })
})
