import type { Browser, Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import type { ServerProcess } from './support/server'
import {
  axeViolations,
  contextAt,
  fitProblems,
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
  return { user, token, userId }
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
  test(`signed-in screens at ${width.width} px, light, dark: no axe violation, whole amounts, no side scroll`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000)
    const problems: string[] = []
    await withContext(browser, baseURL, width, async (page) => {
      await signIn(page, seeded.user)
      await sweep(page, SIGNED_IN_ROUTES, 'signed-in', width, problems)
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
