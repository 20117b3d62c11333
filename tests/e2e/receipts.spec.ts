import type { Page } from '@playwright/test'
import { jpegHasApp1, webpHasMetadata } from '../../schema/receipts/sniff'
import { expectAccessible, LOOKS, SCREEN } from './support/a11y'
import { expect, test } from './support/fixtures'
import { offlineReady, shot } from './support/flows'
import { device, person, type Person } from './support/people'
import type { ServerProcess } from './support/server'
import { seedBigAmounts } from './support/ui-fit'

const SHOTS = 'test-results/receipts'
const MAX_BYTES = 200 * 1024
const MAX_SIDE = 1600

/**
 * A 3000×2000 photo of noise (the hardest thing to compress) as a camera writes it: a JPEG with an
 * Exif APP1 segment carrying a location, so the test sees that the reduced copy leaves it behind.
 */
async function cameraPhoto(page: Page, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (s) => {
    const canvas = document.createElement('canvas')
    canvas.width = 3000
    canvas.height = 2000
    const context = canvas.getContext('2d')!
    const image = context.createImageData(3000, 2000)
    let x = s
    for (let i = 0; i < image.data.length; i += 4) {
      x = (x * 1103515245 + 12345) & 0x7fffffff
      image.data[i] = x & 255
      image.data[i + 1] = (x >> 8) & 255
      image.data[i + 2] = (x >> 16) & 255
      image.data[i + 3] = 255
    }
    context.putImageData(image, 0, 0)
    const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b!), 'image/jpeg', 0.92))
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let text = ''
    for (const b of bytes) text += String.fromCharCode(b)
    return btoa(text)
  }, seed)
  const jpeg = Buffer.from(base64, 'base64')
  const exif = Buffer.concat([Buffer.from('Exif\0\0MM\0*GPS 18.5204N 73.8567E'), Buffer.alloc(64, 1)])
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 255]), exif])
  const withExif = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)])
  expect(jpegHasApp1(withExif)).toBe(true)
  return withExif
}

interface StoredReceipt {
  id: string
  bytes: number
  type: string
}

/** The receipt the server's copy of the document names (null once removed, undefined before it arrived). */
async function serverReceipt(server: ServerProcess, who: Person, collection: string, pick: (d: Doc) => boolean) {
  const res = await server.api<{ documents: Doc[] }>('GET', `/sync/${collection}/pull?seq=0&limit=500`, who.token)
  return res.body.documents.find(pick)?.receipt
}
type Doc = { id: string; description?: string; paymentKey?: string; receipt?: StoredReceipt | null }

async function getReceipt(server: ServerProcess, who: Person, id: string) {
  const res = await fetch(`${server.url}/api/receipts/${id}`, { headers: { authorization: `Bearer ${who.token}` } })
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Waits until the server stores the photo, and checks it is the reduced one: small, ≤ 1600 px, no metadata. */
async function uploaded(page: Page, server: ServerProcess, who: Person, receipt: StoredReceipt) {
  await expect.poll(async () => (await getReceipt(server, who, receipt.id)).status, { timeout: 60_000 }).toBe(200)
  const { bytes } = await getReceipt(server, who, receipt.id)
  expect(bytes.length).toBe(receipt.bytes)
  expect(bytes.length).toBeLessThanOrEqual(MAX_BYTES)
  expect(jpegHasApp1(bytes) || webpHasMetadata(bytes)).toBe(false)
  const [width, height] = await page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([data]))
    return [bitmap.width, bitmap.height]
  }, bytes.toString('base64'))
  expect(Math.max(width, height)).toBeLessThanOrEqual(MAX_SIDE)
  expect(Math.round((width / height) * 100)).toBe(150)
  console.log(`receipt ${receipt.type} ${width}x${height} ${bytes.length} bytes`)
}

const row = (page: Page, text: string) => page.getByTestId('transaction-item').filter({ hasText: text })

