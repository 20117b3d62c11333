import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'
import { LOOKS, expectPartAccessible } from './support/a11y'
import type { ServerProcess } from './support/server'
import { device, person, type Person } from './support/people'

const SHOTS = 'test-results/household-currency'
/** Sixty characters: the longest category a household expense takes. */
const LONG_CATEGORY = 'Groceries, vegetables and fruit from the Sunday market stall'

/** `admin`'s household in INR, which `other` joins through the invitation. */
async function household(server: ServerProcess, admin: Person, other: Person): Promise<string> {
  const created = await server.api<{ household: { id: string; currency: string } }>(
    'POST',
    '/households',
    admin.token,
    {
      name: 'Flat 4B',
    },
  )
  expect(created.body.household.currency).toBe('INR')
  const id = created.body.household.id
  await server.api('POST', `/households/${id}/invite`, admin.token, { email: other.email })
  const mine = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', other.token)
  await server.api('POST', `/households/invitations/${mine.body.invitations.at(-1)!.id}/accept`, other.token)
  return id
}

type Listed = { id: string; status: string; currency: string; fx_rate: number | null; description: string }
const listed = async (server: ServerProcess, id: string, who: Person) =>
  (await server.api<{ expenses: Listed[] }>('GET', `/households/${id}/expenses`, who.token)).body.expenses

/** `reviewer` approves every expense of the household still waiting. */
async function approveAll(server: ServerProcess, id: string, reviewer: Person) {
  for (const e of await listed(server, id, reviewer))
    if (e.status === 'pending') await server.api('POST', `/households/expenses/${e.id}/approve`, reviewer.token)
}

/** Adds a dollar expense through the form; `rate` null clears the offered rate (not converted). */
async function addDollars(page: Page, id: string, dollars: string, description: string, rate: string | null) {
  await page.goto(`/households/${id}/add-expense`)
  await page.getByLabel('Amount').fill(dollars)
  await page.getByLabel('Currency').selectOption('USD')
  const rateField = page.getByLabel('Rate: 1 USD in INR')
  if (rate === null) {
    // The household's last rate is offered first (it arrives a moment later); the user empties it.
    await expect(rateField).not.toHaveValue('')
    await rateField.fill('')
    await expect(page.getByText('No rate: saved as not converted')).toBeVisible()
  } else await rateField.fill(rate)
  await page.getByLabel('Description').fill(description)
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(new RegExp(`/households/${id}$`))
}

const accessible = (page: Page, label: string) => expectPartAccessible(page, label, '.hh')

const you = (page: Page) => page.getByTestId('balance-row').filter({ hasText: 'You' })

