import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, test } from './support/fixtures'
import { addExpense, offlineReady, shot, signUpWithToken } from './support/flows'

/**
 * Under storage pressure a browser may evict a site's IndexedDB, entries not pushed yet included,
 * unless the site's storage is persistent. The app asks for it once signed in, shows in Settings →
 * Data Management whether its data is kept and how much it uses, and says so beside the sync state
 * when entries wait to go up in a browser that may clear them. `navigator.storage` answers as set
 * here: whether the data is kept already, and whether `persist()` grants it.
 */

const SHOTS = 'test-results/storage-persistence'
async function browserStorage(page: Page, answers: { persisted: boolean; grant: boolean }) {
  await page.addInitScript(({ persisted, grant }) => {
    const w = window as unknown as { __persistCalls: number }
    w.__persistCalls = 0
    // As a browser remembers it across reloads.
    let kept = persisted || localStorage.getItem('test.storage-kept') === '1'
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        persisted: () => Promise.resolve(kept),
        persist: () => {
          w.__persistCalls += 1
          kept = kept || grant
          if (kept) localStorage.setItem('test.storage-kept', '1')
          return Promise.resolve(kept)
        },
        estimate: () => Promise.resolve({ usage: 2.5 * 1024 * 1024, quota: 1.5 * 1024 * 1024 * 1024 }),
      },
    })
  }, answers)
}

const persistCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls)

async function dataManagement(page: Page) {
  await page.goto('/settings')
  await page.getByRole('button', { name: /^Data Management/ }).click()
  return page.getByTestId('storage-status')
}

test('not kept: Data Management says so with the usage, and entries waiting offline are called out', async ({
  page,
  server,
}) => {
  test.setTimeout(150_000)
  await browserStorage(page, { persisted: false, grant: false })
  await signUpWithToken(page, server, 'storage')
  // Asked once the user is signed in (once per page load), and refused here.
  await expect.poll(() => persistCalls(page)).toBeGreaterThanOrEqual(1)

  const status = await dataManagement(page)
  await expect(status).toHaveAttribute('data-kept', 'not-kept')
  await expect(status).toContainText('Not kept: this browser may clear Hisaab’s data when storage runs low.')
  await expect(page.getByTestId('storage-usage')).toHaveText('Using 2.5 MB of about 1.5 GB this browser allows.')
  const before = await persistCalls(page)
  await status.getByRole('button', { name: 'Ask to keep it' }).click()
  await expect(status).toContainText('The browser didn’t agree.')
  expect(await persistCalls(page)).toBe(before + 1)
  for (const look of LOOKS) {
    await page.setViewportSize(look.viewport)
    await page.emulateMedia({ colorScheme: look.colorScheme })
    await expectAccessible(page, `Data Management, storage not kept (${look.name})`)
    await status.scrollIntoViewIfNeeded()
    await shot(page, `${SHOTS}/data-management-not-kept-${look.name}.png`)
  }

  // Online, nothing waits: no warning.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced')
  await expect(page.getByTestId('sync-notice')).toHaveCount(0)

  await offlineReady(page)
  await server.stop()
  await addExpense(page, '340', 'Medicines')
  await expect(page.getByTestId('sync-status')).toHaveText('Offline · 1 pending')
  const notice = page.getByTestId('sync-notice')
  await expect(notice).toHaveAttribute('data-kind', 'at-risk')
  await expect(notice).toHaveText(
    '1 entry is only on this device, and this browser may clear its data when storage runs low. ' +
      'Go online soon so it reaches your account.',
  )
  for (const look of LOOKS) {
    await page.setViewportSize(look.viewport)
    await page.emulateMedia({ colorScheme: look.colorScheme })
    await expectAccessible(page, `home with entries at risk (${look.name})`)
    await shot(page, `${SHOTS}/home-at-risk-${look.name}.png`)
  }

  // It can be hidden until the count changes.
  await notice.getByRole('button', { name: 'Hide this notice' }).click()
  await expect(notice).toHaveCount(0)
  await addExpense(page, '60', 'Auto fare')
  await expect(notice).toContainText('2 entries are only on this device')

  await server.start()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 })
  await expect(notice).toHaveCount(0)
})

test('kept: Data Management says the data is kept, and waiting entries need no warning', async ({ page, server }) => {
  test.setTimeout(120_000)
  await browserStorage(page, { persisted: false, grant: true })
  await signUpWithToken(page, server, 'storage-kept')
  await expect.poll(() => persistCalls(page)).toBe(1)

  const status = await dataManagement(page)
  await expect(status).toHaveAttribute('data-kept', 'kept')
  await expect(status).toContainText('Kept: this browser won’t clear Hisaab’s data to free up space.')
  await expect(status.getByRole('button', { name: 'Ask to keep it' })).toHaveCount(0)
  await expect(page.getByTestId('storage-usage')).toContainText('Using 2.5 MB')
  // Kept already: a reload reads that and asks for nothing. (The first download ends before it, so
  // the reload has nothing left to fetch when the server stops below.)
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 })
  await page.reload()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 })
  expect(await persistCalls(page)).toBe(0)

  await offlineReady(page)
  await server.stop()
  await addExpense(page, '120', 'Auto fare')
  await expect(page.getByTestId('sync-status')).toHaveText('Offline · 1 pending')
  await expect(page.getByTestId('sync-notice')).toHaveCount(0)
  await server.start()
})
