import { randomUUID } from 'node:crypto'
import { first, only } from './rows'
import { desc, eq } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { loginHelpRequests } from './tables'
import type { LoginHelpRequestRow } from './tables'

export interface NewLoginHelpRequest {
  email: string | null
  whatsapp: string | null
  issue: string
}

/** Stores a login-screen 'Get Help' request; returns the stored row. */
export async function insertLoginHelpRequest(
  db: AppDatabase,
  input: NewLoginHelpRequest,
  now = Date.now(),
): Promise<LoginHelpRequestRow> {
  return await only(
    db
      .insert(loginHelpRequests)
      .values({ id: randomUUID(), email: input.email, whatsapp: input.whatsapp, issue: input.issue, createdAt: now })
      .returning(),
  )
}

/** Requests newest first, at most `limit` (for the admin tickets screen). */
export async function listLoginHelpRequests(db: AppDatabase, limit = 200): Promise<LoginHelpRequestRow[]> {
  return await db.select().from(loginHelpRequests).orderBy(desc(loginHelpRequests.createdAt)).limit(limit)
}

export async function findLoginHelpRequest(db: AppDatabase, id: string): Promise<LoginHelpRequestRow | undefined> {
  return await first(db.select().from(loginHelpRequests).where(eq(loginHelpRequests.id, id)))
}
