import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'
import { LOOKS, expectPartAccessible } from './support/a11y'
import { device, person, type Person } from './support/people'

const SHOTS = 'test-results/households-leaver'
/** Sixty characters: the longest category a household expense takes. */
const LONG_CATEGORY = 'Electricity, water and the society maintenance for the month'

const accessible = (page: Page, label: string) => expectPartAccessible(page, label, '.hh')

const expenseRow = (page: Page, text: string) => page.getByTestId('household-expense').filter({ hasText: text })
const balanceRow = (page: Page, text: string) => page.getByTestId('balance-row').filter({ hasText: text })

/** What Y must still see after X's account is gone, on any of her devices. */
async function stillThere(page: Page, x: Person, y: Person) {
  await page.getByRole('tab', { name: 'Members' }).click()
  const members = page.getByTestId('member-row')
  await expect(members).toHaveCount(1)
  await expect(members).toContainText(`${y.name} (you)`)
  await expect(members).toContainText('Admin')
  await expect(page.getByTestId('former-members')).toContainText('A former member is still in this household')
  await expect(page.getByText(x.name)).toHaveCount(0)
  await page.getByRole('tab', { name: 'Expenses' }).click()
  await expect(expenseRow(page, LONG_CATEGORY)).toContainText('Paid by Former member')
  await expect(expenseRow(page, LONG_CATEGORY)).toHaveAttribute('data-status', 'approved')
  await expect(expenseRow(page, 'Vegetables for the week')).toContainText('Paid by you')
  await page.getByRole('tab', { name: 'Balances' }).click()
  // X paid ₹98,76,543.21 (the odd paisa of the split is X's) and Y ₹1,200, each split equally: Y owes X
  // ₹49,37,671.60 (₹49,37,672 where amounts show whole rupees).
  await expect(balanceRow(page, 'Former member')).toContainText(/gets back ₹49,37,67(1\.60|2)/)
  await expect(balanceRow(page, 'You')).toContainText(/owe ₹49,37,67(1\.60|2)/)
  await expect(balanceRow(page, 'Former member').getByRole('link', { name: 'Settle Up' })).toHaveCount(0)
}

test('a member deletes their account: the household, its expenses and balances stay, offline too', async ({
  browser,
  server,
}) => {
  test.setTimeout(300_000)
  const [x, y] = [await person(server, 'xavier'), await person(server, 'yamini')]
  const created = await server.api<{ household: { id: string } }>('POST', '/households', x.token, {
    name: 'Sunshine Residency Flat 4B, Koramangala 5th Block, Bengaluru',
  })
  const id = created.body.household.id
  await server.api('POST', `/households/${id}/invite`, x.token, { email: y.email })
  const invitations = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', y.token)
  await server.api('POST', `/households/invitations/${invitations.body.invitations[0]!.id}/accept`, y.token)

  // Both add an expense, each from their own device; each approves the other's.
  const xp = await device(browser, server, x, { viewport: { width: 1280, height: 900 } })
  const yp = await device(browser, server, y, { viewport: { width: 1280, height: 900 } })
  const byX = await server.api<{ expense: { id: string } }>('POST', `/households/${id}/expenses`, x.token, {
    amount: 9876543.21,
    category: LONG_CATEGORY,
  })
  await yp.goto(`/households/${id}/add-expense`)
  await yp.getByLabel('Amount', { exact: true }).fill('1200')
  await yp.getByLabel('Description').fill('Vegetables for the week')
  await yp.getByRole('button', { name: 'Add Expense' }).click()
  await expect(expenseRow(yp, 'Vegetables for the week')).toHaveAttribute('data-status', 'pending')
  await xp.goto('/households/reviews')
  await xp.getByTestId('review-card').filter({ hasText: 'Vegetables' }).getByRole('button', { name: 'Approve' }).click()
  await server.api('POST', `/households/expenses/${byX.body.expense.id}/approve`, y.token)
  await expect(expenseRow(yp, 'Vegetables for the week')).toHaveAttribute('data-status', 'approved')
  await expect(expenseRow(yp, LONG_CATEGORY)).toHaveAttribute('data-status', 'approved')
  await yp.getByRole('tab', { name: 'Members' }).click()
  await expect(yp.getByTestId('member-row')).toHaveCount(2)
  await offlineReady(yp)

  // X deletes their account in Settings while Y's screen is open.
  await xp.goto('/settings')
  await xp.getByRole('button', { name: /^Data Management/ }).click()
  await xp.getByRole('button', { name: 'Delete Account' }).click()
  const dialog = xp.getByRole('alertdialog', { name: 'Delete your account?' })
  await expect(dialog).toContainText('Households you share stay with their other members')
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
  await dialog.getByLabel('Your password').fill(x.password)
  await dialog.getByRole('button', { name: 'Delete Account' }).click()
  await expect(xp).toHaveURL(/\/\?account=deleted$/)
  expect((await server.api('GET', '/auth/me', x.token)).status).toBe(401)

  // Y sees it happen: X leaves the members, Y is the admin now, nothing else moves.
  await stillThere(yp, x, y)
  await yp.getByRole('tab', { name: 'Members' }).click()
  await expect(yp.getByRole('button', { name: 'Invite Member' })).toBeVisible()
  const detail = await server.api<{ your_role: string }>('GET', `/households/${id}`, y.token)
  expect(detail).toMatchObject({ status: 200, body: { your_role: 'admin' } })

  // Offline: a reload keeps it all; back online, a reload and a full pull keep it all.
  await server.stop()
  await yp.reload()
  await stillThere(yp, x, y)
  await server.start()
  await yp.reload()
  await stillThere(yp, x, y)
  const balances = await server.api<{ balances: { user_name: string; balance: number }[] }>(
    'GET',
    `/households/${id}/balances`,
    y.token,
  )
  expect(balances.body.balances.map((b) => [b.user_name, b.balance])).toEqual([
    [y.name, -4937671.6],
    ['Former member', 4937671.6],
  ])
  const fresh = await device(browser, server, y, { viewport: { width: 1280, height: 900 } })
  await fresh.goto('/households')
  await expect(fresh.getByTestId('household-card')).toBeVisible({ timeout: 30_000 })
  await fresh.goto(`/households/${id}`)
  await stillThere(fresh, x, y)
  await fresh.context().close()
  await xp.context().close()

  // The screens as Y sees them now, in both themes at phone and desktop width.
  await yp.context().close()
  for (const { name, ...options } of LOOKS) {
    const page = await device(browser, server, y, options)
    await page.goto('/households')
    await expect(page.getByTestId('household-card')).toBeVisible({ timeout: 30_000 })
    await page.goto(`/households/${id}?tab=balances`)
    await expect(balanceRow(page, 'Former member')).toBeVisible()
    await accessible(page, `balances with a former member (${name})`)
    await shot(page, `${SHOTS}/balances-${name}.png`)
    await page.getByRole('tab', { name: 'Members' }).click()
    await expect(page.getByTestId('former-members')).toBeVisible()
    await accessible(page, `members after a member left (${name})`)
    await shot(page, `${SHOTS}/members-${name}.png`)
    await page.context().close()
  }
})
