/**
 * Messages in another currency on WhatsApp: booked in that currency at the user's last rate for
 * the pair to their home currency, else as not converted (never 1:1), and the reply says which.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { invertTime } from '../../schema/entities/common'
import type { Transaction } from '../../schema/entities/transaction'
import { createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'
import { proveNumber, say, WEBHOOK_ENV } from './whatsapp-support'

/** Saturday 15 March 2025, 12:00 in India (tests run with TZ=Asia/Kolkata). */
const NOW = new Date(2025, 2, 15, 12, 0).getTime()
const DAY = 86_400_000

const apps: TestApp[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()))
})

async function setup(): Promise<TestApp> {
  const t = await createTestApp({ ...WEBHOOK_ENV }, {}, { now: () => NOW, monthlyReports: false })
  apps.push(t)
  return t
}

let phoneCounter = 0
async function linkedUser(t: TestApp, home?: string): Promise<{ session: Session; from: string }> {
  phoneCounter += 1
  const digits = `97${String(phoneCounter).padStart(8, '0')}`
  const session = await register(t.app, { phone_number: digits, name: 'Asha' })
  const from = `whatsapp:+91${digits}`
  expect(await proveNumber(t.app, session.headers, from)).toContain('Linked')
  if (home) {
    const id = session.user.id
    await t.app.documents.write(async (unit) =>
      unit.put('profile', id, { id, ownerId: id, updatedAt: NOW, currency: home }),
    )
  }
  return { session, from }
}

let seedCounter = 0
async function addEntry(t: TestApp, ownerId: string, fields: Partial<Transaction>, deleted = false): Promise<void> {
  seedCounter += 1
  const date = fields.date ?? NOW - DAY
  await t.app.documents.write(async (unit) =>
    unit.put(
      'transactions',
      ownerId,
      {
        id: `seed-fx-${seedCounter}`,
        ownerId,
        type: 'expense',
        amount: 1000,
        category: 'Food & Dining',
        description: '',
        origin: 'app',
        updatedAt: NOW,
        ...fields,
        date,
        dateDesc: invertTime(date),
      },
      deleted,
    ),
  )
}

const booked = async (t: TestApp, userId: string) =>
  (await t.app.documents.listByOwner('transactions', userId)).map((d) => d.data).filter((d) => d.origin === 'whatsapp')

