import { sql } from 'drizzle-orm'
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

export const USER_ROLES = ['admin', 'user'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** Spec part 1 §3 user fields that have no column of their own; kept as one JSON object. */
export interface UserProfileFields {
  date_of_birth?: string | null
  nationality?: string | null
  state_province?: string | null
  annual_income_range?: string | null
  family_size?: number | null
  number_of_dependents?: number | null
  job_title?: string | null
  is_non_resident?: boolean
  address?: string | null
}

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Always lowercase. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    /** `whatsapp:+<cc><number>` (schema/phone.ts normalizePhone); the WhatsApp sender maps here. */
    phoneNumber: text('phone_number'),
    /**
     * True once the number was proven by a `link <code>` message sent from it; only proven numbers
     * are booked to the account. Links made before proofs existed count as unproven.
     */
    phoneVerified: integer('phone_verified', { mode: 'boolean' }).notNull().default(false),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** Bumped on password change / logout-everywhere; tokens carry it as `tv`. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set by an admin: sign-in and every token are refused until reactivated; data is kept. */
    suspended: integer('suspended', { mode: 'boolean' }).notNull().default(false),
    currency: text('currency').notNull().default('INR'),
    profile: text('profile', { mode: 'json' })
      .$type<UserProfileFields>()
      .notNull()
      .default(sql`'{}'`),
    /** ms since the epoch. */
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_phone_number_unique').on(t.phoneNumber)],
)

export type UserRow = typeof users.$inferSelect

/**
 * A user's pending claim of a WhatsApp number (one per user): the number links to the account
 * when `link <code>` arrives from it before `expires_at` and before too many wrong codes void it.
 * Several users may claim one number; the message from the number decides.
 */
export const phoneClaims = sqliteTable(
  'phone_claims',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `whatsapp:+<cc><number>`, as users.phone_number. */
    phone: text('phone').notNull(),
    /** Six digits; kept readable so Settings can show it again until it expires. */
    code: text('code').notNull(),
    /** ms since the epoch. */
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Wrong `link` codes sent from `phone` while this claim was live. */
    wrongCodes: integer('wrong_codes').notNull().default(0),
    /** ms since the epoch when too many wrong codes voided the claim; null while it can be proven. */
    voidedAt: integer('voided_at'),
  },
  (t) => [index('phone_claims_phone').on(t.phone)],
)

export type PhoneClaimRow = typeof phoneClaims.$inferSelect

/**
 * Every replicated collection in one table (DESIGN §4). `seq` comes from one server-wide
 * sequence, so a pull is `seq > checkpoint ORDER BY seq` on the (collection, scope, seq) index.
 */
