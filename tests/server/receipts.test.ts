import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { receipts } from '../../sync-server/db/tables'
import { callAs, createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'
import { jpegBytes, nameReceipt, receiptOf, uploadReceipt } from './receipt-support'
import { proveNumber, say, WEBHOOK_ENV } from './whatsapp-support'

const apps: TestApp[] = []
const servers: Server[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()))
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))))
})

async function setup(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ ...WEBHOOK_ENV, ...env }, {}, { jobs: false, monthlyReports: false })
  apps.push(t)
  return t
}

async function expenseOf(t: TestApp, s: Session): Promise<string> {
  const res = await callAs(t.app, s, 'POST', '/api/expenses', { amount: 250, category: 'Food & Dining' })
  expect(res.status).toBe(201)
  return String(res.body.id)
}

const getReceipt = (t: TestApp, s: Session, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/receipts/${id}`, headers: s.headers })

const receiptRows = async (t: TestApp) => await t.app.db.select({ id: receipts.id }).from(receipts)

describe('receipt uploads', () => {
  it('keeps the photo the expense names and gives it back to its owner only', async () => {
    const t = await setup()
    const [asha, bob] = [await register(t.app), await register(t.app)]
    const expense = await expenseOf(t, asha)
    const bytes = jpegBytes(5000)
    const receipt = receiptOf(bytes)
    // Not named by the expense yet (its push has not arrived): refused, to be tried again.
    const early = await uploadReceipt(t.app, asha, 'transactions', expense, receipt.id, bytes)
    expect(early.statusCode).toBe(409)
    await nameReceipt(t.app, 'transactions', expense, receipt)
    expect((await uploadReceipt(t.app, bob, 'transactions', expense, receipt.id, bytes)).statusCode).toBe(404)
    const put = await uploadReceipt(t.app, asha, 'transactions', expense, receipt.id, bytes, 'text/plain')
    expect(put.statusCode, put.body).toBe(201)
    const got = await getReceipt(t, asha, receipt.id)
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('image/jpeg')
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0)
    const stranger = await getReceipt(t, bob, receipt.id)
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json()).toMatchObject({ error: 'Receipt not found' })
  })

  it('stay through a REST edit of their expense (the edit keeps what REST cannot say)', async () => {
    const t = await setup()
    const asha = await register(t.app)
    const expense = await expenseOf(t, asha)
    const bytes = jpegBytes(4000)
    const receipt = receiptOf(bytes)
    await nameReceipt(t.app, 'transactions', expense, receipt)
    expect((await uploadReceipt(t.app, asha, 'transactions', expense, receipt.id, bytes)).statusCode).toBe(201)
    const edit = await callAs(t.app, asha, 'PUT', `/api/expenses/${expense}`, { amount: 300 })
    expect(edit.status).toBe(200)
    expect((await t.app.documents.get('transactions', expense))?.data).toMatchObject({ amount: 30000, receipt })
    expect((await getReceipt(t, asha, receipt.id)).statusCode).toBe(200)
  })

  it('stay through an edit from a device older than receipts, and go when a newer one removes them', async () => {
    const t = await setup()
    const asha = await register(t.app)
    const expense = await expenseOf(t, asha)
    const receipt = receiptOf(jpegBytes(3000))
    await nameReceipt(t.app, 'transactions', expense, receipt)
    const pushEdit = async (change: Record<string, unknown>) => {
      const stored = await t.app.documents.get('transactions', expense)
      if (!stored) throw new Error('no expense')
      const { receipt: _r, ...older } = stored.data
      const assumedMasterState = { ...stored.data, _deleted: false }
      const newDocumentState = { ...older, ...change, updatedAt: stored.updatedAt + 1, _deleted: false }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/transactions/push',
        headers: asha.headers,
        payload: [{ assumedMasterState, newDocumentState }],
      })
      expect(res.json()).toEqual([])
    }
    // The older device's document has no receipt field at all.
    await pushEdit({ description: 'edited on the old phone' })
    expect((await t.app.documents.get('transactions', expense))?.data).toMatchObject({
      description: 'edited on the old phone',
      receipt,
    })
    await pushEdit({ receipt: null })
    expect((await t.app.documents.get('transactions', expense))?.data).toMatchObject({ receipt: null })
  })

  it('judges the type by the bytes, refuses other photos and files over the cap, with clear messages', async () => {
    const t = await setup()
    const asha = await register(t.app)
    const expense = await expenseOf(t, asha)
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'.padEnd(400, ' '))
    const svg = receiptOf(text)
    await nameReceipt(t.app, 'transactions', expense, svg)
    const wrongType = await uploadReceipt(t.app, asha, 'transactions', expense, svg.id, text, 'image/jpeg')
    expect(wrongType.statusCode).toBe(415)
    expect(wrongType.json()).toMatchObject({ error: 'A receipt must be a JPEG, PNG or WebP photo.' })

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)])
    const claimed = receiptOf(png, 'image/jpeg')
    await nameReceipt(t.app, 'transactions', expense, claimed)
    const mismatch = await uploadReceipt(t.app, asha, 'transactions', expense, claimed.id, png)
    expect(mismatch.statusCode).toBe(422)

    const big = jpegBytes(300 * 1024 + 1)
    await nameReceipt(t.app, 'transactions', expense, { ...receiptOf(jpegBytes(10)), bytes: 300 * 1024 })
    const tooLarge = await uploadReceipt(t.app, asha, 'transactions', expense, 'any-id', big)
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toMatchObject({
      error: 'This photo is too large to keep as a receipt (the limit is 300 KB).',
    })
    expect(await receiptRows(t)).toEqual([])
  })

  it('holds each account to its quota; removing a receipt or its expense frees the space', async () => {
    const t = await setup({ RECEIPT_QUOTA_BYTES: '10000' })
    const asha = await register(t.app)
    const [first, second] = [await expenseOf(t, asha), await expenseOf(t, asha)]
    const a = jpegBytes(6000, 1)
    const b = jpegBytes(6000, 2)
    const [ra, rb] = [receiptOf(a), receiptOf(b)]
    await nameReceipt(t.app, 'transactions', first, ra)
    await nameReceipt(t.app, 'transactions', second, rb)
    expect((await uploadReceipt(t.app, asha, 'transactions', first, ra.id, a)).statusCode).toBe(201)
    const full = await uploadReceipt(t.app, asha, 'transactions', second, rb.id, b)
    expect(full.statusCode).toBe(422)
    expect(full.json()).toMatchObject({
      code: 'RECEIPT_QUOTA',
      error: 'Your receipts have used all of their space (0 MB). Remove some receipts to add new ones.',
    })
    // Deleting the first expense takes its photo with it.
    expect((await callAs(t.app, asha, 'DELETE', `/api/expenses/${first}`)).status).toBe(200)
    expect(await receiptRows(t)).toEqual([])
    expect((await uploadReceipt(t.app, asha, 'transactions', second, rb.id, b)).statusCode).toBe(201)
    // Removing the receipt from the expense (null) removes the photo.
    await nameReceipt(t.app, 'transactions', second, null)
    expect(await receiptRows(t)).toEqual([])
    expect((await getReceipt(t, asha, rb.id)).statusCode).toBe(404)
  })
})

describe('household receipts', () => {
  async function household(t: TestApp) {
    const [asha, ravi, bob] = [await register(t.app), await register(t.app), await register(t.app)]
    const made = await callAs(t.app, asha, 'POST', '/api/households', { name: 'Flat 4B' })
    const id = String((made.body.household as { id: string }).id)
    await callAs(t.app, asha, 'POST', `/api/households/${id}/invite`, { email: ravi.user.email })
    const inv = await callAs(t.app, ravi, 'GET', '/api/households/invitations')
    const invitation = (inv.body.invitations as { id: string }[])[0]!.id
    await callAs(t.app, ravi, 'POST', `/api/households/invitations/${invitation}/accept`)
    const added = await callAs(t.app, ravi, 'POST', `/api/households/${id}/expenses`, {
      amount: 900,
      category: 'Groceries',
    })
    return { asha, ravi, bob, id, expense: String((added.body.expense as { id: string }).id) }
  }

  it('are seen by current members only and go when a member leaves or the expense is deleted', async () => {
    const t = await setup()
    const { asha, ravi, bob, id, expense } = await household(t)
    const bytes = jpegBytes(4000)
    const receipt = receiptOf(bytes)
    await nameReceipt(t.app, 'household_expenses', expense, receipt)
    expect((await uploadReceipt(t.app, bob, 'household_expenses', expense, receipt.id, bytes)).statusCode).toBe(404)
    expect((await uploadReceipt(t.app, ravi, 'household_expenses', expense, receipt.id, bytes)).statusCode).toBe(201)
    expect((await getReceipt(t, asha, receipt.id)).statusCode).toBe(200)
    expect((await getReceipt(t, bob, receipt.id)).statusCode).toBe(404)
    expect((await callAs(t.app, asha, 'POST', `/api/households/${id}/leave`)).status).toBeLessThan(300)
    expect((await getReceipt(t, asha, receipt.id)).statusCode).toBe(404)
    expect((await getReceipt(t, ravi, receipt.id)).statusCode).toBe(200)
    await nameReceipt(t.app, 'household_expenses', expense, receipt)
    const doc = (await t.app.documents.get('household_expenses', expense))!
    await t.app.documents.write(async (unit) =>
      unit.putAllowed('household_expenses', doc.ownerId, { ...doc.data, updatedAt: doc.updatedAt + 1 }, true),
    )
    expect(await receiptRows(t)).toEqual([])
  })
})

describe('a WhatsApp photo with a caption', () => {
  /** Plays Twilio's media URL: checks the account's credentials, then redirects to the bytes. */
  async function fakeTwilio(photo: Buffer): Promise<{ origin: string; hits: string[] }> {
    const hits: string[] = []
    const server = createServer((req, res) => {
      hits.push(`${req.url} ${req.headers.authorization ?? '-'}`)
      if (req.url?.startsWith('/media/')) {
        const expected = `Basic ${Buffer.from('AC-test:test-twilio-auth-token-0123456789').toString('base64')}`
        if (req.headers.authorization !== expected) return void res.writeHead(401).end()
        return void res.writeHead(307, { location: '/signed/photo.jpg' }).end()
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
    })
    servers.push(server)
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits }
  }

  async function linked(t: TestApp) {
    const session = await register(t.app, { phone_number: '9876500011' })
    const from = 'whatsapp:+919876500011'
    await proveNumber(t.app, session.headers, from)
    return { session, from }
  }

  it('becomes the entry with its receipt, fetched with the account credentials from the allowed origin', async () => {
    const photo = jpegBytes(9000)
    const twilio = await fakeTwilio(photo)
    const t = await setup({ TWILIO_ACCOUNT_SID: 'AC-test', TWILIO_MEDIA_ORIGINS: twilio.origin })
    const { session, from } = await linked(t)
    const media = { NumMedia: '1', MediaUrl0: `${twilio.origin}/media/ME1`, MediaContentType0: 'image/jpeg' }
    const reply = await say(t.app, from, 'Spent 500 on food', media)
    expect(reply).not.toContain('receipt')
    const [entry] = (await t.app.documents.listByOwner('transactions', session.user.id)).map((d) => d.data)
    expect(entry).toMatchObject({ amount: 50_000, receipt: { type: 'image/jpeg', bytes: 9000 } })
    const got = await getReceipt(t, session, entry!.receipt!.id)
    expect(Buffer.compare(got.rawPayload, photo)).toBe(0)
    expect(twilio.hits[0]).toMatch(/^\/media\/ME1 Basic /)
  })

  it('never fetches from another origin, and says so when the photo is not kept', async () => {
    const twilio = await fakeTwilio(jpegBytes(100))
    const t = await setup({ TWILIO_ACCOUNT_SID: 'AC-test' })
    const { session, from } = await linked(t)
    const media = { NumMedia: '1', MediaUrl0: `${twilio.origin}/media/ME2`, MediaContentType0: 'image/jpeg' }
    const reply = await say(t.app, from, 'Spent 200 on auto', media)
    expect(reply).toContain('The photo could not be saved as a receipt.')
    expect(twilio.hits).toEqual([])
    const [entry] = (await t.app.documents.listByOwner('transactions', session.user.id)).map((d) => d.data)
    expect(entry).toMatchObject({ amount: 20_000 })
    expect(entry!.receipt).toBeUndefined()
  })
})
