import type { Browser, Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import type { ServerProcess } from './support/server'
import {
  axeViolations,
  contextAt,
  fitProblems,
  helpCovers,
  LONG_CATEGORY,
  openRoute,
  PUBLIC_ROUTES,
  seedBigAmounts,
  SIGNED_IN_ROUTES,
  THEMES,
  useTheme,
  WIDTHS,
  type SweepRoute,
  type Theme,
  type Width,
} from './support/ui-fit'

const SHOTS = '.tmp/shots-ui-fit'

test.use({ timezoneId: 'Asia/Kolkata' })

interface Seeded {
  user: ReturnType<typeof newUser>
  token: string
  userId: string
  /** Households, debts and support, with ids from the seeding. */
  moreRoutes: SweepRoute[]
}

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })

/** A user with the figures: big incomes, a 60-character custom category, budgets and a bill. */
async function seedUser(server: ServerProcess, label: string): Promise<Seeded> {
  const user = newUser(label)
  const res = await server.api<{ token: string; user: { id: string } }>('POST', '/auth/register', undefined, user)
  expect(res.status).toBe(201)
  const { token } = res.body
  const userId = res.body.user.id
  const now = Date.now()
  const push = async (collection: string, doc: Record<string, unknown>) => {
    const pushed = await server.api<unknown[]>('POST', `/sync/${collection}/push`, token, [
      { newDocumentState: { ownerId: userId, updatedAt: now, ...doc } },
    ])
    expect(pushed.status).toBe(200)
    expect(pushed.body).toEqual([])
  }
  await push('profile', {
    id: userId,
    currency: 'INR',
    customCategories: [LONG_CATEGORY],
    monthlyIncome: 0,
    hideBalance: false,
    monthlyReportByWhatsapp: true,
    userType: 'type_b',
    goals: [],
  })
  const budget = (id: string, category: string, amount: number, allocated: number) =>
    push('budgets', { id, category, amount, period: 'monthly', allocated, createdAt: now - 86_400_000 })
  await budget(`b-long-${now}`, LONG_CATEGORY, 30_000_00, 1_50_000_00)
  await budget(`b-shop-${now}`, 'Shopping', 12_00_000_00, 0)
  await seedBigAmounts(server, token, today())
  return { user, token, userId, moreRoutes: await seedSharedAndSupport(server, token, userId) }
}

/** A month from today, as 'YYYY-MM-DD' (Asia/Kolkata). */
const nextMonth = () => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m, Math.min(d, 28))).toISOString().slice(0, 10)
}

/**
 * The screens beyond the ledger, with the figures: a household where a flatmate owes
 * ₹1,200.25, has a ₹2,400 expense waiting for review and a payment waiting for Confirm; a home
 * loan of ₹46,94,647.12 with an EMI in paise; a support ticket. Returns their sweep routes.
 */
async function seedSharedAndSupport(server: ServerProcess, token: string, userId: string): Promise<SweepRoute[]> {
  const call = async <T>(method: string, path: string, who: string, body?: unknown) => {
    const res = await server.api<T>(method, path, who, body)
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300)
    return res.body
  }
  const flatmate = newUser('uifitmate')
  const other = await call<{ token: string; user: { id: string } }>('POST', '/auth/register', '', flatmate)
  const { household } = await call<{ household: { id: string } }>('POST', '/households', token, {
    name: 'Flat 4B, Koregaon Park',
  })
  await call('POST', `/households/${household.id}/invite`, token, { email: flatmate.email })
  const { invitations } = await call<{ invitations: { id: string }[] }>('GET', '/households/invitations', other.token)
  await call('POST', `/households/invitations/${invitations[0]!.id}/accept`, other.token)
  const expense = { category: 'Groceries', description: 'Monthly groceries', date: today() }
  await call('POST', `/households/${household.id}/expenses`, token, { ...expense, amount: 2400.5 })
  await call('POST', `/households/${household.id}/expenses`, other.token, {
    category: 'Cook/Maid',
    description: 'Cook salary for November',
    date: today(),
    amount: 2400,
  })
  await call('POST', `/households/${household.id}/settlements`, other.token, { to_user: userId, amount: 500.5 })
  const { loan } = await call<{ loan: { id: string } }>('POST', '/loans', token, {
    loan_type: 'home',
    loan_name: 'Flat in Pune',
    loan_status: 'new',
    start_date: today(),
    principal_amount: 4694647.12,
    interest_rate: 8.5,
    interest_type: 'emi',
    loan_duration_months: 240,
    emi_amount: 40741.37,
    next_due_date: nextMonth(),
  })
  const { ticket_id: ticketId } = await call<{ ticket_id: string }>('POST', '/support/tickets', token, {
    category: 'bug',
    subject: 'Export shows an empty file',
    description: 'The CSV has only its header row.',
  })
  const text = (t: string) => (page: Page) => page.getByText(t).first()
  const hh = `/households/${household.id}`
  return [
    { path: '/households', ready: text('Flat 4B, Koregaon Park') },
    { path: hh, ready: text('Monthly groceries') },
    { path: `${hh}?tab=balances`, ready: (page) => page.getByRole('button', { name: 'Confirm' }).first() },
    { path: `${hh}/settle?user=${other.user.id}`, ready: (page) => page.getByLabel('Paid to') },
    { path: '/households/reviews', ready: text('Cook salary for November') },
    { path: '/debts', ready: text('Flat in Pune') },
    { path: `/debts/${loan.id}`, ready: (page) => page.getByTestId('loan-balance') },
    { path: '/support' },
    { path: '/support/tickets', ready: text('Export shows an empty file') },
    { path: '/support/tickets/new' },
    { path: `/support/tickets/${ticketId}`, ready: text('Export shows an empty file') },
  ]
}

