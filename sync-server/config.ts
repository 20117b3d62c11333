import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { MAX_RECEIPT_FILE_BYTES } from '../schema/entities/receipt'
import { loadVapidKeys, VapidEnv, vapidSubject } from './modules/notifications/vapid'
import type { VapidDetails } from './modules/notifications/vapid'

/** What one account's receipt photos may hold in all, by default (about 250 reduced photos). */
export const RECEIPT_QUOTA_DEFAULT = 50 * 1024 * 1024

/** Default caps on open event streams. */
export const STREAM_LIMITS = { perUser: 10, perAddress: 200 }

/**
 * Documents an account may push per minute (a minute's worth at once): far above what a person
 * writes, so only a device back from a long time offline or a large import ever waits.
 */
export const SYNC_PUSH_PER_MINUTE = 5_000

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback)

/** The environment the server reads (DESIGN §5). Empty strings count as unset. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      'DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file in DATA_DIR)',
    ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url('PUBLIC_URL must be a URL').optional()),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_WHATSAPP_FROM: optionalText,
  /** The Twilio sandbox join message, e.g. 'join bright-tiger' (Settings' Connect link). */
  WHATSAPP_JOIN_PHRASE: optionalText,
  /** Development only: accept unsigned webhook requests when TWILIO_AUTH_TOKEN is not set. */
  WHATSAPP_ALLOW_UNSIGNED: z
    .enum(['', '0', '1', 'false', 'true'], { message: 'WHATSAPP_ALLOW_UNSIGNED must be 1 or 0' })
    .default('')
    .transform((v) => v === '1' || v === 'true'),
  /** Webhook messages per minute per sender. */
  WHATSAPP_RATE_LIMIT_MAX: positiveInt(30),
  /** IANA zone of WhatsApp dates, summaries and the monthly report; defaults to TZ, else India. */
  REPORT_TIME_ZONE: optionalText.pipe(
    z.string().refine(isTimeZone, 'REPORT_TIME_ZONE must be an IANA time zone such as Asia/Kolkata').optional(),
  ),
  TZ: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional()),
  STATIC_DIR: z.string().trim().min(1).default('./dist'),
  /** Requests per minute per IP on register and login. */
  AUTH_RATE_LIMIT_MAX: positiveInt(20),
  /** Open sync streams per account, and per client address (carrier NAT puts many phones behind one). */
  STREAM_MAX_PER_USER: positiveInt(STREAM_LIMITS.perUser),
  STREAM_MAX_PER_ADDRESS: positiveInt(STREAM_LIMITS.perAddress),
  /** Documents per minute each account may push through sync (429 beyond, with Retry-After). */
  SYNC_PUSH_MAX_PER_MINUTE: positiveInt(SYNC_PUSH_PER_MINUTE),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...VapidEnv,
  /** Extra origins a push subscription's endpoint may use besides the browsers' push services (tests). */
  PUSH_SERVICE_ORIGINS: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => v.split(',').every((o) => o.trim() === '' || isHttpUrl(o.trim())),
        'PUSH_SERVICE_ORIGINS must be comma-separated http(s) origins',
      )
      .optional(),
  ),
  /** How often the reminders job looks for reminders to send. */
  REMINDER_CHECK_SECONDS: positiveInt(60),
  /** How often the job adding recurring household expenses looks for occurrences due. */
  RECURRING_CHECK_SECONDS: positiveInt(60),
  /** The daily rate source: a URL answering one day's rates as JSON (README "Exchange rates"). */
  FX_RATES_URL: optionalText.pipe(
    z.string().refine(isHttpUrl, 'FX_RATES_URL must be an http(s) URL answering JSON rates').optional(),
  ),
  /** Tests only: seconds added to the server's clock (a "tomorrow" for the jobs, without waiting). */
  TEST_CLOCK_OFFSET_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400)
    .default(0),
  /** Twilio Content SIDs (HX…) of approved templates, for reminders outside WhatsApp's 24-hour window. */
  WHATSAPP_TEMPLATE_PAYMENT_DUE: optionalText,
  WHATSAPP_TEMPLATE_BUDGET_ALERT: optionalText,
  WHATSAPP_TEMPLATE_REVIEW: optionalText,
  WHATSAPP_TEMPLATE_SETTLEMENT: optionalText,
  WHATSAPP_TEMPLATE_TICKET_REPLY: optionalText,
  /** Largest receipt photo stored, in bytes, and what one account's receipts may hold in all. */
  RECEIPT_MAX_BYTES: positiveInt(MAX_RECEIPT_FILE_BYTES).pipe(z.number().max(MAX_RECEIPT_FILE_BYTES)),
  RECEIPT_QUOTA_BYTES: positiveInt(RECEIPT_QUOTA_DEFAULT),
  /** Origins WhatsApp photos are fetched from with the Twilio credentials (tests: a local server). */
  TWILIO_MEDIA_ORIGINS: z
    .string()
    .trim()
    .default('https://api.twilio.com')
    .refine(
      (v) => v.split(',').every((o) => o.trim() === '' || isHttpUrl(o.trim())),
      'TWILIO_MEDIA_ORIGINS must be comma-separated http(s) origins',
    ),
})

