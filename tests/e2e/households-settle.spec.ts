import type { Browser, BrowserContextOptions, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { failReadsOf, offlineReady, shot } from './support/flows'
import { LOOKS, expectPartAccessible } from './support/a11y'
import type { ServerProcess } from './support/server'
import { device, person, type Person } from './support/people'

const SHOTS = 'test-results/households-settle'
/** Sixty characters: the longest category a household expense takes. */
const LONG_CATEGORY = 'Groceries, vegetables and fruit from the Sunday market stall'

/** `admin` creates a household and the others join it through their invitations. */
async function household(server: ServerProcess, admin: Person, ...others: Person[]): Promise<string> {
  const created = await server.api<{ household: { id: string } }>('POST', '/households', admin.token, {
    name: 'Flat 4B',
    review_period_hours: 24,
  })
  const id = created.body.household.id
  for (const p of others) {
    await server.api('POST', `/households/${id}/invite`, admin.token, { email: p.email })
    const mine = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', p.token)
    await server.api('POST', `/households/invitations/${mine.body.invitations.at(-1)!.id}/accept`, p.token)
  }
  return id
}

/** `payer` paid `rupees`, split equally; everyone else approves it. */
async function approvedExpense(server: ServerProcess, id: string, payer: Person, rupees: number, others: Person[]) {
  const res = await server.api<{ expense: { id: string } }>('POST', `/households/${id}/expenses`, payer.token, {
    amount: rupees,
    category: LONG_CATEGORY,
  })
  expect(res.status).toBe(201)
  for (const p of others) await server.api('POST', `/households/expenses/${res.body.expense.id}/approve`, p.token)
}

/** axe on the household screen and any open dialog, both themes: WCAG A/AA, colour contrast included. */
const accessible = (page: Page, label: string) => expectPartAccessible(page, label, '.hh')

const row = (page: Page, status: string) => page.locator(`[data-testid="settlement-row"][data-status="${status}"]`)
const you = (page: Page) => page.getByTestId('balance-row').filter({ hasText: 'You' })

test.describe('settlements between two members', () => {
  const wide: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, colorScheme: 'light' }

  test('over the debt asks first; the receiver declines with a reason; the payer cancels; offline too', async ({
    browser,
    server,
  }) => {
    test.setTimeout(240_000)
    const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
    const id = await household(server, asha, ravi)
    await approvedExpense(server, id, asha, 22000, [ravi])
    const a = await device(browser, server, asha, wide)
    const r = await device(browser, server, ravi, wide)
    await a.goto(`/households/${id}?tab=balances`)
    await r.goto(`/households/${id}?tab=balances`)
    await expect(you(r)).toContainText('owe ₹11,000')
    await offlineReady(a)
    await offlineReady(r)

    // Ravi types far more than he owes: a warning under the amount, and a question before recording.
    await r.getByRole('link', { name: 'Settle Up' }).click()
    await expect(r.getByLabel('Amount')).toHaveValue('11000.00')
    const warning = `That is more than you owe ${asha.name} (₹11,000).`
    await expect(r.getByText(warning)).toHaveCount(0)
    await r.getByLabel('Amount').fill('9876543.21')
    await expect(r.getByText(warning)).toBeVisible()
    await r.getByRole('button', { name: 'Record Payment' }).click()
    const ask = r.getByRole('alertdialog', { name: 'Record more than you owe?' })
    await expect(ask).toContainText(`${warning} Record ₹98,76,543 anyway?`)
    await ask.getByRole('button', { name: 'Change amount' }).click()
    await expect(ask).toBeHidden()
    await expect(r).toHaveURL(/\/settle\?user=/)
    await r.getByRole('button', { name: 'Record Payment' }).click()
    await ask.getByRole('button', { name: 'Record anyway' }).click()
    await expect(r).toHaveURL(/\?tab=balances$/)
    await expect(row(r, 'pending')).toContainText('₹98,76,543')
    await expect(row(r, 'pending').getByRole('button', { name: 'Confirm' })).toHaveCount(0)

    // Asha sees it is more than Ravi owes her, and declines it with a reason.
    const big = row(a, 'pending')
    await expect(big).toContainText(`More than ${ravi.name} owes you (₹11,000).`)
    await big.getByRole('button', { name: 'Decline' }).click()
    const decline = a.getByRole('dialog', { name: 'Decline payment' })
    await expect(decline.getByRole('button', { name: 'Decline' })).toBeDisabled()
    await decline.getByLabel('Reason').fill('You owe ₹11,000, not ₹98 lakh: please record what you paid.')
    await decline.getByRole('button', { name: 'Decline' }).click()
    await expect(decline).toBeHidden()
    await expect(row(a, 'declined')).toContainText('You declined')
    // Ravi sees why; nothing moved.
    await expect(row(r, 'declined')).toContainText(`${asha.name} declined`)
    await expect(row(r, 'declined')).toContainText('please record what you paid.')
    await expect(you(r)).toContainText('owe ₹11,000')

    // What he owes goes through without a question; he takes it back while it waits.
    await r.getByRole('link', { name: 'Settle Up' }).click()
    await expect(r.getByLabel('Amount')).toHaveValue('11000.00')
    await r.getByRole('button', { name: 'Record Payment' }).click()
    await expect(r).toHaveURL(/\?tab=balances$/)
    await row(r, 'pending').getByRole('button', { name: 'Cancel payment' }).click()
    const cancel = r.getByRole('alertdialog', { name: 'Cancel this payment?' })
    await cancel.getByRole('button', { name: 'Cancel payment' }).click()
    await expect(row(r, 'cancelled')).toContainText('You cancelled this payment')
    await expect(row(a, 'cancelled')).toContainText(`${ravi.name} cancelled this payment`)
    await expect(row(a, 'cancelled').getByRole('button')).toHaveCount(0)
    await expect(you(a)).toContainText('gets back ₹11,000')

    // Offline: Ravi records and cancels one, records another; Asha confirms it when both are back.
    await server.stop()
    await r.getByRole('link', { name: 'Settle Up' }).click()
    await r.getByLabel('Notes (optional)').fill('Offline, taken back')
    await r.getByRole('button', { name: 'Record Payment' }).click()
    await row(r, 'pending').getByRole('button', { name: 'Cancel payment' }).click()
    await cancel.getByRole('button', { name: 'Cancel payment' }).click()
    await expect(row(r, 'cancelled')).toHaveCount(2)
    await r.getByRole('link', { name: 'Settle Up' }).click()
    await r.getByLabel('Notes (optional)').fill('Offline, for real')
    await r.getByRole('button', { name: 'Record Payment' }).click()
    await expect(row(r, 'pending')).toContainText('Offline, for real')
    await r.reload()
    await expect(row(r, 'cancelled')).toHaveCount(2)
    await server.start()
    await expect(row(a, 'cancelled').filter({ hasText: 'Offline, taken back' })).toBeVisible({ timeout: 30_000 })
    const real = row(a, 'pending').filter({ hasText: 'Offline, for real' })
    await expect(real).toBeVisible({ timeout: 30_000 })
    await expect(real.getByTestId('settlement-warning')).toHaveCount(0)
    await real.getByRole('button', { name: 'Confirm' }).click()
    await expect(you(a)).toContainText('settled up')
    await expect(you(r)).toContainText('settled up', { timeout: 30_000 })

    // The receiver declines offline as well: one more payment Ravi did not owe.
    const extra = await server.api<{ warning?: string; settlement: { id: string } }>(
      'POST',
      `/households/${id}/settlements`,
      ravi.token,
      { to_user: asha.userId, amount: 500 },
    )
    expect(extra.body.warning).toBe('You do not owe them anything, counting payments waiting for confirmation')
    await expect(row(a, 'pending')).toBeVisible({ timeout: 30_000 })
    await server.stop()
    await row(a, 'pending').getByRole('button', { name: 'Decline' }).click()
    await decline.getByLabel('Reason').fill('Nothing was owed')
    await decline.getByRole('button', { name: 'Decline' }).click()
    await expect(row(a, 'declined')).toHaveCount(2)
    await server.start()
    await expect(row(r, 'declined').filter({ hasText: 'Nothing was owed' })).toBeVisible({ timeout: 30_000 })
    const listed = await server.api<{ settlements: { id: string; status: string }[] }>(
      'GET',
      `/households/${id}/settlements`,
      asha.token,
    )
    expect(listed.body.settlements.find((s) => s.id === extra.body.settlement.id)?.status).toBe('declined')
    expect(listed.body.settlements.map((s) => s.status).sort()).toEqual([
      'cancelled',
      'cancelled',
      'confirmed',
      'declined',
      'declined',
    ])
    await a.context().close()
    await r.context().close()
  })

  /** Ravi owes Asha ₹10,000 after a declined, a cancelled and a confirmed payment; `big` adds a pending one above. */
  async function history(server: ServerProcess, big: boolean) {
    const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
    const id = await household(server, asha, ravi)
    await approvedExpense(server, id, asha, 22000, [ravi])
    const pay = async (rupees: number, notes: string) =>
      (
        await server.api<{ settlement: { id: string } }>('POST', `/households/${id}/settlements`, ravi.token, {
          to_user: asha.userId,
          amount: rupees,
          notes,
        })
      ).body.settlement.id
    const declined = await pay(500000, 'UPI from the old account')
    await server.api('POST', `/households/settlements/${declined}/decline`, asha.token, {
      reason: 'You owe ₹11,000, not ₹5,00,000: please record what you paid.',
    })
    await server.api('POST', `/households/settlements/${await pay(11000, 'Duplicate')}/cancel`, ravi.token)
    await server.api('POST', `/households/settlements/${await pay(1000, 'Part of it')}/confirm`, asha.token)
    if (big) await pay(9876543.21, 'The rest, and then some')
    return { asha, ravi, id }
  }

  /** A new device of `who` in a look, once its first download has brought the household. */
  async function lookAt(browser: Browser, server: ServerProcess, who: Person, options: BrowserContextOptions) {
    const page = await device(browser, server, who, options)
    await page.goto('/households')
    await expect(page.getByTestId('household-card')).toBeVisible({ timeout: 30_000 })
    return page
  }

  test('the settle form over the debt, in both themes at 390 and 1280 px', async ({ browser, server }) => {
    test.setTimeout(300_000)
    const { asha, ravi, id } = await history(server, false)
    for (const { name, ...options } of LOOKS) {
      const r = await lookAt(browser, server, ravi, options)
      await r.goto(`/households/${id}/settle?user=${asha.userId}`)
      await expect(r.getByLabel('Amount')).toHaveValue('10000.00')
      await r.getByLabel('Amount').fill('9876543.21')
      await expect(r.getByText(`That is more than you owe ${asha.name} (₹10,000).`)).toBeVisible()
      await accessible(r, `settle form, over the debt (${name})`)
      await shot(r, `${SHOTS}/settle-warning-${name}.png`)
      await r.getByRole('button', { name: 'Record Payment' }).click()
      await expect(r.getByRole('alertdialog', { name: 'Record more than you owe?' })).toBeVisible()
      await accessible(r, `record more than you owe? (${name})`)
      await shot(r, `${SHOTS}/settle-ask-${name}.png`)
      await r.context().close()
    }
  })

  test("the receiver's history and Decline, in both themes at 390 and 1280 px", async ({ browser, server }) => {
    test.setTimeout(300_000)
    const { asha, ravi, id } = await history(server, true)
    for (const { name, ...options } of LOOKS) {
      const a = await lookAt(browser, server, asha, options)
      await a.goto(`/households/${id}?tab=balances`)
      await expect(row(a, 'pending')).toContainText(`More than ${ravi.name} owes you (₹10,000).`)
      await expect(row(a, 'declined')).toBeVisible()
      await expect(row(a, 'cancelled')).toBeVisible()
      await accessible(a, `balances with the history (${name})`)
      await row(a, 'pending').scrollIntoViewIfNeeded()
      await shot(a, `${SHOTS}/history-${name}.png`)
      await a.screenshot({ path: `${SHOTS}/history-full-${name}.png`, fullPage: true, animations: 'disabled' })
      await row(a, 'pending').getByRole('button', { name: 'Decline' }).click()
      await expect(a.getByRole('dialog', { name: 'Decline payment' })).toBeVisible()
      await accessible(a, `decline dialog (${name})`)
      await shot(a, `${SHOTS}/decline-${name}.png`)
      await a.context().close()
    }
  })

  test("the payer's history and Cancel payment, in both themes at 390 and 1280 px", async ({ browser, server }) => {
    test.setTimeout(300_000)
    const { asha, ravi, id } = await history(server, true)
    for (const { name, ...options } of LOOKS) {
      const r = await lookAt(browser, server, ravi, options)
      await r.goto(`/households/${id}?tab=balances`)
      await expect(row(r, 'declined')).toContainText(`${asha.name} declined`)
      await accessible(r, `payer's history (${name})`)
      await r.screenshot({ path: `${SHOTS}/payer-history-${name}.png`, fullPage: true, animations: 'disabled' })
      await row(r, 'pending').getByRole('button', { name: 'Cancel payment' }).click()
      await expect(r.getByRole('alertdialog', { name: 'Cancel this payment?' })).toBeVisible()
      await accessible(r, `cancel a payment (${name})`)
      await shot(r, `${SHOTS}/cancel-${name}.png`)
      await r.context().close()
    }
  })
})

