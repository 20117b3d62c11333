import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import Fastify from 'fastify'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppConfig } from './config'
import { openDatabase } from './db/database'
import type { AppDatabase, OpenDatabase } from './db/database'
import { DocumentsRepository } from './db/documents'
import { UsersRepository } from './db/users'
import { WhatsappRepository } from './db/whatsapp'
import { HOUR_MS, MonthlyReportJob } from './jobs/monthly-report'
import { BrandRepository } from './modules/admin/brand'
import { AutoApproveJob, MINUTE_MS } from './jobs/auto-approve'
import { HouseholdRecurringJob } from './jobs/household-recurring'
import { JobLease } from './jobs/job-lease'
import { ReminderJob, Reminders } from './jobs/reminders'
import { ensureAdmin } from './modules/auth/bootstrap-admin'
import { PasswordGuard } from './modules/auth/password-guard'
import { PhoneProof } from './modules/auth/phone-proof'
import { HouseholdSync } from './modules/households/household-sync'
import { HouseholdLedger } from './modules/households/ledger'
import { HouseholdRecurring } from './modules/households/recurring'
import { HouseholdService } from './modules/households/service'
import { NotificationsRepository } from './modules/notifications/repository'
import { createPushSender } from './modules/notifications/web-push'
import { guardProfilePushes } from './modules/profile/profile-pushes'
import { TicketService } from './modules/support/tickets'
import { loanPaymentRule } from './modules/loans/payment-rule'
import { allocationRule } from './modules/plan/allocation'
import { ReceiptStore } from './modules/receipts/store'
import { PushQuota } from './modules/sync/push-quota'
import { StreamBus } from './modules/sync/stream-bus'
import { WhatsappService } from './modules/whatsapp/service'
import { createWhatsappSender } from './modules/whatsapp/twilio'
import type { TwilioHttpClient, WhatsappSender } from './modules/whatsapp/twilio'
import { registerAuth } from './plugins/auth'
import { frameworkErrors, registerErrorHandling } from './plugins/errors'
import { registerNotFound, registerStaticApp } from './plugins/static-app'
import { accountRoutes } from './routes/account'
import { adminRoutes } from './routes/admin'
import { authRoutes } from './routes/auth'
import { brandRoutes } from './routes/brand'
import { householdRoutes } from './routes/households'
import { supportRoutes } from './routes/support'
import { loansRoutes } from './routes/loans'
import { notificationRoutes } from './routes/notifications'
import { receiptsRoutes } from './routes/receipts'
import { syncRoutes } from './routes/sync'
import { allocationRestRoutes, budgetsRestRoutes, recurringRestRoutes } from './routes/plan-rest'
import { transactionsRestRoutes } from './routes/transactions-rest'
import { whatsappRoutes } from './routes/whatsapp'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    db: AppDatabase
    users: UsersRepository
    documents: DocumentsRepository
    streamBus: StreamBus
    whatsapp: WhatsappRepository
    /** Support tickets (server-owned number, status and merged thread). */
    tickets: TicketService
    /** The monthly WhatsApp report job; null when Twilio is not configured (or turned off). */
    monthlyReports: MonthlyReportJob | null
    /** Approves household expenses whose review period passed; runs at start-up and every minute. */
    autoApprove: AutoApproveJob
    /** Adds the occurrences of recurring household expenses on their day. */
    householdRecurring: HouseholdRecurringJob
    /** Push subscriptions and reminder settings. */
    notifications: NotificationsRepository
    /** Finds and sends reminders by Web Push and WhatsApp (README "Reminders"). */
    reminders: ReminderJob
  }
}

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