export const documents = sqliteTable(
  'documents',
  {
    collection: text('collection').notNull(),
    id: text('id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    householdId: text('household_id'),
    seq: integer('seq').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    /** The document's own updatedAt (ms). */
    updatedAt: integer('updated_at').notNull(),
    /** JSON of the zod-parsed document: schema fields only, no `_deleted`. */
    data: text('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.id] }),
    uniqueIndex('documents_seq_unique').on(t.seq),
    index('documents_owner_seq').on(t.collection, t.ownerId, t.seq),
    index('documents_household_seq').on(t.collection, t.householdId, t.seq),
    // A user's transactions by merchant: the category they last filed it under (WhatsApp learns
    // from it) and the expense a refund reverses. Only transactions with a merchant are indexed.
    index('documents_transactions_merchant')
      .on(t.ownerId, sql`lower(json_extract(${t.data}, '$.merchant'))`)
      .where(sql`${t.collection} = 'transactions' and json_extract(${t.data}, '$.merchant') is not null`),
  ],
)

export type DocumentRow = typeof documents.$inferSelect

export const WHATSAPP_MESSAGE_KINDS = [
  'entry',
  'question',
  'duplicate',
  'notice',
  'answer',
  'undo',
  'command',
  'join',
  'unknown',
  'unlinked',
  'rejected',
  'link',
] as const
export type WhatsappMessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number]

/**
 * Every WhatsApp message the webhook answered, keyed by Twilio's MessageSid: a retried delivery
 * finds its row and gets the stored reply, and `undo` finds the entry the sender's last message
 * created. `user_id` is null for numbers that are not linked to an account.
 */
export const whatsappMessages = sqliteTable(
  'whatsapp_messages',
  {
    messageSid: text('message_sid').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The sender as stored (`whatsapp:+91…`), or as received when it is not a phone number. */
    from: text('from').notNull(),
    body: text('body').notNull(),
    kind: text('kind', { enum: WHATSAPP_MESSAGE_KINDS }).notNull(),
    /** The transactions document this message created (entry) or removed (undo). */
    transactionId: text('transaction_id'),
    reply: text('reply').notNull(),
    /** ms since the epoch. */
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('whatsapp_messages_user_created').on(t.userId, t.createdAt)],
)

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect

/**
 * The question WhatsApp asked a user before booking (one per user: a new one replaces it), so a
 * one-word answer ("ok", "food", "income", "recurring", "no") settles it. `payload` is what the
 * answer books (modules/whatsapp/pending.ts); `question` the text asked, to ask again.
 */
export const whatsappPending = sqliteTable('whatsapp_pending', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The message the question is about. */
  messageSid: text('message_sid').notNull(),
  kind: text('kind', { enum: ['entry', 'recurring'] }).notNull(),
  payload: text('payload').notNull(),
  question: text('question').notNull(),
  /** ms since the epoch. */
  createdAt: integer('created_at').notNull(),
})

export type WhatsappPendingRow = typeof whatsappPending.$inferSelect

/** One row per user and month whose WhatsApp report was sent (or is being sent): never twice. */
export const monthlyReports = sqliteTable(
  'monthly_reports',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' of the month the report covers. */
    month: text('month').notNull(),
    /** ms since the epoch. */
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
)

/**
 * Brand settings (spec part 2 §3), one row with id 'brand'; no row means the defaults
 * (schema/brand.ts DEFAULT_BRAND).
 */
export const brandSettings = sqliteTable('brand_settings', {
  id: text('id').primaryKey(),
  appName: text('app_name').notNull(),
  tagline: text('tagline').notNull(),
  /** '#rrggbb', lowercase. */
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  /** ms since the epoch. */
  updatedAt: integer('updated_at').notNull(),
})

export const HOUSEHOLD_ROLES = ['admin', 'member'] as const

/**
 * Who belongs to which household: the scope of household sync and every household route. A row
 * stays after someone leaves or is removed, with `removed_seq` set to the sequence value of the
 * re-stamp that told their devices; pulls before that point receive the household's rows as
 * tombstones (so the devices drop them), nothing after it.
 */
export const householdMembers = sqliteTable(
  'household_members',
  {
    householdId: text('household_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: HOUSEHOLD_ROLES }).notNull(),
    /** ms since the epoch. */
    joinedAt: integer('joined_at').notNull(),
    removedSeq: integer('removed_seq'),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.userId] }), index('household_members_user').on(t.userId)],
)

export type HouseholdMemberRow = typeof householdMembers.$inferSelect

/**
 * Invitations to join a household, by e-mail, waiting for the account with that e-mail to accept
 * or decline (an e-mail alone must not add anyone). Accepting, declining or the admin
 * cancelling deletes the row.
 */
export const householdInvites = sqliteTable(
  'household_invites',
  {
    id: text('id').primaryKey(),
    householdId: text('household_id').notNull(),
    /** Always lowercase. */
    email: text('email').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ms since the epoch. */
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('household_invites_household_email').on(t.householdId, t.email),
    index('household_invites_email').on(t.email),
  ],
)

export type HouseholdInviteRow = typeof householdInvites.$inferSelect

/**
 * 'Get Help' requests sent from the login screen by someone who cannot sign in (spec part 1
 * §2, §3): no account is attached; admins read them beside the tickets.
 */