test.describe('who reviews an expense', () => {
  test('entering an expense another member paid asks neither of you to review it, online or offline', async ({
    browser,
    server,
  }) => {
    test.setTimeout(180_000)
    const [asha, ravi, meera] = [
      await person(server, 'asha'),
      await person(server, 'ravi'),
      await person(server, 'meera'),
    ]
    const id = await household(server, asha, ravi, meera)
    const a = await device(browser, server, asha, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' })
    await a.goto('/households')
    await offlineReady(a)
    const add = async (amount: string, description: string) => {
      await a.goto(`/households/${id}/add-expense`)
      await a.getByLabel('Amount', { exact: true }).fill(amount)
      await a.getByLabel('Description').fill(description)
      await a.getByLabel('Paid by').selectOption({ label: ravi.name })
      await a.getByRole('button', { name: 'Add Expense' }).click()
      await expect(a).toHaveURL(new RegExp(`/households/${id}$`))
    }
    const pendingFor = async (p: Person) =>
      (await server.api<{ reviews: { description: string }[] }>('GET', '/households/reviews/pending', p.token)).body
        .reviews

    await add('1500', 'Ravi paid the plumber')
    const expense = a.getByTestId('household-expense').filter({ hasText: 'Ravi paid the plumber' })
    await expect(expense).toContainText('1 review left')
    await expect
      .poll(async () => (await pendingFor(meera)).map((r) => r.description))
      .toEqual(['Ravi paid the plumber'])
    expect(await pendingFor(asha)).toEqual([])
    expect(await pendingFor(ravi)).toEqual([])
    await a.goto('/households')
    await expect(a.getByTestId('household-card')).toBeVisible()
    await expect(a.getByTestId('reviews-banner')).toHaveCount(0)
    await a.goto('/households/reviews')
    await expect(a.getByText("You're all caught up")).toBeVisible()

    // Offline, before the server has seen it, the device already knows who reviews it.
    await server.stop()
    await add('700', 'Ravi paid the cook, offline')
    await expect(a.getByTestId('household-expense').filter({ hasText: 'paid the cook' })).toContainText('1 review left')
    await a.goto('/households')
    await expect(a.getByTestId('household-card')).toBeVisible()
    await expect(a.getByTestId('reviews-banner')).toHaveCount(0)
    await a.goto('/households/reviews')
    await expect(a.getByText("You're all caught up")).toBeVisible()
    await server.start()
    await expect
      .poll(async () => (await pendingFor(meera)).map((r) => r.description).sort(), { timeout: 30_000 })
      .toEqual(['Ravi paid the cook, offline', 'Ravi paid the plumber'])
    expect(await pendingFor(asha)).toEqual([])
    await a.context().close()
  })
})

test('a household whose entries cannot be read shows the error screen, never balances of nothing', async ({
  browser,
  server,
}) => {
  const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
  const id = await household(server, asha, ravi)
  await approvedExpense(server, id, asha, 22000, [ravi])
  const r = await device(browser, server, ravi)
  await r.goto(`/households/${id}?tab=balances`)
  await expect(you(r)).toContainText('owe ₹11,000')
  await failReadsOf(r, ['household_expenses', 'settlements'])
  for (const path of [`/households/${id}?tab=balances`, `/households/${id}?tab=expenses`, '/households']) {
    await r.goto(path)
    await expect(r.getByRole('heading', { name: 'Oops! Something went wrong' }), path).toBeVisible()
    await expect(r.getByText('Settled up'), path).toHaveCount(0)
  }
  await failReadsOf(r, [])
  await r.goto(`/households/${id}?tab=balances`)
  await expect(you(r)).toContainText('owe ₹11,000')
  await r.context().close()
})
