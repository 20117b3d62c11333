import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import Fastify from 'fastify'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { AppConfig } from './config'
import { connectDatabase } from './db/database'
import { HOUR_MS, MonthlyReportJob } from './jobs/monthly-report'
import { AutoApproveJob, MINUTE_MS } from './jobs/auto-approve'
import { HouseholdRecurringJob } from './jobs/household-recurring'
import { FxRatesJob } from './jobs/fx-rates'
import { JobLease } from './db/jobs'
import { ReminderJob, Reminders } from './jobs/reminders'
import { ensureAdmin } from './modules/auth/bootstrap-admin'
import { rateLimitStore } from './modules/limits/rate-windows'
import { createPushSender } from './modules/notifications/web-push'
import type { TwilioHttpClient } from './modules/whatsapp/twilio'
import { registerAuth } from './plugins/auth'
import { frameworkErrors, registerErrorHandling } from './plugins/errors'
import { registerNotFound, registerStaticApp } from './plugins/static-app'
import { registerRoutes } from './routes'
import { decorateServices } from './services'

export interface BuildOptions {
  /** Where the one-time admin password is printed (default console.log). */
  print?: (line: string) => void
  /** The clock of the WhatsApp channel and the monthly report job (tests pin it). */
  now?: () => number
  /** Replaces the twilio client's HTTP layer (tests: never a live call). */
  twilioHttpClient?: TwilioHttpClient
  /** false: never start the monthly report job. Default: started when Twilio is configured. */
  monthlyReports?: boolean
  /** How often the monthly report job checks (default hourly). */
  monthlyReportIntervalMs?: number
  /** How often household expenses past their review period are approved (default every minute). */
  autoApproveIntervalMs?: number
  /** How often recurring household expenses are checked (default the config's, every minute). */
  recurringIntervalMs?: number
  /**
   * false: no background job starts (auto-approval, monthly report, reminders); they still run when
   * called. The isolation sweep and the route fuzz compare whole database states between requests.
   */
  jobs?: boolean
  /** Sees every route as it is registered (tests: the isolation sweep's list of routes). */
  onRoute?: (route: RouteOptions) => void
}

/** Fastify with zod validation and the app's error answers, before any route. */
function createFastify(config: AppConfig, options: BuildOptions): FastifyInstance {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A push carries up to 1000 documents.
    bodyLimit: 5 * 1024 * 1024,
    frameworkErrors,
  })
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  return app
}

/**
 * The whole server: external plugins (errors, security headers, rate limit, zod, JWT), then the
 * repositories and services (decorations, services.ts), then the routes (routes/index.ts), the
 * jobs, and the built client. The database (SQLite, or PostgreSQL when DATABASE_URL is set) is
 * opened here and closed by `app.close()`.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options)
  const database = await connectDatabase(config, (message) => app.log.warn(message))
  app.addHook('onClose', async () => {
    await database.close()
  })
  decorateServices(app, config, database, { now: options.now ?? Date.now, twilioHttpClient: options.twilioHttpClient })
  await ensureAdmin(app.users, config.admin, options.print)

  await registerSecurity(app)
  await registerAuth(app, { secret: config.jwtSecret, users: app.users })
  await registerRoutes(app)
  startJobs(app, options)

  const spa = await registerStaticApp(app, config.staticDir)
  registerNotFound(app, spa)
  return app
}

/** Security headers (a strict CSP), no caching of API answers, and the opt-in rate limit. */
async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Vite set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  })
  // API answers hold one user's data: no browser, proxy or service worker may keep a copy.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })
  // Only routes that opt in through `config.rateLimit` are limited (register, login); counted in
  // the database, so every instance on it shares the windows.
  await app.register(rateLimit, { global: false, store: rateLimitStore(app.rateWindows) })
}

/**
 * A job's timer starts once the app is ready and stops (its round finished) before the database
 * closes. A job whose start returns a promise (its catching up) is done with it before the app is ready.
 */
function runWhileOpen(
  app: FastifyInstance,
  options: BuildOptions,
  job: { start(): void | Promise<void>; stop(): Promise<void> },
) {
  if (options.jobs === false) return
  app.addHook('onReady', (done) => {
    Promise.resolve(job.start()).then(() => done(), done)
  })
  app.addHook('preClose', (done) => {
    job.stop().then(() => done(), done)
  })
}

/** The background jobs, each decorated on the app (tests call their rounds) and run on a lease. */
function startJobs(app: FastifyInstance, options: BuildOptions): void {
  const { config, now } = app
  const lease = (name: string, ms: number) => new JobLease(app.db, name, now, ms)
  // Auto-approval and recurring expenses: a first round once the app is ready (catching up), then on an interval.
  const autoApprove = new AutoApproveJob(
    app.householdLedger,
    app.log,
    lease('auto-approve', 5 * MINUTE_MS),
    options.autoApproveIntervalMs ?? MINUTE_MS,
  )
  const recurring = new HouseholdRecurringJob(
    app.recurringExpenses,
    app.log,
    lease('household-recurring', 5 * MINUTE_MS),
    options.recurringIntervalMs ?? config.recurringCheckIntervalMs,
  )
  const reminders = new ReminderJob(
    reminderEngine(app),
    lease('reminders', 5 * MINUTE_MS),
    config.reminders.checkIntervalMs,
    app.log,
  )
  app.decorate('autoApprove', autoApprove)
  app.decorate('householdRecurring', recurring)
  app.decorate('monthlyReports', monthlyReports(app, options))
  app.decorate('reminders', reminders)
  app.decorate('fxRatesJob', fxRatesJob(app))
  const jobs = [autoApprove, recurring, app.monthlyReports, reminders, app.fxRatesJob]
  for (const job of jobs) if (job) runWhileOpen(app, options, job)
}

/** The daily rate source's job; none without FX_RATES_URL. */
function fxRatesJob(app: FastifyInstance): FxRatesJob | null {
  const url = app.config.fxRatesUrl
  if (!url) return null
  const lease = new JobLease(app.db, 'fx-rates', app.now, 5 * MINUTE_MS)
  return new FxRatesJob({ url, rates: app.fxRates, log: app.log, lease })
}

/** The monthly report job; none without Twilio credentials (or when the options turn it off). */
function monthlyReports(app: FastifyInstance, options: BuildOptions): MonthlyReportJob | null {
  const sender = app.whatsappSender
  if (options.monthlyReports === false || !sender) return null
  const { users, documents, whatsapp, now, log } = app
  return new MonthlyReportJob(
    { users, documents, whatsapp, sender, now, log },
    new JobLease(app.db, 'monthly-report', now, 30 * MINUTE_MS),
    options.monthlyReportIntervalMs ?? HOUR_MS,
  )
}

/** Reminders by Web Push always, by WhatsApp when Twilio can send. */
function reminderEngine(app: FastifyInstance): Reminders {
  const { config, whatsappSender: sender } = app
  return new Reminders({
    db: app.db,
    units: app.units,
    documents: app.documents,
    users: app.users,
    whatsappLog: app.whatsapp,
    notifications: app.notifications,
    push: createPushSender(config.reminders.vapid),
    whatsapp: sender ? { sender, templates: config.reminders.whatsappTemplates, publicUrl: config.publicUrl } : null,
    defaultTimeZone: config.reportTimeZone,
    now: app.now,
    log: app.log,
  })
}
