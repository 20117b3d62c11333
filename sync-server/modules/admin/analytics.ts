import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import { first } from '../../db/rows'
import { NOT_SPECIFIED } from '../../../schema/api/admin'
import type { Analytics } from '../../../schema/api/admin'
import { fromPaise } from '../../../schema/money/money'
import type { AppDatabase } from '../../db/database'
import { documents, users } from '../../db/tables'

/** Local midnight (the server runs in REPORT_TIME_ZONE) of the day of `now`. */
/** How many live expenses there are and their sum in paise: everyone's, or one owner's. */
export async function expenseTotals(db: AppDatabase, ownerId?: string) {
  return await first(
    db
      .select({ n: count(), total: sql<number>`coalesce(sum(json_extract(${documents.data}, '$.amount')), 0)` })
      .from(documents)
      .where(
        and(
          eq(documents.collection, 'transactions'),
          ownerId === undefined ? undefined : eq(documents.ownerId, ownerId),
          eq(documents.deleted, false),
          sql`json_extract(${documents.data}, '$.type') = 'expense'`,
        ),
      ),
  )
}

export function startOfDay(now: number): number {
  const d = new Date(now)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

const ticketStatus = sql`json_extract(${documents.data}, '$.status')`

async function countTickets(db: AppDatabase, statuses: readonly string[]): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(documents)
      .where(
        and(
          eq(documents.collection, 'tickets'),
          eq(documents.deleted, false),
          sql`${ticketStatus} IN (${sql.join(
            statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      ),
  )
  return row?.n ?? 0
}

/**
 * Spec part 2 §3 'Analytics', each figure one SQL aggregate over the real tables. Users are
 * accounts with the user role; the breakdowns map the profile like the admin user view does
 * (employment = job title, country = India unless non-resident).
 */
export async function computeAnalytics(db: AppDatabase, now: number): Promise<Analytics> {
  const isUser = eq(users.role, 'user')
  const totalUsers = (await first(db.select({ n: count() }).from(users).where(isUser)))?.n ?? 0
  const totalAdmins = (await first(db.select({ n: count() }).from(users).where(eq(users.role, 'admin'))))?.n ?? 0
  const newUsers =
    (
      await first(
        db
          .select({ n: count() })
          .from(users)
          .where(and(isUser, gte(users.createdAt, startOfDay(now)))),
      )
    )?.n ?? 0
  const expenses = await expenseTotals(db)

  const jobTitle = sql`nullif(trim(json_extract(${users.profile}, '$.job_title')), '')`
  const employment = sql<string>`coalesce(${jobTitle}, ${NOT_SPECIFIED})`
  const country = sql<string>`CASE WHEN json_extract(${users.profile}, '$.is_non_resident') = 1
    THEN 'Outside India' ELSE 'India' END`
  const employmentBreakdown = await db
    .select({ type: employment, count: count() })
    .from(users)
    .where(isUser)
    .groupBy(employment)
    .orderBy(desc(count()), employment)
  const countryBreakdown = await db
    .select({ country, count: count() })
    .from(users)
    .where(isUser)
    .groupBy(country)
    .orderBy(desc(count()), country)

  return {
    totalUsers,
    totalAdmins,
    newUsers,
    openTickets: await countTickets(db, ['open', 'waiting']),
    resolvedTickets: await countTickets(db, ['resolved', 'closed']),
    totalExpenses: expenses?.n ?? 0,
    totalExpenseAmount: fromPaise(expenses?.total ?? 0),
    employmentBreakdown,
    countryBreakdown,
  }
}