/**
 * The whole server: external plugins (errors, security headers, rate limit, zod, JWT), then the
 * repositories, then the routes, then the built client. The database is opened here and closed
 * by `app.close()`.
 */
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

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options)

  const now = options.now ?? Date.now
  const database = openDatabase(config.dataDir)
  app.addHook('onClose', (_instance, done) => {
    database.close()
    done()
  })
  const { users, streamBus, documents, whatsapp, tickets } = decorateRepositories(app, config, database, now)
  await ensureAdmin(users, config.admin, options.print)
  const receipts = new ReceiptStore(database.db, documents, config.receipts, now)

  await registerSecurity(app)
  await registerAuth(app, { secret: config.jwtSecret, users })

  registerHealth(app)
  const households = new HouseholdService({ db: database.db, documents, users, bus: streamBus, now })
  const ledger = new HouseholdLedger(households)
  const phoneProof = new PhoneProof({ db: database.db, users, documents, now })
  const guard = passwordGuard(config, database.db, now)
  await app.register(authRoutes, {
    prefix: '/api/auth',
    users,
    documents,
    bus: streamBus,
    phoneProof,
    guard,
    rateLimit: config.authRateLimit,
  })
  await app.register(syncRoutes, {
    prefix: '/api/sync',
    documents,
    bus: streamBus,
    pingMs: config.streamPingMs,
    streamLimits: config.streamLimits,
    householdSync: new HouseholdSync(households),
    pushQuota: new PushQuota(config.syncPushPerMinute, now),
  })
  await registerHouseholds(app, { households, ledger, options, now })
  await app.register(accountRoutes, { prefix: '/api/auth', users, guard, households })
  await app.register(supportRoutes, {
    prefix: '/api/support',
    db: database.db,
    tickets,
    rateLimit: config.authRateLimit,
  })
  await registerRestMirror(app, documents, now)
  await app.register(receiptsRoutes, { prefix: '/api/receipts', receipts, maxFileBytes: config.receipts.maxFileBytes })
  const whatsappService = new WhatsappService({ users, documents, whatsapp, phoneProof, now })
  await app.register(whatsappRoutes, {
    prefix: '/api/whatsapp',
    config,
    service: whatsappService,
    users,
    documents,
    whatsapp,
    phoneProof,
    receipts,
    now,
  })
  const brand = new BrandRepository(database.db)
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    db: database.db,
    tickets,
    bus: streamBus,
    brand,
    now,
  })
  await app.register(brandRoutes, { brand, staticDir: config.staticDir })
  const whatsappSender = createSender(config, options)
  app.decorate('monthlyReports', startMonthlyReports(app, whatsappSender, options, now))
  await registerReminders(app, whatsappSender, options, now)

  const spa = await registerStaticApp(app, config.staticDir)
  registerNotFound(app, spa)
  return app
}

/** Wrong-password counts shared by sign-in, change-password and account deletion. */
function passwordGuard(config: AppConfig, db: AppDatabase, now: () => number): PasswordGuard {
  // Behind a proxy that ends TLS the request looks like http; the public URL says what the browser sees.
  const secureCookies = config.publicUrl?.startsWith('https:') ?? false
  return new PasswordGuard({ db, now, secret: config.jwtSecret, secureCookies })
}

/** GET /api/health: the process is up and serving. */
function registerHealth(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get('/api/health', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, () => ({
    ok: true as const,
  }))
}

/** The repositories every route reaches through the app (`app.users`, `app.documents`…). */
function decorateRepositories(app: FastifyInstance, config: AppConfig, database: OpenDatabase, now: () => number) {
  const users = new UsersRepository(database.db)
  const streamBus = new StreamBus()
  const documents = new DocumentsRepository(database.db, streamBus, now)
  // A payment pushed from a device is judged against what its loan owes on the server, an
  // allocation against the income the server knows of.
  documents.setPushRule('loan_payments', loanPaymentRule(documents))
  documents.setPushRule('budgets', allocationRule(documents, now))
  guardProfilePushes(documents)
  app.decorate('config', config)
  app.decorate('db', database.db)
  app.decorate('users', users)
  app.decorate('documents', documents)
  app.decorate('streamBus', streamBus)
  const whatsapp = new WhatsappRepository(database.db)
  app.decorate('whatsapp', whatsapp)
  const tickets = new TicketService(documents, now)
  app.decorate('tickets', tickets)
  return { users, streamBus, documents, whatsapp, tickets }
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
  // Only routes that opt in through `config.rateLimit` are limited (register, login).
  await app.register(rateLimit, { global: false })
}

/** The spec's REST mirror in decimal rupees, on the same documents as sync. */
async function registerRestMirror(app: FastifyInstance, documents: DocumentsRepository, now: () => number) {
  await app.register(transactionsRestRoutes, { prefix: '/api/expenses', kind: 'expense', documents })
  await app.register(transactionsRestRoutes, { prefix: '/api/income', kind: 'income', documents })
  await app.register(budgetsRestRoutes, { prefix: '/api/budgets', documents, now })
  await app.register(allocationRestRoutes, { prefix: '/api/allocation', documents, now })
  await app.register(recurringRestRoutes, { prefix: '/api/recurring-payments', documents, now })
  await app.register(loansRoutes, { prefix: '/api/loans', documents, now })
}

