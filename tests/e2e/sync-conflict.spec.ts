import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { restExpense, signIn, signUpWithToken } from './support/flows'

const row = (page: Page, text: string) => page.getByTestId('transaction-item').filter({ hasText: text })

async function editAmount(page: Page, description: string, amount: string) {
  await row(page, description)
    .getByRole('button', { name: `Edit ${description}` })
    .focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Edit Expense' })
  await dialog.getByLabel('Amount').fill(amount)
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
}

async function serverAmount(server: Parameters<typeof restExpense>[0], token: string, description: string) {
  const res = await server.api<{ description: string; amount: number }[]>('GET', '/expenses', token)
  return res.body.find((e) => e.description === description)?.amount
}

test('two devices edit the same expense offline: the later edit wins everywhere, whichever syncs first', async ({
  page,
  browser,
  server,
}) => {
  const { user, token } = await signUpWithToken(page, server, 'conflict')
  const today = new Date().toISOString().slice(0, 10)
  await restExpense(server, token, { amount: 50, category: 'Food & Dining', date: today, description: 'Shared chai' })
  await expect(row(page, 'Shared chai')).toContainText('₹50')

  const deviceB = await browser.newContext()
  const pageB = await deviceB.newPage()
  await signIn(pageB, user)
  await expect(row(pageB, 'Shared chai')).toContainText('₹50')

  await server.stop()
  await editAmount(page, 'Shared chai', '100') // the earlier edit (device A)
  await editAmount(pageB, 'Shared chai', '200') // the later edit (device B)
  await pageB.close() // B stays offline for now; its edit waits in its local database

  // A's older edit reaches the server first.
  await server.start()
  await expect.poll(() => serverAmount(server, token, 'Shared chai'), { timeout: 30_000 }).toBe(100)

  // B comes back: its push meets a newer server state and the later edit (B's) wins.
  const pageB2 = await deviceB.newPage()
  await pageB2.goto('/home')
  await expect.poll(() => serverAmount(server, token, 'Shared chai'), { timeout: 30_000 }).toBe(200)
  await expect(row(pageB2, 'Shared chai')).toContainText('₹200')
  await expect(row(page, 'Shared chai')).toContainText('₹200', { timeout: 30_000 })
  await deviceB.close()
})
