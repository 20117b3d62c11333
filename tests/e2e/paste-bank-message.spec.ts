import type { Browser, Page } from '@playwright/test'
import { paymentEntryId } from '../../schema/parse/dedupe'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, test } from './support/fixtures'
import { offlineReady, shot, signUpWithToken } from './support/flows'
import type { ServerProcess } from './support/server'

/**
 * "Paste a bank message" on Add Expense / Add Income and Android's share target: a bank SMS fills
 * the form (the user checks and saves), is booked once (pasting it again says so; its id is the
 * one WhatsApp would give it), an income message opens Add Income, several become a list to
 * confirm, and a share works with the server stopped (the service worker answers it).
 */

test.use({ timezoneId: 'Asia/Kolkata' })

const SHOTS = '.tmp/shots-paste'

/** dd/mm/yy and dd-mm-yy of a day `daysAgo` before today in India. */
function bankDay(daysAgo: number, separator = '/'): { text: string; iso: string } {
  const d = new Date(Date.now() - daysAgo * 86_400_000)
  const [y, m, day] = d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).split('-')
  return { text: [day, m, y!.slice(2)].join(separator), iso: `${y}-${m}-${day}` }
}

const hdfcSwiggy = (ref: string, day = bankDay(1)) =>
  `Sent Rs.450.00\nFrom HDFC Bank A/C *4821\nTo SWIGGY\nOn ${day.text}\nRef ${ref}\nNot You?\n` +
  'Call 18002586161/SMS BLOCK UPI to 7308080808'
const kotakCredit = (ref: string, day = bankDay(2, '-')) =>
  `Received Rs.2500.00 in your Kotak Bank AC X2290 from anil.gupta@okhdfcbank on ${day.text}.UPI Ref:${ref}.`
const OTP = '482913 is the OTP for txn of INR 3,499.00 at FLIPKART on HDFC Bank card ending 7710. Do not share OTP'

const pasteBox = (page: Page) => page.getByRole('textbox', { name: 'Paste a bank message' })

async function readMessage(page: Page, text: string) {
  await pasteBox(page).fill(text)
  await page.getByRole('button', { name: 'Read message' }).click()
}

