import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import { insertionOrder, jsonField, jsonNumber } from './dialect'
import { first } from './rows'
import type { AppDatabase } from './database'
import type { CollectionName } from '../../schema/collections'
import { newerGiven, RATE_GIVING_COLLECTIONS, rateGivenAt, type GivenRate } from '../../schema/money/fx-source'
import { documents, monthlyReports, whatsappMessages, whatsappPending } from './tables'
import type { WhatsappMessageRow, WhatsappPendingRow } from './tables'

/**
 * The owner's live transactions that name a merchant, whose merchant lowercased (as the
 * `documents_transactions_merchant` index keeps it) is `merchantKey`: the index's own condition
 * and expression, so it is used.
 */
const withMerchant = (db: AppDatabase, ownerId: string, merchantKey: string) =>
  and(
    eq(documents.collection, 'transactions'),
    sql`${jsonField(db, documents.data, 'merchant')} is not null`,
    eq(documents.ownerId, ownerId),
    sql`lower(${jsonField(db, documents.data, 'merchant')}) = ${merchantKey}`,
    eq(documents.deleted, false),
  )

export type NewWhatsappMessage = WhatsappMessageRow

/** The webhook's message log (idempotency, undo, "last message") and the monthly report ledger. */

export class WhatsappRepository {
  constructor(private readonly db: AppDatabase) {}

  async findMessage(messageSid: string): Promise<WhatsappMessageRow | undefined> {
    return await first(this.db.select().from(whatsappMessages).where(eq(whatsappMessages.messageSid, messageSid)))
  }

  /** Records an answered message; a row with the same MessageSid already there wins. */
  async insertMessage(row: NewWhatsappMessage): Promise<void> {
    await this.db.insert(whatsappMessages).values(row).onConflictDoNothing()
  }

