/**
 * Forwarded bank and UPI messages on WhatsApp: booked right and once (across forwards, the UPI
 * app's message and a paste in the app), notices book nothing, doubts are asked and a one-word
 * answer settles them, categories learn, cash withdrawals are never income.
 */
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { invertTime } from '../../schema/entities/common'
import type { Transaction } from '../../schema/entities/transaction'
import { paymentEntryId } from '../../schema/parse/dedupe'
import { createTestApp, register, TEST_DATABASE_URL } from './helpers'
import type { Session, TestApp } from './helpers'
import { proveNumber, say, WEBHOOK_ENV } from './whatsapp-support'

/** Thursday 26 November 2026, 12:00 in India (tests run with TZ=Asia/Kolkata). */
const NOW = new Date(2026, 10, 26, 12, 0).getTime()
const DAY = 86_400_000

const HDFC_SWIGGY =
  'Sent Rs.450.00\nFrom HDFC Bank A/C *4821\nTo SWIGGY\nOn 24/11/26\nRef 433018765432\nNot You?\n' +
  'Call 18002586161/SMS BLOCK UPI to 7308080808'
const GPAY_SWIGGY = 'You paid ₹450.00 to Swiggy\nUPI transaction ID: 433018765432\nGoogle Pay'
const TO_RAMESH = (ref: string, rupees = '2000', vpa = 'ramesh.k77@okaxis') =>
  `Rs.${rupees}.00 debited from A/c **4821 on 22-11-26 to VPA ${vpa} (UPI Ref No ${ref}). ` +
  'Not you? Call on 18002586161 to report'

const apps: TestApp[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()))
})

let clock = NOW
async function setup(): Promise<TestApp> {
  clock = NOW
  const t = await createTestApp(WEBHOOK_ENV, {}, { now: () => clock, monthlyReports: false })
  apps.push(t)
  return t
}

let phoneCounter = 0
async function linkedUser(t: TestApp): Promise<{ session: Session; from: string }> {
  phoneCounter += 1
  const digits = `97${String(phoneCounter).padStart(8, '0')}`
  const session = await register(t.app, { phone_number: digits, name: 'Asha' })
  const from = `whatsapp:+91${digits}`
  expect(await proveNumber(t.app, session.headers, from)).toContain('Linked')
  return { session, from }
}

const live = async (t: TestApp, userId: string) =>
  (await t.app.documents.listByOwner('transactions', userId)).map((d) => d.data)

describe('a forwarded bank SMS', () => {
  it('books the payment, not the balance or reference, under the payee, with the bank date', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const reply = await say(t.app, from, HDFC_SWIGGY)
    expect(reply).toContain('Expense Added')
    expect(reply).toContain('₹450')
    expect(reply).toContain('Food & Dining')
    expect(reply).toContain('To: Swiggy')
    expect(reply).toContain('Date: 24 Nov')
    const [doc] = await live(t, session.user.id)
    expect(doc).toMatchObject({
      type: 'expense',
      amount: 45_000,
      category: 'Food & Dining',
      merchant: 'Swiggy',
      paymentKey: 'expense:ref:433018765432',
      origin: 'whatsapp',
      id: paymentEntryId(session.user.id, 'expense:ref:433018765432'),
    })
    expect(new Date(doc!.date).toDateString()).toBe(new Date(2026, 10, 24).toDateString())
  })

  it('is booked once: forwarded twice, then the UPI app message of the same payment', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(t.app, from, HDFC_SWIGGY)
    for (const again of [HDFC_SWIGGY, GPAY_SWIGGY]) {
      const reply = await say(t.app, from, again)
      expect(reply).toContain('Already booked')
      expect(reply).toContain('₹450')
    }
    expect(await live(t, session.user.id)).toHaveLength(1)
  })

  it('pasted in the app first (pushed offline later), then forwarded: already booked', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const key = 'expense:ref:433018765432'
    const date = new Date(2026, 10, 24, 9, 30).getTime()
    const pasted: Transaction = {
      id: paymentEntryId(session.user.id, key),
      ownerId: session.user.id,
      type: 'expense',
      amount: 45_000,
      category: 'Food & Dining',
      description: 'Swiggy · HDFC Bank',
      date,
      dateDesc: invertTime(date),
      origin: 'message',
      merchant: 'Swiggy',
      paymentKey: key,
      updatedAt: NOW - 1000,
    }
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: session.headers,
      payload: [{ newDocumentState: pasted }],
    })
    expect(push.json()).toEqual([])
    expect(await say(t.app, from, HDFC_SWIGGY)).toContain('Already booked')
    expect(await live(t, session.user.id)).toHaveLength(1)
  })

  it('a cash withdrawal is an expense under Cash Withdrawal, forwarded or typed, never income', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const sms =
      'Rs.5000 withdrawn from HDFC Bank Card x3390 at +MG ROAD BRANCH ATM on 2026-11-20:18:45:02. ' +
      'Avl bal: Rs.23,410.55. Not you? Call 18002586161'
    expect(await say(t.app, from, sms)).toContain('Cash Withdrawal')
    expect(await say(t.app, from, 'Took 2000 from ATM')).toContain('Cash Withdrawal')
    const docs = await live(t, session.user.id)
    expect(docs.map((d) => [d.type, d.amount, d.category])).toEqual([
      ['expense', 500_000, 'Cash Withdrawal'],
      ['expense', 200_000, 'Cash Withdrawal'],
    ])
  })

  it.each([
    ['an OTP', '482913 is the OTP for txn of INR 3,499.00 at FLIPKART on HDFC Bank card ending 7710.', 'OTP'],
    ['a balance alert', 'Avl Bal in your IndusInd Bank A/C 2XXXXX3185 is INR 7,000.00 as on 26-Nov-26.', 'balance'],
    ['a failed payment', 'UPI txn of INR 780.00 to zepto@ybl from A/c no. XX9021 failed on 25-11-26.', 'failed'],
    ['an offer', 'Congratulations! You are pre-approved for a Personal Loan of up to Rs 8,00,000. Apply now.', 'offer'],
    ['a money request', 'meena.iyer@okicici has requested money of INR 1,200.00 from you on Axis Mobile.', 'request'],
  ])('%s books nothing and says why', async (_name, text, why) => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const reply = await say(t.app, from, text)
    expect(reply).toContain('nothing was booked')
    expect(reply).toContain(why)
    expect(await live(t, session.user.id)).toHaveLength(0)
  })
})

