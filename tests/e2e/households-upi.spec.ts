import type { BrowserContextOptions, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { shot } from './support/flows'
import { LOOKS, expectPartAccessible } from './support/a11y'
import type { ServerProcess } from './support/server'
import { device, person, type Person } from './support/people'

const SHOTS = 'test-results/households-upi'
/** Sixty characters: the longest category a household expense takes. */
const LONG_CATEGORY = 'Groceries, vegetables and fruit from the Sunday market stall'
const WIDE: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, colorScheme: 'light' }

/** `admin`'s household "Flat 4B" (with a monthly budget in rupees) that `other` joined. */
async function household(server: ServerProcess, admin: Person, other: Person, budget = 0): Promise<string> {
  const created = await server.api<{ household: { id: string } }>('POST', '/households', admin.token, {
    name: 'Flat 4B',
    review_period_hours: 24,
    monthly_budget: budget,
  })
  const id = created.body.household.id
  await server.api('POST', `/households/${id}/invite`, admin.token, { email: other.email })
  const mine = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', other.token)
  await server.api('POST', `/households/invitations/${mine.body.invitations.at(-1)!.id}/accept`, other.token)
  return id
}

/** `payer` paid `rupees` today, split equally; `reviewer` approves it unless it is to stay pending. */
async function expense(server: ServerProcess, id: string, payer: Person, rupees: number, reviewer?: Person) {
  const res = await server.api<{ expense: { id: string } }>('POST', `/households/${id}/expenses`, payer.token, {
    amount: rupees,
    category: LONG_CATEGORY,
  })
  expect(res.status).toBe(201)
  if (reviewer) await server.api('POST', `/households/expenses/${res.body.expense.id}/approve`, reviewer.token)
}

/** axe on the household screens, both themes: WCAG A/AA, colour contrast included. */
const accessible = (page: Page, label: string) => expectPartAccessible(page, label, 'main')

/** The pay link's parameters, decoded, in order. */
async function linkParams(page: Page): Promise<[string, string][]> {
  const href = await page.getByTestId('upi-pay-link').getAttribute('href')
  expect(href).toMatch(/^upi:\/\/pay\?/)
  return [...new URLSearchParams(href!.slice('upi://pay?'.length)).entries()]
}