describe('WhatsApp: a message in another currency', () => {
  it('books in that currency at the latest rate the user gave for the pair, and shows the home figure', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const id = session.user.id
    await addEntry(t, id, { currency: 'USD', fxRate: 80, fxHome: 'INR', date: NOW - 10 * DAY })
    await addEntry(t, id, { currency: 'USD', fxRate: 83.25, fxHome: 'INR', date: NOW - 2 * DAY })
    // Rates that are not the user's latest for USD → INR: removed, another pair, another home.
    await addEntry(t, id, { currency: 'USD', fxRate: 99, fxHome: 'INR', date: NOW - DAY }, true)
    await addEntry(t, id, { currency: 'EUR', fxRate: 90, fxHome: 'INR', date: NOW - DAY })
    await addEntry(t, id, { currency: 'USD', fxRate: 3.67, fxHome: 'AED', date: NOW - DAY })

    const reply = await say(t.app, from, 'Spent 20 USD on lunch')
    expect(reply).toContain('Expense Added')
    expect(reply).toContain('Amount: $20 (₹1,665)')
    expect(await booked(t, id)).toEqual([
      expect.objectContaining({
        amount: 2000,
        currency: 'USD',
        fxRate: 83.25,
        fxHome: 'INR',
        category: 'Food & Dining',
      }),
    ])
  })

  it('takes a rate given later on another kind of entry (a budget), never another user’s', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const id = session.user.id
    const other = (await linkedUser(t)).session.user.id
    await addEntry(t, id, { currency: 'USD', fxRate: 83.25, fxHome: 'INR', date: NOW - 2 * DAY })
    const budget = (ownerId: string, fxRate: number, updatedAt: number) =>
      t.app.documents.write(async (unit) =>
        unit.put('budgets', ownerId, {
          id: crypto.randomUUID(),
          ownerId,
          updatedAt,
          category: 'Travel',
          amount: 500_00,
          period: 'monthly',
          createdAt: updatedAt,
          currency: 'USD',
          fxRate,
          fxHome: 'INR',
        }),
      )
    // Saved yesterday, after the expense's date: this is the rate the user gave last.
    await budget(id, 84.1, NOW - DAY)
    await budget(other, 99, NOW)

    expect(await say(t.app, from, 'Spent 20 USD on lunch')).toContain('Amount: $20 (₹1,682)')
    expect(await booked(t, id)).toEqual([expect.objectContaining({ currency: 'USD', fxRate: 84.1, fxHome: 'INR' })])
  })

  it('with no rate known, books it not converted and the reply says so', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const other = await linkedUser(t)
    // Another user's rate is theirs alone.
    await addEntry(t, other.session.user.id, { currency: 'AED', fxRate: 22.7, fxHome: 'INR' })

    const reply = await say(t.app, from, 'AED 50 taxi')
    expect(reply).toContain('Amount: د.إ\u200E50 (AED, not converted: add a rate in the app)')
    const [entry] = await booked(t, session.user.id)
    expect(entry).toMatchObject({ amount: 5000, currency: 'AED', fxRate: null, category: 'Transportation' })
    expect(entry).not.toHaveProperty('fxHome')
  })

  it('a card spend abroad from the bank is booked in dollars', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await say(t.app, from, 'USD 11.80 spent using ICICI Bank Card XX1234 on 14-Mar-25 at AMAZON WEB SERVICES')
    expect(await booked(t, session.user.id)).toEqual([
      expect.objectContaining({ amount: 1180, currency: 'USD', fxRate: null, type: 'expense' }),
    ])
  })

  it('for a home currency of AED: rupees are rupees, a bare amount is in dirhams', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t, 'AED')
    const id = session.user.id
    await addEntry(t, id, { currency: 'INR', fxRate: 0.044, fxHome: 'AED' })
    expect(await say(t.app, from, '₹500 food')).toContain('Amount: ₹500 (د.إ\u200E22)')
    expect(await say(t.app, from, 'spent 30 on taxi')).toContain('Amount: د.إ\u200E30\n')
    const entries = await booked(t, id)
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: 50_000, currency: 'INR', fxRate: 0.044, fxHome: 'AED' }),
        expect.objectContaining({ amount: 3000, currency: 'AED', fxRate: null }),
      ]),
    )
  })

  it("applies the amount limit in the entry's own currency", async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    expect(await say(t.app, from, 'Spent JPY 20000000 on a car')).toContain('Nothing was added')
    expect(await say(t.app, from, 'Spent JPY 1200 on ramen')).toContain('Amount: ¥1,200')
    expect(await booked(t, session.user.id)).toEqual([
      expect.objectContaining({ amount: 120_000, currency: 'JPY', fxRate: null }),
    ])
  })

  it('summary and budget replies add up in the home currency and name what has no rate', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const id = session.user.id
    await addEntry(t, id, { amount: 100_000, date: NOW - DAY })
    await addEntry(t, id, { amount: 1000, currency: 'USD', fxRate: 83.25, fxHome: 'INR', date: NOW - DAY })
    await addEntry(t, id, { amount: 2000, currency: 'GBP', fxRate: null, date: NOW - DAY })
    await t.app.documents.write(async (unit) =>
      unit.put('budgets', id, {
        id: 'fx-food',
        ownerId: id,
        updatedAt: NOW,
        category: 'Food & Dining',
        amount: 200_000,
        period: 'monthly',
        allocated: 0,
        refusedAllocation: 0,
        createdAt: NOW - 30 * DAY,
      }),
    )
    // ₹1,000 + $10 at 83.25 = ₹1,832.50; the £20 with no rate is named, not added 1:1.
    const summary = await say(t.app, from, 'summary')
    expect(summary).toContain('Expenses: ₹1,833')
    expect(summary).toContain('1 entry in another currency is not converted to INR and not counted')
    expect(await say(t.app, from, 'budget')).toContain('₹1,833')
  })
})

