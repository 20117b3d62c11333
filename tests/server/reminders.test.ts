import { afterEach, describe, expect, it } from 'vitest'
import { notificationLog } from '../../sync-server/db/tables'
import { transactionDoc } from './helpers'
import { call, household, ist, ok, register, reminderWorld, subscribeDevice } from './reminders-support'
import type { ReminderWorld, Session } from './reminders-support'

// Issue "Reminders that reach you": the reminders job with a test clock, against a local server
// that plays the push service and decrypts what it receives with each subscription's keys.

let w: ReminderWorld
afterEach(async () => {
  expect(w.push.errors, 'the push service could not read a request').toEqual([])
  await w.close()
})

const round = () => w.app.reminders.check()
const at = (ms: number) => {
  w.clock.now = ms
}
const titles = (name: string) => w.push.accepted(name).map((p) => p.title)

async function rent(session: Session, dueDate: string, reminderDays = 3, extra = {}): Promise<string> {
  const body = { name: 'Rent', amount: 15000, category: 'Rent', frequency: 'monthly', due_date: dueDate, ...extra }
  const res = await ok<{ payment: { id: string } }>(w.app, session, 'POST', '/api/recurring-payments', {
    ...body,
    reminder_days: reminderDays,
  })
  return res.payment.id
}

describe('a recurring payment', () => {
  it('in another currency is announced in it, to the cent', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    await rent(asha, '2026-11-25', 3, { amount: 1180.5, currency: 'USD', fx_rate: '83.25' })
    at(ist(2026, 11, 22, 8, 0))
    expect((await round()).sent).toBe(1)
    expect(w.push.accepted('asha-phone')[0]?.body).toBe('$1,180.50 on Wed, 25 Nov. Mark it paid in Recurring Payments.')
  })

  it('is announced reminder_days ahead and on the day, once each, outside the quiet hours', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    const id = await rent(asha, '2026-11-25')

    expect((await round()).recorded).toBe(0) // five days ahead: too early
    at(ist(2026, 11, 22, 0, 5)) // three days ahead, but 00:05 is quiet
    expect(await round()).toMatchObject({ recorded: 1, sent: 0 })
    at(ist(2026, 11, 22, 7, 59))
    expect((await round()).sent).toBe(0)
    at(ist(2026, 11, 22, 8, 0))
    expect((await round()).sent).toBe(1)
    const [ahead] = w.push.accepted('asha-phone')
    expect(ahead).toEqual({
      title: 'Rent is due in 3 days',
      body: '₹15,000 on Wed, 25 Nov. Mark it paid in Recurring Payments.',
      url: '/recurring-payments',
      tag: `payment:${id}:2026-11-25:ahead`,
    })

    // Signed with the server's VAPID key for the push service's origin; replaceable by topic.
    const delivery = w.push.deliveries[0]!
    expect(delivery.vapid.aud).toBe(w.push.origin)
    expect(delivery.vapid.publicKey).toBe(w.t.config.reminders.vapid.publicKey)
    expect(delivery.vapid.sub).toMatch(/^(mailto:|https:)/)
    expect(delivery.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(Number(delivery.headers.ttl)).toBeGreaterThan(0)

    at(ist(2026, 11, 24, 12)) // still inside the reminder days: the same event, not again
    expect((await round()).sent).toBe(0)
    at(ist(2026, 11, 25, 8, 30))
    expect((await round()).sent).toBe(1)
    expect((await round()).sent).toBe(0)
    expect(titles('asha-phone')).toEqual(['Rent is due in 3 days', 'Rent is due today'])

    // Mark Paid moves it to 25 December: its reminders start over for that day.
    await ok(w.app, asha, 'POST', `/api/recurring-payments/${id}/mark-paid`)
    at(ist(2026, 12, 23, 9))
    await round()
    expect(titles('asha-phone').at(-1)).toBe('Rent is due in 2 days')
  })

  it('is not sent once paid, even when the quiet hours had deferred it', async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 25, 6))
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    const id = await rent(asha, '2026-11-25', 0)
    expect(await round()).toMatchObject({ recorded: 1, sent: 0 })
    at(ist(2026, 11, 25, 7, 30))
    await ok(w.app, asha, 'POST', `/api/recurring-payments/${id}/mark-paid`)
    at(ist(2026, 11, 25, 8))
    expect(await round()).toMatchObject({ sent: 0, resolved: 1 })
    expect(w.push.deliveries).toEqual([])
  })

  it("follows the user's time zone for the day and the quiet hours", async () => {
    // 10:00 in India is 23:30 the day before in New York.
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 10))
    const ravi = await register(w.app)
    await subscribeDevice(w, ravi, 'ravi-laptop', 'America/New_York')
    await rent(ravi, '2026-11-20', 0)
    // Due "today" in India, but it is still the 19th in New York: nothing yet.
    expect((await round()).recorded).toBe(0)
    at(ist(2026, 11, 20, 10, 31)) // 00:01 on the 20th in New York: found, but quiet until 08:00 there
    expect(await round()).toMatchObject({ recorded: 1, sent: 0 })
    at(ist(2026, 11, 20, 18, 29))
    expect((await round()).sent).toBe(0)
    at(ist(2026, 11, 20, 18, 30)) // 08:00 in New York
    expect((await round()).sent).toBe(1)
    expect(titles('ravi-laptop')).toEqual(['Rent is due today'])
  })
})