export const loginHelpRequests = sqliteTable(
  'login_help_requests',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    /** As typed (digits, spaces, +); the admin calls or writes back on it. */
    whatsapp: text('whatsapp'),
    issue: text('issue').notNull(),
    /** ms since the epoch. */
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('login_help_requests_created').on(t.createdAt)],
)

export type LoginHelpRequestRow = typeof loginHelpRequests.$inferSelect

/**
 * Wrong passwords, counted per account and source so a stranger's guesses do not lock the owner
 * out (modules/auth/password-guard.ts). `account` is the e-mail as typed (lowercase), whether or
 * not an account has it, so the answers do not tell which accounts exist.
 */
export const passwordFailures = sqliteTable(
  'password_failures',
  {
    account: text('account').notNull(),
    /** 'address:<ip>', 'device:<id>', or '*' for the account-wide count. */
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    /** ms since the epoch. */
    lastFailureAt: integer('last_failure_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.source] }), index('password_failures_last').on(t.lastFailureAt)],
)

/** Addresses an account signed in from (the newest few): failures from elsewhere do not hold them. */
export const signInAddresses = sqliteTable(
  'sign_in_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    /** ms since the epoch. */
    lastSignInAt: integer('last_sign_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('sign_in_addresses_last').on(t.lastSignInAt)],
)

/**
 * A browser's Web Push subscription: one row per device (the endpoint is unique), owned by the
 * account signed in when it subscribed. Removed on logout, with the account, and when the push
 * service answers 404 or 410 (the browser dropped it).
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service URL the browser gave (a capability: never shown to anyone). */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** ms since the epoch. */
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
)

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

/** What reminds a user, and where their day is; no row means the defaults (everything on). */
export const notificationSettings = sqliteTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  payments: integer('payments', { mode: 'boolean' }).notNull().default(true),
  budgets: integer('budgets', { mode: 'boolean' }).notNull().default(true),
  reviews: integer('reviews', { mode: 'boolean' }).notNull().default(true),
  settlements: integer('settlements', { mode: 'boolean' }).notNull().default(true),
  tickets: integer('tickets', { mode: 'boolean' }).notNull().default(true),
  /** Reminders also by WhatsApp (only ever sent to a proven number). */
  whatsapp: integer('whatsapp', { mode: 'boolean' }).notNull().default(true),
  /** IANA zone of the user's day and quiet hours; null: REPORT_TIME_ZONE. */
  timeZone: text('time_zone'),
  /** ms since the epoch. */
  updatedAt: integer('updated_at').notNull(),
})

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect

export const REMINDER_KINDS = ['payment', 'budget', 'review', 'settlement', 'ticket'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/**
 * pending: waiting for `not_before`; sending: claimed by a job run until `lease_until`; sent;
 * resolved: not sent because the event was over (paid, reviewed, confirmed) when its time came;
 * skipped: not sent on this target by choice (that kind turned off, or WhatsApp outside its
 * 24-hour window with no template); failed: given up (see README "Reminders").
 */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'resolved', 'skipped', 'failed'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]

/**
 * The reminders sent-log: one row per event, user and target (a push subscription's id, or
 * `whatsapp`), made when the event is found and claimed before each send, so each reaches each
 * device once whichever server instance runs the job and whenever it restarts.
 */
export const notificationLog = sqliteTable(
  'notification_log',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. `payment:<id>:2026-12-05:ahead`, `budget:<id>:<window start>:90`. */
    eventKey: text('event_key').notNull(),
    target: text('target').notNull(),
    /** Set for push targets: the row goes with its subscription. */
    subscriptionId: text('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    /** JSON: what the reminder is about (ids, due day, budget window), read again before sending. */
    context: text('context').notNull(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    /** ms: not sent before (the event's time, moved out of the quiet hours, or a retry's). */
    notBefore: integer('not_before').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** ms: a `sending` claim older than this was cut short (the process died mid-send). */
    leaseUntil: integer('lease_until').notNull().default(0),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventKey, t.target] }),
    index('notification_log_due').on(t.status, t.notBefore),
  ],
)