describe('WhatsApp: the rate offered is the newer of the user’s own and the daily one', () => {
  /** A day of the source with the base in neither currency: USD → INR goes through EUR (100 / 1.25 = 80). */
  const saveDay = (t: TestApp, date: string, inr = 100) =>
    t.app.fxRates.save({ base: 'EUR', date, rates: { EUR: 1, USD: 1.25, INR: inr, GBP: 0.85 } })

  it('with only a daily rate, books at it (through the source’s base)', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await saveDay(t, '2025-03-14')
    const reply = await say(t.app, from, 'Spent 20 USD on lunch')
    expect(reply).toContain('Amount: $20 (₹1,600)')
    expect(await booked(t, session.user.id)).toEqual([
      expect.objectContaining({ amount: 2000, currency: 'USD', fxRate: 80, fxHome: 'INR' }),
    ])
  })

  it('with an own rate newer than the daily one, books at the own one; an older own rate gives way', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const id = session.user.id
    await saveDay(t, '2025-03-10')
    await addEntry(t, id, { currency: 'USD', fxRate: 83.25, fxHome: 'INR', date: NOW - 2 * DAY })
    await addEntry(t, id, { currency: 'GBP', fxRate: 101, fxHome: 'INR', date: NOW - 10 * DAY })
    expect(await say(t.app, from, 'Spent 20 USD on lunch')).toContain('Amount: $20 (₹1,665)')
    // £ → ₹ on the 10th is 100 / 0.85 = 117.6470588; the own £ rate is from the 5th.
    await say(t.app, from, 'Spent 10 GBP on books')
    expect(await booked(t, id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: 2000, currency: 'USD', fxRate: 83.25, fxHome: 'INR' }),
        expect.objectContaining({ amount: 1000, currency: 'GBP', fxRate: 117.6470588, fxHome: 'INR' }),
      ]),
    )
  })

  it('on the same day, the own rate (what the card charged) wins', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    const id = session.user.id
    await saveDay(t, '2025-03-14')
    await addEntry(t, id, { currency: 'USD', fxRate: 84, fxHome: 'INR', date: NOW - DAY })
    await say(t.app, from, 'Spent 20 USD on lunch')
    expect(await booked(t, id)).toEqual([expect.objectContaining({ fxRate: 84, fxHome: 'INR' })])
  })

  it('with neither, books not converted, as before; a day without the currency offers nothing', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await saveDay(t, '2025-03-14')
    const reply = await say(t.app, from, 'AED 50 taxi')
    expect(reply).toContain('not converted: add a rate in the app')
    const [entry] = await booked(t, session.user.id)
    expect(entry).toMatchObject({ amount: 5000, currency: 'AED', fxRate: null })
    expect(entry).not.toHaveProperty('fxHome')
  })

  it('a mandate in dollars is added at the daily rate when the user never gave one', async () => {
    const t = await setup()
    const { session, from } = await linkedUser(t)
    await saveDay(t, '2025-03-14')
    const notice =
      'Your HDFC Bank Card XX4821 will be debited with USD 9.99 on 28-03-25 towards NETFLIX for the e-mandate.'
    expect(await say(t.app, from, notice)).toContain('$9.99')
    expect(await say(t.app, from, 'recurring')).toContain('Recurring payment added')
    const payments = (await t.app.documents.listByOwner('recurring_payments', session.user.id)).map((d) => d.data)
    expect(payments).toMatchObject([{ amount: 9_99, currency: 'USD', fxRate: 80, fxHome: 'INR' }])
  })
})