describe('a budget', () => {
  it('announces 70 % and 90 % once each per period, whichever channel booked the expense', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    await ok(w.app, asha, 'POST', '/api/budgets', { category: 'Food & Dining', amount: 10000, period: 'monthly' })
    const spend = (rupees: number, date = '2026-11-20') =>
      ok(w.app, asha, 'POST', '/api/expenses', { amount: rupees, category: 'Food & Dining', date })

    await spend(6000)
    expect((await round()).sent).toBe(0)
    // A device pushes an expense it booked offline: 75 %.
    const pushed = transactionDoc(asha.user.id, { amount: 150_000, date: ist(2026, 11, 19, 13) })
    const res = await call(w.app, asha, 'POST', '/api/sync/transactions/push', [{ newDocumentState: pushed }])
    expect(res.statusCode, res.body).toBe(200)
    expect((await round()).sent).toBe(1)
    expect(w.push.accepted('asha-phone').at(-1)).toMatchObject({
      title: 'Budget alert: Food & Dining',
      body: '⚠️ Food & Dining budget is at 75% (₹7,500 of ₹10,000)',
      url: '/budgets',
    })
    await spend(500) // 80 %: still the 70 % level, already announced
    expect((await round()).sent).toBe(0)
    await spend(1200) // 92 %
    expect((await round()).sent).toBe(1)
    await spend(3000) // over the limit: nothing more this month
    expect((await round()).sent).toBe(0)
    expect(titles('asha-phone')).toHaveLength(2)
    // Written when it was sent: 92 %.
    expect(w.push.accepted('asha-phone')[1]!.body).toBe('⚠️ Food & Dining budget is at 92% (₹9,200 of ₹10,000)')

    // December: a new period. One expense straight to 95 % says 90 %, never a stale 70 % after it.
    at(ist(2026, 12, 3, 11))
    await spend(9500, '2026-12-03')
    expect((await round()).sent).toBe(1)
    expect((await round()).sent).toBe(0)
    expect(w.push.accepted('asha-phone').at(-1)!.body).toBe('⚠️ Food & Dining budget is at 95% (₹9,500 of ₹10,000)')
  })

  it('is not announced when the expense is undone before the alert goes out', async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 23))
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    await ok(w.app, asha, 'POST', '/api/budgets', { category: 'Shopping', amount: 1000, period: 'daily' })
    const expense = await ok<{ id: string }>(w.app, asha, 'POST', '/api/expenses', {
      amount: 950,
      category: 'Shopping',
      date: new Date(ist(2026, 11, 20, 22, 30)).toISOString(),
    })
    expect(await round()).toMatchObject({ recorded: 1, sent: 0 }) // 23:00: quiet until 08:00
    await ok(w.app, asha, 'DELETE', `/api/expenses/${expense.id}`)
    at(ist(2026, 11, 21, 8))
    expect(await round()).toMatchObject({ sent: 0, resolved: 1 })
  })

  it('a daily budget crossed late at night is still announced at 08:00 (quiet hours defer, never drop)', async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 23))
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    await ok(w.app, asha, 'POST', '/api/budgets', { category: 'Shopping', amount: 1000, period: 'daily' })
    const date = new Date(ist(2026, 11, 20, 22, 45)).toISOString()
    await ok(w.app, asha, 'POST', '/api/expenses', { amount: 950, category: 'Shopping', date })
    await round()
    at(ist(2026, 11, 21, 8))
    expect((await round()).sent).toBe(1)
    expect(w.push.accepted('asha-phone')[0]!.body).toBe('⚠️ Shopping budget is at 95% (₹950 of ₹1,000)')
  })
})

