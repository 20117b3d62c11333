import { tmpdir } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import type { StreamEvent } from '../../schema/api/sync'
import type { Budget } from '../../schema/entities/budget'
import { invertTime } from '../../schema/entities/common'
import type { Transaction } from '../../schema/entities/transaction'
import { loadConfig } from '../../sync-server/config'
import { whatsappMessages } from '../../sync-server/db/tables'
import { createTestApp, register } from './helpers'
import type { Body, Session, TestApp } from './helpers'
import { postWebhook, proveNumber, replyText, say, twilioParams, WEBHOOK_ENV, WEBHOOK_URL } from './whatsapp-support'

/** Saturday 15 March 2025, 12:00 in India (tests run with TZ=Asia/Kolkata). */
const NOW = new Date(2025, 2, 15, 12, 0).getTime()

const apps: TestApp[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()))
})

async function setup(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ ...WEBHOOK_ENV, ...env }, {}, { now: () => NOW, monthlyReports: false })
  apps.push(t)
  return t
}

let phoneCounter = 0
/**
 * A registered user with a fresh Indian number, proven by its `link <code>` message (which counts
 * towards the sender's rate limit); returns the session and the Twilio `From`.
 */
async function linkedUser(t: TestApp, name = 'Asha', prove = true): Promise<{ session: Session; from: string }> {
  phoneCounter += 1
  const digits = `98${String(phoneCounter).padStart(8, '0')}`
  const session = await register(t.app, { phone_number: digits, name })
  const from = `whatsapp:+91${digits}`
  if (prove) expect(await proveNumber(t.app, session.headers, from)).toContain('Linked')
  return { session, from }
}

const transactionsOf = async (t: TestApp, userId: string, includeDeleted = false) =>
  (await t.app.documents.listByOwner('transactions', userId, { includeDeleted })).map((d) => ({
    ...d.data,
    _deleted: d.deleted,
    seq: d.seq,
  }))

async function pull(t: TestApp, session: Session): Promise<Body['documents']> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/sync/transactions/pull?seq=0&limit=100',
    headers: session.headers,
  })
  expect(res.statusCode).toBe(200)
  return res.json<Body>().documents
}

async function addBudget(
  t: TestApp,
  ownerId: string,
  category: string,
  rupees: number,
  period: Budget['period'] = 'monthly',
): Promise<void> {
  await t.app.documents.write(async (unit) =>
    unit.put('budgets', ownerId, {
      id: `b-${category.replace(/\W/g, '')}-${ownerId.slice(0, 8)}`,
      ownerId,
      category,
      amount: rupees * 100,
      period,
      allocated: 0,
      createdAt: NOW - 86_400_000 * 30,
      updatedAt: NOW,
    }),
  )
}

async function addTransaction(
  t: TestApp,
  ownerId: string,
  fields: Partial<Transaction> & Pick<Transaction, 'type' | 'amount' | 'category' | 'date'>,
): Promise<void> {
  await t.app.documents.write(async (unit) =>
    unit.put('transactions', ownerId, {
      id: `seed-${Math.random().toString(36).slice(2, 10)}`,
      ownerId,
      description: '',
      dateDesc: invertTime(fields.date),
      origin: 'app',
      updatedAt: NOW,
      ...fields,
    }),
  )
}

