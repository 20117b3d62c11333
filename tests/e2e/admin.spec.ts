import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import type { Ticket } from '../../schema/entities/ticket'
import { expect, newUser, test } from './support/fixtures'
import { adminLogin, apiLogin, restExpense, shot, signIn, signUp, signUpWithToken } from './support/flows'
import { TEST_ADMIN, type ServerProcess } from './support/server'
import { untilStill } from './support/a11y'

const SHOTS = 'test-results/admin'
const LONG_NAME = 'Venkatanarasimharajuvaripeta Subramanyam Lakshminarayanan Iyer'.slice(0, 60)

test.describe.configure({ mode: 'serial' })

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
      await untilStill(page)
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

  await visitor.getByLabel('Email').fill(TEST_ADMIN.email)
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
  // Total Users counts user accounts and says the admin it leaves out; the list names both roles.
  const total = page.locator('.admin-stat').filter({ hasText: 'Total Users' })
  await expect(total).toContainText('User accounts (1 admin not counted)')
  const users = Number((await total.locator('.admin-stat__value').textContent())!.replaceAll(',', ''))

  await adminNav(page, 'Users')
  await expect(page.getByTestId('users-count')).toHaveText(`${users + 1} accounts: ${users} users, 1 admin`)
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

test('an admin reply and status changes reach the user’s ticket on their device', async ({ page, browser, server }) => {
  test.setTimeout(120_000)
  await page.addInitScript(() => localStorage.setItem('hisaabDebug', '1'))
  const { token, userId } = await signUpWithToken(page, server, 'ticket')
  const ticket = await pushTicket(server, { token, userId }, { subject: 'Cannot change my currency' })
  const localTicket = () =>
    page.evaluate(async (id) => {
      const doc = await window.__hisaab?.db.tickets.findOne(id).exec()
      return doc ? { status: doc.status, messages: doc.messages.map((m) => [m.authorRole, m.body]) } : null
    }, ticket.id)
  await expect.poll(localTicket).toEqual({ status: 'open', messages: [] })

  const admin = await newPage(browser, server.url)
  await adminLogin(admin)
  await adminNav(admin, 'Tickets')
  await admin.getByRole('link', { name: /Cannot change my currency/ }).click()
  await admin.getByRole('button', { name: 'Send Reply' }).click()
  await expect(admin.getByText('Please write a reply')).toBeVisible()
  await admin.getByLabel('Reply').fill('Open Settings → Currency and pick INR. It syncs to every device.')
  await admin.getByRole('button', { name: 'Send Reply' }).click()
  await expect(admin.getByText('Reply sent')).toBeVisible()
  await expect(admin.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(2)

  // The reply arrives on the user's open device through the stream.
  await expect.poll(localTicket).toEqual({
    status: 'open',
    messages: [['admin', 'Open Settings → Currency and pick INR. It syncs to every device.']],
  })
  for (const status of ['waiting', 'resolved', 'closed']) {
    await admin.getByLabel('Status').selectOption(status)
    await expect(admin.getByText('Status updated').first()).toBeVisible()
    await expect.poll(async () => (await localTicket())?.status).toBe(status)
  }
  const pulled = await server.api<{ documents: Ticket[] }>('GET', '/sync/tickets/pull', token)
  expect(pulled.body.documents[0]).toMatchObject({ status: 'closed', ownerId: userId })
  await admin.context().close()
})

test('business P&L: arithmetic, newest first, offline entries, shared with another browser', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(180_000)
  await adminLogin(page)
  await adminNav(page, 'Business P&L')
  const add = async (kind: 'Expense' | 'Revenue', amount: string, choice: string, day: string, note = '') => {
    await page.getByRole('button', { name: `Add ${kind}` }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(/Amount/).fill(amount)
    await dialog.getByLabel(kind === 'Expense' ? 'Category' : 'Source').selectOption(choice)
    await dialog.getByLabel('Description').fill(note)
    await dialog.getByLabel('Date').fill(day)
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(dialog).toBeHidden()
  }
  const card = (label: string) => page.locator('.admin-stat', { hasText: label })

  await page.getByRole('button', { name: 'Add Expense' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByText('Please enter a valid amount')).toBeVisible()
  await expect(page.getByText('Please select a category')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()

  const month = new Date().toISOString().slice(0, 7)
  await add('Revenue', '50000', 'Subscription', `${month}-01`, 'Pro plans')
  await add('Revenue', '25000', 'Sponsorship', `${month}-02`)
  await add('Expense', '30000', 'Server', `${month}-01`, 'A'.repeat(120))
  await expect(card('Total Revenue')).toContainText('₹75,000')
  await expect(card('Total Expenses')).toContainText('₹30,000')
  await expect(card('Profit/Loss')).toContainText('+₹45,000')
  await expect(card('Profit/Loss')).toContainText('Margin 60.0%')
  await expect(card('Status')).toContainText('Profitable')
  await expect(page.locator('section', { hasText: 'Recent Revenue' }).locator('.admin-entries__category')).toHaveText([
    'Sponsorship',
    'Subscription',
  ])

  // Offline: the server is stopped; the entry is kept locally and pushed when it returns.
  await server.stop()
  await add('Expense', '9876543.21', 'Marketing', `${month}-03`, 'Launch campaign')
  await expect(card('Status')).toContainText('In Loss')
  // 75,000 − 30,000 − 98,76,543.21 = −98,31,543.21; margin −98,31,543.21 / 75,000 = −13,108.7 %.
  await expect(card('Profit/Loss')).toContainText('-₹98,31,543')
  await expect(card('Profit/Loss')).toContainText('Margin -13,108.7%')
  await server.start()
  await checkEverywhere(page, 'business-filled')

  const other = await newPage(browser, server.url)
  await adminLogin(other)
  await adminNav(other, 'Business P&L')
  await expect(other.locator('.admin-stat', { hasText: 'Total Expenses' })).toContainText('₹99,06,543')
  await expect(other.locator('.admin-stat', { hasText: 'Status' })).toContainText('In Loss')
  const table = other.getByRole('table')
  await expect(table.getByRole('row').last()).toContainText('₹75,000')
  await other.context().close()
})

test('a brand change is seen by another browser; reset restores the defaults', async ({ page, browser, server }) => {
  test.setTimeout(120_000)
  await adminLogin(page)
  await adminNav(page, 'Brand Settings')
  await page.getByLabel('Primary Color', { exact: true }).fill('#7c3aed')
  await page.getByLabel('App Name').fill('Paisa Pro')
  await page.getByLabel('Tagline').fill('Money, sorted')
  await page.getByLabel('Secondary Color', { exact: true }).fill('blue')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('alert')).toHaveText('Colours must be hex values like #10b981')
  await page.getByLabel('Secondary Color', { exact: true }).fill('#db2777')
  // Fixed, the message goes at once; a full hex colour fills its field without any "limit reached".
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByText(/limit reached/)).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Paisa Pro')
  // Pure yellow: the preview draws the darker shade the app uses, so its white text reads.
  await page.getByLabel('Primary Color', { exact: true }).fill('#ffff00')
  const preview = page.getByTestId('brand-preview')
  await expect(preview).toHaveCSS('color', 'rgb(255, 255, 255)')
  expect(await preview.evaluate((el) => getComputedStyle(el).backgroundImage)).not.toContain('rgb(255, 255, 0)')
  await expect(page.getByTestId('brand-adjusted')).toContainText('#ffff00 is darkened to #')
  await page.getByLabel('Primary Color', { exact: true }).fill('#7c3aed')
  const reloaded = page.waitForEvent('load')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveTitle('Paisa Pro')
  await reloaded
  await expect(page.locator('.admin-brand__name')).toHaveText('Paisa Pro')
  await checkEverywhere(page, 'brand-custom')

  // A visitor and a signed-in user in other browsers get the new brand.
  const visitor = await newPage(browser, server.url)
  await visitor.goto('/login')
  await expect(visitor).toHaveTitle('Paisa Pro')
  const primary = await visitor.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
  )
  expect(primary.trim()).toBe('#7c3aed')
  const user = await newPage(browser, server.url)
  await signUp(user, newUser('brand'))
  await expect(user.locator('.brand__name')).toHaveText('Paisa Pro')
  const manifest: unknown = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
  expect(manifest).toMatchObject({ name: 'Paisa Pro', theme_color: '#7c3aed' })

  await page.getByRole('button', { name: 'Reset to Defaults' }).click()
  const reset = page.waitForEvent('load')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click()
  await reset
  await expect(page).toHaveTitle('Hisaab')
  await expect(page.getByLabel('App Name')).toHaveValue('Hisaab')
  await visitor.reload()
  await expect(visitor).toHaveTitle('Hisaab')
  await visitor.context().close()
  await user.context().close()
})
