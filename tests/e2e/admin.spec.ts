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

async function adminNav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click()
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

test('every admin screen works in light, dark and at 390 px with no axe violations', async ({ page, server }) => {
  test.setTimeout(240_000)
  const seeded = newUser('long')
  await server.api('POST', '/auth/register', undefined, { ...seeded, name: LONG_NAME })
  const auth = await apiLogin(server, seeded)
  await server.api('PUT', '/auth/update-profile', auth.token, { job_title: 'Software Engineer', is_non_resident: true })
  await restExpense(server, auth.token, { amount: 9876543.21, category: 'Food & Dining', date: '2026-11-01' })
  const ticket = await pushTicket(server, auth, { subject: `Refund for a double charge — ${LONG_NAME}` })

  await adminLogin(page)
  await expect(page.getByText('Employment Breakdown')).toBeVisible()
  await expect(page.getByText('Software Engineer')).toBeVisible()
  await checkEverywhere(page, 'dashboard')

  await adminNav(page, 'Users')
  await page.getByLabel('Search users').fill('no-such-person-anywhere')
  await expect(page.getByText('No users found')).toBeVisible()
  await page.getByLabel('Search users').fill(seeded.email)
  await expect(page.getByRole('link', { name: LONG_NAME })).toBeVisible()
  await checkEverywhere(page, 'users')

  await page.getByRole('link', { name: LONG_NAME }).click()
  await expect(page.getByRole('heading', { name: LONG_NAME })).toBeVisible()
  await expect(page.getByText('₹98,76,543')).toBeVisible()
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Send Email' }).click()
  await expect(page.getByText('Email template copied to the clipboard')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`To: ${seeded.email}`)
  await checkEverywhere(page, 'user-detail')
  await page.goto('/admin/users/not-a-real-id')
  await expect(page.getByText('User not found')).toBeVisible()

  await adminNav(page, 'Tickets')
  await expect(page.getByText(ticket.subject)).toBeVisible()
  const preview = page.locator('.admin-ticket__preview').first()
  // The first 150 characters and an ellipsis (spec part 2 §9).
  await expect(preview).toHaveText(`${ticket.description.slice(0, 150).trimEnd()}…`)
  await checkEverywhere(page, 'tickets')
  await page.getByLabel('Status').selectOption('resolved')
  await expect(page).toHaveURL(/status=resolved/)
  await expect(page.getByText('No tickets found')).toBeVisible()
  await page.getByLabel('Status').selectOption('all')
  await page.getByRole('link', { name: new RegExp(ticket.subject.slice(0, 20)) }).click()
  await expect(page.getByRole('heading', { name: ticket.subject })).toBeVisible()
  await checkEverywhere(page, 'ticket')

  await adminNav(page, 'Analytics')
  await expect(page.getByText('Total Expense Amount')).toBeVisible()
  await checkEverywhere(page, 'analytics')

  await adminNav(page, 'Business P&L')
  await expect(page.getByText('No expenses yet')).toBeVisible()
  await expect(page.getByText('No revenue yet')).toBeVisible()
  await checkEverywhere(page, 'business-empty')
  await page.getByRole('button', { name: 'Add Revenue' }).click()
  await checkEverywhere(page, 'business-modal')
  await page.getByRole('button', { name: 'Cancel' }).click()

  await adminNav(page, 'Brand Settings')
  await expect(page.getByLabel('App Name')).toHaveValue('Hisaab')
  await checkEverywhere(page, 'brand')
})

test('suspend: the user cannot sign in or sync; reactivate restores everything', async ({ page, browser, server }) => {
  test.setTimeout(120_000)
  const { user, token } = await signUpWithToken(page, server, 'suspend')
  await restExpense(server, token, { amount: 1234, category: 'Shopping', date: '2026-11-02' })

  const admin = await newPage(browser, server.url)
  await adminLogin(admin)
  await admin.goto(`/admin/users?search=${encodeURIComponent(user.email)}`)
  await admin.getByRole('link', { name: user.name }).click()
  await admin.getByRole('button', { name: 'Suspend Account' }).click()
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click()
  await expect(admin.getByText('Account suspended')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Reactivate Account' })).toBeVisible()

  // Every token is refused by REST and sync, and sign-in says why.
  const pull = await server.api<{ code: string }>('GET', '/sync/transactions/pull', token)
  expect(pull).toMatchObject({ status: 403, body: { code: 'ACCOUNT_SUSPENDED' } })
  expect((await server.api('GET', '/expenses', token)).status).toBe(403)
  const login = await server.api<{ error: string }>('POST', '/auth/login', undefined, {
    email: user.email,
    password: user.password,
  })
  expect(login.status).toBe(403)
  expect(login.body.error).toMatch(/suspended/i)
  const other = await newPage(browser, server.url)
  await other.goto('/login')
  await other.getByLabel('Email').fill(user.email)
  await other.getByLabel('Password', { exact: true }).fill(user.password)
  await other.getByRole('button', { name: 'Sign In' }).click()
  await expect(other.getByText(/suspended/i)).toBeVisible()
  await expect(other).toHaveURL(/\/login$/)

  await admin.getByRole('button', { name: 'Reactivate Account' }).click()
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click()
  await expect(admin.getByText('Account reactivated')).toBeVisible()
  const again = await server.api<{ documents: { amount: number }[] }>('GET', '/sync/transactions/pull', token)
  expect(again.status).toBe(200)
  expect(again.body.documents.map((d) => d.amount)).toEqual([123_400])
  await signIn(other, user)
  await expect(other.getByText('Shopping').first()).toBeVisible()
  await admin.context().close()
  await other.context().close()
})
