import type Database from 'better-sqlite3'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../sync-server/app'
import type { BuildOptions } from '../../sync-server/app'
import { notificationLog, pushSubscriptions, users } from '../../sync-server/db/tables'
import { JobLease } from '../../sync-server/db/jobs'
import { ReminderJob } from '../../sync-server/jobs/reminders'
import type { TwilioHttpClient } from '../../sync-server/modules/whatsapp/twilio'
import { household, ist, ok, register, reminderWorld, subscribeDevice } from './reminders-support'
import type { ReminderWorld, Session } from './reminders-support'
import { say, WEBHOOK_ENV } from './whatsapp-support'
import { TEST_DATABASE_URL } from './helpers'

// "Exactly once" across instances and restarts, WhatsApp as the other channel, and the settings.

let w: ReminderWorld
const extraApps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(extraApps.splice(0).map((a) => a.close()))
  expect(w.push.errors, 'the push service could not read a request').toEqual([])
  await w.close()
})

const at = (ms: number) => {
  w.clock.now = ms
}

async function payment(session: Session, name: string, dueDate: string, reminderDays = 3) {
  const body = { name, amount: 999, category: 'Bills', frequency: 'monthly', due_date: dueDate }
  return ok<{ payment: { id: string } }>(w.app, session, 'POST', '/api/recurring-payments', {
    ...body,
    reminder_days: reminderDays,
  })
}

/** Another server instance on the same database (same DATA_DIR), with the same test clock. */
async function secondInstance(options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp(w.t.config, {
    print: () => {},
    now: () => w.clock.now,
    jobs: false,
    monthlyReports: false,
    ...options,
  })
  extraApps.push(app)
  return app
}