  /**
   * The user's latest message that changed the ledger (an entry or an undo), newest first by
   * arrival. Undo only acts when this is an entry: "undo" twice does not walk back further.
   */
  async lastLedgerMessage(userId: string): Promise<WhatsappMessageRow | undefined> {
    return await first(
      this.db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.userId, userId), inArray(whatsappMessages.kind, ['entry', 'undo'])))
        .orderBy(desc(whatsappMessages.createdAt), desc(insertionOrder(this.db)))
        .limit(1),
    )
  }

  /** ms of the user's latest message, or null when none arrived. */
  async lastMessageAt(userId: string): Promise<number | null> {
    const row = await first(
      this.db
        .select({ at: whatsappMessages.createdAt })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.userId, userId))
        .orderBy(desc(whatsappMessages.createdAt))
        .limit(1),
    )
    return row?.at ?? null
  }

  /**
   * Claims the (user, month) report: true when this call inserted the row, false when it was
   * already there (sent before, maybe by an earlier process). The unique key makes it once only.
   */
  async claimMonthlyReport(userId: string, month: string, sentAt: number): Promise<boolean> {
    const claimed = await this.db
      .insert(monthlyReports)
      .values({ userId, month, sentAt })
      .onConflictDoNothing()
      .returning({ userId: monthlyReports.userId })
    return claimed.length === 1
  }

  /** Gives a claim back after the send failed, so the next check tries again. */
  async releaseMonthlyReport(userId: string, month: string): Promise<void> {
    await this.db.delete(monthlyReports).where(and(eq(monthlyReports.userId, userId), eq(monthlyReports.month, month)))
  }

  /** The question asked of this user and not answered yet, if any. */
  async pendingFor(userId: string): Promise<WhatsappPendingRow | undefined> {
    return await first(this.db.select().from(whatsappPending).where(eq(whatsappPending.userId, userId)))
  }

  /** Remembers the question asked of this user; it replaces an earlier one. */
  async setPending(row: WhatsappPendingRow): Promise<void> {
    await this.db
      .insert(whatsappPending)
      .values(row)
      .onConflictDoUpdate({
        target: whatsappPending.userId,
        set: {
          messageSid: row.messageSid,
          kind: row.kind,
          payload: row.payload,
          question: row.question,
          createdAt: row.createdAt,
        },
      })
  }

  async clearPending(userId: string): Promise<void> {
    await this.db.delete(whatsappPending).where(eq(whatsappPending.userId, userId))
  }

  /**
   * The type and category of the user's most recently changed live transaction with this merchant
   * (`merchantKey` lowercase): what they filed it under last, by hand or by answering us.
   */
  async lastCategoryOf(
    userId: string,
    merchantKey: string,
  ): Promise<{ type: 'expense' | 'income'; category: string } | undefined> {
    const row = await first(
      this.db
        .select({
          type: jsonField<string>(this.db, documents.data, 'type'),
          category: jsonField<string>(this.db, documents.data, 'category'),
        })
        .from(documents)
        .where(withMerchant(this.db, userId, merchantKey))
        .orderBy(desc(documents.updatedAt))
        .limit(1),
    )
    if (!row || (row.type !== 'expense' && row.type !== 'income') || typeof row.category !== 'string') return undefined
    return { type: row.type, category: row.category }
  }

  /** The id of the latest live expense of `amount` paise at this merchant dated before `before` (ms). */
  async expenseToReverse(
    userId: string,
    merchantKey: string,
    amount: number,
    before: number,
  ): Promise<string | undefined> {
    return (
      await first(
        this.db
          .select({ id: documents.id })
          .from(documents)
          .where(
            and(
              withMerchant(this.db, userId, merchantKey),
              sql`${jsonField(this.db, documents.data, 'type')} = 'expense'`,
              sql`${jsonNumber(this.db, documents.data, 'amount')} = ${amount}`,
              lt(jsonNumber(this.db, documents.data, 'date'), before),
            ),
          )
          .orderBy(desc(jsonNumber(this.db, documents.data, 'date')))
          .limit(1),
      )
    )?.id
  }

  /**
   * The rate the user last gave for a pair and when, as the app's forms read it (`lastRateGiven`):
   * their latest live expense or income in `currency` converted to `home` (by its date), or a
   * budget, recurring payment, loan, household expense or payment or business entry they entered
   * (by when it was saved), whichever is later; null when they never gave one.
   */
  async lastRate(userId: string, currency: string, home: string): Promise<GivenRate> {
    const rate = jsonNumber(this.db, documents.data, 'fxRate')
    const date = jsonNumber(this.db, documents.data, 'date')
    const givenIn = (collections: CollectionName[]) =>
      and(
        inArray(documents.collection, collections),
        eq(documents.ownerId, userId),
        eq(documents.deleted, false),
        sql`${jsonField(this.db, documents.data, 'ownerId')} = ${userId}`,
        sql`${jsonField(this.db, documents.data, 'currency')} = ${currency}`,
        sql`${jsonField(this.db, documents.data, 'fxHome')} = ${home}`,
        sql`${rate} > 0`,
      )
    const [entry, others] = await Promise.all([
      first(
        this.db
          .select({ rate, date })
          .from(documents)
          .where(givenIn(['transactions']))
          .orderBy(desc(date))
          .limit(1),
      ),
      this.db
        .select({ rate, updatedAt: documents.updatedAt, lastPaidAt: jsonNumber(this.db, documents.data, 'lastPaidAt') })
        .from(documents)
        .where(givenIn([...RATE_GIVING_COLLECTIONS])),
    ])
    let latest: GivenRate =
      typeof entry?.rate === 'number' && typeof entry.date === 'number' ? { rate: entry.rate, date: entry.date } : null
    for (const row of others)
      if (typeof row.rate === 'number') latest = newerGiven(latest, { rate: row.rate, date: rateGivenAt(row) })
    return latest
  }

  async monthlyReportSent(userId: string, month: string): Promise<boolean> {
    return (
      (await first(
        this.db
          .select({ userId: monthlyReports.userId })
          .from(monthlyReports)
          .where(and(eq(monthlyReports.userId, userId), eq(monthlyReports.month, month))),
      )) !== undefined
    )
  }
}
