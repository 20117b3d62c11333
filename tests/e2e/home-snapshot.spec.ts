import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { addExpense, offlineReady, restExpense, restIncome, shot, signIn, signUpWithToken } from './support/flows'
import {
  deviceHoldingDataLayer,
  layoutShift,
  recordScreen,
  savedKeys,
  seen,
  sessionWithSaved,
} from './support/saved-screens'

/**
 * A cold start paints the user's last home screen from a small per-user snapshot while
 * the database opens, then the live screen replaces it without anything moving. The snapshot is
 * the user's own: logout removes it and the next person on the device never sees it.
 */

const SHOTS = '.tmp/shots-home-snapshot'
const SNAPSHOT_PREFIX = 'hisaab.views.'

const snapshotKeys = (page: Page) => savedKeys(page, SNAPSHOT_PREFIX)
const recordHome = (page: Page) => recordScreen(page, '.home', 'balance')
const live = (page: Page) => page.locator('.home:not([data-snapshot])')

test('offline reload: the saved home before the database opens, then the live one; logout leaves nothing', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const first = await signUpWithToken(page, server, 'snapshot')
  await addExpense(page, '120', 'Chai at the station')
  await expect(live(page).getByText('Chai at the station')).toBeVisible()
  await expect.poll(() => snapshotKeys(page)).toEqual([`${SNAPSHOT_PREFIX}${first.userId}`])
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced')
  await offlineReady(page)
  await server.stop()

  await recordHome(page)
  await page.reload()
  await expect(live(page).getByText('Chai at the station')).toBeVisible()
  await expect(live(page).getByTestId('balance')).toHaveText('-₹120')
  const cold = await seen(page)
  // First the snapshot, drawn before the database had opened, already with the entry and its figures…
  expect(cold[0]).toMatchObject({ state: 'snapshot', dbOpen: false, figure: '-₹120' })
  expect(cold[0]!.text).toContain('Chai at the station')
  // …then the live screen with the same figures, and nothing moved when it took over.
  const liveSeen = cold.filter((s) => s.state === 'live')
  expect(liveSeen.length).toBeGreaterThan(0)
  expect(liveSeen.at(-1)!.text).toBe(cold[0]!.text)
  // The live screen took over the saved screen's elements (updated in place, not built again).
  const lastSaved = cold.filter((s) => s.state === 'snapshot').at(-1)!
  expect(liveSeen[0]!.element).toBe(lastSaved.element)
  expect(await layoutShift(page)).toBeLessThan(0.01)
  // Nothing acts on the snapshot: the whole screen was marked busy while it stood in.
  await shot(page, `${SHOTS}/offline-live-390.png`)

  // Hide balance hides the snapshot's figures too.
  await page.getByRole('button', { name: 'Hide balance' }).click()
  await expect(live(page).getByTestId('balance')).toHaveText('••••••')
  await expect
    .poll(() =>
      page.evaluate(
        (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { hidden?: boolean }).hidden,
        `${SNAPSHOT_PREFIX}${first.userId}`,
      ),
    )
    .toBe(true)
  await page.reload()
  await expect(live(page).getByTestId('balance')).toHaveText('••••••')
  const hidden = await seen(page)
  expect(hidden[0]).toMatchObject({ state: 'snapshot', figure: '••••••' })
  for (const s of hidden) expect(s.text).not.toContain('₹')
  await page.getByRole('button', { name: 'Show balance' }).click()
  await expect(live(page).getByTestId('balance')).toHaveText('-₹120')

  // Back online, the user logs out: the snapshot is gone at once.
  await server.start()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 })
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await snapshotKeys(page)).toEqual([])

  // The next person on this browser sees nothing of the first, on the first load or any reload.
  const next = newUser('next')
  const registered = await server.api<{ user: { id: string } }>('POST', '/auth/register', undefined, next)
  expect(registered.status).toBe(201)
  await signIn(page, next)
  await expect(live(page).getByText('No transactions yet')).toBeVisible()
  await expect.poll(() => snapshotKeys(page)).toEqual([`${SNAPSHOT_PREFIX}${registered.body.user.id}`])
  await page.reload()
  await expect(live(page).getByText('No transactions yet')).toBeVisible()
  const nextSeen = await seen(page)
  expect(nextSeen[0]).toMatchObject({ state: 'snapshot', figure: '₹0' })
  for (const s of nextSeen) expect(s.text).not.toContain('Chai')
  await expectAccessible(page, 'home after the snapshot (second user)')
})

test('the snapshot as it stands in while the data layer loads: the live figures, axe in both themes', async ({
  page,
  browser,
  server,
}) => {
  // Four new devices, each with its first download and two axe runs: more than the default budget
  // on a slow machine.
  test.setTimeout(180_000)
  const { token } = await signUpWithToken(page, server, 'looks')
  const today = new Date().toISOString()
  await restIncome(server, token, { amount: 185000, source: 'Salary', date: today, description: 'Pay' })
  await restExpense(server, token, { amount: 450, category: 'Food & Dining', date: today, description: 'Groceries' })
  await expect(live(page).getByTestId('balance')).toHaveText('₹1,84,550')
  await expect(live(page).getByText('Groceries')).toBeVisible()
  // A new device signed in as this user, with the saved home screen (the rest of this browser's
  // bookkeeping, such as its first download being done, is not copied).
  // The live screen is saved once the page is idle.
  await expect.poll(async () => Object.keys(await sessionWithSaved(page, SNAPSHOT_PREFIX))).toHaveLength(3)
  const stored = await sessionWithSaved(page, SNAPSHOT_PREFIX)

  for (const look of LOOKS) {
    const { context, page: device, release } = await deviceHoldingDataLayer(browser, look, server.url, stored)
    await device.goto('/home')
    const snapshot = device.locator('.home[data-snapshot]')
    await expect(snapshot.getByTestId('balance')).toHaveText('₹1,84,550')
    await expect(snapshot.getByText('Groceries')).toBeVisible()
    await expect(snapshot).toHaveAttribute('aria-busy', 'true')
    await expect(snapshot.getByRole('button', { name: 'Hide balance' })).toHaveAttribute('aria-disabled', 'true')
    await expectAccessible(device, `home snapshot ${look.name}`)
    await shot(device, `${SHOTS}/snapshot-${look.name}.png`)
    release()
    await expect(live(device).getByText('Groceries')).toBeVisible({ timeout: 30_000 })
    await expect(live(device).getByTestId('balance')).toHaveText('₹1,84,550')
    await expectAccessible(device, `home live ${look.name}`)
    await shot(device, `${SHOTS}/live-${look.name}.png`)
    await context.close()
  }
})