describe('POST /api/whatsapp/webhook: a signed message from a linked number', () => {
  it('adds the expense: TwiML reply, stored document with a seq, in the pull and on the stream', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const events: StreamEvent[] = []
    const stop = t.app.streamBus.subscribe(session.user.id, (e) => e !== 'RESYNC' && events.push(e))
    const params = twilioParams(from, 'Spent 500 on food')

    const res = await postWebhook(t.app, params)
    stop()

    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/xml/)
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>/)
    const text = replyText(res.body)
    expect(text).toContain('Expense Added')
    expect(text).toContain('₹500')
    expect(text).toContain('Food & Dining')
    expect(text).not.toContain('Date:')

    const stored = await transactionsOf(t, session.user.id)
    expect(stored).toHaveLength(1)
    const doc = stored[0]!
    expect(doc).toMatchObject({
      type: 'expense',
      amount: 50_000,
      category: 'Food & Dining',
      origin: 'whatsapp',
      messageId: params.MessageSid,
      ownerId: session.user.id,
      date: NOW,
      dateDesc: invertTime(NOW),
    })
    expect(doc.seq).toBe(t.app.documents.lastSeq)

    expect(await pull(t, session)).toEqual([
      expect.objectContaining({ id: doc.id, amount: 50_000, origin: 'whatsapp', _deleted: false }),
    ])
    expect(events).toEqual([
      {
        collection: 'transactions',
        documents: [expect.objectContaining({ id: doc.id, amount: 50_000, _deleted: false })],
        checkpoint: { seq: doc.seq },
      },
    ])
  })

  it('reaches an open /api/sync/stream connection', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const controller = new AbortController()
    try {
      const res = await fetch(`${base}/api/sync/stream`, { headers: session.headers, signal: controller.signal })
      const reader = res.body!.getReader()
      const decoder = new TextDecoder()
      let buffer = ''
      const readUntil = async (needle: string) => {
        while (!buffer.includes(needle)) {
          const { value, done } = await reader.read()
          if (done) throw new Error('stream ended')
          buffer += decoder.decode(value, { stream: true })
        }
      }
      await readUntil('RESYNC')
      await say(t.app, from, '500 ka khana')
      await readUntil('"origin":"whatsapp"')
      expect(buffer).toContain('"amount":50000')
    } finally {
      controller.abort()
      t.app.server.closeAllConnections()
    }
  })

  it('adds income with its source', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const text = await say(t.app, from, 'Received 50000 salary')
    expect(text).toContain('Income Added')
    expect(text).toContain('₹50,000')
    expect(text).toContain('Source: Salary')
    expect(await transactionsOf(t, session.user.id)).toEqual([
      expect.objectContaining({ type: 'income', amount: 5_000_000, category: 'Salary', origin: 'whatsapp' }),
    ])
  })

  it('dates "yesterday" to yesterday and says so; amounts with paise keep them', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const text = await say(t.app, from, 'Spent 200 on petrol yesterday')
    expect(text).toContain('Transportation')
    expect(text).toContain('Date: 14 Mar')
    expect((await transactionsOf(t, session.user.id))[0]!.date).toBe(new Date(2025, 2, 14).getTime())
    expect(await say(t.app, from, 'Spent 99.50 on chai')).toContain('₹99.50')
  })

  it("uses the user's own categories from their profile", async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await t.app.documents.write(async (unit) =>
      unit.put('profile', session.user.id, {
        id: session.user.id,
        ownerId: session.user.id,
        updatedAt: NOW,
        customCategories: ['Pets'],
      }),
    )
    expect(await say(t.app, from, 'spent 300 on pets')).toContain('Pets')
    expect((await transactionsOf(t, session.user.id))[0]!.category).toBe('Pets')
  })

  it('finds the user whatever form their number was registered in', async () => {
    const t = await setup()
    const session = await register(t.app, { phone_number: '98765 43210' })
    expect(await proveNumber(t.app, session.headers, 'whatsapp:+919876543210')).toContain('Linked')
    expect(await say(t.app, 'whatsapp:+919876543210', 'Paid 1000 for rent')).toContain('Expense Added')
    expect(await transactionsOf(t, session.user.id)).toEqual([
      expect.objectContaining({ amount: 100_000, category: 'Rent' }),
    ])
  })

  it('refuses amounts above the largest expense, adding nothing', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    expect(await say(t.app, from, 'Spent 2 crore on house')).toContain('Nothing was added')
    expect(await transactionsOf(t, session.user.id)).toEqual([])
  })

  it('accepts extra Twilio fields and rejects a signed form without MessageSid (400)', async () => {
    const t = await setup()
    const { from } = await linkedUser(t)
    const extra = { ButtonText: 'x', Latitude: '12.9', ChannelMetadata: '{"type":"whatsapp"}' }
    expect(await say(t.app, from, 'help', extra)).toContain('Commands')
    const params = twilioParams(from, 'Spent 1 on tea')
    delete params.MessageSid
    const res = await postWebhook(t.app, params)
    expect(res.statusCode).toBe(400)
    expect(res.json<Body>().error).toContain('MessageSid')
  })
})

