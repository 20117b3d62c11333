/**
 * What the reminders job reads: the documents as every write path stored them (sync, REST,
 * WhatsApp, jobs) and household membership. Read only; filtered in SQL where the rows are many.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { first } from './rows'
import type { Budget } from '../../schema/entities/budget'
import type { Household, HouseholdExpense, Settlement } from '../../schema/entities/household'
import type { RecurringPayment } from '../../schema/entities/recurring'
import type { Transaction } from '../../schema/entities/transaction'
import type { AppDatabase } from './database'
import { jsonField } from './dialect'
import type { DocumentsRepository } from './documents'
import { documents, householdMembers, jobCursors, users } from './tables'

/** The collections whose changes the job follows: personal spending and budgets (alerts), tickets (replies). */
export const FOLLOWED = ['transactions', 'budgets', 'tickets'] as const

export interface ChangedRow {
  collection: (typeof FOLLOWED)[number]
  ownerId: string
  seq: number
  deleted: boolean
  /** The document's JSON for tickets, '' for the others. */
  data: string
}

export class ReminderSources {
  constructor(
    private readonly db: AppDatabase,
    private readonly docs: DocumentsRepository,
  ) {}

  /** Live recurring payments whose next due day lies in [fromDay, toDay] ('YYYY-MM-DD'). */
  async paymentsDueBetween(fromDay: string, toDay: string): Promise<{ ownerId: string; payment: RecurringPayment }[]> {
    return (
      await this.db
        .select({ ownerId: documents.ownerId, data: documents.data })
        .from(documents)
        .where(
          and(
            eq(documents.collection, 'recurring_payments'),
            eq(documents.deleted, false),
            sql`${jsonField(this.db, documents.data, 'nextDueDate')} BETWEEN ${fromDay} AND ${toDay}`,
          ),
        )
    ).map((r) => ({ ownerId: r.ownerId, payment: JSON.parse(r.data) as RecurringPayment }))
  }

  /** Live household expenses still waiting for reviews. */
  async pendingExpenses(): Promise<HouseholdExpense[]> {
    return (await this.pendingOf('household_expenses')) as HouseholdExpense[]
  }

  /** Live settlements their receivers have not confirmed. */
  async pendingSettlements(): Promise<Settlement[]> {
    return (await this.pendingOf('settlements')) as Settlement[]
  }

  private async pendingOf(collection: 'household_expenses' | 'settlements'): Promise<unknown[]> {
    return (
      await this.db
        .select({ data: documents.data })
        .from(documents)
        .where(
          and(
            eq(documents.collection, collection),
            eq(documents.deleted, false),
            sql`${jsonField(this.db, documents.data, 'status')} = 'pending'`,
          ),
        )
    ).map((r) => JSON.parse(r.data) as unknown)
  }

  /** Rows of the followed collections written after `seq`, in sequence order. */
  async changedSince(seq: number, limit: number): Promise<ChangedRow[]> {
    return (await this.db
      .select({
        collection: documents.collection,
        ownerId: documents.ownerId,
        seq: documents.seq,
        deleted: documents.deleted,
        // Only tickets are read; a transaction's owner is all the budgets need.
        data: sql<string>`CASE WHEN ${documents.collection} = 'tickets' THEN ${documents.data} ELSE '' END`,
      })
      .from(documents)
      .where(and(gt(documents.seq, seq), inArray(documents.collection, [...FOLLOWED])))
      .orderBy(asc(documents.seq))
      .limit(limit)) as ChangedRow[]
  }

  /** Current members (not removed) by household, for the households given. */
  async members(householdIds: Iterable<string>): Promise<Map<string, Set<string>>> {
    const ids = [...new Set(householdIds)]
    const out = new Map<string, Set<string>>()
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .select({ householdId: householdMembers.householdId, userId: householdMembers.userId })
        .from(householdMembers)
        .where(and(inArray(householdMembers.householdId, ids.slice(i, i + 500)), isNull(householdMembers.removedSeq)))
      for (const r of rows) out.set(r.householdId, (out.get(r.householdId) ?? new Set()).add(r.userId))
    }
    return out
  }

  /**
   * The accounts among `userIds` that may be reminded (not suspended), each with its proven
   * WhatsApp number or null.
   */
  async reachable(userIds: readonly string[]): Promise<Map<string, { phone: string | null }>> {
    const out = new Map<string, { phone: string | null }>()
    for (let i = 0; i < userIds.length; i += 500) {
      const rows = await this.db
        .select({ id: users.id, phone: users.phoneNumber, verified: users.phoneVerified })
        .from(users)
        .where(and(inArray(users.id, userIds.slice(i, i + 500)), eq(users.suspended, false)))
      for (const r of rows) out.set(r.id, { phone: r.verified ? r.phone : null })
    }
    return out
  }

  async isMember(householdId: string, userId: string): Promise<boolean> {
    return (await this.members([householdId])).get(householdId)?.has(userId) ?? false
  }

  async budgets(userId: string): Promise<Budget[]> {
    return (await this.docs.listByOwner('budgets', userId)).map((d) => d.data)
  }

  /** The user's live transactions dated in [start, end), in the order they were written. */
  async entriesIn(userId: string, start: number, end: number): Promise<Transaction[]> {
    return (await this.docs.listByOwnerInRange('transactions', userId, 'date', start, end)).map((d) => d.data)
  }

  /** A live document the user owns, else undefined. */
  async owned<N extends 'recurring_payments' | 'budgets' | 'tickets'>(collection: N, userId: string, id: string) {
    const doc = await this.docs.getOwned(collection, userId, id)
    return doc && !doc.deleted ? doc.data : undefined
  }

  async householdExpense(id: string): Promise<HouseholdExpense | undefined> {
    return (await this.live('household_expenses', id)) as HouseholdExpense | undefined
  }

  async settlement(id: string): Promise<Settlement | undefined> {
    return (await this.live('settlements', id)) as Settlement | undefined
  }

  async household(id: string): Promise<Household | undefined> {
    return (await this.live('households', id)) as Household | undefined
  }

  private async live(collection: 'household_expenses' | 'settlements' | 'households', id: string): Promise<unknown> {
    const doc = await this.docs.get(collection, id)
    return doc && !doc.deleted ? doc.data : undefined
  }

  async cursor(name: string): Promise<number> {
    return (await first(this.db.select().from(jobCursors).where(eq(jobCursors.name, name))))?.seq ?? 0
  }

  async setCursor(name: string, seq: number): Promise<void> {
    await this.db.insert(jobCursors).values({ name, seq }).onConflictDoUpdate({ target: jobCursors.name, set: { seq } })
  }
}