test.describe('a household in rupees with a member paying in dollars', () => {
  test('converted balances, the note for the one without a rate, settling up, offline', async ({ browser, server }) => {
    test.setTimeout(300_000)
    const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
    const id = await household(server, asha, ravi)
    const r = await device(browser, server, ravi, { viewport: { width: 1280, height: 900 } })
    await r.goto(`/households/${id}`)
    await offlineReady(r)

    await addDollars(r, id, '20', 'Dinner in Dubai', '83.25')
    // The second one is offered the rate just used in this household; Ravi leaves it empty.
    await r.goto(`/households/${id}/add-expense`)
    await r.getByLabel('Currency').selectOption('USD')
    await expect(r.getByLabel('Rate: 1 USD in INR')).toHaveValue('83.25')
    await addDollars(r, id, '10', 'Taxi, no rate yet', null)
    await expect.poll(async () => (await listed(server, id, asha)).length, { timeout: 30_000 }).toBe(2)
    await approveAll(server, id, asha)

    const dinner = r.getByTestId('household-expense').filter({ hasText: 'Dinner in Dubai' })
    await expect(dinner.getByTestId('foreign-note')).toContainText('Paid $20 · ≈ ₹1,665 at 83.25', {
      timeout: 30_000,
    })
    const taxi = r.getByTestId('household-expense').filter({ hasText: 'Taxi, no rate yet' })
    await expect(taxi.getByTestId('foreign-note')).toContainText('Paid $10 · not converted, not in balances')

    await r.goto(`/households/${id}?tab=balances`)
    await expect(you(r)).toContainText('gets back ₹833')
    await expect(r.getByTestId('not-converted')).toContainText(
      '1 entry in another currency is not converted to INR and not counted in these balances',
    )
    const rest = await server.api<{ currency: string; balances: { user_id: string; balance: number }[] }>(
      'GET',
      `/households/${id}/balances`,
      asha.token,
    )
    expect(rest.body.currency).toBe('INR')
    expect(rest.body.balances.find((b) => b.user_id === ravi.userId)?.balance).toBe(832.5)

    // Ravi, who paid it, adds the taxi's rate: it counts from then on.
    await r.goto(`/households/${id}`)
    await taxi.getByRole('button', { name: 'Add rate' }).click()
    await taxi.getByLabel('Rate: 1 USD in INR').fill('84')
    await taxi.getByRole('button', { name: 'Save rate' }).click()
    await expect(taxi.getByTestId('foreign-note')).toContainText('Paid $10 · ≈ ₹840 at 84')
    await r.goto(`/households/${id}?tab=balances`)
    await expect(you(r)).toContainText('gets back ₹1,253')
    await expect(r.getByTestId('not-converted')).toHaveCount(0)

    // Asha settles up in rupees: the amount is what she owes in the household currency.
    const a = await device(browser, server, asha, { viewport: { width: 390, height: 844 }, hasTouch: true })
    await a.goto(`/households/${id}?tab=balances`)
    await expect(you(a)).toContainText('owe ₹1,253', { timeout: 30_000 })
    await a.getByRole('link', { name: 'Settle Up' }).click()
    await expect(a.getByLabel('Amount')).toHaveValue('1252.50')
    await a.getByRole('button', { name: 'Record Payment' }).click()
    await expect(a).toHaveURL(/\?tab=balances$/)
    const pending = r.locator('[data-testid="settlement-row"][data-status="pending"]')
    await pending.getByRole('button', { name: 'Confirm' }).click({ timeout: 30_000 })
    await expect(you(r)).toContainText('settled up')
    await expect(you(a)).toContainText('settled up', { timeout: 30_000 })

    // Offline, Ravi adds another dollar expense at the last rate; it reaches the server once it is back.
    await server.stop()
    await r.goto(`/households/${id}/add-expense`)
    await r.getByLabel('Amount').fill('5')
    await r.getByLabel('Currency').selectOption('USD')
    await expect(r.getByLabel('Rate: 1 USD in INR')).toHaveValue('84')
    await r.getByLabel('Description').fill('Coffee, offline')
    await r.getByRole('button', { name: 'Add Expense' }).click()
    await expect(r.getByTestId('household-expense').filter({ hasText: 'Coffee, offline' })).toContainText(
      'Paid $5 · ≈ ₹420 at 84',
    )
    await server.start()
    await expect
      .poll(async () => (await listed(server, id, asha)).find((e) => e.description === 'Coffee, offline'), {
        timeout: 30_000,
      })
      .toMatchObject({ currency: 'USD', fx_rate: 84 })

    // The admin changes the currency in the settings: nothing stored is converted, so the rupee
    // entries wait for a rate to dollars and the balances say so.
    await a.goto(`/households/${id}/settings`)
    await expect(a.getByLabel('Currency')).toHaveValue('INR')
    await a.getByLabel('Currency').selectOption('USD')
    await a.getByRole('button', { name: 'Save Changes' }).click()
    await expect(a.getByText('Household saved')).toBeVisible()
    await r.goto(`/households/${id}?tab=balances`)
    await expect(r.getByTestId('not-converted')).toContainText('not converted to USD', { timeout: 30_000 })
    await a.context().close()
    await r.context().close()
  })

  for (const look of LOOKS) {
    test(`${look.name}: converted figures and the note with extreme data, axe clean`, async ({ browser, server }) => {
      test.setTimeout(180_000)
      const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
      const id = await household(server, asha, ravi)
      const add = (body: object) => server.api('POST', `/households/${id}/expenses`, ravi.token, body)
      await add({ amount: 9876543.21, category: LONG_CATEGORY })
      await add({ amount: 20, currency: 'USD', fx_rate: 83.25, category: LONG_CATEGORY, description: 'Dinner' })
      await add({ amount: 10, currency: 'USD', category: 'Transport', description: 'Taxi, no rate yet' })
      await approveAll(server, id, asha)
      const page = await device(browser, server, ravi, look)
      await page.goto(`/households/${id}`)
      await expect(page.getByTestId('foreign-note')).toHaveCount(2, { timeout: 30_000 })
      await accessible(page, `${look.name} expenses`)
      await shot(page, `${SHOTS}/${look.name}-expenses.png`)
      await page.goto(`/households/${id}?tab=balances`)
      await expect(page.getByTestId('not-converted')).toBeVisible()
      await accessible(page, `${look.name} balances`)
      await shot(page, `${SHOTS}/${look.name}-balances.png`)
      await page.goto(`/households/${id}/add-expense`)
      await page.getByLabel('Currency').selectOption('USD')
      await expect(page.getByLabel('Rate: 1 USD in INR')).toHaveValue('83.25')
      await accessible(page, `${look.name} add expense`)
      await shot(page, `${SHOTS}/${look.name}-add-expense.png`)
      await page.context().close()
    })
  }
})
