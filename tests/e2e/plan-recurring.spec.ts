import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { offlineReady, shot, signUpWithToken } from './support/flows'

test.use({ timezoneId: 'Asia/Kolkata' })

const SHOTS = '.tmp/shots-money'
// A month end: a monthly payment due today must next fall on 28 Feb, not 3 Mar.
const NOW = new Date('2027-01-31T10:00:00+05:30')

interface Payment {
  name: string
  amount: number
  next_due_date: string
}

const card = (page: Page, name: string) =>
  page.getByTestId('recurring-card').filter({ has: page.getByText(name, { exact: true }) })
const group = (page: Page, key: 'today' | 'week' | 'later') => page.getByTestId(`group-${key}`)

async function fillPayment(
  dialog: Locator,
  p: { name?: string; amount?: string; category?: string; frequency?: string; due?: string; reminder?: string },
) {
  if (p.name !== undefined) await dialog.getByLabel('Name').fill(p.name)
  if (p.amount !== undefined) await dialog.getByLabel('Amount').fill(p.amount)
  if (p.category !== undefined) await dialog.getByLabel('Category (optional)').selectOption(p.category)
  if (p.frequency !== undefined) await dialog.getByLabel('Frequency').selectOption(p.frequency)
  if (p.due !== undefined) await dialog.getByLabel(/due date/i).fill(p.due)
  if (p.reminder !== undefined) await dialog.getByLabel('Remind me (days before)').fill(p.reminder)
}

async function addPayment(page: Page, p: Parameters<typeof fillPayment>[1]) {
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Recurring Payment' })
  await fillPayment(dialog, p)
  await dialog.getByRole('button', { name: 'Add Payment' }).click()
  await expect(dialog).toBeHidden()
}

