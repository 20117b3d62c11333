import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { monthlyReports, whatsappMessages } from './tables'
import type { WhatsappMessageRow } from './tables'

export type NewWhatsappMessage = WhatsappMessageRow

/** The webhook's message log (idempotency, undo, "last message") and the monthly report ledger. */
export class WhatsappRepository {
  constructor(private readonly db: AppDatabase) {}

  findMessage(messageSid: string): WhatsappMessageRow | undefined {
    return this.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageSid, messageSid)).get()
  }

  /** Records an answered message; a row with the same MessageSid already there wins. */
  insertMessage(row: NewWhatsappMessage): void {
    this.db.insert(whatsappMessages).values(row).onConflictDoNothing().run()
  }

  /**
   * The user's latest message that changed the ledger (an entry or an undo), newest first by
   * arrival. Undo only acts when this is an entry: "undo" twice does not walk back further.
   */
  lastLedgerMessage(userId: string): WhatsappMessageRow | undefined {
    return this.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.userId, userId), inArray(whatsappMessages.kind, ['entry', 'undo'])))
      .orderBy(desc(whatsappMessages.createdAt), desc(sql`rowid`))
      .limit(1)
      .get()
  }

  /** ms of the user's latest message, or null when none arrived. */
  lastMessageAt(userId: string): number | null {
    const row = this.db
      .select({ at: whatsappMessages.createdAt })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.userId, userId))
      .orderBy(desc(whatsappMessages.createdAt))
      .limit(1)
      .get()
    return row?.at ?? null
  }

  /**
   * Claims the (user, month) report: true when this call inserted the row, false when it was
   * already there (sent before, maybe by an earlier process). The unique key makes it once only.
   */
  claimMonthlyReport(userId: string, month: string, sentAt: number): boolean {
    const result = this.db.insert(monthlyReports).values({ userId, month, sentAt }).onConflictDoNothing().run()
    return result.changes === 1
  }

  /** Gives a claim back after the send failed, so the next check tries again. */
  releaseMonthlyReport(userId: string, month: string): void {
    this.db
      .delete(monthlyReports)
      .where(and(eq(monthlyReports.userId, userId), eq(monthlyReports.month, month)))
      .run()
  }

  monthlyReportSent(userId: string, month: string): boolean {
    return (
      this.db
        .select({ userId: monthlyReports.userId })
        .from(monthlyReports)
        .where(and(eq(monthlyReports.userId, userId), eq(monthlyReports.month, month)))
        .get() !== undefined
    )
  }
}