describe('households', () => {
  it('ask each reviewer once, recall a pending review 3 hours before its deadline, stop once reviewed', async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 14))
    const [asha, ravi, meera] = [await register(w.app), await register(w.app), await register(w.app)]
    await subscribeDevice(w, ravi, 'ravi-phone')
    await subscribeDevice(w, meera, 'meera-phone')
    await subscribeDevice(w, asha, 'asha-phone')
    const home = await household(w.app, asha, [ravi, meera])
    const { expense } = await ok<{ expense: { id: string } }>(w.app, asha, 'POST', `/api/households/${home}/expenses`, {
      amount: 1200,
      category: 'Groceries',
      date: '2026-11-20',
    })
    expect((await round()).sent).toBe(2)
    const request = w.push.accepted('ravi-phone')[0]!
    expect(request.title).toBe('An expense waits for your review')
    expect(request.body).toMatch(/^User \d+ added ₹1,200 for Groceries in Flat 4B\. Approve or deny it by 21 Nov, 2:00/)
    expect(request.url).toBe('/households/reviews')
    expect(titles('meera-phone')).toEqual(['An expense waits for your review'])
    expect(titles('asha-phone')).toEqual([]) // the payer reviews nothing

    await ok(w.app, ravi, 'POST', `/api/households/expenses/${expense.id}/approve`)
    at(ist(2026, 11, 21, 10, 59))
    expect((await round()).sent).toBe(0)
    at(ist(2026, 11, 21, 11)) // deadline 14:00, minus 3 hours
    expect((await round()).sent).toBe(1)
    expect(w.push.accepted('meera-phone')[1]).toMatchObject({
      title: 'Review closes soon: 3h 0m left',
      url: '/households/reviews',
    })
    expect(titles('ravi-phone')).toHaveLength(1) // approved: no recall

    // After the deadline the server approves it; nothing more is sent.
    at(ist(2026, 11, 21, 14, 1))
    await w.app.autoApprove.runOnce()
    expect(await round()).toMatchObject({ recorded: 0, sent: 0 })
  })

  it('ask the receiver to confirm a settlement; a confirmed one is not announced', async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 23))
    const [asha, ravi] = [await register(w.app), await register(w.app)]
    await subscribeDevice(w, asha, 'asha-phone')
    const home = await household(w.app, asha, [ravi])
    const settle = (amount: number) =>
      ok<{ settlement: { id: string } }>(w.app, ravi, 'POST', `/api/households/${home}/settlements`, {
        to_user: asha.user.id,
        amount,
        payment_method: 'upi',
      })
    const first = await settle(500)
    await settle(700)
    expect(await round()).toMatchObject({ recorded: 2, sent: 0 }) // 23:00
    at(ist(2026, 11, 21, 7))
    await ok(w.app, asha, 'POST', `/api/households/settlements/${first.settlement.id}/confirm`)
    at(ist(2026, 11, 21, 8))
    expect(await round()).toMatchObject({ sent: 1, resolved: 1 })
    const [only, ...more] = w.push.accepted('asha-phone')
    expect(more).toEqual([])
    expect(only).toMatchObject({ title: 'A payment to confirm', url: `/households/${home}?tab=balances` })
    expect(only!.body).toMatch(/^User \d+ says they paid you ₹700 \(UPI\) in Flat 4B\. Confirm it once/)
    expect(only!.tag).toMatch(/^settlement:/)
  })
})