test('recurring payments: add/edit/delete, groups by due date, Mark Paid moves a month end, reminders on home', async ({
  page,
  server,
}) => {
  await page.clock.setFixedTime(NOW)
  const { token } = await signUpWithToken(page, server, 'recurring')

  await page.locator('nav.topnav').getByRole('link', { name: 'Recurring' }).click()
  await expect(page).toHaveURL(/\/recurring-payments$/)
  await expect(page.getByText('No recurring payments yet')).toBeVisible()

  // Required fields, one clear message at a time; nothing is saved meanwhile.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Recurring Payment' })
  await expect(dialog.getByLabel('Remind me (days before)')).toHaveValue('3')
  await dialog.getByRole('button', { name: 'Add Payment' }).click()
  await expect(dialog.getByText('Please enter a name')).toBeVisible()
  await fillPayment(dialog, { name: 'Rent' })
  await dialog.getByRole('button', { name: 'Add Payment' }).click()
  await expect(dialog.getByText('Please enter an amount')).toBeVisible()
  await fillPayment(dialog, { amount: '15000' })
  await dialog.getByRole('button', { name: 'Add Payment' }).click()
  await expect(dialog.getByText('Please choose a due date')).toBeVisible()
  await fillPayment(dialog, { due: '2027-01-31', reminder: '31' })
  await dialog.getByRole('button', { name: 'Add Payment' }).click()
  await expect(dialog.getByText('Reminder days must be a whole number from 0 to 30')).toBeVisible()
  await expect(page.getByTestId('recurring-card')).toHaveCount(0)
  await fillPayment(dialog, { reminder: '3' })
  await dialog.getByRole('button', { name: 'Add Payment' }).click()
  await expect(dialog).toBeHidden()

  await addPayment(page, { name: 'Netflix', amount: '649', category: 'Entertainment', due: '2027-02-01' })
  await addPayment(page, {
    name: 'Insurance',
    amount: '12000',
    category: 'Healthcare',
    frequency: 'yearly',
    due: '2027-03-15',
    reminder: '0',
  })
  await addPayment(page, { name: 'Gym', amount: '1200', category: 'Healthcare', due: '2027-01-28' })

  await expect(group(page, 'today').getByRole('heading')).toContainText('DUE TODAY')
  await expect(group(page, 'today').getByTestId('recurring-card')).toHaveCount(2)
  await expect(card(page, 'Gym')).toContainText('Overdue by 3 days')
  await expect(card(page, 'Rent')).toContainText('Due today')
  await expect(card(page, 'Rent')).toContainText('31 Jan 2027')
  await expect(card(page, 'Rent')).toContainText('No category · Monthly')
  await expect(card(page, 'Rent')).toContainText('₹15,000')
  await expect(group(page, 'week').getByRole('heading')).toContainText('UPCOMING THIS WEEK')
  await expect(group(page, 'week').getByTestId('recurring-card')).toHaveText([/Netflix.*Due tomorrow.*1 Feb 2027/])
  await expect(group(page, 'later').getByTestId('recurring-card')).toHaveText([
    /Insurance.*Healthcare · Yearly.*₹12,000.*Due in 43 days.*15 Mar 2027/,
  ])

  // Edit.
  await card(page, 'Netflix').getByRole('button', { name: 'Edit Netflix' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Recurring Payment' })
  await expect(edit.getByLabel('Name')).toHaveValue('Netflix')
  await fillPayment(edit, { amount: '799' })
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit).toBeHidden()
  await expect(card(page, 'Netflix')).toContainText('₹799')

  // Delete asks first; Cancel keeps it.
  await card(page, 'Gym').getByRole('button', { name: 'Delete Gym' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this recurring payment?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(card(page, 'Gym')).toHaveCount(1)
  await card(page, 'Gym').getByRole('button', { name: 'Delete Gym' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(card(page, 'Gym')).toHaveCount(0)
  await shot(page, `${SHOTS}/recurring-light.png`)

  // Home: the payments inside their reminder window (Rent today, Netflix tomorrow), not Insurance.
  await page.locator('nav.topnav').getByRole('link', { name: 'Home' }).click()
  const dueSoon = page.getByTestId('due-soon')
  await expect(dueSoon.getByTestId('due-soon-item')).toHaveText([
    /Rent.*Due today · 31 Jan.*₹15,000/,
    /Netflix.*Due tomorrow · 1 Feb.*₹799/,
  ])
  await shot(page, `${SHOTS}/home-due-soon-light.png`)

  // Mark Paid on 31 Jan: the expense is recorded and Rent is next due on 28 Feb.
  await dueSoon.getByRole('link', { name: 'View all' }).click()
  await card(page, 'Rent').getByRole('button', { name: 'Mark Rent paid' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Marked paid. Next due 28 Feb' })).toBeVisible()
  await expect(group(page, 'later').getByTestId('recurring-card').first()).toContainText('Rent')
  await expect(card(page, 'Rent')).toContainText('Due in 28 days')
  await expect(card(page, 'Rent')).toContainText('28 Feb 2027')
  await expect(group(page, 'today')).toHaveCount(0)

  await page.locator('nav.topnav').getByRole('link', { name: 'Home' }).click()
  await expect(page.getByTestId('due-soon-item')).toHaveText([/Netflix/])
  const recent = page.getByTestId('transaction-item').filter({ hasText: 'Rent' })
  await expect(recent).toContainText('Bills & Utilities')
  await expect(recent).toContainText('-₹15,000')
  await expect(page.getByTestId('month-expenses')).toHaveText('₹15,000')
  await page.locator('nav.topnav').getByRole('link', { name: 'All Transactions' }).click()
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'Rent' })).toContainText('-₹15,000')

  // A payment not due this week asks before booking today's expense; Cancel books nothing.
  await page.goto('/recurring-payments')
  await card(page, 'Insurance').getByRole('button', { name: 'Mark Insurance paid' }).click()
  const early = page.getByRole('alertdialog', { name: 'Mark Insurance paid now?' })
  await expect(early).toContainText('It is due on 15 Mar 2027, in 43 days.')
  await expect(early).toContainText('records an expense of ₹12,000 today; the next due date becomes 15 Mar 2028.')
  await early.getByRole('button', { name: 'Cancel' }).click()
  await expect(early).toHaveCount(0)
  await expect(card(page, 'Insurance')).toContainText('15 Mar 2027')

  // Paid again (ahead of time, confirmed): the 31st anchor brings it back to 31 Mar, not 28 Mar.
  await card(page, 'Rent').getByRole('button', { name: 'Mark Rent paid' }).click()
  await page
    .getByRole('alertdialog', { name: 'Mark Rent paid now?' })
    .getByRole('button', { name: 'Mark Paid' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Marked paid. Next due 31 Mar' })).toBeVisible()
  await expect(card(page, 'Rent')).toContainText('31 Mar 2027')

  await expect
    .poll(
      async () =>
        (await server.api<{ payments: Payment[] }>('GET', '/recurring-payments', token)).body.payments.map(
          (p) => `${p.name}:${p.amount}:${p.next_due_date}`,
        ),
      { timeout: 20_000 },
    )
    .toEqual(['Netflix:799:2027-02-01', 'Insurance:12000:2027-03-15', 'Rent:15000:2027-03-31'])
  await expect
    .poll(async () =>
      (await server.api<{ description: string; amount: number }[]>('GET', '/expenses', token)).body.map(
        (e) => `${e.description}:${e.amount}`,
      ),
    )
    .toEqual(['Rent:15000', 'Rent:15000'])

  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
  await shot(page, `${SHOTS}/recurring-dark.png`)
  await card(page, 'Netflix').getByRole('button', { name: 'Edit Netflix' }).click()
  await shot(page, `${SHOTS}/recurring-edit-dark.png`)
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/recurring-390.png`, fullPage: true })
  await page.evaluate(() => localStorage.setItem('hisaab.theme', 'dark'))
  await page.goto('/home')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByTestId('due-soon')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/home-due-soon-390-dark.png`, fullPage: true })
})

test('recurring offline: add and mark paid with the server stopped, reload, then it all reaches the server', async ({
  page,
  server,
}) => {
  await page.clock.setFixedTime(NOW)
  const { token } = await signUpWithToken(page, server, 'recurring-off')
  await page.goto('/recurring-payments')
  await addPayment(page, { name: 'Electricity', amount: '2400', category: 'Bills & Utilities', due: '2027-02-03' })
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 })
  await offlineReady(page)

  await server.stop()
  await addPayment(page, { name: 'Broadband', amount: '999', due: '2027-01-31' })
  await card(page, 'Broadband').getByRole('button', { name: 'Mark Broadband paid' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Marked paid. Next due 28 Feb' })).toBeVisible()

  await page.reload() // served by the service worker
  await expect(card(page, 'Broadband')).toContainText('28 Feb 2027')
  await expect(card(page, 'Electricity')).toContainText('Due in 3 days')
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline')
  await page.goto('/home')
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'Broadband' })).toContainText('-₹999')

  await server.start()
  await expect
    .poll(
      async () =>
        (await server.api<{ payments: Payment[] }>('GET', '/recurring-payments', token)).body.payments.map(
          (p) => `${p.name}:${p.amount}:${p.next_due_date}`,
        ),
      { timeout: 30_000 },
    )
    .toEqual(['Electricity:2400:2027-02-03', 'Broadband:999:2027-02-28'])
  await expect
    .poll(
      async () =>
        (
          await server.api<{ description: string; amount: number; category: string }[]>('GET', '/expenses', token)
        ).body.map((e) => `${e.description}:${e.amount}:${e.category}`),
      { timeout: 30_000 },
    )
    .toEqual(['Broadband:999:Bills & Utilities'])
})

/**
 * Holds every IndexedDB write to the page's transactions store until `release` is called: a
 * read-write transaction of another connection on the same store, kept open by a request after each.
 */
async function holdTransactionWrites(page: Page): Promise<{ release: () => Promise<void> }> {
  await page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.endsWith('--transactions'))
    if (!name) throw new Error('no transactions database')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error ?? new Error('open failed'))
    })
    const w = window as unknown as { __releaseWrites?: boolean }
    w.__releaseWrites = false
    const stores = [...db.objectStoreNames]
    const tx = db.transaction(stores, 'readwrite')
    const store = tx.objectStore(stores[0] ?? 'docs')
    await new Promise<void>((held) => {
      const keepOpen = () => {
        held()
        if (!w.__releaseWrites) store.count().onsuccess = keepOpen
      }
      keepOpen()
    })
    tx.oncomplete = () => db.close()
  })
  return {
    release: () =>
      page.evaluate(() => void ((window as unknown as { __releaseWrites: boolean }).__releaseWrites = true)),
  }
}

