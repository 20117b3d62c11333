import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

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
 * when `link <code>` arrives from it before `expires_at`. Several users may claim one number;
 * the message from the number decides.
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
  ],
)

export type DocumentRow = typeof documents.$inferSelect

export const WHATSAPP_MESSAGE_KINDS = [
  'entry',
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
 * or decline (issue #14: an e-mail alone must not add anyone). Accepting, declining or the admin
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
 * Numbers handed out one after another per deployment (a ticket's TKT-000001…). Each is taken by
 * an UPDATE … RETURNING inside the transaction of the write that uses it, so instances sharing the
 * database never hand out the same number, and a write that rolls back gives its number back.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  /** The last number handed out (0 before the first). */
  value: integer('value').notNull(),
})
