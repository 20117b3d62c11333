import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test'
import { untilLoaded } from './a11y'
import { newUser } from './fixtures'
import { TEST_ADMIN, type ServerProcess } from './server'

export type TestUser = ReturnType<typeof newUser>

/**
 * Signs a new user up the way a newcomer does: /signup leads to onboarding, whose first step
 * may be skipped and whose second creates the account. The name is onboarding's profile step;
 * it is set here the way that step sets it (PUT /auth/update-profile). Ends on /home.
 */
export async function signUp(page: Page, user: TestUser, { withName = true } = {}) {
  await page.goto('/signup')
  await expect(page).toHaveURL(/\/onboarding$/)
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByLabel('Confirm Password').fill(user.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('heading', { name: 'Choose your path' })).toBeVisible()
  if (withName) {
    const status = await page.evaluate(async (name) => {
      const res = await fetch('/api/auth/update-profile', {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('hisaab.token')}`,
        },
        body: JSON.stringify({ name }),
      })
      return res.status
    }, user.name)
    expect(status).toBe(200)
  }
  await page.goto('/home')
  await expect(page).toHaveURL(/\/home$/)
}

/** Signs an existing user in through the form and waits for /home. */
export async function signIn(page: Page, user: TestUser) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Signs in over REST (as another client would) for seeding and checking data. */
export async function apiLogin(server: ServerProcess, user: TestUser): Promise<{ token: string; userId: string }> {
  const res = await server.api<{ token: string; user: { id: string } }>('POST', '/auth/login', undefined, {
    email: user.email,
    password: user.password,
  })
  expect(res.status).toBe(200)
  return { token: res.body.token, userId: res.body.user.id }
}

/**
 * A browser context (a device) already signed in with `token`, the app's debug handle enabled;
 * `options` set its look (viewport, colour scheme, touch).
 */
export async function signedInContext(
  browser: Browser,
  server: ServerProcess,
  token: string,
  user: unknown,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL: server.url })
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('hisaab.token', token)
      localStorage.setItem('hisaab.user', JSON.stringify(user))
      localStorage.setItem('hisaabDebug', '1')
    },
    { token, user },
  )
  return context
}

/** A new user signed up through the form, with a REST token for seeding: how most specs start. */
export async function signUpWithToken(
  page: Page,
  server: ServerProcess,
  label: string,
): Promise<{ user: TestUser; token: string; userId: string }> {
  const user = newUser(label)
  await signUp(page, user)
  return { user, ...(await apiLogin(server, user)) }
}

export interface RestEntry {
  /** Rupees. */
  amount: number
  /** 'YYYY-MM-DD' or an ISO timestamp. */
  date: string
  description?: string
}

/** Adds an expense through POST /api/expenses; it reaches open pages through the stream. */
export async function restExpense(server: ServerProcess, token: string, entry: RestEntry & { category: string }) {
  const res = await server.api('POST', '/expenses', token, { description: '', ...entry })
  expect(res.status).toBe(201)
}

/** Adds an income through POST /api/income. */
export async function restIncome(server: ServerProcess, token: string, entry: RestEntry & { source: string }) {
  const res = await server.api('POST', '/income', token, { description: '', ...entry })
  expect(res.status).toBe(201)
}

/** Creates a budget document through the sync push endpoint (budgets get their screen later). */
export async function pushBudget(
  server: ServerProcess,
  auth: { token: string; userId: string },
  budget: { category: string; rupees: number; createdAt: number; period?: string },
) {
  const now = Date.now()
  const doc = {
    id: `budget-${budget.category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${now.toString(36)}`,
    ownerId: auth.userId,
    updatedAt: now,
    category: budget.category,
    amount: budget.rupees * 100,
    period: budget.period ?? 'monthly',
    allocated: 0,
    createdAt: budget.createdAt,
  }
  const res = await server.api<unknown[]>('POST', '/sync/budgets/push', auth.token, [{ newDocumentState: doc }])
  expect(res.status).toBe(200)
  expect(res.body).toEqual([])
}

/** Where a swipe on `row` starts: left of centre, mid-height, after scrolling it into view. */
async function swipeStart(row: Locator): Promise<{ x: number; y: number }> {
  await row.scrollIntoViewIfNeeded()
  const box = await row.boundingBox()
  if (!box) throw new Error('row is not visible')
  return { x: box.x + box.width * 0.4, y: box.y + box.height / 2 }
}

/** Drags a transaction row sideways with the mouse (pointer events, pointerType 'mouse'). */
export async function mouseSwipe(page: Page, row: Locator, dx: number) {
  const { x, y } = await swipeStart(row)
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx, y + 3, { steps: 12 })
  await page.mouse.up()
}

/** Drags a transaction row sideways with a finger (CDP touch events become 'touch' pointer events). */
export async function touchSwipe(page: Page, row: Locator, dx: number) {
  const { x, y } = await swipeStart(row)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let i = 1; i <= 12; i += 1)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 12, y: y + 2 }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** A screenshot once loading spinners are gone, with animations finished (for review, not comparison). */
export async function shot(page: Page, path: string) {
  await untilLoaded(page)
  await page.screenshot({ path, animations: 'disabled' })
}

/**
 * Waits until the service worker is active, which means its precache (every route's chunk) is
 * complete: only then does stopping the server leave a working app behind.
 */
export async function offlineReady(page: Page) {
  await expect
    .poll(
      () => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()?.then((r) => r?.active))),
      // The app registers it once the page is idle; then it precaches the app.
      { timeout: 30_000 },
    )
    .toBe(true)
}

/** Adds a Food & Dining expense through /add-expense and waits for the app to return to /home. */
export async function addExpense(page: Page, amount: string, description: string) {
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill(amount)
  await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await page.getByLabel('Description').fill(description)
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Signs in as the test server's admin, on the admin dashboard. */
export async function adminLogin(page: Page) {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(TEST_ADMIN.email)
  await page.getByLabel('Password').fill(TEST_ADMIN.password)
  await page.getByRole('button', { name: 'Login to Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}

/**
 * From the next page load on, every query of these collections' IndexedDB databases fails, as on a
 * device whose storage went bad; an empty list makes them readable again.
 */
export async function failReadsOf(page: Page, collections: string[]) {
  await page.addInitScript(() => {
    const failing = JSON.parse(sessionStorage.getItem('e2e.failReads') ?? '[]') as string[]
    if (failing.length === 0) return
    const dbOf = (source: IDBIndex | IDBObjectStore) =>
      ('objectStore' in source ? source.objectStore : source).transaction.db.name
    for (const proto of [IDBIndex.prototype, IDBObjectStore.prototype] as (IDBIndex | IDBObjectStore)[])
      for (const method of ['getAll', 'getAllKeys', 'openCursor', 'count'] as const) {
        const original = Reflect.get(proto, method) as (...args: unknown[]) => IDBRequest
        Object.defineProperty(proto, method, {
          value(this: IDBIndex | IDBObjectStore, ...args: unknown[]) {
            if (failing.some((name) => dbOf(this).endsWith(`--${name}`)))
              throw new DOMException('The disk is unreadable', 'UnknownError')
            return original.apply(this, args)
          },
        })
      }
  })
  await page.evaluate((names) => sessionStorage.setItem('e2e.failReads', JSON.stringify(names)), collections)
}
