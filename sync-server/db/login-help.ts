import { randomUUID } from 'node:crypto'
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
export function insertLoginHelpRequest(
  db: AppDatabase,
  input: NewLoginHelpRequest,
  now = Date.now(),
): LoginHelpRequestRow {
  return db
    .insert(loginHelpRequests)
    .values({ id: randomUUID(), email: input.email, whatsapp: input.whatsapp, issue: input.issue, createdAt: now })
    .returning()
    .get()
}

/** Requests newest first, at most `limit` (for the admin tickets screen). */
export function listLoginHelpRequests(db: AppDatabase, limit = 200): LoginHelpRequestRow[] {
  return db.select().from(loginHelpRequests).orderBy(desc(loginHelpRequests.createdAt)).limit(limit).all()
}

export function findLoginHelpRequest(db: AppDatabase, id: string): LoginHelpRequestRow | undefined {
  return db.select().from(loginHelpRequests).where(eq(loginHelpRequests.id, id)).get()
}