describe('webhook security', () => {
  it('403 for a tampered body, and nothing changes', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const seq = t.app.documents.lastSeq
    const messages = (await t.app.db.select().from(whatsappMessages)).length
    const res = await postWebhook(t.app, twilioParams(from, 'Spent 500 on food'), {
      tamper: (p) => ({ ...p, Body: 'Spent 50000 on food' }),
    })
    expect(res.statusCode).toBe(403)
    expect(res.json<Body>()).toMatchObject({ code: 'INVALID_SIGNATURE' })
    expect(t.app.documents.lastSeq).toBe(seq)
    expect(await transactionsOf(t, session.user.id, true)).toEqual([])
    expect(await t.app.db.select().from(whatsappMessages)).toHaveLength(messages)
  })

  it('403 for a signature over another URL, another token, or another sender', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const params = twilioParams(from, 'Spent 500 on food')
    expect(
      (await postWebhook(t.app, params, { signedUrl: 'https://evil.example.com/api/whatsapp/webhook' })).statusCode,
    ).toBe(403)
    expect((await postWebhook(t.app, params, { signedUrl: `${WEBHOOK_URL}?x=1` })).statusCode).toBe(403)
    expect((await postWebhook(t.app, params, { token: 'not-the-token' })).statusCode).toBe(403)
    expect(
      (await postWebhook(t.app, params, { tamper: (p) => ({ ...p, From: 'whatsapp:+919999999999' }) })).statusCode,
    ).toBe(403)
    expect(await transactionsOf(t, session.user.id, true)).toEqual([])
  })

  it('403 without the X-Twilio-Signature header', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const res = await postWebhook(t.app, twilioParams(from, 'Spent 500 on food'), { signature: null })
    expect(res.statusCode).toBe(403)
    expect(await transactionsOf(t, session.user.id, true)).toEqual([])
  })

  it('503 with a clear message when TWILIO_AUTH_TOKEN is not configured', async () => {
    const t = await setup({ TWILIO_AUTH_TOKEN: '' })
    const { session, from } = await linkedUser(t, 'Asha', false)
    const res = await postWebhook(t.app, twilioParams(from, 'Spent 500 on food'))
    expect(res.statusCode).toBe(503)
    expect(res.json<Body>()).toMatchObject({
      code: 'WHATSAPP_NOT_CONFIGURED',
      error: expect.stringContaining('TWILIO_AUTH_TOKEN') as string,
    })
    expect(await transactionsOf(t, session.user.id, true)).toEqual([])
  })

  it('503 when PUBLIC_URL is missing (signatures cannot be checked)', async () => {
    const t = await setup({ PUBLIC_URL: '' })
    const { from } = await linkedUser(t, 'Asha', false)
    const res = await postWebhook(t.app, twilioParams(from, 'Spent 500 on food'))
    expect(res.statusCode).toBe(503)
    expect(res.json<Body>().error).toContain('PUBLIC_URL')
  })

  it('WHATSAPP_ALLOW_UNSIGNED=1 accepts unsigned requests only while no auth token is set', async () => {
    const dev = await setup({ TWILIO_AUTH_TOKEN: '', WHATSAPP_ALLOW_UNSIGNED: '1' })
    const a = await linkedUser(dev)
    const res = await postWebhook(dev.app, twilioParams(a.from, 'Spent 500 on food'), { signature: null })
    expect(res.statusCode).toBe(200)
    expect(await transactionsOf(dev, a.session.user.id)).toHaveLength(1)

    const prod = await setup({ WHATSAPP_ALLOW_UNSIGNED: '1' })
    const b = await linkedUser(prod)
    expect(
      (await postWebhook(prod.app, twilioParams(b.from, 'Spent 500 on food'), { signature: null })).statusCode,
    ).toBe(403)
  })

  it('rate-limits each sender; retries of answered messages are not counted', async () => {
    // Each sender's `link <code>` message is the first of the four.
    const t = await setup({ WHATSAPP_RATE_LIMIT_MAX: '4' })
    const a = await linkedUser(t)
    const b = await linkedUser(t)
    const first = twilioParams(a.from, 'Spent 1 on tea')
    expect((await postWebhook(t.app, first)).statusCode).toBe(200)
    await say(t.app, a.from, 'Spent 2 on tea')
    await say(t.app, a.from, 'Spent 3 on tea')
    const limited = await postWebhook(t.app, twilioParams(a.from, 'Spent 4 on tea'))
    expect(limited.statusCode).toBe(429)
    expect(limited.json<Body>().code).toBe('RATE_LIMITED')
    expect((await postWebhook(t.app, first)).statusCode).toBe(200)
    expect(await say(t.app, b.from, 'Spent 5 on tea')).toContain('Expense Added')
    expect(await transactionsOf(t, a.session.user.id)).toHaveLength(3)
  })
})

