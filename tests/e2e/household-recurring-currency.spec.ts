import type { Page } from '@playwright/test'
import { LOOKS, expectPartAccessible } from './support/a11y'
import { expect, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'
import type { ServerProcess } from './support/server'
import { device, person, type Person } from './support/people'

const SHOTS = 'test-results/household-recurring-currency'
/** Sixty characters: the longest category a household expense takes. */
const LONG_CATEGORY = 'Society maintenance, lift, security and the water tanker too'
const ZONE = 'Asia/Kolkata'
const indiaDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + days * 86_400_000)

test.use({ timezoneId: ZONE })

/** `admin`'s household in INR, which `other` joins. */
async function household(server: ServerProcess, admin: Person, other: Person): Promise<string> {
  const made = await server.api<{ household: { id: string } }>('POST', '/households', admin.token, { name: 'Flat 4B' })
  const id = made.body.household.id
  await server.api('POST', `/households/${id}/invite`, admin.token, { email: other.email })
  const mine = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', other.token)
  await server.api('POST', `/households/invitations/${mine.body.invitations.at(-1)!.id}/accept`, other.token)
  return id
}

const accessible = (page: Page, label: string) => expectPartAccessible(page, label, '.hh')

/** The amount field steps by whole yen and refuses a fraction of one with the REST message, saving nothing. */
async function refusesYenFraction(page: Page, submit: string) {
  await page.getByLabel('Currency').selectOption('JPY')
  await expect(page.getByLabel('Amount')).toHaveAttribute('step', '1')
  await page.getByLabel('Amount').fill('1500.5')
  await page.getByRole('button', { name: submit }).click()
  await expect(page.getByText('JPY amounts are whole numbers')).toBeVisible()
}

type Listed = { description: string; currency: string; fx_rate: number | null; amount: number }
const listed = async (server: ServerProcess, id: string, who: Person) =>
  (await server.api<{ expenses: Listed[] }>('GET', `/households/${id}/expenses`, who.token)).body.expenses

test('a recurring household expense in yen with its rate, whole-yen amounts, offline at the last rate', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000)
  const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
  const id = await household(server, asha, ravi)
  const tomorrow = indiaDay(1)
  const r = await device(browser, server, ravi, LOOKS[2])
  await r.goto(`/households/${id}`)
  await offlineReady(r)

  // The recurring form: ¥1,500.5 is refused, ¥15,000 a month at 0.56 is ₹8,400.
  await r.getByRole('link', { name: 'Add Recurring' }).click()
  await refusesYenFraction(r, 'Add Recurring Expense')
  await expect(r).toHaveURL(/\/recurring\/new$/)
  await r.getByLabel('Amount').fill('15000')
  await r.getByLabel('Rate: 1 JPY in INR').fill('0.56')
  await r.getByLabel('Category').selectOption('Rent')
  await r.getByLabel('Description').fill('Tokyo flat')
  await r.getByLabel('Day of the month').selectOption(String(Number(tomorrow.slice(8))))
  await r.getByLabel('Starts').fill(tomorrow)
  await r.getByRole('button', { name: 'Add Recurring Expense' }).click()
  await expect(r).toHaveURL(new RegExp(`/households/${id}$`))
  const rule = r.getByTestId('recurring-expense').filter({ hasText: 'Tokyo flat' })
  await expect(rule).toContainText('¥15,000')
  await expect(rule).toContainText(`≈ ₹${(15000 * 0.56).toLocaleString('en-IN')}`)

  // Settle up and add expense step and refuse the same way; an expense of ¥2,000 at 0.57 is ₹1,140.
  await r.goto(`/households/${id}/settle`)
  await refusesYenFraction(r, 'Record Payment')
  await expect(r).toHaveURL(/\/settle/)
  await r.goto(`/households/${id}/add-expense`)
  await refusesYenFraction(r, 'Add Expense')
  await expect(r).toHaveURL(/\/add-expense$/)
  await r.getByLabel('Amount').fill('2000')
  await r.getByLabel('Rate: 1 JPY in INR').fill('0.57')
  await r.getByLabel('Description').fill('Sushi night')
  await r.getByRole('button', { name: 'Add Expense' }).click()
  await expect(r).toHaveURL(new RegExp(`/households/${id}$`))
  const sushi = r.getByTestId('household-expense').filter({ hasText: 'Sushi night' })
  await expect(sushi.getByTestId('foreign-note')).toContainText('Paid ¥2,000 · ≈ ₹1,140 at 0.57')

  // Offline: the next yen expense is offered 0.57; ¥1,000 at it is ₹570, kept through a reload.
  await server.stop()
  try {
    await r.goto(`/households/${id}/add-expense`)
    await r.getByLabel('Amount').fill('1000')
    await r.getByLabel('Currency').selectOption('JPY')
    await expect(r.getByLabel('Rate: 1 JPY in INR')).toHaveValue('0.57')
    await r.getByLabel('Description').fill('Ramen, offline')
    await r.getByRole('button', { name: 'Add Expense' }).click()
    await expect(r).toHaveURL(new RegExp(`/households/${id}$`))
    await r.reload()
    const ramen = r.getByTestId('household-expense').filter({ hasText: 'Ramen, offline' })
    await expect(ramen.getByTestId('foreign-note')).toContainText('Paid ¥1,000 · ≈ ₹570 at 0.57')
  } finally {
    await server.start()
  }
  await expect
    .poll(async () => (await listed(server, id, asha)).find((e) => e.description === 'Ramen, offline'), {
      timeout: 60_000,
    })
    .toMatchObject({ currency: 'JPY', fx_rate: 0.57, amount: 1000 })
  await r.context().close()

  // The looks: the coming-next card with an extreme rupee rule beside the yen one, and the yen form.
  const extreme = await server.api('POST', `/households/${id}/recurring`, asha.token, {
    amount: 9876543.21,
    category: LONG_CATEGORY,
    frequency: 'monthly',
    day_of_month: 31,
    start_date: indiaDay(2),
  })
  expect(extreme.status).toBe(201)
  for (const look of LOOKS) {
    const { name, ...options } = look
    const page = await device(browser, server, asha, options)
    await page.goto(`/households/${id}`)
    await expect(page.getByTestId('recurring-expense')).toHaveCount(2, { timeout: 30_000 })
    await expect(page.getByTestId('recurring-expense').filter({ hasText: LONG_CATEGORY })).toContainText('₹98,76,543')
    await accessible(page, `coming next ${name}`)
    await shot(page, `${SHOTS}/household-${name}.png`)
    await page.getByRole('link', { name: 'Edit recurring Rent' }).click()
    await expect(page.getByLabel('Currency')).toHaveValue('JPY')
    await expect(page.getByLabel('Amount')).toHaveValue('15000')
    await expect(page.getByLabel('Rate: 1 JPY in INR')).toHaveValue('0.56')
    await accessible(page, `recurring form ${name}`)
    await shot(page, `${SHOTS}/form-${name}.png`)
    await page.context().close()
  }
})