async function signIn(page: Page, user: Seeded['user']) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Each dialog the issue names, opened with the 60-character category in it. */
const DIALOGS: { route: string; name: string; open: (page: Page) => Promise<void> }[] = [
  {
    route: '/budgets',
    name: 'Create Budget',
    open: async (page) => {
      await page.getByRole('button', { name: 'Create Budget' }).first().click()
      await page.getByRole('dialog').getByLabel('Category', { exact: true }).selectOption(LONG_CATEGORY)
    },
  },
  {
    route: '/budgets',
    name: 'Edit Budget',
    open: (page) =>
      page.getByTestId('budget-card').filter({ hasText: 'ayurvedic' }).getByRole('button').first().click(),
  },
  {
    route: '/recurring-payments',
    name: 'Add Recurring Payment',
    open: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Add', exact: true }).click()
      await page.getByRole('dialog').getByLabel('Category (optional)').selectOption(LONG_CATEGORY)
    },
  },
  {
    route: '/recurring-payments',
    name: 'Edit Recurring Payment',
    open: (page) => page.getByTestId('recurring-card').first().getByRole('button', { name: /^Edit/ }).click(),
  },
  {
    route: '/transactions',
    name: 'Edit Expense',
    // The row's buttons show on hover or focus (swipe on touch): the keyboard way.
    open: async (page) => {
      await page
        .getByTestId('transaction-item')
        .filter({ hasText: 'ayurvedic' })
        .getByRole('button', { name: /^Edit/ })
        .focus()
      await page.keyboard.press('Enter')
    },
  },
]

async function sweep(
  page: Page,
  routes: readonly SweepRoute[],
  label: string,
  width: Width,
  problems: string[],
  themes: readonly Theme[] = THEMES,
) {
  for (const theme of themes) {
    await useTheme(page, theme)
    for (const route of routes) {
      await openRoute(page, route, theme)
      const where = `${route.path} ${width.name} ${theme}`
      for (const v of await axeViolations(page)) problems.push(`${where} axe ${v}`)
      for (const p of await fitProblems(page)) problems.push(`${where} ${p.kind} "${p.text}" (${p.where})`)
      // Nothing to act on, and no amount, under the Help button, at any scroll position (once per width).
      if (theme === themes[0]) for (const c of await helpCovers(page)) problems.push(`${where} Help covers ${c}`)
      // Screenshots for a person to look at (UI_FIT_SHOTS=1); they double the sweep's time.
      if (process.env.UI_FIT_SHOTS)
        await page.screenshot({
          path: `${SHOTS}/${label}-${route.path.replaceAll('/', '_')}-${width.name}-${theme}.png`,
          fullPage: true,
          animations: 'disabled',
        })
    }
  }
}

async function sweepDialogs(page: Page, width: Width, problems: string[]) {
  for (const theme of THEMES) {
    await useTheme(page, theme)
    for (const dialog of DIALOGS) {
      await openRoute(page, SIGNED_IN_ROUTES.find((r) => r.path === dialog.route) ?? { path: dialog.route }, theme)
      await dialog.open(page)
      const open = page.getByRole('dialog', { name: dialog.name })
      await expect(open).toBeVisible()
      const where = `${dialog.name} dialog ${width.name} ${theme}`
      // A dialog must not open scrolled sideways: its title starts at its left edge.
      const scrolled = await open.evaluate((d) => d.scrollLeft)
      if (scrolled > 0) problems.push(`${where} opened scrolled ${scrolled}px sideways`)
      for (const p of await fitProblems(page, 'dialog[open]'))
        problems.push(`${where} ${p.kind} "${p.text}" (${p.where})`)
      for (const v of await axeViolations(page, 'dialog[open]')) problems.push(`${where} axe ${v}`)
      if (process.env.UI_FIT_SHOTS)
        await page.screenshot({
          path: `${SHOTS}/dialog-${dialog.name.replaceAll(' ', '-')}-${width.name}-${theme}.png`,
        })
      await page.keyboard.press('Escape')
      await expect(open).toBeHidden()
    }
  }
}