describe('replies to anything that is not an entry', () => {
  it('an unknown number gets how to link it, and nothing is stored', async () => {
    const t = await setup()
    await linkedUser(t)
    const seq = t.app.documents.lastSeq
    const text = await say(t.app, 'whatsapp:+919000000001', 'Spent 500 on food')
    expect(text).toContain("isn't linked")
    expect(text).toContain('Settings → WhatsApp Integration')
    expect(text).toContain('+919000000001')
    expect(t.app.documents.lastSeq).toBe(seq)
  })

  it('an unreadable message gets examples; a photo gets told text only', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const text = await say(t.app, from, 'hello there, how are you')
    for (const example of ['Spent 500 on food', 'Paid 1000 for rent', 'Received 50000 salary', '500 ka khana'])
      expect(text).toContain(example)
    expect(
      await say(t.app, from, '', {
        NumMedia: '1',
        MediaUrl0: 'https://api.twilio.com/media/1',
        MediaContentType0: 'image/jpeg',
      }),
    ).toContain('photos')
    expect(await transactionsOf(t, session.user.id)).toEqual([])
  })

  it("the sandbox 'join …' message gets a welcome: link steps when unlinked, a greeting when linked", async () => {
    const t = await setup()
    const { from } = await linkedUser(t, 'Ravi')
    const unlinked = await say(t.app, 'whatsapp:+919000000002', 'join bright-tiger')
    expect(unlinked).toContain('Welcome to Hisaab')
    expect(unlinked).toContain('Settings → WhatsApp Integration')
    const linked = await say(t.app, from, 'join bright-tiger')
    expect(linked).toContain('Welcome to Hisaab, Ravi')
    expect(linked).toContain('Spent 500 on food')
  })

  it('help lists the commands', async () => {
    const t = await setup()
    const { from } = await linkedUser(t)
    const text = await say(t.app, from, 'help')
    for (const command of ['summary', 'budget', 'undo']) expect(text).toContain(`*${command}*`)
  })
})

