import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppConfig } from './config'
import { openDatabase } from './db/database'
import type { AppDatabase } from './db/database'
import { DocumentsRepository } from './db/documents'
import { UsersRepository } from './db/users'
import { WhatsappRepository } from './db/whatsapp'
import { HOUR_MS, MonthlyReportJob } from './jobs/monthly-report'
import { ensureAdmin } from './modules/auth/bootstrap-admin'
import { StreamBus } from './modules/sync/stream-bus'
import { WhatsappService } from './modules/whatsapp/service'
import { createWhatsappSender } from './modules/whatsapp/twilio'
import type { TwilioHttpClient } from './modules/whatsapp/twilio'
import { registerAuth } from './plugins/auth'
import { registerErrorHandling } from './plugins/errors'
import { registerNotFound, registerStaticApp } from './plugins/static-app'
import { authRoutes } from './routes/auth'
import { loansRoutes } from './routes/loans'
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
    /** The monthly WhatsApp report job; null when Twilio is not configured (or turned off). */
    monthlyReports: MonthlyReportJob | null
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
}

/**
 * The whole server: external plugins (errors, security headers, rate limit, zod, JWT), then the
 * repositories, then the routes, then the built client. The database is opened here and closed
 * by `app.close()`.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A push carries up to 1000 documents.
    bodyLimit: 5 * 1024 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  const database = openDatabase(config.dataDir)
  app.addHook('onClose', (_instance, done) => {
    database.close()
    done()
  })
  const users = new UsersRepository(database.db)
  const streamBus = new StreamBus()
  const documents = new DocumentsRepository(database.db, streamBus)
  app.decorate('config', config)
  app.decorate('db', database.db)
  app.decorate('users', users)
  app.decorate('documents', documents)
  app.decorate('streamBus', streamBus)
  const whatsapp = new WhatsappRepository(database.db)
  app.decorate('whatsapp', whatsapp)
  const now = options.now ?? Date.now
  await ensureAdmin(users, config.admin, options.print)

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
  // Only routes that opt in through `config.rateLimit` are limited (register, login).
  await app.register(rateLimit, { global: false })
  await registerAuth(app, { secret: config.jwtSecret, users })

  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get('/api/health', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, () => ({
    ok: true as const,
  }))
  await app.register(authRoutes, { prefix: '/api/auth', users, documents, rateLimit: config.authRateLimit })
  await app.register(syncRoutes, { prefix: '/api/sync', documents, bus: streamBus, pingMs: config.streamPingMs })
  await app.register(transactionsRestRoutes, { prefix: '/api/expenses', kind: 'expense', documents })
  await app.register(transactionsRestRoutes, { prefix: '/api/income', kind: 'income', documents })
  await app.register(budgetsRestRoutes, { prefix: '/api/budgets', documents, now })
  await app.register(allocationRestRoutes, { prefix: '/api/allocation', documents, now })
  await app.register(recurringRestRoutes, { prefix: '/api/recurring-payments', documents, now })
  await app.register(loansRoutes, { prefix: '/api/loans', documents, now })
  const whatsappService = new WhatsappService({ users, documents, whatsapp, now })
  await app.register(whatsappRoutes, {
    prefix: '/api/whatsapp',
    config,
    service: whatsappService,
    users,
    documents,
    whatsapp,
    now,
  })
  app.decorate('monthlyReports', startMonthlyReports(app, config, options, now))

  const spa = await registerStaticApp(app, config.staticDir)
  registerNotFound(app, spa)
  return app
}

/** The monthly report job, started once the app is ready; skipped entirely without Twilio credentials. */
function startMonthlyReports(
  app: FastifyInstance,
  config: AppConfig,
  options: BuildOptions,
  now: () => number,
): MonthlyReportJob | null {
  const { accountSid, authToken, whatsappFrom } = config.twilio
  if (options.monthlyReports === false || !accountSid || !authToken || !whatsappFrom) return null
  const sender = createWhatsappSender({ accountSid, authToken, from: whatsappFrom }, options.twilioHttpClient)
  const job = new MonthlyReportJob(
    { users: app.users, documents: app.documents, whatsapp: app.whatsapp, sender, now, log: app.log },
    options.monthlyReportIntervalMs ?? HOUR_MS,
  )
  app.addHook('onReady', (done) => {
    job.start()
    done()
  })
  // Before onClose closes the database: let a pass in progress finish.
  app.addHook('preClose', (done) => {
    job.stop().then(() => done(), done)
  })
  return job
}