test('Mark Paid keeps its dialog up, busy, until the expense is written; then it closes and says so', async ({
  page,
  server,
}) => {
  await page.clock.setFixedTime(NOW)
  await signUpWithToken(page, server, 'recurring-busy')
  await page.goto('/recurring-payments')
  await addPayment(page, { name: 'Insurance', amount: '12000', category: 'Healthcare', due: '2027-03-15' })
  await card(page, 'Insurance').getByRole('button', { name: 'Mark Insurance paid' }).click()
  const early = page.getByRole('alertdialog', { name: 'Mark Insurance paid now?' })
  await expect(early).toBeVisible()

  const writes = await holdTransactionWrites(page)
  await early.getByRole('button', { name: 'Mark Paid' }).click()
  const marked = page.getByRole('status').filter({ hasText: 'Marked paid. Next due 15 Apr' })
  // The expense cannot be written yet: the dialog says it is working on it, and nothing says it is done.
  await expect(early.getByRole('button', { name: 'Mark Paid' })).toBeDisabled()
  await page.waitForTimeout(500)
  await expect(early).toBeVisible()
  await expect(marked).toHaveCount(0)

  await writes.release()
  await expect(marked).toBeVisible()
  await expect(early).toHaveCount(0)
  await expect(card(page, 'Insurance')).toContainText('15 Apr 2027')
  // Written for good: a reload right away lists the expense.
  await page.reload()
  await page.goto('/transactions')
  await expect(page.getByTestId('transaction-item').filter({ hasText: 'Insurance' })).toContainText('-₹12,000')
})