async function withContext(browser: Browser, baseURL: string, width: Width, run: (page: Page) => Promise<void>) {
  const context = await contextAt(browser, baseURL, width)
  try {
    await run(await context.newPage())
  } finally {
    await context.close()
  }
}

let seeded: Seeded

test.beforeAll(async ({ server }) => {
  seeded = await seedUser(server, 'uifit')
})

for (const width of WIDTHS) {
  const signedIn: [string, () => readonly SweepRoute[]][] = [
    ['signed-in screens', () => SIGNED_IN_ROUTES],
    ['household, debt and support screens', () => seeded.moreRoutes],
  ]
  for (const [what, routes] of signedIn)
    test(`${what} at ${width.width} px, light, dark: axe, whole amounts, nothing under Help, no side scroll`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000)
      const problems: string[] = []
      await withContext(browser, baseURL, width, async (page) => {
        await signIn(page, seeded.user)
        // Help loads once the first page is idle; from then on it stays.
        await expect(page.getByRole('button', { name: 'Help', exact: true })).toBeVisible()
        await sweep(page, routes(), 'signed-in', width, problems)
      })
      expect(problems).toEqual([])
    })

  test(`the public screens at ${width.width} px, light and dark`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const problems: string[] = []
    // A fresh visitor per theme: the demo keeps a session that would turn /login into the demo's home.
    for (const theme of THEMES)
      await withContext(browser, baseURL, width, (page) =>
        sweep(page, PUBLIC_ROUTES, 'public', width, problems, [theme]),
      )
    expect(problems).toEqual([])
  })

  test(`dialogs fit at ${width.width} px with a 60-character category, light and dark`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    const problems: string[] = []
    await withContext(browser, baseURL, width, async (page) => {
      await signIn(page, seeded.user)
      await sweepDialogs(page, width, problems)
    })
    expect(problems).toEqual([])
  })
}

test('the desktop nav is one row at 1280 px with every item; narrower, the rest goes behind More', async ({
  browser,
  baseURL,
}) => {
  await withContext(browser, baseURL, WIDTHS[1]!, async (page) => {
    await signIn(page, seeded.user)
    const row = page.locator('nav.topnav .topnav__inner')
    const links = row.locator('a.topnav__link')
    await expect(links.first()).toBeVisible()
    const tops = async () => new Set(await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().top)))
    expect(await links.count()).toBe(12)
    expect((await tops()).size).toBe(1)
    await expect(row.getByRole('button', { name: 'More' })).toHaveCount(0)
    // A narrower desktop keeps one row; the items that do not fit are one click away.
    await page.setViewportSize({ width: 1024, height: 800 })
    await expect(row.getByRole('button', { name: 'More' })).toBeVisible()
    expect((await tops()).size).toBe(1)
    const hidden = 12 - (await links.count())
    expect(hidden).toBeGreaterThan(0)
    await row.getByRole('button', { name: 'More' }).click()
    await expect(row.locator('.topnav__menu a')).toHaveCount(hidden)
    await row.locator('.topnav__menu').getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(/\/settings$/)
    await expect(row.getByRole('button', { name: 'More' })).toHaveClass(/active/)
  })
})

test('a window opened at phone width measures the desktop nav once it is widened', async ({ browser, baseURL }) => {
  await withContext(browser, baseURL, WIDTHS[0]!, async (page) => {
    await signIn(page, seeded.user)
    const row = page.locator('nav.topnav .topnav__inner')
    await expect(row).toBeHidden()
    // Not measured while hidden: once shown, the observer measures it as a desktop's first render does.
    await page.setViewportSize({ width: 1024, height: 800 })
    await expect(row.getByRole('button', { name: 'More' })).toBeVisible()
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(row.locator('a.topnav__link')).toHaveCount(12)
    await expect(row.getByRole('button', { name: 'More' })).toHaveCount(0)
  })
})

test('home has one theme toggle, in the top bar', async ({ browser, baseURL }) => {
  for (const width of WIDTHS)
    await withContext(browser, baseURL, width, async (page) => {
      await signIn(page, seeded.user)
      await expect(page.getByRole('banner').getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible()
      await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toHaveCount(1)
    })
})

test('an unknown address shows a not-found page with a way home, signed in or not', async ({ browser, baseURL }) => {
  await withContext(browser, baseURL, WIDTHS[0]!, async (page) => {
    await page.goto('/no-such-page/at-all')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page).toHaveURL(/\/no-such-page\/at-all$/)
    await expect(page.getByText('/no-such-page/at-all')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Go to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await signIn(page, seeded.user)
    await page.goto('/settingz')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to Home' }).click()
    await expect(page).toHaveURL(/\/home$/)
  })
})
