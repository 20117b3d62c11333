import type { FastifyInstance } from 'fastify'
import type { AppConfig } from './config'
import type { AppDatabase, OpenDatabase } from './db/database'
import { DocumentsRepository } from './db/documents'
import type { UnitOfWork } from './db/unit-of-work'
import { UsersRepository } from './db/users'
import { WhatsappRepository } from './db/whatsapp'
import type { MonthlyReportJob } from './jobs/monthly-report'
import type { AutoApproveJob } from './jobs/auto-approve'
import type { HouseholdRecurringJob } from './jobs/household-recurring'
import type { ReminderJob } from './jobs/reminders'
import { BrandRepository } from './db/brand'
import { FxRatesRepository } from './db/fx-rates'
import { LiveStreamsRepository, PushBudgetsRepository, RateWindowsRepository } from './db/limits'
import type { FxRatesJob } from './jobs/fx-rates'
import { PasswordGuard } from './modules/auth/password-guard'
import { PhoneProof } from './modules/auth/phone-proof'
import { HouseholdSync } from './modules/households/household-sync'
import { HouseholdLedger } from './modules/households/ledger'
import { HouseholdRecurring } from './modules/households/recurring'
import { HouseholdService } from './modules/households/service'
import { loanPaymentRule } from './modules/loans/payment-rule'
import { LoansService } from './modules/loans/service'
import { NotificationsRepository } from './db/notifications'
import { allocationRule } from './modules/plan/allocation'
import { PlanService } from './modules/plan/service'
import { guardProfilePushes } from './modules/profile/profile-pushes'
import { ReceiptStore } from './modules/receipts/store'
import { TicketService } from './modules/support/tickets'
import { RateWindows } from './modules/limits/rate-windows'
import { PushQuota } from './modules/sync/push-quota'
import { StreamAdmission } from './modules/sync/stream-admission'
import { CURRENCY_FIELDS, keepLateFields, RECEIPT_FIELDS } from './modules/sync/late-fields'
import { StreamBus } from './modules/sync/stream-bus'
import { WhatsappService } from './modules/whatsapp/service'
import { createWhatsappSender } from './modules/whatsapp/twilio'
import type { TwilioHttpClient, WhatsappSender } from './modules/whatsapp/twilio'

/**
 * The one way routes, jobs and tests reach the server's repositories and services: decorations
 * of the root instance, typed here once and created by `decorateServices`.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    db: AppDatabase
    /** Transactions over `db` (documents.write is the one for documents). */
    units: UnitOfWork
    /** The server's clock (tests pin it). */
    now: () => number
    users: UsersRepository
    documents: DocumentsRepository
    streamBus: StreamBus
    whatsapp: WhatsappRepository
    /** Support tickets (server-owned number, status and merged thread). */
    tickets: TicketService
    /** Budgets, allocation and recurring payments (the REST mirror's planning half). */
    plan: PlanService
    loans: LoansService
    households: HouseholdService
    householdLedger: HouseholdLedger
    /** Recurring household expenses (the rules; `householdRecurring` is the job that adds them). */
    recurringExpenses: HouseholdRecurring
    /** Replication of the household collections, scoped by membership. */
    householdSync: HouseholdSync
    phoneProof: PhoneProof
    /** Wrong-password counts shared by sign-in, change-password and account deletion. */
    passwordGuard: PasswordGuard
    brand: BrandRepository
    /** Push subscriptions and reminder settings. */
    notifications: NotificationsRepository
    /** Receipt photos: kept for the expense that names them, members only, within the caps. */
    receipts: ReceiptStore
    /** Documents per minute each account may push. */
    pushQuota: PushQuota
    /** Request counts per key and window (sign-in, registration, WhatsApp), shared by the instances. */
    rateWindows: RateWindows
    /** The caps on open sync streams, counted over every instance. */
    streamAdmission: StreamAdmission
    whatsappService: WhatsappService
    /** The twilio client that sends (monthly report, reminders); null without credentials. */
    whatsappSender: WhatsappSender | null
    /** The monthly WhatsApp report job; null when Twilio is not configured (or turned off). */
    monthlyReports: MonthlyReportJob | null
    /** Approves household expenses whose review period passed; runs at start-up and every minute. */
    autoApprove: AutoApproveJob
    /** Adds the occurrences of recurring household expenses on their day. */
    householdRecurring: HouseholdRecurringJob
    /** Finds and sends reminders by Web Push and WhatsApp (README "Reminders"). */
    reminders: ReminderJob
    /** The daily rate source's history (FX_RATES_URL). */
    fxRates: FxRatesRepository
    /** Fetches FX_RATES_URL daily; null when no source is configured. */
    fxRatesJob: FxRatesJob | null
  }
}

