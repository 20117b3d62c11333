import { and, count, desc, eq, or } from 'drizzle-orm'
import { first } from '../../db/rows'
import type { AdminUser, AdminUserDetail } from '../../../schema/api/admin'
import { fromPaise } from '../../../schema/money/money'
import { expenseTotals } from '../../db/admin'
import type { AppDatabase } from '../../db/database'
import { containsIgnoringCase } from '../../db/dialect'
import { documents, users } from '../../db/tables'
import type { UserRow } from '../../db/tables'

/** At most this many rows in one user list (the search narrows it). */
export const USER_LIST_LIMIT = 500

const OUTSIDE_INDIA = 'Outside India'
const INDIA = 'India'

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/**
 * Spec part 2 §3 'Admin user view'. Our accounts keep no employment type or country of their
 * own: employment_type is the profile's job title, and the country of residence follows the
 * profile's is_non_resident flag (a resident lives in India, the product's market).
 */
export function toAdminUser(row: UserRow): AdminUser {
  const p = row.profile as Record<string, unknown>
  const nonResident = p.is_non_resident === true
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    employment_type: text(p.job_title),
    job_title: text(p.job_title),
    country_of_residence: nonResident ? OUTSIDE_INDIA : INDIA,
    nationality: text(p.nationality),
    city: text(p.city),
    gender: text(p.gender),
    marital_status: text(p.marital_status),
    is_non_resident: nonResident,
    role: row.role,
    suspended: row.suspended,
    created_at: new Date(row.createdAt).toISOString(),
  }
}

/** Accounts newest first; `search` matches name, e-mail or phone number anywhere, case-insensitively. */
export async function listUsers(db: AppDatabase, search?: string): Promise<AdminUser[]> {
  const term = search?.trim()
  const matches = (column: typeof users.email | typeof users.name | typeof users.phoneNumber) =>
    containsIgnoringCase(column, term ?? '')
  const rows = await db
    .select()
    .from(users)
    .where(term ? or(matches(users.email), matches(users.name), matches(users.phoneNumber)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(USER_LIST_LIMIT)
  return rows.map(toAdminUser)
}

/** The user and their stats, or undefined for an unknown id. */
export async function userDetail(db: AppDatabase, id: string): Promise<AdminUserDetail | undefined> {
  const row = await first(db.select().from(users).where(eq(users.id, id)))
  if (!row) return undefined
  const expenses = await expenseTotals(db, id)
  const tickets = await first(
    db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.collection, 'tickets'), eq(documents.ownerId, id), eq(documents.deleted, false))),
  )
  return {
    user: toAdminUser(row),
    stats: {
      expense_count: expenses.n,
      expense_total: fromPaise(expenses.total),
      ticket_count: tickets?.n ?? 0,
    },
  }
}
