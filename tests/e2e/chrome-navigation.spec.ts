import type { Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { shot, signUp } from './support/flows'

const SHOTS = '.tmp/shots-chrome'
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

const topNav = (page: Page) => page.locator('nav.topnav')
const bottomBar = (page: Page) => page.locator('nav.bottombar')
const quickActions = (page: Page) => page.getByRole('dialog', { name: 'Quick Actions' })

/** Records, in the page, when the next click happened and when the router next changed the URL. */
async function watchNavigationDelay(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __clickAt?: number; __navAt?: number }
    w.__clickAt = undefined
    w.__navAt = undefined
    document.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true, once: true })
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history)
      history[method] = (...args: Parameters<History['pushState']>) => {
        w.__navAt ??= performance.now()
        original(...args)
      }
    }
  })
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __clickAt?: number; __navAt?: number }
      return (w.__navAt ?? NaN) - (w.__clickAt ?? NaN)
    })
}

test.describe('desktop navbar', () => {
  test.use({ viewport: DESKTOP })

  test('links, initials, theme toggle, sync state and Logout', async ({ page }) => {
    const user = newUser('chrome')
    await signUp(page, user)

    const nav = topNav(page)
    await expect(nav).toBeVisible()
    await expect(bottomBar(page)).toBeHidden()
    const links = nav.getByRole('link')
    // Screens join the nav with their own lines; the spec's ones keep their order among them.
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports')
    const spine = ['Home', 'Add Expense', 'Add Income', 'Reports', 'All Transactions']
    expect((await links.allTextContents()).filter((label) => spine.includes(label))).toEqual(spine)
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'All Transactions' })).toHaveAttribute('href', '/transactions')

    // 'Asha chrome' → AS; the avatar names the user.
    await expect(page.getByTestId('user-initials')).toHaveText('AS')
    await expect(page.getByRole('img', { name: `Signed in as ${user.name}` })).toBeVisible()
    await expect(page.getByTestId('sync-status')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible()
    await shot(page, `${SHOTS}/desktop-home-light.png`)

    await nav.getByRole('link', { name: 'Add Expense' }).click()
    await expect(page).toHaveURL(/\/add-expense$/)
    await expect(nav.getByRole('link', { name: 'Add Expense' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
    await nav.getByRole('link', { name: 'Add Income' }).click()
    await expect(page).toHaveURL(/\/add-income$/)
    await nav.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/home$/)

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    // Hidden on the login page, and the session is really over.
    await expect(topNav(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)
    await page.goto('/home')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('initials come from the e-mail when there is no name', async ({ page }) => {
    const user = newUser('zed')
    await signUp(page, user, { withName: false })
    await expect(page.getByTestId('user-initials')).toHaveText('ZE')
  })

  test('/add opens Quick Actions over home on a wide screen too, and picking one navigates', async ({ page }) => {
    await signUp(page, newUser('wideadd'))
    await page.goto('/add')
    await expect(quickActions(page)).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
    await shot(page, `${SHOTS}/desktop-add-sheet-light.png`)
    await quickActions(page)
      .getByRole('button', { name: /Add Income/ })
      .click()
    await expect(quickActions(page)).toBeHidden()
    await expect(page).toHaveURL(/\/add-income$/)
    // /add was replaced: Back does not reopen the sheet.
    await page.goBack()
    await expect(page).toHaveURL(/\/home$/)
    await expect(quickActions(page)).toHaveCount(0)
  })
})

test.describe('phone bottom bar', () => {
  test.use({ viewport: PHONE })

  test('bottom bar with a centre Add button; Quick Actions sheet opens, traps focus, and closes', async ({ page }) => {
    await signUp(page, newUser('phone'))

    const bar = bottomBar(page)
    await expect(bar).toBeVisible()
    await expect(topNav(page)).toBeHidden()
    // Home (Reports) | Add | Transactions (Profile), left to right.
    const home = bar.getByRole('link', { name: 'Home' })
    const add = bar.getByRole('button', { name: 'Add' })
    const transactions = bar.getByRole('link', { name: 'Transactions' })
    await expect(transactions).toHaveAttribute('href', '/transactions')
    const [h, a, t] = await Promise.all([home.boundingBox(), add.boundingBox(), transactions.boundingBox()])
    expect(h && a && t && h.x < a.x && a.x < t.x).toBe(true)
    expect(Math.abs((a?.x ?? 0) + (a?.width ?? 0) / 2 - PHONE.width / 2)).toBeLessThan(4)
    // Logout, theme and sync state stay reachable in the top bar.
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(page.getByTestId('sync-status')).toBeVisible()
    await shot(page, `${SHOTS}/phone-home-light.png`)

    // Cancel closes.
    await add.click()
    const sheet = quickActions(page)
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('button')).toHaveText([
      /Add Expense/,
      /Add Income/,
      /Budgets & Goals/,
      /Debts & Loans/,
      /Your Money/,
      /Recurring Payments/,
      /Households/,
      'Cancel',
    ])
    await shot(page, `${SHOTS}/phone-quick-actions-light.png`)
    await sheet.getByRole('button', { name: 'Cancel' }).click()
    await expect(sheet).toBeHidden()
    await expect(add).toBeFocused()

    // Focus stays inside while open; Esc closes.
    await add.click()
    await expect(sheet).toBeVisible()
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()

    // A tap on the backdrop closes.
    await add.click()
    await expect(sheet).toBeVisible()
    await page.mouse.click(PHONE.width / 2, 40)
    await expect(sheet).toBeHidden()
    await expect(page).toHaveURL(/\/home$/)

    // Add Expense: the sheet closes at once, the route changes 200 ms later.
    await add.click()
    await expect(sheet).toBeVisible()
    const delay = await watchNavigationDelay(page)
    await sheet.getByRole('button', { name: /Add Expense/ }).click()
    await expect(sheet).toBeHidden()
    await expect(page).toHaveURL(/\/add-expense$/)
    const elapsed = await delay()
    expect(elapsed).toBeGreaterThanOrEqual(190)
    expect(elapsed).toBeLessThan(1500)

    await bar.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  })

  test('/add opens the sheet over home; Esc returns to /home', async ({ page }) => {
    await signUp(page, newUser('addroute'))
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/add')
    const sheet = quickActions(page)
    await expect(sheet).toBeVisible()
    await expect(page).toHaveURL(/\/add$/)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await shot(page, `${SHOTS}/phone-quick-actions-dark.png`)
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(page).toHaveURL(/\/home$/)
    await shot(page, `${SHOTS}/phone-home-dark.png`)
  })
})

test('/chat redirects to /support', async ({ page }) => {
  await signUp(page, newUser('chat'))
  // Every URL the router sets, in order.
  await page.addInitScript(() => {
    const w = window as unknown as { __paths: string[] }
    w.__paths = [location.pathname]
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history)
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url)
        w.__paths.push(location.pathname)
      }
    }
  })
  await page.goto('/chat')
  await expect(page).not.toHaveURL(/\/chat$/)
  const paths = await page.evaluate(() => (window as unknown as { __paths: string[] }).__paths)
  // The router may re-stamp the first entry; the first new path after /chat is /support.
  expect(paths[0]).toBe('/chat')
  expect(paths.find((path) => path !== '/chat')).toBe('/support')
})

test('a failure inside the signed-in frame shows the error fallback', async ({ page }) => {
  await signUp(page, newUser('crash'))
  // The local database cannot open: the frame's data gate throws and the route's fallback shows.
  await page.addInitScript(() => {
    IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
      throw new DOMException('IndexedDB is unavailable in this test', 'UnknownError')
    }
  })
  page.on('console', () => undefined)
  await page.reload()
  const fallback = page.getByRole('alert')
  await expect(fallback.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
  await expect(fallback).toContainText('your data is safe')
  await shot(page, `${SHOTS}/error-fallback.png`)

  const reloaded = page.waitForEvent('load')
  await fallback.getByRole('button', { name: 'Reload Page' }).click()
  await reloaded
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()

  const wentHome = page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Go to Home' }).click()
  await wentHome
})