test('a pasted SMS fills Add Expense, is booked once under the WhatsApp id; an income SMS opens Add Income', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const auth = await signUpWithToken(page, server, 'paste')
  await page.goto('/add-expense')
  await readMessage(page, hdfcSwiggy('433018765432'))
  await expect(page.getByText(/Filled in from the message: Expense of ₹450 to Swiggy/)).toBeVisible()
  await expect(page.getByLabel('Amount')).toHaveValue('450')
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Food & Dining')
  await expect(page.getByLabel('Date')).toHaveValue(bankDay(1).iso)
  await expect(page.getByLabel('Description')).toHaveValue('Swiggy · HDFC Bank')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText('Swiggy · HDFC Bank')).toBeVisible()

  // On the server under the id WhatsApp gives the same payment, so a forward of it is "already booked".
  const key = 'expense:ref:433018765432'
  await expect
    .poll(async () => {
      const pulled = await server.api<{ documents: { id: string }[] }>('GET', '/sync/transactions/pull', auth.token)
      return pulled.body.documents.map((d) => d.id)
    })
    .toEqual([paymentEntryId(auth.userId, key)])

  await page.goto('/add-expense')
  await readMessage(page, hdfcSwiggy('433018765432'))
  await expect(page.getByText(/Already booked: Expense of ₹450 to Swiggy/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Expense' })).toBeDisabled()

  // Money that came in opens Add Income, filled; an unknown payer is pointed out.
  await pasteBox(page).fill('')
  await readMessage(page, kotakCredit('432676543210'))
  await expect(page).toHaveURL(/\/add-income$/)
  await expect(page.getByLabel('Amount')).toHaveValue('2500')
  await expect(page.getByLabel('Source')).toHaveValue('Others')
  await expect(page.getByRole('list', { name: 'Please check' })).toContainText('This payee is new')
  // The one-tap fix of the direction, both ways.
  await expect(page.getByRole('button', { name: 'Money came in? Add it as income' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Money went out? Add it as an expense' }).click()
  await expect(page).toHaveURL(/\/add-expense$/)
  await expect(page.getByLabel('Amount')).toHaveValue('2500')
  await page.getByRole('button', { name: 'Money came in? Add it as income' }).click()
  await expect(page).toHaveURL(/\/add-income$/)
  await expect(page.getByLabel('Amount')).toHaveValue('2500')
  await page.getByLabel('Source').selectOption('Gift')
  await page.getByRole('button', { name: 'Add Income' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByText('anil.gupta@okhdfcbank · Kotak')).toBeVisible()
})

test('several messages pasted at once are a list to confirm: booked, not payments and new ones', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const auth = await signUpWithToken(page, server, 'pastelist')
  await page.goto('/add-expense')
  await readMessage(page, hdfcSwiggy('433018700001'))
  await expect(page.getByLabel('Amount')).toHaveValue('450')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.goto('/add-expense')
  const many = [hdfcSwiggy('433018700001'), OTP, hdfcSwiggy('433018700002', bankDay(3)), kotakCredit('432676500003')]
  await readMessage(page, many.join('\n\n'))
  const rows = page.getByRole('list', { name: 'Pasted messages' }).getByRole('listitem')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0)).toContainText('Already booked: Expense of ₹450 to Swiggy')
  await expect(rows.nth(1)).toContainText('one-time password')
  await expect(rows.nth(3)).toContainText('Please check: This payee is new')
  await rows.nth(3).getByRole('combobox').selectOption('Freelance')
  await rows.nth(2).getByRole('checkbox').uncheck()
  await page.getByRole('button', { name: 'Add 1 entry' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect
    .poll(async () => {
      const pulled = await server.api<{ documents: { category: string; type: string }[] }>(
        'GET',
        '/sync/transactions/pull',
        auth.token,
      )
      return pulled.body.documents.map((d) => `${d.type}:${d.category}`).sort()
    })
    .toEqual(['expense:Food & Dining', 'income:Freelance'])
})

/** Shares `text` the way Android's share sheet does: a multipart POST to the share target. */
async function shareFromAndroid(page: Page, text: string) {
  await page.evaluate((shared) => {
    const form = document.createElement('form')
    form.method = 'POST'
    form.action = '/share-target'
    form.enctype = 'multipart/form-data'
    for (const [name, value] of [
      ['title', ''],
      ['text', shared],
    ]) {
      const input = document.createElement('textarea')
      input.name = name!
      input.value = value!
      form.append(input)
    }
    document.body.append(form)
    form.submit()
  }, text)
}

test('an SMS shared from Android opens Add Expense filled, with the server stopped', async ({ page, server }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signUpWithToken(page, server, 'share')
  // The installed app's manifest lists Hisaab in Android's share sheet, posting to the service worker.
  const manifest = await page.request.get('/manifest.webmanifest')
  expect((await manifest.json()) as unknown).toMatchObject({
    share_target: { action: '/share-target', method: 'POST', params: { text: 'text' } },
  })
  await offlineReady(page)
  await server.stop()
  try {
    await shareFromAndroid(page, hdfcSwiggy('433018799999'))
    await expect(page).toHaveURL(/\/add-expense\?shared=1$/)
    await expect(page.getByLabel('Amount')).toHaveValue('450')
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Food & Dining')
    await expect(pasteBox(page)).toHaveValue(/Sent Rs\.450\.00/)
    await page.getByRole('button', { name: 'Add Expense' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByText('Swiggy · HDFC Bank')).toBeVisible()
    // Taken once: a reload of the shared address does not fill the form again.
    await page.goto('/add-expense?shared=1')
    await expect(page.getByLabel('Amount')).toHaveValue('')
  } finally {
    await server.start()
  }
})

/** A device signed in as `token`'s user, in one of the looks (theme, width, touch). */
async function deviceIn(browser: Browser, server: ServerProcess, token: string, look: (typeof LOOKS)[number]) {
  const me = await server.api<{ user: unknown }>('GET', '/auth/me', token)
  const context = await browser.newContext({ ...look, baseURL: server.url, timezoneId: 'Asia/Kolkata' })
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('hisaab.token', token)
      localStorage.setItem('hisaab.user', JSON.stringify(user))
    },
    { token, user: me.body.user },
  )
  return { context, page: await context.newPage() }
}

/** A 60-character custom category, the longest the profile keeps. */
const LONG_CATEGORY = 'Grandmother’s ayurvedic treatment and physiotherapy sessions'.padEnd(60, '.')

/** Adds a custom category to the user's profile through sync, as another device would. */
async function addCustomCategory(server: ServerProcess, auth: { token: string; userId: string }, category: string) {
  type Profile = { id: string; ownerId: string; customCategories: string[]; updatedAt: number }
  // A device never writes a made-up profile; a new account has one once something is set.
  const pulled = await server.api<{ documents: Profile[] }>('GET', '/sync/profile/pull', auth.token)
  const stored = pulled.body.documents[0]
  const next = { ...(stored ?? { id: auth.userId, ownerId: auth.userId }), customCategories: [category] }
  const pushed = await server.api<unknown[]>('POST', '/sync/profile/push', auth.token, [
    { ...(stored ? { assumedMasterState: stored } : {}), newDocumentState: { ...next, updatedAt: Date.now() } },
  ])
  expect(pushed.body).toEqual([])
}

const LONG_PAYEE =
  'Rs.98,76,543.21 debited from A/c **4821 on %DAY% to VPA ' +
  'srinivasa.venkataraghavan.enterprises1234@okhdfcbank (UPI Ref No 432812345670). Not you? Call 18002586161'

test('the paste box, its notes and the list in both themes at 390 and 1280 px, axe clean', async ({
  browser,
  page,
  server,
}) => {
  // Four devices, each with two axe runs and two screenshots.
  test.setTimeout(300_000)
  const auth = await signUpWithToken(page, server, 'pastelooks')
  await addCustomCategory(server, auth, LONG_CATEGORY)
  const day = bankDay(1, '-')
  for (const look of LOOKS) {
    const { context, page: device } = await deviceIn(browser, server, auth.token, look)
    await device.goto('/add-expense')
    await readMessage(device, LONG_PAYEE.replace('%DAY%', day.text))
    await expect(device.getByLabel('Amount')).toHaveValue('9876543.21')
    await expect(device.getByRole('list', { name: 'Please check' })).toBeVisible()
    await device.getByLabel('Category', { exact: true }).selectOption(LONG_CATEGORY)
    await expectAccessible(device, `paste filled ${look.name}`)
    await shot(device, `${SHOTS}/filled-${look.name}.png`)
    await pasteBox(device).fill('')
    await readMessage(device, [LONG_PAYEE.replace('%DAY%', day.text), OTP, kotakCredit('432676511111')].join('\n\n'))
    const rows = device.getByRole('list', { name: 'Pasted messages' }).getByRole('listitem')
    await expect(rows).toHaveCount(3)
    await rows.nth(0).getByRole('combobox').selectOption(LONG_CATEGORY)
    await expectAccessible(device, `paste list ${look.name}`)
    await shot(device, `${SHOTS}/list-${look.name}.png`)
    await context.close()
  }
})