describe('MessageSid is unique', () => {
  it('a retried delivery adds nothing and gets the same reply', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const params = twilioParams(from, 'Spent 500 on food')
    const first = await postWebhook(t.app, params)
    const seq = t.app.documents.lastSeq
    const again = await postWebhook(t.app, params)
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    expect(t.app.documents.lastSeq).toBe(seq)
    expect(await transactionsOf(t, session.user.id)).toHaveLength(1)
  })

  it("a MessageSid replayed from another number gets none of the first sender's reply and books nothing", async () => {
    const t = await setup()
    const asha = await linkedUser(t, 'Asha')
    const ravi = await linkedUser(t, 'Ravi')
    const params = twilioParams(asha.from, 'Spent 4321 on swiggy')
    const first = await postWebhook(t.app, params)
    expect(replyText(first.body)).toContain('₹4,321')
    const seq = t.app.documents.lastSeq
    const stored = await t.app.db.select().from(whatsappMessages)
    // Ravi's number (linked) and a number nobody linked, each signed as Twilio would.
    for (const from of [ravi.from, 'whatsapp:+15550001111']) {
      const replay = await postWebhook(t.app, { ...params, From: from, WaId: from.replace(/\D/g, '') })
      expect(replay.statusCode, replay.body).toBe(409)
      expect(replay.json<Body>()).toEqual({
        error: 'This message was already received from another number',
        code: 'MESSAGE_SID_REUSED',
      })
      for (const secret of ['4,321', '4321', 'Food', 'Asha', asha.from.replace('whatsapp:+', '')])
        expect(replay.body).not.toContain(secret)
    }
    expect(t.app.documents.lastSeq).toBe(seq)
    expect(await t.app.db.select().from(whatsappMessages)).toEqual(stored)
    expect(await transactionsOf(t, ravi.session.user.id)).toHaveLength(0)
    expect(await transactionsOf(t, asha.session.user.id)).toHaveLength(1)
    // The first sender's own retry still gets the same reply.
    expect((await postWebhook(t.app, params)).body).toBe(first.body)
  })

  it('a retried command is not run twice (undo twice by retry removes one entry)', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(t.app, from, 'Spent 100 on tea')
    await say(t.app, from, 'Spent 200 on lunch')
    const undo = twilioParams(from, 'undo')
    const first = await postWebhook(t.app, undo)
    const again = await postWebhook(t.app, undo)
    expect(again.body).toBe(first.body)
    expect((await transactionsOf(t, session.user.id)).map((d) => d.amount)).toEqual([10_000])
  })
})

describe('undo', () => {
  it("removes only the entry of the sender's last message, as a tombstone; then there is nothing to undo", async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(t.app, from, 'Spent 100 on tea')
    await say(t.app, from, 'Spent 250 on uber')
    await say(t.app, from, 'summary')
    const seqBefore = t.app.documents.lastSeq

    const text = await say(t.app, from, 'undo')
    expect(text).toContain('Undone')
    expect(text).toContain('₹250')
    expect(text).toContain('Transportation')

    const all = await transactionsOf(t, session.user.id, true)
    const removed = all.find((d) => d.amount === 25_000)!
    expect(removed._deleted).toBe(true)
    expect(removed.seq).toBe(seqBefore + 1)
    expect(all.find((d) => d.amount === 10_000)!._deleted).toBe(false)
    expect(await pull(t, session)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: removed.id, _deleted: true }),
        expect.objectContaining({ amount: 10_000, _deleted: false }),
      ]),
    )

    expect(await say(t.app, from, 'undo')).toContain('Nothing to undo')
    expect((await transactionsOf(t, session.user.id)).map((d) => d.amount)).toEqual([10_000])
  })

  it('has nothing to undo when no message added an entry, or the entry was deleted in the app', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    expect(await say(t.app, from, 'undo')).toContain('Nothing to undo')
    await say(t.app, from, 'Spent 100 on tea')
    const [doc] = await transactionsOf(t, session.user.id)
    await t.app.inject({ method: 'DELETE', url: `/api/expenses/${doc!.id}`, headers: session.headers })
    expect(await say(t.app, from, 'undo')).toContain('Nothing to undo')
  })
})

describe("one user's messages never touch another user's data", () => {
  it("B's undo and summary see only B's entries", async () => {
    const t = await setup()
    const a = await linkedUser(t, 'A')
    const b = await linkedUser(t, 'B')
    await say(t.app, a.from, 'Spent 700 on food')
    expect(await say(t.app, b.from, 'undo')).toContain('Nothing to undo')
    await say(t.app, b.from, 'Spent 300 on movie')
    // A's message came later than B's entry: B's undo still removes only B's own entry.
    await say(t.app, a.from, 'Spent 900 on rent')
    expect(await say(t.app, b.from, 'undo')).toContain('₹300')
    expect(await say(t.app, b.from, 'undo')).toContain('Nothing to undo')

    expect((await transactionsOf(t, a.session.user.id)).map((d) => d.amount).sort()).toEqual([70_000, 90_000])
    expect(await transactionsOf(t, b.session.user.id, true)).toEqual([
      expect.objectContaining({ amount: 30_000, _deleted: true }),
    ])
    const summary = await say(t.app, b.from, 'summary')
    expect(summary).toContain('Nothing logged yet')
    expect((await pull(t, b.session)).every((d) => d.ownerId === b.session.user.id)).toBe(true)
  })
})

