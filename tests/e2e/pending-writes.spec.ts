import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { addExpense, offlineReady, signUpWithToken } from './support/flows'

/**
 * The pending count of the sync indicator is derived from the database. A
 * marker the old localStorage store left behind shows nothing; a write made offline stays
 * pending when its page is closed before the push (in the other tab, then after reload) and
 * clears once the server is back.
 */
const status = (page: Page) => page.getByTestId('sync-status')

test('pending is what the database has not pushed: across a closed page, tabs and reload', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const { token, userId } = await signUpWithToken(page, server, 'pending')
  await expect(status(page)).toHaveAttribute('data-state', 'synced')

  // The old design's store with a marker nothing would ever clear: dropped, not shown.
  const dbName = `hisaab_${userId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}`
  await page.evaluate((key) => localStorage.setItem(key, '{"transactions/lost-write":1}'), `hisaab.pending.${dbName}`)
  await page.reload()
  await expect(status(page)).toHaveAttribute('data-state', 'synced')
  await expect(status(page)).toHaveAttribute('data-pending', '0')
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), `hisaab.pending.${dbName}`)).toBeNull()

  await offlineReady(page)
  await server.stop()
  await addExpense(page, '120', 'Written offline')
  await expect(status(page)).toHaveText('Offline · 1 pending')

  // A second tab (not replicating) shows the leader's count; the leader tab is closed before
  // any push: the other tab takes over and still finds the write unpushed, also after a reload.
  const other = await page.context().newPage()
  await other.setViewportSize({ width: 390, height: 800 })
  await other.goto('/home')
  await expect(status(other)).toHaveAttribute('data-pending', '1')
  await page.close()
  await other.reload()
  await expect(other.getByText('Written offline')).toBeVisible()
  await expect(status(other)).toHaveText('Offline · 1 pending')

  await server.start()
  await expect(status(other)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 })
  await expect(status(other)).toHaveAttribute('data-pending', '0')
  const pulled = await server.api<{ documents: { description?: string }[] }>('GET', '/sync/transactions/pull', token)
  expect(pulled.body.documents.filter((d) => d.description === 'Written offline')).toHaveLength(1)

  await other.close()
})