export type NotificationLogRow = typeof notificationLog.$inferSelect

/**
 * One row per background job: the instance holding `lease_until` runs it; the others skip that
 * round. A run renews its lease as it goes; one that dies leaves a lease that simply expires.
 */
export const jobLocks = sqliteTable('job_locks', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  /** ms since the epoch. */
  leaseUntil: integer('lease_until').notNull(),
})

/** How far a job has read the documents' sequence (the reminders job's changes feed). */
export const jobCursors = sqliteTable('job_cursors', {
  name: text('name').primaryKey(),
  seq: integer('seq').notNull(),
})

/**
 * Numbers handed out one after another per deployment (a ticket's TKT-000001…). Each is taken by
 * an UPDATE … RETURNING inside the transaction of the write that uses it, so instances sharing the
 * database never hand out the same number, and a write that rolls back gives its number back.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  /** The last number handed out (0 before the first). */
  value: integer('value').notNull(),
})

/**
 * Receipt photos: the bytes of the photo a transaction or household expense names in its
 * `receipt` field (kept apart from the documents so pulls stay small). `owner_id` is whose quota
 * it counts against; `household_id` is set for a household expense's receipt (members read it).
 */
export const receipts = sqliteTable(
  'receipts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    householdId: text('household_id'),
    /** `transactions` or `household_expenses`. */
    collection: text('collection').notNull(),
    documentId: text('document_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('receipts_owner').on(t.ownerId),
    index('receipts_document').on(t.collection, t.documentId),
    index('receipts_household').on(t.householdId),
  ],
)

export type ReceiptRow = typeof receipts.$inferSelect

/**
 * The daily rate source's history (FX_RATES_URL): one row per day and currency, `rate` units of
 * `currency` for one `base`, as the decimal text the source gave (rounded to a rate's digits).
 * A day fetched again replaces that day's rows; other days are never touched.
 */
export const fxRates = sqliteTable(
  'fx_rates',
  {
    /** YYYY-MM-DD, the day the source says the rates are for. */
    date: text('date').notNull(),
    base: text('base').notNull(),
    currency: text('currency').notNull(),
    rate: text('rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.currency] })],
)

export type FxRateRow = typeof fxRates.$inferSelect

/**
 * Request counts per key in fixed windows (sign-in and registration per address and route, WhatsApp
 * messages per sender), shared by every instance on the database. A window starts at its key's
 * first hit and lasts until `resets_at`; the first hit after that starts a new one. Rows whose
 * window is long over are swept.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** ms since the epoch. */
    resetsAt: integer('resets_at').notNull(),
  },
  (t) => [index('rate_limits_resets_at').on(t.resetsAt)],
)

/**
 * Each account's push quota (modules/sync/push-quota.ts) as the time its bucket is full again
 * (`full_at`, ms since the epoch): one number, moved on by one statement per push on any instance.
 * A row whose time has passed means a full bucket and is swept.
 */
export const pushBudgets = sqliteTable(
  'push_budgets',
  {
    userId: text('user_id').primaryKey(),
    fullAt: integer('full_at').notNull(),
  },
  (t) => [index('push_budgets_full_at').on(t.fullAt)],
)

/**
 * The sync streams open on every instance, for the caps per user and per address. Each instance
 * renews `seen_at` of its own rows on a heartbeat and deletes a row when its stream ends; the rows
 * of an instance that died stop counting once `seen_at` is older than the expiry. A row deleted by
 * another instance (the user's oldest stream past the per-user cap) ends its stream at the next
 * heartbeat.
 */
export const liveStreams = sqliteTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    instance: text('instance').notNull(),
    userId: text('user_id').notNull(),
    address: text('address').notNull(),
    /** ms since the epoch. */
    openedAt: integer('opened_at').notNull(),
    seenAt: integer('seen_at').notNull(),
  },
  (t) => [
    index('live_streams_user').on(t.userId, t.openedAt),
    index('live_streams_address').on(t.address),
    index('live_streams_instance').on(t.instance),
  ],
)
