import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { invertTime } from '../../schema/entities/common'
import { buildApp } from '../../sync-server/app'
import type { BuildOptions } from '../../sync-server/app'
import { loadConfig } from '../../sync-server/config'
import { users } from '../../sync-server/db/tables'
import { previousMonth } from '../../sync-server/jobs/monthly-report'
import type { TwilioHttpClient } from '../../sync-server/modules/whatsapp/twilio'

const ACCOUNT_SID = `AC${'1'.repeat(32)}`
const AUTH_TOKEN = 'report-test-auth-token'
const FROM = 'whatsapp:+14155238886'
const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  TWILIO_WHATSAPP_FROM: FROM,
  PUBLIC_URL: 'https://hisaab.example.com',
}

/** 1 April 2025, 09:00 in India: the March 2025 report is due. */
const APRIL_1 = new Date(2025, 3, 1, 9, 0).getTime()
const MARCH_10 = new Date(2025, 2, 10, 13, 0).getTime()

interface Captured {
  method: string
  uri: string
  data: Record<string, string>
  username: string | undefined
}

/** Stands in for the twilio client's HTTP layer: records each request, answers like the API. */
function fakeTwilio(fail: (n: number) => boolean = () => false) {
  const requests: Captured[] = []
  const httpClient: TwilioHttpClient = {
    request(options) {
      const n = requests.length
      requests.push({
        method: options.method,
        uri: options.uri,
        data: options.data as Record<string, string>,
        username: options.username,
      })
      if (fail(n))
        return Promise.resolve({
          statusCode: 500,
          body: JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }),
        })
      const data = options.data as Record<string, string>
      return Promise.resolve({
        statusCode: 201,
        body: JSON.stringify({
          sid: `SM${String(n).padStart(32, '0')}`,
          account_sid: ACCOUNT_SID,
          to: data.To,
          from: data.From,
          body: data.Body,
          status: 'queued',
        }),
      })
    },
  }
  return { requests, httpClient }
}

const dirs: string[] = []
const apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()))
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

async function newDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'paisa-report-'))
  dirs.push(dir)
  return dir
}

/** A server on `dir` (a "restart" when the directory was used before). */
async function start(dir: string, env: Record<string, string>, options: BuildOptions): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: dir,
    STATIC_DIR: join(dir, 'no-build'),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'admin-password',
    ...env,
  })
  const app = await buildApp(config, { print: () => {}, ...options })
  apps.push(app)
  return app
}

let userCounter = 0
async function addUser(
  app: FastifyInstance,
  options: { phone?: string | null; name?: string; reportOff?: boolean; createdAt?: number } = {},
) {
  userCounter += 1
  const user = await app.users.create({
    email: `report${userCounter}@example.com`,
    passwordHash: 'x',
    name: options.name ?? `User ${userCounter}`,
    phoneNumber: options.phone === undefined ? `whatsapp:+9199${String(userCounter).padStart(8, '0')}` : options.phone,
    // Reports go to proven numbers only.
    phoneVerified: true,
  })
  // Accounts made before the reported month (the job skips users who joined after it).
  app.db
    .update(users)
    .set({ createdAt: options.createdAt ?? new Date(2025, 0, 1).getTime() })
    .where(eq(users.id, user.id))
    .run()
  if (options.reportOff)
    await app.documents.write(async (unit) =>
      unit.put('profile', user.id, {
        id: user.id,
        ownerId: user.id,
        updatedAt: 1,
        monthlyReportByWhatsapp: false,
      }),
    )
  return user
}

let txCounter = 0
async function addEntry(
  app: FastifyInstance,
  ownerId: string,
  type: 'expense' | 'income',
  rupees: number,
  category: string,
  date: number,
): Promise<void> {
  txCounter += 1
  await app.documents.write(async (unit) =>
    unit.put('transactions', ownerId, {
      id: `r-${txCounter}`,
      ownerId,
      type,
      amount: rupees * 100,
      category,
      description: '',
      date,
      dateDesc: invertTime(date),
      origin: 'app',
      updatedAt: date,
    }),
  )
}

