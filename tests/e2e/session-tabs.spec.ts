import { expect, test } from './support/fixtures'
import { addExpense, offlineReady, restExpense, signIn, signUpWithToken } from './support/flows'

// On a shared computer, a logout in one tab must not leave another tab of the
// same browser showing (and syncing) the user's data until it is reloaded.
test('logging out in one tab signs out every tab at once', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const { token } = await signUpWithToken(page, server, 'tabs')
  await restExpense(server, token, {
    amount: 777,
    category: 'Shopping',
    description: 'Private purchase',
    date: new Date().toISOString(),
  })

  const other = await page.context().newPage()
  await other.goto('/transactions')
  await expect(other.getByText('Private purchase').first()).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // No reload in the other tab: it follows within a moment.
  await expect(other).toHaveURL(/\/login$/, { timeout: 3_000 })
  await expect(other.getByText('Private purchase')).toHaveCount(0)
  await other.close()
})

// A logout right after a write waits for its push (src/data/database.ts waitForPushes) and asks
// only about what truly cannot reach the server.
test('a logout right after an add pushes it first; with the server gone it asks first', async ({ page, server }) => {
  const { user, token } = await signUpWithToken(page, server, 'logoutpush')
  await offlineReady(page)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const descriptions = async () =>
    (await server.api<{ description: string }[]>('GET', '/expenses', token)).body.map((e) => e.description)

  await addExpense(page, '321', 'Just before logout')
  await page.getByRole('button', { name: 'Logout', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(dialogs).toEqual([])
  expect(await descriptions()).toContain('Just before logout')

  // With the server gone the change cannot go up: the logout asks, and "Cancel" keeps both.
  await signIn(page, user)
  await server.stop()
  await addExpense(page, '654', 'Written offline')
  await page.getByRole('button', { name: 'Logout', exact: true }).click()
  await expect
    .poll(() => dialogs)
    .toEqual(['1 change has not synced yet and will be lost if you log out now. Logout anyway?'])
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'Written offline' })).toBeVisible()
  await server.start()
  await expect.poll(descriptions, { timeout: 20_000 }).toContain('Written offline')
})