describe('asking when unsure', () => {
  it('an unknown payee is asked about; "food" files it, and the next payment to them goes there', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const question = await say(t.app, from, TO_RAMESH('432812345670'))
    expect(question).toContain('Please check')
    expect(question).toContain('ramesh.k77@okaxis')
    expect(question).toContain('Reply *ok*')
    expect(await live(t, session.user.id)).toHaveLength(0)

    const booked = await say(t.app, from, 'food')
    expect(booked).toContain('Expense Added')
    expect(booked).toContain('Food & Dining')
    expect(await live(t, session.user.id)).toMatchObject([{ amount: 200_000, category: 'Food & Dining' }])

    const learned = await say(t.app, from, TO_RAMESH('432812345999', '350'))
    expect(learned).toContain('Expense Added')
    expect(learned).toContain('Food & Dining')
    expect(await live(t, session.user.id)).toHaveLength(2)
  })

  it('"ok" books what was understood, "income" turns it round, "no" drops it', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    // Three payees we have not seen (an answer teaches the payee's category, "ok" included).
    await say(t.app, from, TO_RAMESH('432812340001', '2000', 'anu@okaxis'))
    expect(await say(t.app, from, 'ok')).toContain('Expense Added')
    await say(t.app, from, TO_RAMESH('432812340002', '2000', 'binu@okaxis'))
    expect(await say(t.app, from, 'income')).toContain('Income Added')
    await say(t.app, from, TO_RAMESH('432812340003', '2000', 'chinu@okaxis'))
    expect(await say(t.app, from, 'no')).toContain('nothing was booked')
    expect((await live(t, session.user.id)).map((d) => [d.type, d.category])).toEqual([
      ['expense', 'Others'],
      ['income', 'Others'],
    ])
  })

  it('a question is forgotten after a day, and a new message is read as new (the question dropped)', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(t.app, from, TO_RAMESH('432812340004'))
    clock = NOW + DAY + 1
    expect(await say(t.app, from, 'ok')).toContain("couldn't understand")
    await say(t.app, from, TO_RAMESH('432812340005'))
    expect(await say(t.app, from, 'Spent 500 on food')).toContain('Expense Added')
    expect(await say(t.app, from, 'ok')).toContain("couldn't understand")
    expect(await live(t, session.user.id)).toMatchObject([{ amount: 50_000, category: 'Food & Dining' }])
  })

  it('undone, then forwarded again: asked, and "ok" brings the same entry back', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(t.app, from, HDFC_SWIGGY)
    expect(await say(t.app, from, 'undo')).toContain('Undone')
    expect(await say(t.app, from, HDFC_SWIGGY)).toContain('You removed this entry before')
    expect(await say(t.app, from, 'ok')).toContain('Expense Added')
    const all = await t.app.documents.listByOwner('transactions', session.user.id, { includeDeleted: true })
    expect(all).toHaveLength(1)
    expect(all[0]!.deleted).toBe(false)
  })

  it('the same account, amount, day and payee without a reference may be a second payment: asked', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const card =
      'INR 1,299.00 spent using ICICI Bank Card XX5402 on 23-Nov-26 on DECATHLON. Avl Limit: INR 1,23,456.78.'
    expect(await say(t.app, from, card)).toContain('Expense Added')
    expect(await say(t.app, from, card)).toContain('already booked')
    expect(await say(t.app, from, 'ok')).toContain('Expense Added')
    const ids = (await live(t, session.user.id)).map((d) => d.id)
    expect(new Set(ids).size).toBe(2)
  })
})

