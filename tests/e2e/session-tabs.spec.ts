import { expect, test } from './support/fixtures'
import { restExpense, signUpWithToken } from './support/flows'

// Issue #14 item 10: on a shared computer, a logout in one tab must not leave another tab of the
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
