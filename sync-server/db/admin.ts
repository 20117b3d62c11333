/**
 * What the admin screens read across every account: the analytics aggregates and the support
 * tickets with their owners. Read only.
 */
import { and, count, desc, eq, gte, inArray, or, sql } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { containsIgnoringCase, jsonField, jsonIsTrue, jsonNumber } from './dialect'
import { first } from './rows'
import { documents, users } from './tables'
import type { UserRow } from './tables'

/** How many live expenses there are and their sum in paise: everyone's, or one owner's. */
export async function expenseTotals(db: AppDatabase, ownerId?: string): Promise<{ n: number; total: number }> {
  const row = await first(
    db
      .select({ n: count(), total: sql<number>`coalesce(sum(${jsonNumber(db, documents.data, 'amount')}), 0)` })
      .from(documents)
      .where(
        and(
          eq(documents.collection, 'transactions'),
          ownerId === undefined ? undefined : eq(documents.ownerId, ownerId),
          eq(documents.deleted, false),
          sql`${jsonField(db, documents.data, 'type')} = 'expense'`,
        ),
      ),
  )
  return { n: row?.n ?? 0, total: Number(row?.total ?? 0) }
}

/** How many live support tickets have one of `statuses`. */
export async function countTickets(db: AppDatabase, statuses: readonly string[]): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(documents)
      .where(
        and(
          eq(documents.collection, 'tickets'),
          eq(documents.deleted, false),
          inArray(jsonField(db, documents.data, 'status'), [...statuses]),
        ),
      ),
  )
  return row?.n ?? 0
}

/** Accounts newest first, at most `limit`; `term` (when not empty) in the name, e-mail or phone, any case. */
export async function searchAccounts(db: AppDatabase, term: string, limit: number): Promise<UserRow[]> {
  const matches = (column: typeof users.email | typeof users.name | typeof users.phoneNumber) =>
    containsIgnoringCase(db, column, term)
  return await db
    .select()
    .from(users)
    .where(term ? or(matches(users.email), matches(users.name), matches(users.phoneNumber)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(limit)
}

export async function findAccount(db: AppDatabase, id: string): Promise<UserRow | undefined> {
  return await first(db.select().from(users).where(eq(users.id, id)))
}

/** How many live support tickets one account has. */
export async function countTicketsOf(db: AppDatabase, ownerId: string): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.collection, 'tickets'), eq(documents.ownerId, ownerId), eq(documents.deleted, false))),
  )
  return row?.n ?? 0
}

/** Accounts of a role, optionally only those created at or after `since` (ms). */
export async function countAccounts(db: AppDatabase, role: 'admin' | 'user', since?: number): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, role), since === undefined ? undefined : gte(users.createdAt, since))),
  )
  return row?.n ?? 0
}

/**
 * Users (the user role) by job title (`notSpecified` when blank) and by country (India unless
 * non-resident), largest group first.
 */
export async function accountBreakdowns(db: AppDatabase, notSpecified: string) {
  const isUser = eq(users.role, 'user')
  // By position: PostgreSQL does not see two spellings with their own bound `notSpecified` as one expression.
  const firstColumn = sql`1`
  const jobTitle = sql`nullif(trim(${jsonField(db, users.profile, 'job_title')}), '')`
  const employment = sql<string>`coalesce(${jobTitle}, ${notSpecified})`
  const country = sql<string>`CASE WHEN ${jsonIsTrue(db, users.profile, 'is_non_resident')}
    THEN 'Outside India' ELSE 'India' END`
  const employmentBreakdown = await db
    .select({ type: employment, count: count() })
    .from(users)
    .where(isUser)
    .groupBy(firstColumn)
    .orderBy(desc(count()), firstColumn)
  const countryBreakdown = await db
    .select({ country, count: count() })
    .from(users)
    .where(isUser)
    .groupBy(firstColumn)
    .orderBy(desc(count()), firstColumn)
  return { employmentBreakdown, countryBreakdown }
}

/** A support ticket's stored JSON with its owner's name and e-mail (null once the account is gone). */
export interface AdminTicketRow {
  data: string
  updatedAt: number
  userId: string
  userName: string | null
  userEmail: string | null
}

function selectTickets(db: AppDatabase) {
  return db
    .select({
      data: documents.data,
      updatedAt: documents.updatedAt,
      userId: documents.ownerId,
      userName: users.name,
      userEmail: users.email,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.ownerId))
}

/** Live support tickets of every user, newest first, optionally only those of one status. */
export async function listSupportTickets(db: AppDatabase, status?: string): Promise<AdminTicketRow[]> {
  const conditions = [eq(documents.collection, 'tickets'), eq(documents.deleted, false)]
  if (status !== undefined) conditions.push(sql`${jsonField(db, documents.data, 'status')} = ${status}`)
  return await selectTickets(db)
    .where(and(...conditions))
    .orderBy(desc(jsonNumber(db, documents.data, 'createdAt')))
}

/** One live support ticket of any user. */
export async function findSupportTicket(db: AppDatabase, id: string): Promise<AdminTicketRow | undefined> {
  return await first(
    selectTickets(db).where(
      and(eq(documents.collection, 'tickets'), eq(documents.id, id), eq(documents.deleted, false)),
    ),
  )
}