describe('mandates and refunds', () => {
  it('a "will be debited" notice books nothing and offers a recurring payment; "recurring" adds it', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const notice =
      'Your HDFC Bank A/c XX4821 will be debited with Rs.649.00 on 28-11-26 towards NETFLIX for the e-mandate.'
    const reply = await say(t.app, from, notice)
    expect(reply).toContain('*will be* debited')
    expect(reply).toContain('Reply *recurring*')
    expect(await live(t, session.user.id)).toHaveLength(0)
    expect(await say(t.app, from, 'recurring')).toContain('Recurring payment added')
    const payments = (await t.app.documents.listByOwner('recurring_payments', session.user.id)).map((d) => d.data)
    expect(payments).toMatchObject([
      { name: 'Netflix', amount: 64_900, frequency: 'monthly', dueDate: '2026-11-28', category: 'Entertainment' },
    ])
  })

  it('a mandate in dollars is offered and added in dollars, at the last rate for the pair', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(t.app, from, 'Spent 20 USD on lunch')
    const [lunch] = await live(t, session.user.id)
    await t.app.documents.write(async (unit) =>
      unit.put('transactions', session.user.id, { ...lunch!, fxRate: 83.5, fxHome: 'INR', updatedAt: clock + 1 }),
    )
    const notice =
      'Your HDFC Bank Card XX4821 will be debited with USD 9.99 on 28-11-26 towards NETFLIX for the e-mandate.'
    expect(await say(t.app, from, notice)).toContain('$9.99')
    expect(await say(t.app, from, 'recurring')).toContain('$9.99')
    const payments = (await t.app.documents.listByOwner('recurring_payments', session.user.id)).map((d) => d.data)
    expect(payments).toMatchObject([{ name: 'Netflix', amount: 9_99, currency: 'USD', fxRate: 83.5, fxHome: 'INR' }])
  })

  it('a reversal is income, linked to the expense it gives back', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(
      t.app,
      from,
      'Your A/C 2XXXXX3185 is debited by INR 275.00 towards UPI/433477889900/RAPIDO on 25-Nov-26. -IndusInd Bank',
    )
    const reply = await say(
      t.app,
      from,
      'Your A/C 2XXXXX3185 is credited by INR 275.00 on 26-Nov-26 as reversal of UPI txn 433477889900. -IndusInd Bank',
    )
    expect(reply).toContain('Income Added')
    expect(reply).toContain('Refund for: ₹275 on 25 Nov')
    const [expense, refund] = await live(t, session.user.id)
    expect(refund).toMatchObject({ type: 'income', category: 'Refund', reverses: expense!.id })
  })
})

describe('the merchant index', () => {
  // About the SQLite file itself: the SQLite run of the suite covers it.
  it.skipIf(TEST_DATABASE_URL)('serves the lookups of learned categories and refunds', async () => {
    const t = await setup()
    const sqlite = new Database(join(t.dir, 'app.sqlite'), { readonly: true })
    const plan = sqlite
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM documents WHERE collection = 'transactions' ` +
          `AND json_extract(data, '$.merchant') IS NOT NULL AND owner_id = ? ` +
          `AND lower(json_extract(data, '$.merchant')) = ? AND deleted = 0`,
      )
      .all('u', 'swiggy') as { detail: string }[]
    sqlite.close()
    expect(plan.map((p) => p.detail).join(' ')).toContain('documents_transactions_merchant')
  })
})