describe('household reminders in more than one currency', () => {
  /** `session`'s home currency, as the app's settings save it. */
  const homeCurrency = (session: Session, currency: string) =>
    w.app.documents.write(async (unit) =>
      unit.put('profile', session.user.id, {
        id: session.user.id,
        ownerId: session.user.id,
        updatedAt: w.clock.now,
        currency,
      }),
    )

  it("name a review's amount in the expense's own currency (and the household figure), not the reader's", async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 14))
    const [asha, ravi] = [await register(w.app), await register(w.app)]
    await homeCurrency(ravi, 'AED')
    await subscribeDevice(w, ravi, 'ravi-phone')
    const home = await household(w.app, asha, [ravi])
    const add = (body: Record<string, unknown>) =>
      ok(w.app, asha, 'POST', `/api/households/${home}/expenses`, { category: 'Groceries', ...body })
    await add({ amount: 1200, date: '2026-11-20' })
    await add({ amount: 20, currency: 'USD', fx_rate: '83.25', date: '2026-11-20' })
    await add({ amount: 5000, currency: 'JPY', date: '2026-11-20' })
    expect((await round()).sent).toBe(3)
    const bodies = w.push.accepted('ravi-phone').map((p) => p.body.replace(/^User \d+/, 'User N').replace(/ in .*/, ''))
    expect(bodies.sort()).toEqual(
      [
        'User N added ₹1,200 for Groceries',
        'User N added $20 (≈ ₹1,665) for Groceries',
        'User N added ¥5,000 for Groceries',
      ].sort(),
    )
  })

  it("name a payment to confirm in the payment's own currency, not the receiver's", async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 14))
    const [asha, ravi] = [await register(w.app), await register(w.app)]
    const home = await household(w.app, asha, [ravi])
    // Changed after making the household (which took her home currency then: rupees).
    await homeCurrency(asha, 'USD')
    await subscribeDevice(w, asha, 'asha-phone')
    await ok(w.app, ravi, 'POST', `/api/households/${home}/settlements`, {
      to_user: asha.user.id,
      amount: 700,
      payment_method: 'upi',
    })
    await ok(w.app, ravi, 'POST', `/api/households/${home}/settlements`, {
      to_user: asha.user.id,
      amount: 10,
      currency: 'GBP',
      fx_rate: '105.5',
      payment_method: 'cash',
    })
    expect((await round()).sent).toBe(2)
    const bodies = w.push.accepted('asha-phone').map((p) => p.body.replace(/^User \d+ /, '').replace(/ in .*/, ''))
    expect(bodies.sort()).toEqual(['says they paid you £10 (≈ ₹1,055) (Cash)', 'says they paid you ₹700 (UPI)'])
  })
})

describe('a support ticket', () => {
  it('announces an admin reply to its owner', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    const created = await ok<{ ticket_id: string }>(w.app, asha, 'POST', '/api/support/tickets', {
      category: 'question',
      subject: 'Export to CSV',
      description: 'Where is it?',
    })
    expect((await round()).sent).toBe(0)
    const login = await call(w.app, null, 'POST', '/api/auth/login', {
      email: 'admin@test.local',
      password: 'admin-password',
    })
    const admin = login.json<Session>()
    const reply = 'Settings → Data Management → Export.'
    await ok(
      w.app,
      { ...admin, headers: { authorization: `Bearer ${admin.token}` } },
      'POST',
      `/api/admin/tickets/${created.ticket_id}/messages`,
      {
        message: reply,
      },
    )
    expect((await round()).sent).toBe(1)
    expect(w.push.accepted('asha-phone')[0]).toMatchObject({
      title: 'Support replied: Export to CSV',
      body: reply,
      url: `/support/tickets/${created.ticket_id}`,
    })
  })
})

describe('the push service', () => {
  it('answering 410 or 404 removes that subscription and its sent-log rows; the others still get it', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'old-tablet')
    await subscribeDevice(w, asha, 'lost-phone')
    await subscribeDevice(w, asha, 'new-phone')
    w.push.answer('old-tablet', 410)
    w.push.answer('lost-phone', 404)
    await rent(asha, '2026-11-21', 3)
    expect(await round()).toMatchObject({ sent: 1, removed: 2 })
    const settings = await ok<{ devices: number }>(w.app, asha, 'GET', '/api/notifications/settings')
    expect(settings.devices).toBe(1)
    const rows = await w.app.db.select().from(notificationLog)
    expect(rows.map((r) => [r.status, r.target === 'whatsapp'])).toEqual([['sent', false]])

    at(ist(2026, 11, 21, 9))
    await round()
    // Devices are tried side by side, so the order of the attempts is not defined.
    expect(w.push.deliveries.map((d) => d.subscription).sort()).toEqual([
      'lost-phone',
      'new-phone',
      'new-phone',
      'old-tablet',
    ])
  })

  it('failing (500, 429) gets retries with back-off, and the reminder is sent once when it recovers', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    w.push.answer('asha-phone', (n) => (n === 0 ? 500 : n === 1 ? 429 : 201))
    await rent(asha, '2026-11-21', 3)
    expect(await round()).toMatchObject({ retrying: 1, sent: 0 })
    at(w.clock.now + 30_000)
    expect((await round()).retrying).toBe(0) // back-off: a minute
    at(w.clock.now + 31_000)
    expect(await round()).toMatchObject({ retrying: 1 })
    at(w.clock.now + 5 * 60_000)
    expect(await round()).toMatchObject({ sent: 1 })
    at(w.clock.now + 3_600_000)
    expect((await round()).sent).toBe(0)
    expect(w.push.deliveries.map((d) => d.status)).toEqual([500, 429, 201])
    expect(new Set(w.push.deliveries.map((d) => d.headers.topic)).size).toBe(1)
  })
})