describe('summary and budget commands', () => {
  it("summary: this month's income, expenses, balance and top three categories", async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    // Last month and next month are not "this month".
    await addTransaction(t, session.user.id, {
      type: 'expense',
      amount: 999_900,
      category: 'Shopping',
      date: new Date(2025, 1, 28, 23, 0).getTime(),
    })
    await addTransaction(t, session.user.id, {
      type: 'income',
      amount: 777_700,
      category: 'Gift',
      date: new Date(2025, 3, 1, 0, 0).getTime(),
    })
    await addTransaction(t, session.user.id, {
      type: 'expense',
      amount: 40_000,
      category: 'Groceries',
      date: new Date(2025, 2, 1, 0, 0).getTime(),
    })
    await say(t.app, from, 'Received 50000 salary')
    await say(t.app, from, 'Spent 1,200 on uber')
    await say(t.app, from, 'Spent 500 on food')
    await say(t.app, from, 'Spent 300 on lunch')
    await say(t.app, from, 'Paid 100 for netflix')

    const text = await say(t.app, from, 'summary')
    expect(text).toContain('March 2025')
    expect(text).toContain('Income: ₹50,000')
    expect(text).toContain('Expenses: ₹2,500')
    expect(text).toContain('Balance: ₹47,500')
    expect(text).toContain('1. Transportation – ₹1,200 (48.0%)')
    expect(text).toContain('2. Food & Dining – ₹800 (32.0%)')
    expect(text).toContain('3. Groceries – ₹400 (16.0%)')
    expect(text).not.toContain('Entertainment')
    expect(await say(t.app, from, 'balance')).toBe(text)
  })

  it('budget: each budget spent/limit in its period', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    expect(await say(t.app, from, 'budget')).toContain('no budgets yet')
    await addBudget(t, session.user.id, 'Food & Dining', 5000)
    await addBudget(t, session.user.id, 'Transportation', 100, 'daily')
    await addTransaction(t, session.user.id, {
      type: 'expense',
      amount: 100_000,
      category: 'Food & Dining',
      date: new Date(2025, 1, 20).getTime(),
    })
    await say(t.app, from, 'Spent 3,600 on food')
    await say(t.app, from, 'auto 80 diye yesterday')
    await say(t.app, from, 'auto 40')
    const text = await say(t.app, from, 'budget')
    expect(text).toContain('Food & Dining: ₹3,600 / ₹5,000 this month (72%)')
    expect(text).toContain('Transportation: ₹40 / ₹100 today (40%)')
  })

  it('an expense that takes a budget across 70 %, 90 % or 100 % says so in the reply', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await addBudget(t, session.user.id, 'Food & Dining', 1000)
    expect(await say(t.app, from, 'Spent 600 on food')).not.toContain('budget')
    const at75 = await say(t.app, from, 'Spent 150 on lunch')
    expect(at75).toContain('Food & Dining* budget past 70%: ₹750 of ₹1,000 this month (75%)')
    expect(await say(t.app, from, 'Spent 10 on chai')).not.toContain('budget')
    const at96 = await say(t.app, from, 'Spent 200 on dinner')
    expect(at96).toContain('budget past 90%: ₹960 of ₹1,000')
    const over = await say(t.app, from, 'Spent 100 on snacks')
    expect(over).toContain('Food & Dining* budget exceeded: ₹1,060 of ₹1,000 this month (106%)')
    expect(await say(t.app, from, 'Spent 100 on snacks')).not.toContain('budget')
    // Income and other categories never trigger it.
    expect(await say(t.app, from, 'Received 100 refund')).not.toContain('budget')
  })
})