/** Asha saves her UPI ID in Settings (a wrong one first). */
async function saveUpiId(page: Page, typed: string) {
  await page.goto('/settings')
  await page.getByRole('button', { name: /UPI ID/ }).click()
  const field = page.getByRole('textbox', { name: 'UPI ID' })
  await field.fill('asha sharma')
  await page.getByRole('button', { name: 'Save UPI ID' }).click()
  await expect(page.getByText('Enter your UPI ID as name@handle, like priya@okaxis')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await field.fill(typed)
  await page.getByRole('button', { name: 'Save UPI ID' }).click()
}

test.describe('settle up by UPI', () => {
  test('the receiver adds a UPI ID; the payer pays by link or QR, pastes the confirmation and records it', async ({
    browser,
    server,
  }) => {
    test.setTimeout(240_000)
    const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
    const id = await household(server, asha, ravi)
    await expense(server, id, asha, 22000, ravi)
    const r = await device(browser, server, ravi, WIDE)
    await r.goto(`/households/${id}/settle?user=${asha.userId}`)
    await expect(r.getByLabel('Amount')).toHaveValue('11000.00')
    // No UPI ID yet: the screen says how to get one, and offers no link.
    await expect(r.getByTestId('upi-missing')).toContainText(
      `${asha.name} hasn’t added a UPI ID yet. Ask them to add it in Settings → UPI ID`,
    )
    await expect(r.getByTestId('upi-pay-link')).toHaveCount(0)

    const a = await device(browser, server, asha, WIDE)
    await saveUpiId(a, '  Asha.Sharma@OKAxis ')
    await expect(a.getByRole('status').filter({ hasText: 'UPI ID saved: asha.sharma@okaxis.' })).toBeVisible()

    // Ravi's open screen gets it by sync: the link carries NPCI's parameters, the QR shows at 1280 px.
    const pay = r.getByTestId('upi-pay-link')
    await expect(pay).toHaveText('Pay ₹11,000 by UPI', { timeout: 30_000 })
    expect(await linkParams(r)).toEqual([
      ['pa', 'asha.sharma@okaxis'],
      ['pn', asha.name],
      ['am', '11000.00'],
      ['cu', 'INR'],
      ['tn', 'Settle up - Flat 4B'],
    ])
    await expect(r.getByRole('img', { name: `QR code to pay ₹11,000 to ${asha.name} by UPI` })).toBeVisible()
    await r.getByLabel('Amount').fill('450.50')
    await expect(pay).toHaveText('Pay ₹450.50 by UPI')
    expect(Object.fromEntries(await linkParams(r)).am).toBe('450.50')

    // Back from the UPI app: the pasted confirmation fills the reference; nothing is recorded by itself.
    expect(
      (await server.api<{ settlements: unknown[] }>('GET', `/households/${id}/settlements`, ravi.token)).body,
    ).toMatchObject({ settlements: [] })
    await r.getByLabel('Payment method').selectOption('cash')
    await r
      .getByLabel('Paste the UPI confirmation (optional)')
      .fill(`₹450.50 paid to ${asha.name}\nUPI transaction ID: 433012345678\nGoogle Pay`)
    await expect(r.getByText('Reference found: 433012345678')).toBeVisible()
    await expect(r.getByLabel('Transaction ID (optional)')).toHaveValue('433012345678')
    await expect(r.getByLabel('Payment method')).toHaveValue('upi')
    await r.getByRole('button', { name: 'Record Payment' }).click()
    await expect(r).toHaveURL(/\?tab=balances$/)

    // Asha confirms as today; the server holds the reference.
    await a.goto(`/households/${id}?tab=balances`)
    // No monthly budget: the admin is pointed to where it is set; Ravi (a member) sees nothing of it.
    await expect(a.getByText('No monthly budget yet.')).toBeVisible()
    await expect(a.getByRole('link', { name: 'Set a monthly budget' })).toHaveAttribute(
      'href',
      `/households/${id}/settings`,
    )
    await expect(r.getByText('No monthly budget yet.')).toHaveCount(0)
    await expect(r.getByTestId('household-budget')).toHaveCount(0)
    const pending = a.locator('[data-testid="settlement-row"][data-status="pending"]')
    await expect(pending).toContainText('₹451', { timeout: 30_000 })
    await pending.getByRole('button', { name: 'Confirm' }).click()
    await expect(a.locator('[data-testid="settlement-row"][data-status="confirmed"]')).toBeVisible()
    // The confirmation is saved on the device first and reaches the server with its next push.
    const listed = () =>
      server.api<{ settlements: { status: string; transaction_id: string; payment_method: string }[] }>(
        'GET',
        `/households/${id}/settlements`,
        asha.token,
      )
    await expect
      .poll(async () => (await listed()).body.settlements, { timeout: 30_000 })
      .toMatchObject([{ status: 'confirmed', transaction_id: '433012345678', payment_method: 'upi' }])
    await a.context().close()
    await r.context().close()
  })

  test('the UPI panel and the household budget, in both themes at 390 and 1280 px', async ({ browser, server }) => {
    test.setTimeout(300_000)
    const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
    const id = await household(server, asha, ravi, 10000000)
    // ₹98,76,543.21 approved (Asha paid, Ravi owes half) and ₹50,000 waiting for Ravi's review: 99 %.
    await expense(server, id, asha, 9876543.21, ravi)
    await expense(server, id, asha, 50000)
    const setup = await device(browser, server, asha, WIDE)
    await saveUpiId(setup, 'asha.sharma-household-payments@okhdfcbank')
    await expect(setup.getByRole('status').filter({ hasText: 'UPI ID saved' })).toBeVisible()
    await setup.context().close()

    for (const { name, ...options } of LOOKS) {
      const r = await device(browser, server, ravi, options)
      await r.goto(`/households/${id}`)
      const budget = r.getByTestId('household-budget')
      await expect(budget).toBeVisible({ timeout: 30_000 })
      await expect(r.getByTestId('household-budget-spent')).toHaveText('₹99,26,543')
      await expect(r.getByTestId('household-budget-limit')).toHaveText('₹1,00,00,000')
      await expect(r.getByTestId('household-budget-percent')).toHaveText('99% used')
      await expect(r.getByTestId('household-budget-percent')).toHaveClass(/--red/)
      await expect(r.getByTestId('household-budget-remaining')).toHaveText('₹73,457 remaining')
      await expect(budget).toContainText('(₹50,000 waiting)')
      await accessible(r, `household budget (${name})`)
      await shot(r, `${SHOTS}/budget-${name}.png`)

      await r.goto(`/households/${id}/settle?user=${asha.userId}`)
      await expect(r.getByLabel('Amount')).toHaveValue('4938271.60')
      await expect(r.getByTestId('upi-pay-link')).toHaveText('Pay ₹49,38,271.60 by UPI', { timeout: 30_000 })
      await expect(r.getByText('Most banks allow up to ₹1,00,000 in one UPI payment')).toBeVisible()
      const qr = r.getByTestId('upi-qr')
      if (options.viewport.width >= 1280) await expect(qr).toBeVisible()
      else await expect(qr).toHaveCount(0)
      await accessible(r, `settle by UPI (${name})`)
      await shot(r, `${SHOTS}/settle-upi-${name}.png`)

      await r.goto('/settings')
      await r.getByRole('button', { name: /UPI ID/ }).click()
      await r.getByRole('textbox', { name: 'UPI ID' }).fill('not a upi id')
      await r.getByRole('button', { name: 'Save UPI ID' }).click()
      await expect(r.getByText('Enter your UPI ID as name@handle, like priya@okaxis')).toBeVisible()
      await accessible(r, `settings, UPI ID (${name})`)
      await shot(r, `${SHOTS}/settings-upi-${name}.png`)
      await r.context().close()
    }
  })
})
