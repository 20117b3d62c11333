import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { first } from './rows'
import { receipts } from './tables'
import type { ReceiptRow } from './tables'

/** The receipts table: photo bytes by id, and the bytes each owner's photos take. */
export class ReceiptRows {
  constructor(private readonly db: AppDatabase) {}

  /** Bytes of receipts counted against `ownerId`'s quota. */
  async usedBy(ownerId: string): Promise<number> {
    const row = await first(
      this.db
        .select({ total: sql<number>`coalesce(sum(${receipts.size}), 0)` })
        .from(receipts)
        .where(eq(receipts.ownerId, ownerId)),
    )
    return Number(row?.total ?? 0)
  }

  async insert(row: ReceiptRow): Promise<void> {
    await this.db.insert(receipts).values(row)
  }

  async find(id: string): Promise<ReceiptRow | undefined> {
    return await first(this.db.select().from(receipts).where(eq(receipts.id, id)))
  }

  /**
   * Keeps only receipt `current` of a document (none when undefined), counted against `ownerId`:
   * an expense passed to another member (its author left) takes its receipt's quota along.
   */
  async keepOnly(collection: string, documentId: string, current: string | undefined, ownerId: string): Promise<void> {
    const ofDocument = and(eq(receipts.collection, collection), eq(receipts.documentId, documentId))
    await this.db.delete(receipts).where(current ? and(ofDocument, ne(receipts.id, current)) : ofDocument)
    if (current) await this.db.update(receipts).set({ ownerId }).where(ofDocument)
  }

  /** Every receipt of these households' expenses (the households are gone). */
  async forgetHouseholds(householdIds: readonly string[]): Promise<void> {
    if (householdIds.length) await this.db.delete(receipts).where(inArray(receipts.householdId, [...householdIds]))
  }
}
