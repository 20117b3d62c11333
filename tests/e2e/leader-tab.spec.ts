import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { restExpense, signUpWithToken } from './support/flows'

/**
 * One tab of the browser replicates for all (RxDB's leader election); the others see
 * its writes through RxDB's multi-instance events, show the same sync status, and take over when
 * the leader tab closes.
 */
function countSyncRequests(page: Page): { pulls: number; streams: number } {
  const counts = { pulls: 0, streams: 0 }
  page.on('request', (request) => {
    if (request.url().includes('/api/sync/stream')) counts.streams += 1
    else if (/\/api\/sync\/[a-z_]+\/pull/.test(request.url())) counts.pulls += 1
  })
  return counts
}

test('only one tab syncs; an add in one tab shows in the other at once; the other takes over', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const leader = countSyncRequests(page)
  const { token } = await signUpWithToken(page, server, 'leader')
  await expect(page.getByText('Synced')).toBeVisible()

  const other = await page.context().newPage()
  const follower = countSyncRequests(other)
  await other.goto('/home')
  await expect(other.getByText('Synced')).toBeVisible()
  // The leader opens its one stream once its first pull is done (it may follow "Synced").
  await expect.poll(() => leader.streams).toBe(1)

  // An add in the follower tab shows in the leader's list and goes to the server through the leader.
  await other.goto('/add-expense')
  await other.getByLabel('Amount').fill('432')
  await other.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await other.getByLabel('Description').fill('Added in the second tab')
  await other.getByRole('button', { name: 'Add Expense' }).click()
  // (No navigation in the leader tab: a reload would hand the leadership over.)
  await expect(page.getByText('Added in the second tab')).toBeVisible()
  await expect
    .poll(async () => {
      const res = await server.api<{ documents: { description?: string }[] }>('GET', '/sync/transactions/pull', token)
      return res.body.documents.some((d) => d.description === 'Added in the second tab')
    })
    .toBe(true)

  // A server-side write reaches both tabs through the leader's one stream.
  await restExpense(server, token, {
    amount: 99,
    category: 'Shopping',
    description: 'From the server',
    date: new Date().toISOString(),
  })
  await other.goto('/transactions')
  await expect(other.getByText('From the server')).toBeVisible()
  await expect(page.getByText('From the server')).toBeVisible()
  expect(follower).toEqual({ pulls: 0, streams: 0 })

  // The leader tab closes: the other tab starts replicating.
  await page.close()
  await expect.poll(() => follower.streams, { timeout: 15_000 }).toBe(1)
  await restExpense(server, token, {
    amount: 55,
    category: 'Shopping',
    description: 'After the handover',
    date: new Date().toISOString(),
  })
  await expect(other.getByText('After the handover')).toBeVisible()
  await other.close()
})