export interface AppConfig {
  port: number
  host: string
  /** Absolute path; created if missing. Holds app.sqlite and jwt-secret. */
  dataDir: string
  /** postgres://… runs the server on PostgreSQL; undefined: the SQLite file DATA_DIR/app.sqlite. */
  databaseUrl: string | undefined
  jwtSecret: string
  publicUrl: string | undefined
  twilio: { accountSid: string | undefined; authToken: string | undefined; whatsappFrom: string | undefined }
  whatsapp: {
    joinPhrase: string | undefined
    /** Without TWILIO_AUTH_TOKEN, accept unsigned webhook requests (development only). */
    allowUnsigned: boolean
    /** Messages per sender and window. */
    rateLimit: { max: number; timeWindowMs: number }
  }
  /**
   * The zone the server's calendar calculations run in (month windows, "yesterday"): main.ts sets
   * the process's TZ to it, since the shared calculations use local time.
   */
  reportTimeZone: string
  admin: { email: string | undefined; password: string | undefined }
  /** Absolute path of the built client; static serving is skipped when it does not exist. */
  staticDir: string
  /** Limit on register/login per IP and window. */
  authRateLimit: { max: number; timeWindowMs: number }
  /** Interval of the `: ping` comment on open event streams. */
  streamPingMs: number
  streamLimits: { perUser: number; perAddress: number }
  /**
   * How often each instance renews its open streams' rows (live_streams), and after how long without
   * that the rows of an instance that died stop counting against the caps.
   */
  streamLease: { heartbeatMs: number; expiryMs: number }
  /** Documents per minute each account may push (PushQuota). */
  syncPushPerMinute: number
  logLevel: z.infer<typeof Env>['LOG_LEVEL']
  reminders: {
    /** VAPID keys and subject of Web Push (the private key never leaves the server). */
    vapid: VapidDetails
    /** Origins allowed for subscription endpoints besides the known push services (e.g. a test push service). */
    extraPushOrigins: string[]
    checkIntervalMs: number
    /** Twilio Content SID per reminder kind; a kind without one goes by push only outside the 24-hour window. */
    whatsappTemplates: Partial<Record<'payment' | 'budget' | 'review' | 'settlement' | 'ticket', string>>
  }
  /** Between rounds of the recurring household expenses job. */
  recurringCheckIntervalMs: number
  /** Added to the server's clock (TEST_CLOCK_OFFSET_SECONDS; 0 outside tests). */
  clockOffsetMs: number
  /** Where the daily rates are fetched from; no rate job without it. */
  fxRatesUrl: string | undefined
  receipts: {
    maxFileBytes: number
    quotaBytes: number
    /** Where a WhatsApp message's MediaUrl may point (the Twilio credentials go only there). */
    mediaOrigins: string[]
  }
}

/**
 * Reads the configuration from `env`. Without JWT_SECRET a random secret is generated once and
 * kept in DATA_DIR/jwt-secret, so tokens survive restarts. Throws with every problem listed
 * when the environment is invalid.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  const dataDir = resolve(e.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    twilio: { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, whatsappFrom: e.TWILIO_WHATSAPP_FROM },
    whatsapp: {
      joinPhrase: e.WHATSAPP_JOIN_PHRASE,
      allowUnsigned: e.WHATSAPP_ALLOW_UNSIGNED,
      rateLimit: { max: e.WHATSAPP_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    },
    reportTimeZone: e.REPORT_TIME_ZONE ?? (e.TZ && isTimeZone(e.TZ) ? e.TZ : DEFAULT_TIME_ZONE),
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    staticDir: resolve(e.STATIC_DIR),
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    streamPingMs: 15_000,
    streamLimits: { perUser: e.STREAM_MAX_PER_USER, perAddress: e.STREAM_MAX_PER_ADDRESS },
    streamLease: { heartbeatMs: 15_000, expiryMs: 60_000 },
    syncPushPerMinute: e.SYNC_PUSH_MAX_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    reminders: remindersConfig(e, dataDir),
    recurringCheckIntervalMs: e.RECURRING_CHECK_SECONDS * 1000,
    clockOffsetMs: e.TEST_CLOCK_OFFSET_SECONDS * 1000,
    fxRatesUrl: e.FX_RATES_URL,
    receipts: {
      maxFileBytes: e.RECEIPT_MAX_BYTES,
      quotaBytes: e.RECEIPT_QUOTA_BYTES,
      mediaOrigins: originsOf(e.TWILIO_MEDIA_ORIGINS),
    },
  }
}

function remindersConfig(e: z.infer<typeof Env>, dataDir: string): AppConfig['reminders'] {
  const templates = {
    payment: e.WHATSAPP_TEMPLATE_PAYMENT_DUE,
    budget: e.WHATSAPP_TEMPLATE_BUDGET_ALERT,
    review: e.WHATSAPP_TEMPLATE_REVIEW,
    settlement: e.WHATSAPP_TEMPLATE_SETTLEMENT,
    ticket: e.WHATSAPP_TEMPLATE_TICKET_REPLY,
  }
  return {
    vapid: { ...loadVapidKeys(e, dataDir), subject: vapidSubject(e) },
    extraPushOrigins: originsOf(e.PUSH_SERVICE_ORIGINS ?? ''),
    checkIntervalMs: e.REMINDER_CHECK_SECONDS * 1000,
    whatsappTemplates: Object.fromEntries(Object.entries(templates).filter(([, sid]) => sid !== undefined)),
  }
}

const DEFAULT_TIME_ZONE = 'Asia/Kolkata'

/** Comma-separated URLs as their origins. */
function originsOf(list: string): string[] {
  return list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => new URL(o).origin)
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    // Not there yet: create it below.
  }
  const secret = randomBytes(48).toString('base64url')
  // 'wx' fails if another process wrote it meanwhile; then that one wins.
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' })
    return secret
  } catch {
    return readFileSync(file, 'utf8').trim()
  }
}
