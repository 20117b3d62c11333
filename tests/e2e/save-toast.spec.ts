import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, test } from './support/fixtures'
import { pushBudget, shot, signUpWithToken } from './support/flows'

const SHOTS = '.tmp/shots-save-toast'

const success = (page: Page) => page.getByRole('status').filter({ hasText: 'Expense added successfully' })

async function fillExpense(page: Page, amount: string, category: string, description: string) {
  await page.getByLabel('Amount').fill(amount)
  await page.getByLabel('Category', { exact: true }).selectOption(category)
  await page.getByLabel('Description').fill(description)
}

/**
 * Keeps, in the page, when each IndexedDB transaction started (its database's name and mode) and
 * when the success toast was added, on one clock: what a save waits for, read from the outside.
 */
async function recordStorageAndToast(page: Page) {
  await page.addInitScript(() => {
    const log: { db: string; mode: string; at: number }[] = []
    const w = window as unknown as { __tx: typeof log; __toastAt?: number }
    w.__tx = log
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to its own database below
    const transaction = IDBDatabase.prototype.transaction
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
      const tx = transaction.apply(this, args)
      log.push({ db: this.name, mode: tx.mode, at: performance.now() })
      return tx
    } as typeof transaction
    new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes])
      if (added.some((n) => n instanceof HTMLElement && /added successfully/.test(n.textContent ?? '')))
        w.__toastAt ??= performance.now()
    }).observe(document, { childList: true, subtree: true })
  })
}

/** Waits until no IndexedDB transaction has started for half a second. */
async function untilStorageQuiet(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const log = (window as unknown as { __tx: { at: number }[] }).__tx
          return performance.now() - (log.at(-1)?.at ?? 0)
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(500)
}

test('the toast comes once the entry is written and before the budget alert is worked out; the alert follows', async ({
  page,
  server,
}) => {
  await recordStorageAndToast(page)
  const auth = await signUpWithToken(page, server, 'toastorder')
  await pushBudget(server, auth, { category: 'Food & Dining', rupees: 1_000, createdAt: Date.now() - 1_000 })
  await page.goto('/budgets')
  await expect(page.getByText('Food & Dining')).toBeVisible()
  await page.goto('/add-expense')
  await fillExpense(page, '800', 'Food & Dining', 'thali')
  // The page load's own reads (the sync's first counts read the budgets too) come before the tap:
  // on a busy machine they could still be running and pass for the alert's.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced')
  await untilStorageQuiet(page)
  const tapAt = await page.evaluate(() => performance.now())
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(success(page)).toContainText('⚠️ Food & Dining budget is at 80% (₹800 of ₹1,000)')

  const { tx, toastAt } = await page.evaluate(() => {
    const w = window as unknown as { __tx: { db: string; mode: string; at: number }[]; __toastAt?: number }
    return { tx: w.__tx, toastAt: w.__toastAt }
  })
  const after = tx.filter((t) => t.at >= tapAt)
  const write = after.find((t) => t.mode === 'readwrite' && t.db.endsWith('--transactions'))
  const budgetRead = after.find((t) => t.db.endsWith('--budgets'))
  expect(toastAt, 'the success toast was added').toBeDefined()
  expect(write, 'the entry was written').toBeDefined()
  expect(budgetRead, 'the budget alert read the budgets').toBeDefined()
  // Written, then announced, then the alert's reads: the toast waits for the write only.
  expect(write!.at).toBeLessThan(toastAt!)
  expect(toastAt!).toBeLessThan(budgetRead!.at)

  // Stored for good: a reload right away still lists it.
  await page.reload()
  await page.goto('/transactions')
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'thali' })).toHaveCount(1)
})

test('a tap on Add Expense right after a save opens a new, empty form that stays', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUpWithToken(page, server, 'again')
  // The page's timers are the test's to hold: on a busy machine the 1 s redirect could win the race.
  await page.clock.install()
  await page.goto('/add-expense')
  await fillExpense(page, '120', 'Food & Dining', 'first')
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(success(page)).toBeVisible()

  // Before the redirect home (1 s), the top bar's Add Expense: a new form, not the saved one.
  await page.getByRole('navigation').getByRole('link', { name: 'Add Expense' }).click()
  await expect(page.getByLabel('Amount')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Add Expense' })).toBeEnabled()
  // The earlier save's redirect does not take this form away.
  await page.clock.runFor(1_500)
  await expect(page).toHaveURL(/\/add-expense$/)
  await page.clock.resume()

  await fillExpense(page, '130', 'Food & Dining', 'second')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(success(page)).toBeVisible()
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/transactions')
  await expect(page.getByTestId('transaction-item').filter({ hasText: /first|second/ })).toHaveCount(2)
})

test('a write that fails says so, adds nothing and leaves the form to try again', async ({ page, server }) => {
  await signUpWithToken(page, server, 'fails')
  await page.goto('/add-expense')
  await fillExpense(page, '250', 'Food & Dining', 'refused')
  // The device's storage refuses the next write to the transactions (a full disk, say).
  await page.evaluate(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to its own store below
    const put = IDBObjectStore.prototype.put
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (this.transaction.db.name.endsWith('--transactions')) {
        IDBObjectStore.prototype.put = put
        throw new DOMException('The disk is full', 'QuotaExceededError')
      }
      return put.apply(this, args)
    } as typeof put
  })
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page.getByRole('status').filter({ hasText: '❌ Could not save. Please try again.' })).toBeVisible()
  await expect(success(page)).toHaveCount(0)
  await expect(page).toHaveURL(/\/add-expense$/)
  await expect(page.getByRole('button', { name: 'Add Expense' })).toBeEnabled()

  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(success(page)).toBeVisible()
  await page.goto('/transactions')
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'refused' })).toHaveCount(1)
})

for (const look of LOOKS.filter((l) => l.name.endsWith('390'))) {
  test(`the add form and its toast, ${look.name}`, async ({ browser, server, baseURL }) => {
    const context = await browser.newContext({ ...look, baseURL })
    const page = await context.newPage()
    await signUpWithToken(page, server, `toastlook${look.name.replace('-', '')}`)
    await page.goto('/add-expense')
    await fillExpense(page, '9876543.21', 'Others', 'A note')
    await page.getByLabel('Custom Category').fill('C'.repeat(60))
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, `${SHOTS}/form-${look.name}.png`)
    await expectAccessible(page, `add expense ${look.name}`)
    await page.getByRole('button', { name: 'Add Expense' }).click()
    await expect(success(page)).toBeVisible()
    await shot(page, `${SHOTS}/toast-${look.name}.png`)
    await expectAccessible(page, `add expense toast ${look.name}`)
    await context.close()
  })
}
