import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import type { Ticket } from '../../schema/entities/ticket'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, restExpense, shot, signIn, signUp, signUpWithToken } from './support/flows'
import type { ServerProcess } from './support/server'

const SHOTS = 'test-results/admin'
const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' }
const LONG_NAME = 'Venkatanarasimharajuvaripeta Subramanyam Lakshminarayanan Iyer'.slice(0, 60)

test.describe.configure({ mode: 'serial' })

async function adminLogin(page: Page) {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login to Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}

/** The page in light and dark, at 1280 px and 390 px: a screenshot each and no axe violations. */
async function checkEverywhere(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await shot(page, `${SHOTS}/${name}-${theme}-${width}.png`)
      const results = await new AxeBuilder({ page }).analyze()
      expect(results.violations, `${name} ${theme} ${width}px`).toEqual([])
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

let ticketSeq = 0
async function pushTicket(server: ServerProcess, auth: { token: string; userId: string }, fields: Partial<Ticket>) {
  ticketSeq += 1
  const now = Date.now()
  const doc: Ticket = {
    id: `ticket-e2e-${ticketSeq}-${now.toString(36)}`,
    ownerId: auth.userId,
    updatedAt: now,
    ticketNumber: `TKT-${1000 + ticketSeq}`,
    subject: 'WhatsApp entries stopped syncing',
    description: 'Since yesterday my WhatsApp expenses do not show up. '.repeat(5).trim(),
    category: 'whatsapp',
    priority: 'high',
    status: 'open',
    messages: [],
    createdAt: now,
    ...fields,
  }
  const res = await server.api('POST', '/sync/tickets/push', auth.token, [
    { newDocumentState: { ...doc, _deleted: false } },
  ])
  expect(res.status).toBe(200)
  return doc
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  return context.newPage()
}

test('admin login refuses ordinary accounts and wrong passwords; non-admins are sent home', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = newUser('plain')
  await signUp(page, user)
  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/home$/)

  const visitor = await newPage(browser, baseURL)
  await visitor.goto('/admin')
  await expect(visitor).toHaveURL(/\/admin\/login$/)
  await visitor.getByRole('button', { name: 'Login to Admin' }).click()
  await expect(visitor.getByRole('alert')).toHaveText('Please enter your email and password')
  await visitor.getByLabel('Email').fill(user.email)
  await visitor.getByLabel('Password').fill(user.password)
  await visitor.getByRole('button', { name: 'Login to Admin' }).click()
  await expect(visitor.getByRole('alert')).toHaveText('Access denied. Admin credentials required.')
  await expect(visitor).toHaveURL(/\/admin\/login$/)
  expect(await visitor.evaluate(() => localStorage.getItem('hisaab.token'))).toBeNull()

  await visitor.getByLabel('Email').fill(ADMIN.email)
  await visitor.getByLabel('Password').fill('not-the-password')
  await visitor.getByRole('button', { name: 'Login to Admin' }).click()
  await expect(visitor.getByRole('alert')).toHaveText('Invalid admin credentials')
  await checkEverywhere(visitor, 'login-error')

  await adminLogin(visitor)
  await expect(visitor.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Users',
    'Tickets',
    'Analytics',
    'Business P&L',
    'Brand Settings',
  ])
  // The user navbar is not part of the admin area.
  await expect(visitor.getByRole('link', { name: 'All Transactions' })).toHaveCount(0)
  await visitor.getByRole('button', { name: 'Logout' }).click()
  await expect(visitor).toHaveURL(/\/admin\/login$/)
  await visitor.context().close()
})