describe('GET /api/whatsapp/status', () => {
  it('needs a token', async () => {
    const t = await setup()
    expect((await t.app.inject({ method: 'GET', url: '/api/whatsapp/status' })).statusCode).toBe(401)
  })

  it('shows the link, the last message, the join link and the report setting', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: session.headers })).json<
        Record<string, unknown>
      >()
    // The `link <code>` message that proved the number is the last one so far.
    expect(await status()).toEqual({
      linked: true,
      phone_number: from,
      last_message_at: new Date(NOW).toISOString(),
      join_url: 'https://wa.me/14155238886?text=join%20bright-tiger',
      monthly_report: true,
      pending: null,
      voided: null,
    })
    await say(t.app, from, 'Spent 10 on tea')
    expect((await status()).last_message_at).toBe(new Date(NOW).toISOString())
    await t.app.documents.write(async (unit) =>
      unit.put('profile', session.user.id, {
        id: session.user.id,
        ownerId: session.user.id,
        updatedAt: NOW,
        monthlyReportByWhatsapp: false,
      }),
    )
    expect((await status()).monthly_report).toBe(false)

    const unlinked = await register(t.app)
    const res = await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: unlinked.headers })
    expect(res.json()).toMatchObject({ linked: false, phone_number: null, last_message_at: null })
  })

  it('join_url is null without TWILIO_WHATSAPP_FROM and has no text without a join phrase', async () => {
    const none = await setup({ TWILIO_WHATSAPP_FROM: '' })
    const a = await register(none.app)
    expect(
      (await none.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: a.headers })).json(),
    ).toMatchObject({ join_url: null })
    const noPhrase = await setup({ WHATSAPP_JOIN_PHRASE: '', TWILIO_WHATSAPP_FROM: '+14155238886' })
    const b = await register(noPhrase.app)
    expect(
      (await noPhrase.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: b.headers })).json(),
    ).toMatchObject({ join_url: 'https://wa.me/14155238886' })
  })
})

describe('WhatsApp configuration', () => {
  const base = { DATA_DIR: tmpdir(), LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) }

  it('reads the join phrase, the unsigned switch, the rate limit and the report time zone', () => {
    const config = loadConfig({
      ...base,
      WHATSAPP_JOIN_PHRASE: ' join bright-tiger ',
      WHATSAPP_ALLOW_UNSIGNED: '1',
      WHATSAPP_RATE_LIMIT_MAX: '5',
      REPORT_TIME_ZONE: 'Asia/Dubai',
    })
    expect(config.whatsapp).toEqual({
      joinPhrase: 'join bright-tiger',
      allowUnsigned: true,
      rateLimit: { max: 5, timeWindowMs: 60_000 },
    })
    expect(config.reportTimeZone).toBe('Asia/Dubai')
  })

  it('defaults: signatures required, 30 a minute, TZ else Asia/Kolkata', () => {
    expect(loadConfig(base).whatsapp).toEqual({
      joinPhrase: undefined,
      allowUnsigned: false,
      rateLimit: { max: 30, timeWindowMs: 60_000 },
    })
    expect(loadConfig(base).reportTimeZone).toBe('Asia/Kolkata')
    expect(loadConfig({ ...base, TZ: 'Europe/London' }).reportTimeZone).toBe('Europe/London')
    expect(loadConfig({ ...base, WHATSAPP_ALLOW_UNSIGNED: '0' }).whatsapp.allowUnsigned).toBe(false)
  })

  it('refuses an unknown time zone or switch value', () => {
    expect(() => loadConfig({ ...base, REPORT_TIME_ZONE: 'Mars/Olympus' })).toThrow(/REPORT_TIME_ZONE/)
    expect(() => loadConfig({ ...base, WHATSAPP_ALLOW_UNSIGNED: 'yes' })).toThrow(/WHATSAPP_ALLOW_UNSIGNED/)
  })
})