/** A job's timer starts once the app is ready and stops (its round finished) before the database closes. */
function runWhileOpen(app: FastifyInstance, options: BuildOptions, job: { start(): void; stop(): Promise<void> }) {
  if (options.jobs === false) return
  app.addHook('onReady', (done) => {
    job.start()
    done()
  })
  app.addHook('preClose', (done) => {
    job.stop().then(() => done(), done)
  })
}

/** The auto-approval job: a first pass once the app is ready (catching up after downtime), then on an interval. */
function startAutoApprove(app: FastifyInstance, ledger: HouseholdLedger, options: BuildOptions, now: () => number) {
  const lease = new JobLease(app.db, 'auto-approve', now, 5 * MINUTE_MS)
  const job = new AutoApproveJob(ledger, app.log, lease, options.autoApproveIntervalMs ?? MINUTE_MS)
  app.decorate('autoApprove', job)
  runWhileOpen(app, options, job)
}

/** /api/households and the household jobs (auto-approval, recurring expenses). */
async function registerHouseholds(
  app: FastifyInstance,
  deps: { households: HouseholdService; ledger: HouseholdLedger; options: BuildOptions; now: () => number },
) {
  const { households, ledger, options, now } = deps
  const recurring = new HouseholdRecurring(households, app.config.reportTimeZone)
  await app.register(householdRoutes, { prefix: '/api/households', households, ledger, recurring })
  startAutoApprove(app, ledger, options, now)
  startHouseholdRecurring(app, recurring, options, now)
}

/** The recurring household expenses job: a first round once the app is ready (catching up), then on an interval. */
function startHouseholdRecurring(
  app: FastifyInstance,
  recurring: HouseholdRecurring,
  options: BuildOptions,
  now: () => number,
) {
  const lease = new JobLease(app.db, 'household-recurring', now, 5 * MINUTE_MS)
  const intervalMs = options.recurringIntervalMs ?? app.config.recurringCheckIntervalMs
  const job = new HouseholdRecurringJob(recurring, app.log, lease, intervalMs)
  app.decorate('householdRecurring', job)
  runWhileOpen(app, options, job)
}

/** The twilio client that sends (monthly report, reminders); null without credentials. */
function createSender(config: AppConfig, options: BuildOptions): WhatsappSender | null {
  const { accountSid, authToken, whatsappFrom } = config.twilio
  if (!accountSid || !authToken || !whatsappFrom) return null
  return createWhatsappSender({ accountSid, authToken, from: whatsappFrom }, options.twilioHttpClient)
}

/** The monthly report job, started once the app is ready; skipped entirely without Twilio credentials. */
function startMonthlyReports(
  app: FastifyInstance,
  sender: WhatsappSender | null,
  options: BuildOptions,
  now: () => number,
): MonthlyReportJob | null {
  if (options.monthlyReports === false || !sender) return null
  const job = new MonthlyReportJob(
    { users: app.users, documents: app.documents, whatsapp: app.whatsapp, sender, now, log: app.log },
    new JobLease(app.db, 'monthly-report', now, 30 * MINUTE_MS),
    options.monthlyReportIntervalMs ?? HOUR_MS,
  )
  runWhileOpen(app, options, job)
  return job
}

/** /api/notifications and the reminders job (Web Push always; WhatsApp when Twilio can send). */
async function registerReminders(
  app: FastifyInstance,
  sender: WhatsappSender | null,
  options: BuildOptions,
  now: () => number,
): Promise<void> {
  const { config } = app
  const notifications = new NotificationsRepository(app.db, now)
  app.decorate('notifications', notifications)
  await app.register(notificationRoutes, {
    prefix: '/api/notifications',
    notifications,
    users: app.users,
    vapidPublicKey: config.reminders.vapid.publicKey,
    extraPushOrigins: config.reminders.extraPushOrigins,
    defaultTimeZone: config.reportTimeZone,
    whatsappAvailable: sender !== null,
  })
  const engine = new Reminders({
    db: app.db,
    documents: app.documents,
    users: app.users,
    whatsappLog: app.whatsapp,
    notifications,
    push: createPushSender(config.reminders.vapid),
    whatsapp: sender ? { sender, templates: config.reminders.whatsappTemplates, publicUrl: config.publicUrl } : null,
    defaultTimeZone: config.reportTimeZone,
    now,
    log: app.log,
  })
  const job = new ReminderJob(
    engine,
    new JobLease(app.db, 'reminders', now, 5 * MINUTE_MS),
    config.reminders.checkIntervalMs,
    app.log,
  )
  app.decorate('reminders', job)
  runWhileOpen(app, options, job)
}
