import { eq } from 'drizzle-orm'
import type { AppDatabase } from '../../db/database'
import { documents, users } from '../../db/tables'

/**
 * Removes an account and everything it owns, in one transaction: its documents (rows, not
 * tombstones: the data is gone from the server), then the user row, whose removal cascades to
 * its WhatsApp messages and monthly report marks. With the row gone every token of the account
 * fails authentication, and the e-mail and phone number are free for a new account.
 */
export function deleteAccount(db: AppDatabase, userId: string): void {
  db.transaction((tx) => {
    tx.delete(documents).where(eq(documents.ownerId, userId)).run()
    tx.delete(users).where(eq(users.id, userId)).run()
  })
}