/** How many times each (subscription, event) pair reached the push service with a 2xx. */
function deliveriesPerEvent(): number[] {
  const counts = new Map<string, number>()
  for (const d of w.push.deliveries.filter((x) => x.status < 300)) {
    const key = `${d.subscription} ${(JSON.parse(d.payload) as { tag: string }).tag}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts.values()]
}

describe('exactly once', () => {
  it('two instances on one database: one runs a round, the other skips; without the lease, claims decide', async () => {
    w = await reminderWorld()
    const second = await secondInstance()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'phone')
    await subscribeDevice(w, asha, 'laptop')
    for (const name of ['Rent', 'Gym', 'Internet']) await payment(asha, name, '2026-11-21')
    w.push.delayMs = 30 // a round takes a while: the other instance arrives in the middle of it
    const [a, b] = await Promise.all([w.app.reminders.check(), second.reminders.check()])
    expect(a.sent + b.sent).toBe(6)
    expect(Math.min(a.sent, b.sent)).toBe(0)

    // Both instances find the same new events and send at once, the lease aside: each row is claimed once.
    for (const name of ['Water', 'Phone', 'Milk', 'Paper']) await payment(asha, name, '2026-11-22')
    await w.app.reminders.engine.detect(w.clock.now)
    await second.reminders.engine.detect(w.clock.now)
    const [x, y] = await Promise.all([
      w.app.reminders.engine.deliver(w.clock.now),
      second.reminders.engine.deliver(w.clock.now),
    ])
    expect(x.sent + y.sent).toBe(8)
    expect(deliveriesPerEvent()).toEqual(Array(14).fill(1))
  })

  // A process that dies mid-round: its lease expires; what was sent is not sent again; a push cut short
  // is sent once more with the same topic; a WhatsApp message cut short never.
  // About the SQLite file itself: the SQLite run of the suite covers it.
  it.skipIf(TEST_DATABASE_URL)(
    'a process that dies mid-round: nothing twice but a push cut short (same topic)',
    async () => {
      const twilio = heldTwilio()
      w = await reminderWorld(
        { ...twilioEnv, WHATSAPP_TEMPLATE_PAYMENT_DUE: PAYMENT_TEMPLATE },
        { twilioHttpClient: twilio.client },
      )
      const asha = await provenUser()
      await subscribeDevice(w, asha, 'phone')
      await subscribeDevice(w, asha, 'laptop')
      await payment(asha, 'Rent', '2026-11-21')
      w.push.hold('laptop')
      twilio.hold()
      const arrived = Promise.all([w.push.arrival('laptop'), twilio.arrival()])
      const crashed = w.app.reminders.check()
      await arrived
      // The phone's answer has come and is recorded; the laptop's and Twilio's have not.
      const phone = w.app.db
        .select()
        .from(pushSubscriptions)
        .all()
        .find((s) => s.endpoint.endsWith('/phone'))!
      const phoneRow = () =>
        w.app.db
          .select()
          .from(notificationLog)
          .all()
          .find((r) => r.target === phone.id)
      await vi.waitFor(() => expect(phoneRow()?.status).toBe('sent'))
      // The process dies: its database connection is gone before the laptop's and Twilio's answers come.
      ;(w.app.db as unknown as { $client: Database.Database }).$client.close()
      w.push.release('laptop')
      twilio.release()
      await crashed
      const rows = () => restarted.db.select().from(notificationLog).all()

      const restarted = await secondInstance({ twilioHttpClient: twilio.client })
      at(w.clock.now + 60_000) // the dead process still holds the job's lease
      expect(await restarted.reminders.check()).toMatchObject({ sent: 0 })
      expect(
        rows()
          .map((r) => r.status)
          .sort(),
      ).toEqual(['sending', 'sending', 'sent'])
      at(w.clock.now + 5 * 60_000)
      expect(await restarted.reminders.check()).toMatchObject({ sent: 1, failed: 1 })
      expect(w.push.deliveries.map((d) => d.subscription).sort()).toEqual(['laptop', 'laptop', 'phone'])
      const [first, again] = w.push.deliveries.filter((d) => d.subscription === 'laptop')
      expect(again!.headers.topic).toBe(first!.headers.topic)
      expect(JSON.parse(again!.payload)).toEqual(JSON.parse(first!.payload))
      expect(twilio.requests).toHaveLength(1)
      const whatsappRow = rows().find((r) => r.target === 'whatsapp')!
      expect(whatsappRow).toMatchObject({ status: 'failed' })
      expect(whatsappRow.lastError).toMatch(/outcome is unknown/)
      at(w.clock.now + 3_600_000)
      expect(await restarted.reminders.check()).toMatchObject({ sent: 0, failed: 0 })
      // The first instance's timer is gone with it; close what is left of it quietly.
      extraApps.push(w.app)
      w.app = restarted
    },
  )

  it('the lease: held by another instance, released after a round, taken over once expired', () => {
    return (async () => {
      w = await reminderWorld()
      const mine = new JobLease(w.app.db, 'probe', () => w.clock.now, 60_000, 'instance-a')
      const theirs = new JobLease(w.app.db, 'probe', () => w.clock.now, 60_000, 'instance-b')
      expect(await mine.acquire()).toBe(true)
      expect(await theirs.acquire()).toBe(false)
      expect(await mine.acquire()).toBe(true) // our own: extended
      at(w.clock.now + 59_999)
      expect(await theirs.acquire()).toBe(false)
      at(w.clock.now + 1)
      expect(await theirs.acquire()).toBe(true)
      expect(await mine.renew()).toBe(false) // lost
      await theirs.release()
      expect(await mine.acquire()).toBe(true)
      // A job on a lease held elsewhere does not run its round.
      const job = new ReminderJob(w.app.reminders.engine, theirs, 60_000)
      expect(await job.check()).toMatchObject({ recorded: 0, sent: 0 })
    })()
  })
})

const PAYMENT_TEMPLATE = `HX${'a'.repeat(32)}`
const twilioEnv = { ...WEBHOOK_ENV, TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}` }
const PHONE = 'whatsapp:+919812300001'

interface TwilioRequest {
  To: string
  From: string
  Body?: string
  ContentSid?: string
  ContentVariables?: string
}

/** Stands in for the twilio client's HTTP layer (never a live call); answers can be held back. */
function heldTwilio() {
  const requests: TwilioRequest[] = []
  let held: (() => void)[] | null = null
  let arrived: (() => void) | null = null
  const client: TwilioHttpClient = {
    request(options) {
      const data = options.data as TwilioRequest
      requests.push(data)
      arrived?.()
      const body = JSON.stringify({ sid: `SM${String(requests.length).padStart(32, '0')}`, status: 'queued' })
      const answer = { statusCode: 201, body }
      if (!held) return Promise.resolve(answer)
      const queue = held
      return new Promise((resolve) => queue.push(() => resolve(answer)))
    },
  }
  return {
    client,
    requests,
    hold: () => {
      held = []
    },
    release: () => {
      const queue = held ?? []
      held = null
      for (const answer of queue) answer()
    },
    arrival: () => new Promise<void>((resolve) => (arrived = resolve)),
  }
}

async function provenUser(): Promise<Session> {
  const session = await register(w.app)
  await w.app.users.update(session.user.id, { phoneNumber: PHONE, phoneVerified: true })
  return session
}

describe('WhatsApp', () => {
  it('sends the reminder: free text within 24 hours of her last message, then the template, or none', async () => {
    const twilio = heldTwilio()
    w = await reminderWorld(
      { ...twilioEnv, WHATSAPP_TEMPLATE_PAYMENT_DUE: PAYMENT_TEMPLATE },
      { twilioHttpClient: twilio.client },
    )
    const asha = await provenUser()
    await subscribeDevice(w, asha, 'asha-phone')
    await say(w.app, PHONE, 'summary')
    await payment(asha, 'Rent', '2026-11-21')
    expect((await w.app.reminders.check()).sent).toBe(2)
    expect(twilio.requests).toHaveLength(1)
    expect(twilio.requests[0]).toMatchObject({ To: PHONE, From: WEBHOOK_ENV.TWILIO_WHATSAPP_FROM })
    expect(twilio.requests[0]!.Body).toBe(
      '*Rent is due tomorrow*\n₹999 on Sat, 21 Nov. Mark it paid in Recurring Payments.\n' +
        'https://hisaab.example.com/recurring-payments',
    )
    expect(twilio.requests[0]!.ContentSid).toBeUndefined()

    // Two days on, outside the 24-hour window: only the approved template may go.
    at(ist(2026, 11, 22, 10))
    await payment(asha, 'Gym', '2026-11-24')
    expect((await w.app.reminders.check()).sent).toBe(2)
    expect(twilio.requests[1]).toMatchObject({ To: PHONE, ContentSid: PAYMENT_TEMPLATE })
    expect(JSON.parse(twilio.requests[1]!.ContentVariables!)).toEqual({
      1: 'Gym',
      2: '₹999',
      3: 'in 2 days',
      4: 'Tue, 24 Nov',
    })

    // No template for reviews: outside the window they go by push only.
    const ravi = await register(w.app)
    const home = await household(w.app, ravi, [asha])
    await ok(w.app, ravi, 'POST', `/api/households/${home}/expenses`, { amount: 300, category: 'Groceries' })
    expect(await w.app.reminders.check()).toMatchObject({ sent: 1, skipped: 1 })
    expect(twilio.requests).toHaveLength(2)
    expect(w.push.accepted('asha-phone').at(-1)!.title).toBe('An expense waits for your review')
  })

  it('does not repeat a budget alert its own reply already gave; her phone still gets it by push', async () => {
    const twilio = heldTwilio()
    w = await reminderWorld(twilioEnv, { twilioHttpClient: twilio.client })
    const asha = await provenUser()
    await subscribeDevice(w, asha, 'asha-phone')
    await ok(w.app, asha, 'POST', '/api/budgets', { category: 'Food & Dining', amount: 1000, period: 'monthly' })
    const reply = await say(w.app, PHONE, 'Spent 950 on food')
    expect(reply).toContain('95%')
    expect(await w.app.reminders.check()).toMatchObject({ sent: 1 })
    expect(twilio.requests).toEqual([])
    expect(w.push.accepted('asha-phone')[0]!.body).toBe('⚠️ Food & Dining budget is at 95% (₹950 of ₹1,000)')
    // Booked in the app, the same kind of alert goes by WhatsApp too (she wrote within 24 hours).
    await ok(w.app, asha, 'POST', '/api/budgets', { category: 'Shopping', amount: 1000, period: 'monthly' })
    await ok(w.app, asha, 'POST', '/api/expenses', { amount: 800, category: 'Shopping', date: '2026-11-20' })
    expect(await w.app.reminders.check()).toMatchObject({ sent: 2 })
    expect(twilio.requests.map((r) => r.Body)).toEqual([
      '*Budget alert: Shopping*\n⚠️ Shopping budget is at 80% (₹800 of ₹1,000)\nhttps://hisaab.example.com/budgets',
    ])
  })

  it('is not used for a number that is not proven, nor when she turns it off', async () => {
    const twilio = heldTwilio()
    w = await reminderWorld(
      { ...twilioEnv, WHATSAPP_TEMPLATE_PAYMENT_DUE: PAYMENT_TEMPLATE },
      { twilioHttpClient: twilio.client },
    )
    const ravi = await register(w.app)
    await w.app.users.update(ravi.user.id, { phoneNumber: 'whatsapp:+919812300002', phoneVerified: false })
    await payment(ravi, 'Rent', '2026-11-21')
    const asha = await provenUser()
    await ok(w.app, asha, 'PUT', '/api/notifications/settings', { whatsapp: false })
    await payment(asha, 'Rent', '2026-11-21')
    expect(await w.app.reminders.check()).toMatchObject({ recorded: 0, sent: 0 })
    expect(twilio.requests).toEqual([])
  })
})

describe('settings', () => {
  it('a kind turned off is not found, and one turned off before its time is not sent', async () => {
    w = await reminderWorld({}, {}, ist(2026, 11, 20, 23))
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    await ok(w.app, asha, 'PUT', '/api/notifications/settings', { budgets: false })
    await ok(w.app, asha, 'POST', '/api/budgets', { category: 'Travel', amount: 100, period: 'monthly' })
    await ok(w.app, asha, 'POST', '/api/expenses', { amount: 95, category: 'Travel', date: '2026-11-20' })
    await payment(asha, 'Rent', '2026-11-21')
    expect(await w.app.reminders.check()).toMatchObject({ recorded: 1, sent: 0 }) // the payment; 23:00 is quiet
    await ok(w.app, asha, 'PUT', '/api/notifications/settings', { payments: false })
    at(ist(2026, 11, 21, 8))
    expect(await w.app.reminders.check()).toMatchObject({ sent: 0, skipped: 1 })
    expect(w.push.deliveries).toEqual([])
  })

  it('a suspended account is reminded of nothing', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'asha-phone')
    await payment(asha, 'Rent', '2026-11-21')
    await w.app.db.update(users).set({ suspended: true }).where(eq(users.id, asha.user.id))
    expect(await w.app.reminders.check()).toMatchObject({ recorded: 0, sent: 0 })
  })
})
