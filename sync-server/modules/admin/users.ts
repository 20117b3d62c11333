import type { AdminUser, AdminUserDetail } from '../../../schema/api/admin'
import { fromPaise } from '../../../schema/money/money'
import { countTicketsOf, expenseTotals, findAccount, searchAccounts } from '../../db/admin'
import type { AppDatabase } from '../../db/database'
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
  return (await searchAccounts(db, search?.trim() ?? '', USER_LIST_LIMIT)).map(toAdminUser)
}

/** The user and their stats, or undefined for an unknown id. */
export async function userDetail(db: AppDatabase, id: string): Promise<AdminUserDetail | undefined> {
  const row = await findAccount(db, id)
  if (!row) return undefined
  const expenses = await expenseTotals(db, id)
  const tickets = await countTicketsOf(db, id)
  return {
    user: toAdminUser(row),
    stats: {
      expense_count: expenses.n,
      expense_total: fromPaise(expenses.total),
      ticket_count: tickets,
    },
  }
}
