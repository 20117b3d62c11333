/**
 * The tables of tables.ts for PostgreSQL: the same names, columns, keys, indexes and foreign keys
 * (tests/unit/pg-tables.test.ts compares the two; tests/server/pg-schema.test.ts the migrated
 * databases). What each column means is documented in tables.ts. Types differ where the engines
 * do: ms timestamps, sequence values and amounts are bigint (read as JS numbers), flags boolean,
 * the profile jsonb and receipt photos bytea. Document JSON stays text: a pull sends the stored
 * bytes as they are.
 */
import { sql } from 'drizzle-orm'
import type { SQLWrapper } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  HOUSEHOLD_ROLES,
  NOTIFICATION_STATUSES,
  REMINDER_KINDS,
  USER_ROLES,
  WHATSAPP_MESSAGE_KINDS,
  type UserProfileFields,
} from './tables'

/** ms since the epoch, a sequence value or an amount in paise: past 2^31, within 2^53. */
const big = (name: string) => bigint(name, { mode: 'number' })

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    phoneNumber: text('phone_number'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    tokenVersion: integer('token_version').notNull().default(0),
    suspended: boolean('suspended').notNull().default(false),
    currency: text('currency').notNull().default('INR'),
    profile: jsonb('profile')
      .$type<UserProfileFields>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: big('created_at').notNull(),
    updatedAt: big('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_phone_number_unique').on(t.phoneNumber)],
)

export const phoneClaims = pgTable(
  'phone_claims',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    expiresAt: big('expires_at').notNull(),
    createdAt: big('created_at').notNull(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    voidedAt: big('voided_at'),
  },
  (t) => [index('phone_claims_phone').on(t.phone)],
)

/** A document's merchant as the WhatsApp repository reads it (lowercase), and the index keeps it. */
const merchantOf = (data: SQLWrapper) => sql`lower((${data}::jsonb) ->> 'merchant')`

export const documents = pgTable(
  'documents',
  {
    collection: text('collection').notNull(),
    id: text('id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    householdId: text('household_id'),
    seq: big('seq').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    updatedAt: big('updated_at').notNull(),
    data: text('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.id] }),
    uniqueIndex('documents_seq_unique').on(t.seq),
    index('documents_owner_seq').on(t.collection, t.ownerId, t.seq),
    index('documents_household_seq').on(t.collection, t.householdId, t.seq),
    index('documents_transactions_merchant')
      .on(t.ownerId, merchantOf(t.data))
      .where(sql`${t.collection} = 'transactions' and (${t.data}::jsonb) ->> 'merchant' is not null`),
  ],
)

export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    messageSid: text('message_sid').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    from: text('from').notNull(),
    body: text('body').notNull(),
    kind: text('kind', { enum: WHATSAPP_MESSAGE_KINDS }).notNull(),
    transactionId: text('transaction_id'),
    reply: text('reply').notNull(),
    createdAt: big('created_at').notNull(),
  },
  (t) => [index('whatsapp_messages_user_created').on(t.userId, t.createdAt)],
)

export const whatsappPending = pgTable('whatsapp_pending', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messageSid: text('message_sid').notNull(),
  kind: text('kind', { enum: ['entry', 'recurring'] }).notNull(),
  payload: text('payload').notNull(),
  question: text('question').notNull(),
  createdAt: big('created_at').notNull(),
})

export const monthlyReports = pgTable(
  'monthly_reports',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    sentAt: big('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
)

export const brandSettings = pgTable('brand_settings', {
  id: text('id').primaryKey(),
  appName: text('app_name').notNull(),
  tagline: text('tagline').notNull(),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: big('updated_at').notNull(),
})

export const householdMembers = pgTable(
  'household_members',
  {
    householdId: text('household_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: HOUSEHOLD_ROLES }).notNull(),
    joinedAt: big('joined_at').notNull(),
    removedSeq: big('removed_seq'),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.userId] }), index('household_members_user').on(t.userId)],
)

export const householdInvites = pgTable(
  'household_invites',
  {
    id: text('id').primaryKey(),
    householdId: text('household_id').notNull(),
    email: text('email').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: big('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('household_invites_household_email').on(t.householdId, t.email),
    index('household_invites_email').on(t.email),
  ],
)

export const loginHelpRequests = pgTable(
  'login_help_requests',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    whatsapp: text('whatsapp'),
    issue: text('issue').notNull(),
    createdAt: big('created_at').notNull(),
  },
  (t) => [index('login_help_requests_created').on(t.createdAt)],
)

export const passwordFailures = pgTable(
  'password_failures',
  {
    account: text('account').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: big('last_failure_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.source] }), index('password_failures_last').on(t.lastFailureAt)],
)

export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignInAt: big('last_sign_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('sign_in_addresses_last').on(t.lastSignInAt)],
)

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: big('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
)

export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  payments: boolean('payments').notNull().default(true),
  budgets: boolean('budgets').notNull().default(true),
  reviews: boolean('reviews').notNull().default(true),
  settlements: boolean('settlements').notNull().default(true),
  tickets: boolean('tickets').notNull().default(true),
  whatsapp: boolean('whatsapp').notNull().default(true),
  timeZone: text('time_zone'),
  updatedAt: big('updated_at').notNull(),
})

export const notificationLog = pgTable(
  'notification_log',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    target: text('target').notNull(),
    subscriptionId: text('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    context: text('context').notNull(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    notBefore: big('not_before').notNull(),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: big('lease_until').notNull().default(0),
    lastError: text('last_error'),
    createdAt: big('created_at').notNull(),
    sentAt: big('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventKey, t.target] }),
    index('notification_log_due').on(t.status, t.notBefore),
  ],
)

export const jobLocks = pgTable('job_locks', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: big('lease_until').notNull(),
})

export const jobCursors = pgTable('job_cursors', {
  name: text('name').primaryKey(),
  seq: big('seq').notNull(),
})

export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: big('value').notNull(),
})

export const receipts = pgTable(
  'receipts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    householdId: text('household_id'),
    collection: text('collection').notNull(),
    documentId: text('document_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: big('created_at').notNull(),
  },
  (t) => [
    index('receipts_owner').on(t.ownerId),
    index('receipts_document').on(t.collection, t.documentId),
    index('receipts_household').on(t.householdId),
  ],
)

export const fxRates = pgTable(
  'fx_rates',
  {
    date: text('date').notNull(),
    base: text('base').notNull(),
    currency: text('currency').notNull(),
    rate: text('rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.currency] })],
)

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: big('count').notNull(),
    resetsAt: big('resets_at').notNull(),
  },
  (t) => [index('rate_limits_resets_at').on(t.resetsAt)],
)

export const pushBudgets = pgTable(
  'push_budgets',
  {
    userId: text('user_id').primaryKey(),
    fullAt: big('full_at').notNull(),
  },
  (t) => [index('push_budgets_full_at').on(t.fullAt)],
)

export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    instance: text('instance').notNull(),
    userId: text('user_id').notNull(),
    address: text('address').notNull(),
    openedAt: big('opened_at').notNull(),
    seenAt: big('seen_at').notNull(),
  },
  (t) => [
    index('live_streams_user').on(t.userId, t.openedAt),
    index('live_streams_address').on(t.address),
    index('live_streams_instance').on(t.instance),
  ],
)