describe('monthly report by WhatsApp', () => {
  it("sends last month's summary once per user through the twilio client, not to those who turned it off", async () => {
    const dir = await newDir()
    const fake = fakeTwilio()
    const app = await start(dir, TWILIO_ENV, { now: () => APRIL_1, twilioHttpClient: fake.httpClient })
    const asha = await addUser(app, { name: 'Asha' })
    const ravi = await addUser(app, { name: 'Ravi' })
    const off = await addUser(app, { reportOff: true })
    const noPhone = await addUser(app, { phone: null })
    await addEntry(app, asha.id, 'income', 60_000, 'Salary', MARCH_10)
    await addEntry(app, asha.id, 'expense', 1_500, 'Food & Dining', MARCH_10)
    await addEntry(app, asha.id, 'expense', 500, 'Transportation', MARCH_10)
    // Not March: must not count.
    await addEntry(app, asha.id, 'expense', 9_999, 'Shopping', new Date(2025, 3, 1, 8, 0).getTime())
    await addEntry(app, asha.id, 'expense', 8_888, 'Shopping', new Date(2025, 1, 28, 22, 0).getTime())
    await addEntry(app, ravi.id, 'expense', 250, 'Groceries', new Date(2025, 2, 31, 23, 30).getTime())
    await addEntry(app, off.id, 'expense', 100, 'Groceries', MARCH_10)
    await addEntry(app, noPhone.id, 'expense', 100, 'Groceries', MARCH_10)

    await app.ready()
    const result = await app.monthlyReports!.check()
    // The check at start may have done the sending; either way each linked user got one message.
    expect(result.month).toBe('2025-03')
    expect(fake.requests).toHaveLength(2)
    const byTo = new Map(fake.requests.map((r) => [r.data.To, r]))
    const toAsha = byTo.get(asha.phoneNumber!)!
    expect(toAsha.method).toBe('post')
    expect(toAsha.uri).toBe(`https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
    expect(toAsha.username).toBe(ACCOUNT_SID)
    expect(toAsha.data.From).toBe(FROM)
    expect(toAsha.data.Body).toContain('Hi Asha')
    expect(toAsha.data.Body).toContain('March 2025')
    expect(toAsha.data.Body).toContain('Income: ₹60,000')
    expect(toAsha.data.Body).toContain('Expenses: ₹2,000')
    expect(toAsha.data.Body).toContain('Balance: ₹58,000')
    expect(toAsha.data.Body).toContain('1. Food & Dining – ₹1,500 (75.0%)')
    expect(toAsha.data.Body).not.toContain('Shopping')
    const toRavi = byTo.get(ravi.phoneNumber!)!
    expect(toRavi.data.From).toBe(FROM)
    expect(toRavi.data.Body).toContain('Expenses: ₹250')
    expect(toRavi.data.Body).toContain('Balance: -₹250')

    // Hourly checks later the same day send nothing more.
    expect((await app.monthlyReports!.check()).sent).toEqual([])
    expect(fake.requests).toHaveLength(2)

    // A restart on the same data directory on the same day: nothing is sent again.
    await app.close()
    apps.splice(apps.indexOf(app), 1)
    const restarted = fakeTwilio()
    const again = await start(dir, TWILIO_ENV, {
      now: () => APRIL_1 + 3_600_000,
      twilioHttpClient: restarted.httpClient,
    })
    await again.ready()
    expect((await again.monthlyReports!.check()).sent).toEqual([])
    expect(restarted.requests).toEqual([])
    expect(await again.whatsapp.monthlyReportSent(asha.id, '2025-03')).toBe(true)
    expect(await again.whatsapp.monthlyReportSent(off.id, '2025-03')).toBe(false)
  })

  it('sends nothing on other days of the month', async () => {
    const dir = await newDir()
    const fake = fakeTwilio()
    const app = await start(dir, TWILIO_ENV, {
      now: () => new Date(2025, 3, 2, 9, 0).getTime(),
      twilioHttpClient: fake.httpClient,
    })
    const user = await addUser(app)
    await addEntry(app, user.id, 'expense', 100, 'Groceries', MARCH_10)
    await app.ready()
    expect(await app.monthlyReports!.check()).toMatchObject({ month: null, sent: [] })
    expect(fake.requests).toEqual([])
  })

  it('skips users with nothing logged last month or who joined after it', async () => {
    const dir = await newDir()
    const fake = fakeTwilio()
    const app = await start(dir, TWILIO_ENV, {
      now: () => APRIL_1,
      twilioHttpClient: fake.httpClient,
      monthlyReportIntervalMs: 3_600_000,
    })
    await addUser(app)
    const late = await addUser(app, { createdAt: APRIL_1 - 3_600_000 })
    await addEntry(app, late.id, 'expense', 100, 'Groceries', MARCH_10)
    await app.ready()
    await app.monthlyReports!.check()
    expect(fake.requests).toEqual([])
  })

  it('a failed send is retried at the next check, and then sent once', async () => {
    const dir = await newDir()
    const fake = fakeTwilio((n) => n === 0)
    const app = await start(dir, TWILIO_ENV, { now: () => APRIL_1, twilioHttpClient: fake.httpClient })
    const user = await addUser(app)
    await addEntry(app, user.id, 'expense', 100, 'Groceries', MARCH_10)
    await app.ready()
    const first = await app.monthlyReports!.check()
    if (first.failed === 1) expect(await app.whatsapp.monthlyReportSent(user.id, '2025-03')).toBe(false)
    const second = await app.monthlyReports!.check()
    expect([...first.sent, ...second.sent]).toEqual([user.id])
    expect(fake.requests).toHaveLength(2)
    expect(fake.requests.every((r) => r.data.To === user.phoneNumber)).toBe(true)
    expect(await app.whatsapp.monthlyReportSent(user.id, '2025-03')).toBe(true)
    await app.monthlyReports!.check()
    expect(fake.requests).toHaveLength(2)
  })

  it('does not run at all without Twilio credentials', async () => {
    for (const missing of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_WHATSAPP_FROM'] as const) {
      const dir = await newDir()
      const fake = fakeTwilio()
      const app = await start(
        dir,
        { ...TWILIO_ENV, [missing]: '' },
        { now: () => APRIL_1, twilioHttpClient: fake.httpClient },
      )
      const user = await addUser(app)
      await addEntry(app, user.id, 'expense', 100, 'Groceries', MARCH_10)
      await app.ready()
      expect(app.monthlyReports).toBeNull()
      expect(fake.requests).toEqual([])
    }
  })

  it('previousMonth crosses the year boundary', () => {
    expect(previousMonth(new Date(2025, 0, 1, 0, 30).getTime())).toEqual({
      start: new Date(2024, 11, 1).getTime(),
      end: new Date(2025, 0, 1).getTime(),
      month: '2024-12',
    })
  })
})
