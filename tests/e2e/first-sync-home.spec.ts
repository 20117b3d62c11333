import { randomUUID } from 'node:crypto'
import { expect, newUser, test } from './support/fixtures'
import { expectAccessible, LOOKS } from './support/a11y'
import type { ServerProcess } from './support/server'
import { apiLogin, signedInContext } from './support/flows'

/**
 * A new device shows /home's newest entries before the rest of its download (the pull route's
 * newest-first head), and no sum of entries it does not hold yet: the balance and the budgets say
 * they are loading until the download is done, then show the real figures; /transactions lists
 * what has landed and says its totals are loading.
 */

test.use({ serverEnv: { SYNC_PUSH_MAX_PER_MINUTE: '1000000' } })
const SEEDED = 1_500 // two pages of the download (SNAPSHOT_PAGE in src/data/snapshot.ts)
const SHOTS = 'test-results/first-sync-home'
const LONG_CATEGORY = 'Household repairs, plumbing, electrician and carpentry visit' // 60 characters
const BIG = 987_654_321 // ₹98,76,543.21

/** A year of entries pushed oldest first, as use adds them: the newest are in the last page by seq. */
function seedDocs(ownerId: string, now: number) {
  return Array.from({ length: SEEDED }, (_, i) => {
    const date = now - (SEEDED - i) * 3_600_000
    const newest = i === SEEDED - 1
    return {
      id: randomUUID(),
      ownerId,
      updatedAt: now - 3_600_000,
      type: 'expense',
      amount: newest ? BIG : 1_000 + i,
      category: newest ? LONG_CATEGORY : 'Shopping',
      description: newest ? 'the newest entry' : `seeded ${i}`,
      date,
      dateDesc: 1e14 - date,
      origin: 'app',
    }
  })
}

/** A new account holding the seeded year of entries. */
async function seededAccount(server: ServerProcess, label: string) {
  const user = newUser(label)
  await server.api('POST', '/auth/register', undefined, { email: user.email, password: user.password })
  const { token, userId } = await apiLogin(server, user)
  const me = await server.api<{ user: unknown }>('GET', '/auth/me', token)
  const now = Date.now()
  const seeded = seedDocs(userId, now)
  for (let i = 0; i < SEEDED; i += 1000) {
    const rows = seeded.slice(i, i + 1000).map((newDocumentState) => ({ newDocumentState }))
    expect((await server.api('POST', '/sync/transactions/push', token, rows)).status).toBe(200)
  }
  return { token, userId, user: me.body.user, now, seeded }
}

test('newest entries first; sums on /home and /transactions say they are loading until the download is done', async ({
  browser,
  server,
}) => {
  test.setTimeout(150_000)
  const { token, userId, user, now, seeded } = await seededAccount(server, 'firstsynchome')
  const budget = { id: randomUUID(), ownerId: userId, updatedAt: now, category: LONG_CATEGORY, amount: BIG }
  const pushed = await server.api('POST', '/sync/budgets/push', token, [
    { newDocumentState: { ...budget, period: 'monthly', allocated: 0, refusedAllocation: 0, createdAt: now } },
  ])
  expect(pushed.status).toBe(200)

  for (const look of LOOKS) {
    const context = await signedInContext(browser, server, token, user, look)
    // Every page of the seq-ordered download after the first is held: what shows is the head's.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await context.route(/\/api\/sync\/transactions\/pull\?seq=[1-9]\d*&limit=\d+(&remaining=\d+)?$/, async (route) => {
      await held
      await route.continue()
    })
    const page = await context.newPage()
    await page.goto('/home')
    await expect(page.getByTestId('transaction-item').first()).toContainText('the newest entry')
    await expect(page.getByTestId('figure-loading')).toHaveCount(2) // the balance and the budget
    await expect(page.getByTestId('balance')).toHaveCount(0)
    await expect(page.getByTestId('home-budget')).toContainText(LONG_CATEGORY)
    await expectAccessible(page, `/home while downloading (${look.name})`)
    await page.screenshot({ path: `${SHOTS}/downloading-${look.name}.png`, fullPage: true, animations: 'disabled' })

    // /transactions lists what landed and says its totals are loading.
    await page.locator('a[href="/transactions"]:visible').first().click()
    await expect(page.getByTestId('transaction-item').first()).toContainText('the newest entry')
    await expect(page.getByTestId('ledger-totals').getByTestId('figure-loading')).toHaveCount(3)
    await expect(page.getByTestId('total-expenses')).toHaveCount(0)
    await expectAccessible(page, `/transactions while downloading (${look.name})`)
    await page.screenshot({ path: `${SHOTS}/ledger-downloading-${look.name}.png`, animations: 'disabled' })
    await page.locator('a[href="/home"]:visible').first().click()

    release()
    await expect(page.getByRole('progressbar', { name: 'Downloading your data' })).toHaveCount(0, { timeout: 60_000 })
    await expect(page.getByTestId('figure-loading')).toHaveCount(0)
    const month = seeded.filter((d) => new Date(d.date).getMonth() === new Date(now).getMonth())
    const spent = month.reduce((sum, d) => sum + d.amount, 0)
    await expect(page.getByTestId('balance')).toHaveAttribute('data-value', String(-spent))
    await expectAccessible(page, `/home after the download (${look.name})`)
    await page.screenshot({ path: `${SHOTS}/downloaded-${look.name}.png`, fullPage: true, animations: 'disabled' })
    await context.close()
  }
})

test('a new device downloads what /home reads first: the newest entries, then its collections, then the rest', async ({
  browser,
  server,
}) => {
  test.setTimeout(90_000)
  const { token, user } = await seededAccount(server, 'firstsyncorder')
  const context = await signedInContext(browser, server, token, user)
  const pulls: string[] = []
  context.on('request', (request) => {
    const pull = /\/api\/sync\/(\w+)\/pull\?(.*)$/.exec(request.url())
    if (pull) pulls.push(pull[2]!.includes('order=newest') ? 'head' : pull[1]!)
  })
  // The budgets' download is held: nothing after the home screen's collections may start meanwhile.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/api\/sync\/budgets\/pull\?/, async (route) => {
    await held
    await route.continue()
  })
  const page = await context.newPage()
  await page.goto('/home')
  await expect(page.getByTestId('transaction-item').first()).toContainText('the newest entry')
  await expect.poll(() => pulls).toContain('budgets')
  expect(pulls[0]).toBe('head')
  await page.waitForTimeout(1_500)
  expect(new Set(pulls)).toEqual(new Set(['head', 'profile', 'budgets', 'recurring_payments']))

  release()
  await expect(page.getByRole('progressbar', { name: 'Downloading your data' })).toHaveCount(0, { timeout: 60_000 })
  expect(pulls).toEqual(expect.arrayContaining(['loans', 'tickets', 'households', 'settlements', 'transactions']))
  await expect(page.getByTestId('transaction-item').first()).toContainText('the newest entry')
  await context.close()
})
