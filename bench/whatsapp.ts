/**
 * WhatsApp webhook latency (target: reply ≤ 50 ms p95): signed Twilio form posts through
 * the whole app (formbody, signature check, zod, parser, ledger write with seq + stream
 * announcement, message log, TwiML) via app.inject, against a user who already has a ledger and
 * a budget, so budget-alert messages read the ledger as they would in use.
 *
 * Standalone: `node --import tsx bench/whatsapp.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import twilio from 'twilio'
import { invertTime } from '../schema/entities/common'
import { buildApp } from '../sync-server/app'
import { loadConfig } from '../sync-server/config'
import { CORPUS } from '../tests/unit/sms-corpus'
import { percentile, round } from './stats'

const AUTH_TOKEN = 'bench-twilio-auth-token'
const PUBLIC_URL = 'https://bench.hisaab.example'
const WEBHOOK_URL = `${PUBLIC_URL}/api/whatsapp/webhook`

/** What people send, weighted towards entries; 'summary' and 'budget' read the whole month. */
const MESSAGES = [
  'Spent 500 on food',
  '250 ka khana',
  'uber 180',
  'Paid 1,200 for electricity bill',
  'auto 80 diye yesterday',
  'Received 50000 salary',
  'spent 60 on chai',
  'zomato 420',
  'summary',
  'budget',
  'undo',
  'hello?',
]

/**
 * Forwarded bank and UPI messages, as people send them: every corpus bank message with a fresh
 * reference each time (a new payment, booked), every fifth one the previous message again
 * ("already booked"), and the corpus's OTPs, balances and offers (nothing booked). Unknown payees
 * are asked about; the next message drops the question.
 */
export function bankMessages(): (i: number) => string {
  const bank = CORPUS.filter((c) => c.source !== 'Typed').map((c) => c.text)
  let previous = bank[0]!
  return (i) => {
    if (i % 5 === 4) return previous
    const template = bank[i % bank.length]!
    // A new 12-digit reference per message; account-keyed ones get a new time instead.
    const ref = String(400_000_000_000 + i)
    previous = template
      .replace(/\d{12}/g, ref)
      .replace(/\d{2}:\d{2}:\d{2}/, `${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`)
    return previous
  }
}

export interface WebhookBenchOptions {
  /** The message body of request `i` (default: typed messages and commands). */
  messages?: (i: number) => string
  /** Measured requests (after the warm-up). */
  requests?: number
  warmup?: number
  /** Transactions the sender already has (this month and before). */
  seedTransactions?: number
  /** An empty PostgreSQL database to run on (postgres://…) instead of a SQLite file. */
  databaseUrl?: string
}

export async function benchWebhook(
  options: WebhookBenchOptions = {},
): Promise<{ p50: number; p95: number; samples: number }> {
  const {
    requests = 500,
    warmup = 50,
    seedTransactions = 2000,
    messages = (i: number) => MESSAGES[i % MESSAGES.length]!,
    databaseUrl,
  } = options
  const dir = await mkdtemp(join(tmpdir(), 'paisa-bench-wa-'))
  const config = loadConfig({
    DATA_DIR: dir,
    STATIC_DIR: join(dir, 'no-build'),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'admin-password',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    PUBLIC_URL,
    WHATSAPP_RATE_LIMIT_MAX: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  const app = await buildApp(config, { print: () => {}, monthlyReports: false })
  try {
    const from = 'whatsapp:+919812345678'
    const user = await app.users.create({
      email: 'bench@example.com',
      passwordHash: 'x',
      name: 'Bench',
      phoneNumber: from,
    })
    const now = Date.now()
    const categories = ['Food & Dining', 'Transportation', 'Groceries', 'Shopping', 'Bills & Utilities']
    for (let i = 0; i < seedTransactions; i++) {
      const date = now - i * 3_600_000
      await app.documents.write((unit) =>
        unit.put('transactions', user.id, {
          id: `seed-${i}`,
          ownerId: user.id,
          type: i % 40 === 0 ? 'income' : 'expense',
          amount: 1_000 + ((i * 7919) % 200_000),
          category: categories[i % categories.length]!,
          description: '',
          date,
          dateDesc: invertTime(date),
          origin: 'app',
          updatedAt: date,
          // A history of merchants for the learned-category lookups of bank messages.
          ...(i % 3 === 0 ? { merchant: `Shop ${i % 200}` } : {}),
        }),
      )
    }
    await app.documents.write((unit) =>
      unit.put('budgets', user.id, {
        id: 'bench-food',
        ownerId: user.id,
        category: 'Food & Dining',
        amount: 10_000_000,
        period: 'monthly',
        allocated: 0,
        createdAt: now - 86_400_000 * 60,
        updatedAt: now,
      }),
    )
    await app.ready()

    const samples: number[] = []
    for (let i = 0; i < warmup + requests; i++) {
      const sid = `SM${String(i).padStart(32, '0')}`
      const params: Record<string, string> = {
        SmsMessageSid: sid,
        NumMedia: '0',
        ProfileName: 'Bench',
        MessageType: 'text',
        SmsSid: sid,
        WaId: '919812345678',
        SmsStatus: 'received',
        Body: messages(i),
        To: 'whatsapp:+14155238886',
        NumSegments: '1',
        MessageSid: sid,
        AccountSid: `AC${'0'.repeat(32)}`,
        From: from,
        ApiVersion: '2010-04-01',
      }
      // Twilio signs before sending: not part of the server's time.
      const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, WEBHOOK_URL, params)
      const payload = new URLSearchParams(params).toString()
      const t0 = performance.now()
      const res = await app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
          'x-twilio-signature': signature,
        },
        payload,
      })
      const ms = performance.now() - t0
      if (res.statusCode !== 200 || !res.body.includes('<Message>'))
        throw new Error(`webhook answered ${res.statusCode}: ${res.body}`)
      if (i >= warmup) samples.push(ms)
    }
    return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), samples: samples.length }
  } finally {
    await app.close()
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.TZ ??= 'Asia/Kolkata'
  const result = await benchWebhook()
  console.log(
    `WhatsApp webhook, ${result.samples} signed requests: ` +
      `p50 ${result.p50} ms, p95 ${result.p95} ms (target ≤ 50 ms p95)`,
  )
  const bank = await benchWebhook({ messages: bankMessages() })
  console.log(
    `WhatsApp webhook, forwarded bank messages, ${bank.samples} signed requests: ` +
      `p50 ${bank.p50} ms, p95 ${bank.p95} ms (target ≤ 50 ms p95)`,
  )
}
