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
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** Bumped on password change / logout-everywhere; tokens carry it as `tv`. */
    tokenVersion: integer('token_version').notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    profile: text('profile', { mode: 'json' }).$type<UserProfileFields>().notNull().default(sql`'{}'`),
    /** ms since the epoch. */
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_phone_number_unique').on(t.phoneNumber)],
)

export type UserRow = typeof users.$inferSelect

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