/** Creates and decorates every repository and service (the jobs are decorated when they start). */
export function decorateServices(
  app: FastifyInstance,
  config: AppConfig,
  database: OpenDatabase,
  options: { now: () => number; twilioHttpClient?: TwilioHttpClient },
): void {
  const { now } = options
  const { db, units, seq, relay } = database
  const users = new UsersRepository(db)
  const streamBus = new StreamBus(relay)
  const documents = new DocumentsRepository(db, units, seq, streamBus, now)
  // A payment pushed from a device is judged against what its loan owes on the server, an
  // allocation against the income the server knows of.
  documents.setPushRule('loan_payments', loanPaymentRule(documents))
  // What a device older than a field leaves out of its push, the server keeps (late-fields.ts).
  documents.setPushRule('budgets', keepLateFields([CURRENCY_FIELDS], allocationRule(documents, now)))
  documents.setPushRule('transactions', keepLateFields([CURRENCY_FIELDS, RECEIPT_FIELDS]))
  for (const collection of ['recurring_payments', 'loans', 'business_entries'] as const)
    documents.setPushRule(collection, keepLateFields([CURRENCY_FIELDS]))
  guardProfilePushes(documents)
  const whatsapp = new WhatsappRepository(db)
  const households = new HouseholdService({ db, documents, users, now })
  const phoneProof = new PhoneProof({ db, users, documents, now })
  const fxRates = new FxRatesRepository(db, units)
  const services = {
    config,
    db,
    units,
    now,
    users,
    documents,
    streamBus,
    whatsapp,
    tickets: new TicketService(documents, now),
    plan: new PlanService(documents, now),
    loans: new LoansService(documents, now),
    households,
    householdLedger: new HouseholdLedger(households),
    recurringExpenses: new HouseholdRecurring(households, config.reportTimeZone),
    householdSync: new HouseholdSync(households),
    phoneProof,
    passwordGuard: passwordGuard(config, database, now),
    brand: new BrandRepository(db),
    fxRates,
    notifications: new NotificationsRepository(db, units, now),
    receipts: new ReceiptStore(db, documents, config.receipts, now),
    pushQuota: new PushQuota(new PushBudgetsRepository(db), config.syncPushPerMinute, now),
    rateWindows: new RateWindows(new RateWindowsRepository(db), now),
    streamAdmission: new StreamAdmission(
      new LiveStreamsRepository(db, units),
      streamBus,
      config.streamLimits,
      config.streamLease,
      now,
      (error) => app.log.error(error),
    ),
    whatsappService: new WhatsappService({ users, documents, whatsapp, fxRates, phoneProof, now }),
    whatsappSender: createSender(config, options.twilioHttpClient),
  }
  for (const [name, value] of Object.entries(services)) app.decorate(name, value as unknown)
}

function passwordGuard(config: AppConfig, { db, units }: OpenDatabase, now: () => number): PasswordGuard {
  // Behind a proxy that ends TLS the request looks like http; the public URL says what the browser sees.
  const secureCookies = config.publicUrl?.startsWith('https:') ?? false
  return new PasswordGuard({ db, units, now, secret: config.jwtSecret, secureCookies })
}

function createSender(config: AppConfig, httpClient: TwilioHttpClient | undefined): WhatsappSender | null {
  const { accountSid, authToken, whatsappFrom } = config.twilio
  if (!accountSid || !authToken || !whatsappFrom) return null
  return createWhatsappSender({ accountSid, authToken, from: whatsappFrom }, httpClient)
}