test.describe('receipts', () => {
  test('personal: add with a photo, view, replace, remove; reduced, stripped, on the server', async ({
    browser,
    server,
  }) => {
    test.setTimeout(300_000)
    const asha = await person(server, 'asha')
    const today = new Date().toISOString().slice(0, 10)
    await seedBigAmounts(server, asha.token, today)
    const page = await device(browser, server, asha, LOOKS[2])
    await page.goto('/add-expense')
    await page.getByLabel('Amount').fill('98765.43')
    await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
    await page.getByLabel('Description').fill('Dinner at Vaishali')
    await page.getByTestId('receipt-file').setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(page, 7),
    })
    await expect(page.getByTestId('receipt-size')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByAltText('Receipt thumbnail')).toBeVisible()
    await page.getByRole('group', { name: 'Receipt' }).scrollIntoViewIfNeeded()
    await shot(page, `${SHOTS}/add-expense-light-1280.png`)
    await expectAccessible(page, 'add expense with a receipt', { within: SCREEN })
    await page.getByRole('button', { name: 'Add Expense' }).click()
    await expect(page.getByText('✅ Expense added successfully!')).toBeVisible()
    await expect(page).toHaveURL(/\/home$/)

    const isDinner = (d: Doc) => d.description === 'Dinner at Vaishali'
    await expect.poll(() => serverReceipt(server, asha, 'transactions', isDinner), { timeout: 30_000 }).toBeTruthy()
    const first = (await serverReceipt(server, asha, 'transactions', isDinner))!
    await uploaded(page, server, asha, first)

    // Every look: the row's paperclip and the viewer, on devices that fetch the photo from the server.
    for (const look of LOOKS) {
      const other = await device(browser, server, asha, look)
      await other.goto('/transactions')
      await other.getByTestId('receipt-indicator').first().click()
      await expect(other.getByAltText('Receipt photo')).toBeVisible({ timeout: 30_000 })
      await shot(other, `${SHOTS}/viewer-${look.name}.png`)
      await expectAccessible(other, `receipt viewer ${look.name}`, { within: 'dialog[open]' })
      await other.getByRole('button', { name: 'Close' }).click()
      await shot(other, `${SHOTS}/transactions-${look.name}.png`)
      await expectAccessible(other, `transactions with a receipt ${look.name}`, { within: SCREEN })
      await other.context().close()
    }

    // Replace in the edit dialog: the old photo leaves the server, the new one arrives.
    await page.goto('/transactions')
    await row(page, 'Dinner at Vaishali').hover()
    await row(page, 'Dinner at Vaishali').getByRole('button', { name: 'Edit Dinner at Vaishali' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Expense' })
    const field = dialog.getByRole('group', { name: 'Receipt' })
    await expect(field).toHaveAttribute('data-receipt', first.id)
    await dialog.getByTestId('receipt-file').setInputFiles({
      name: 'IMG_2042.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(page, 11),
    })
    await expect(field).not.toHaveAttribute('data-receipt', first.id, { timeout: 30_000 })
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('✅ Expense updated')).toBeVisible()
    await expect
      .poll(async () => (await serverReceipt(server, asha, 'transactions', isDinner))?.id, { timeout: 30_000 })
      .not.toBe(first.id)
    const second = (await serverReceipt(server, asha, 'transactions', isDinner))!
    await uploaded(page, server, asha, second)
    expect((await getReceipt(server, asha, first.id)).status).toBe(404)

    // Remove: gone from the entry, the row and the server.
    await row(page, 'Dinner at Vaishali').hover()
    await row(page, 'Dinner at Vaishali').getByRole('button', { name: 'Edit Dinner at Vaishali' }).click()
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await expect(dialog.getByRole('button', { name: 'Add photo' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(row(page, 'Dinner at Vaishali').getByTestId('receipt-indicator')).toHaveCount(0)
    await expect.poll(() => serverReceipt(server, asha, 'transactions', isDinner), { timeout: 30_000 }).toBeNull()
    await expect.poll(async () => (await getReceipt(server, asha, second.id)).status).toBe(404)

    // Logout leaves no photo behind on the device.
    const photoStore = () =>
      page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'hisaab-receipts'))
    expect(await photoStore()).toBe(true)
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)
    await expect.poll(photoStore, { timeout: 15_000 }).toBe(false)
  })

  test('a form filled from a pasted bank message keeps its receipt; the demo has no photo control', async ({
    browser,
    server,
  }) => {
    test.setTimeout(180_000)
    const asha = await person(server, 'asha')
    const page = await device(browser, server, asha, LOOKS[1])
    await page.goto('/add-expense')
    const day = new Date(Date.now() - 86_400_000).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' })
    const [dd, mm, yyyy] = day.split('/')
    const on = `${dd}/${mm}/${yyyy!.slice(2)}`
    const sms = `Sent Rs.450.00\nFrom HDFC Bank A/C *4821\nTo SWIGGY\nOn ${on}\nRef 604211870077`
    await page.getByRole('textbox', { name: 'Paste a bank message' }).fill(sms)
    await page.getByRole('button', { name: 'Read message' }).click()
    await expect(page.getByLabel('Amount')).toHaveValue('450')
    await page.getByTestId('receipt-file').setInputFiles({
      name: 'swiggy.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(page, 31),
    })
    await expect(page.getByRole('group', { name: 'Receipt' })).toHaveAttribute('data-receipt', /.+/, {
      timeout: 30_000,
    })
    await page.getByRole('button', { name: 'Add Expense' }).click()
    await expect(page.getByText('✅ Expense added successfully!')).toBeVisible()
    const fromSms = (d: Doc) => d.paymentKey !== undefined
    await expect.poll(() => serverReceipt(server, asha, 'transactions', fromSms), { timeout: 30_000 }).toBeTruthy()
    await uploaded(page, server, asha, (await serverReceipt(server, asha, 'transactions', fromSms))!)

    const visitor = await browser.newPage({ baseURL: server.url })
    await visitor.goto('/demo')
    await visitor.getByRole('link', { name: 'Add Expense' }).first().click()
    await expect(visitor.getByLabel('Amount')).toBeVisible()
    await expect(visitor.getByRole('group', { name: 'Receipt' })).toHaveCount(0)
    await visitor.close()
  })

  test('household: added offline by Asha, seen by Ravi after sync; a stranger gets 404', async ({
    browser,
    server,
  }) => {
    test.setTimeout(300_000)
    const [asha, ravi, stranger] = [
      await person(server, 'asha'),
      await person(server, 'ravi'),
      await person(server, 'stranger'),
    ]
    const made = await server.api<{ household: { id: string } }>('POST', '/households', asha.token, { name: 'Flat 4B' })
    const id = made.body.household.id
    await server.api('POST', `/households/${id}/invite`, asha.token, { email: ravi.email })
    const mine = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', ravi.token)
    await server.api('POST', `/households/invitations/${mine.body.invitations.at(-1)!.id}/accept`, ravi.token)

    const a = await device(browser, server, asha, LOOKS[0])
    await a.goto(`/households/${id}`)
    await expect(a.getByText('No expenses yet')).toBeVisible()
    await offlineReady(a)
    const photo = await cameraPhoto(a, 23)
    await server.stop()

    await a.goto(`/households/${id}/add-expense`)
    await a.getByLabel('Amount').fill('98765.43')
    await a.getByLabel('Description').fill('Groceries from the Sunday market')
    await a.getByTestId('receipt-file').setInputFiles({ name: 'bill.jpg', mimeType: 'image/jpeg', buffer: photo })
    await expect(a.getByTestId('receipt-size')).toBeVisible({ timeout: 30_000 })
    await a.getByRole('group', { name: 'Receipt' }).scrollIntoViewIfNeeded()
    await shot(a, `${SHOTS}/household-add-light-390.png`)
    await expectAccessible(a, 'household expense form with a receipt', { within: SCREEN })
    await a.getByRole('button', { name: 'Add Expense' }).click()
    await expect(a.getByText('Expense added: the others will review it')).toBeVisible()
    const mineRow = a.getByTestId('household-expense').filter({ hasText: 'Sunday market' })
    await expect(mineRow.getByTestId('receipt-indicator')).toBeVisible()
    await expect(mineRow.getByTestId('receipt-waiting')).toBeVisible()
    await shot(a, `${SHOTS}/household-offline-light-390.png`)
    await expectAccessible(a, 'household expense with a receipt, offline', { within: SCREEN })

    await server.start()
    const isGroceries = (d: Doc) => d.description === 'Groceries from the Sunday market'
    await expect
      .poll(() => serverReceipt(server, ravi, 'household_expenses', isGroceries), { timeout: 60_000 })
      .toBeTruthy()
    const receipt = (await serverReceipt(server, ravi, 'household_expenses', isGroceries))!
    await uploaded(a, server, ravi, receipt)
    await expect(mineRow.getByTestId('receipt-waiting')).toHaveCount(0, { timeout: 30_000 })

    const r = await device(browser, server, ravi, LOOKS[3])
    await r.goto(`/households/${id}`)
    const ravisRow = r.getByTestId('household-expense').filter({ hasText: 'Sunday market' })
    await ravisRow.getByTestId('receipt-indicator').click()
    await expect(r.getByAltText('Receipt photo')).toBeVisible({ timeout: 30_000 })
    await shot(r, `${SHOTS}/household-viewer-dark-1280.png`)
    await expectAccessible(r, 'household receipt viewer, dark', { within: 'dialog[open]' })
    await r.getByRole('button', { name: 'Close' }).click()
    // Ravi neither entered nor paid it: he may look, not change it.
    await expect(ravisRow.getByRole('button', { name: /receipt/i })).toHaveCount(1)
    await shot(r, `${SHOTS}/household-dark-1280.png`)
    await expectAccessible(r, 'household expenses with a receipt, dark', { within: SCREEN })

    expect((await getReceipt(server, stranger, receipt.id)).status).toBe(404)
  })
})
