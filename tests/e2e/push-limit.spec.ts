import { writeFileSync } from 'node:fs'
import { expect, test } from './support/fixtures'
import { offlineReady, signUpWithToken } from './support/flows'

/** This file's server lets an account push 600 documents a minute (10 a second). */
test.use({ serverEnv: { SYNC_PUSH_MAX_PER_MINUTE: '600' } })

test('more documents than the account may push in a minute all arrive: the app waits as the 429 asks', async ({
  page,
  server,
}, info) => {
  const { token } = await signUpWithToken(page, server, 'bulk')
  const limited: number[] = []
  page.on('response', (res) => {
    if (res.url().includes('/api/sync/transactions/push') && res.status() === 429) limited.push(Date.now())
  })
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString()
  const records = 700
  const file = info.outputPath('big-backup.json')
  writeFileSync(
    file,
    JSON.stringify({
      version: '1.0.0',
      expenses: Array.from({ length: records }, (_, i) => ({
        amount: 10 + i,
        category: 'Groceries',
        description: `Bulk ${i}`,
        date: day(i),
      })),
    }),
  )
  await page.goto('/settings')
  await page.getByRole('button', { name: /^Data Management/ }).click()
  // A device long offline: everything is written before the server is reachable again. Its first
  // download is over first (a device that loses the server during it is another story).
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 })
  await offlineReady(page)
  await server.stop()
  try {
    await page.getByLabel('Backup file to import').setInputFiles(file)
    await expect(page.getByText(`✅ Imported ${records} new records; 0 were already here.`)).toBeVisible({
      timeout: 60_000,
    })
    await expect(page.getByText(`Offline · ${records} pending`)).toBeVisible()
  } finally {
    await server.start()
  }
  // The first 600 go at once, the server answers the rest with 429 and Retry-After; the app waits
  // and sends them then, and nothing is left pending.
  await expect
    .poll(async () => (await server.api<unknown[]>('GET', '/expenses', token)).body.length, { timeout: 60_000 })
    .toBe(records)
  expect(limited.length).toBeGreaterThan(0)
  // Still signed in, and the device holds nothing unsent.
  await expect(page.getByText(/ pending$/)).toHaveCount(0, { timeout: 30_000 })
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.locator('.topbar__logout')).toBeVisible()
})
