/**
 * What the reminders job reads: the documents as every write path stored them (sync, REST,
 * WhatsApp, jobs) and household membership. Read only; filtered in SQL where the rows are many.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Budget } from '../../../schema/entities/budget'
import type { Household, HouseholdExpense, Settlement } from '../../../schema/entities/household'
import type { RecurringPayment } from '../../../schema/entities/recurring'
import type { Transaction } from '../../../schema/entities/transaction'
import type { AppDatabase } from '../../db/database'
import type { DocumentsRepository } from '../../db/documents'
import { documents, householdMembers, jobCursors, users } from '../../db/tables'

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

const jsonField = (field: string) => sql`json_extract(${documents.data}, ${`$.${field}`})`

export class ReminderSources {
  constructor(
    private readonly db: AppDatabase,
    private readonly docs: DocumentsRepository,
  ) {}

  /** Live recurring payments whose next due day lies in [fromDay, toDay] ('YYYY-MM-DD'). */
  paymentsDueBetween(fromDay: string, toDay: string): { ownerId: string; payment: RecurringPayment }[] {
    return this.db
      .select({ ownerId: documents.ownerId, data: documents.data })
      .from(documents)
      .where(
        and(
          eq(documents.collection, 'recurring_payments'),
          eq(documents.deleted, false),
          sql`${jsonField('nextDueDate')} BETWEEN ${fromDay} AND ${toDay}`,
        ),
      )
      .all()
      .map((r) => ({ ownerId: r.ownerId, payment: JSON.parse(r.data) as RecurringPayment }))
  }

  /** Live household expenses still waiting for reviews. */
  pendingExpenses(): HouseholdExpense[] {
    return this.pendingOf('household_expenses') as HouseholdExpense[]
  }

  /** Live settlements their receivers have not confirmed. */
  pendingSettlements(): Settlement[] {
    return this.pendingOf('settlements') as Settlement[]
  }

  private pendingOf(collection: 'household_expenses' | 'settlements'): unknown[] {
    return this.db
      .select({ data: documents.data })
      .from(documents)
      .where(
        and(
          eq(documents.collection, collection),
          eq(documents.deleted, false),
          sql`${jsonField('status')} = 'pending'`,
        ),
      )
      .all()
      .map((r) => JSON.parse(r.data) as unknown)
  }

  /** Rows of the followed collections written after `seq`, in sequence order. */
  changedSince(seq: number, limit: number): ChangedRow[] {
    return this.db
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
      .limit(limit)
      .all() as ChangedRow[]
  }

  /** Current members (not removed) by household, for the households given. */
  members(householdIds: Iterable<string>): Map<string, Set<string>> {
    const ids = [...new Set(householdIds)]
    const out = new Map<string, Set<string>>()
    for (let i = 0; i < ids.length; i += 500) {
      const rows = this.db
        .select({ householdId: householdMembers.householdId, userId: householdMembers.userId })
        .from(householdMembers)
        .where(and(inArray(householdMembers.householdId, ids.slice(i, i + 500)), isNull(householdMembers.removedSeq)))
        .all()
      for (const r of rows) out.set(r.householdId, (out.get(r.householdId) ?? new Set()).add(r.userId))
    }
    return out
  }

  /**
   * The accounts among `userIds` that may be reminded (not suspended), each with its proven
   * WhatsApp number or null.
   */
  reachable(userIds: readonly string[]): Map<string, { phone: string | null }> {
    const out = new Map<string, { phone: string | null }>()
    for (let i = 0; i < userIds.length; i += 500) {
      const rows = this.db
        .select({ id: users.id, phone: users.phoneNumber, verified: users.phoneVerified })
        .from(users)
        .where(and(inArray(users.id, userIds.slice(i, i + 500)), eq(users.suspended, false)))
        .all()
      for (const r of rows) out.set(r.id, { phone: r.verified ? r.phone : null })
    }
    return out
  }

  isMember(householdId: string, userId: string): boolean {
    return this.members([householdId]).get(householdId)?.has(userId) ?? false
  }

  budgets(userId: string): Budget[] {
    return this.docs.listByOwner('budgets', userId).map((d) => d.data)
  }

  /** The user's live transactions dated in [start, end), in the order they were written. */
  entriesIn(userId: string, start: number, end: number): Transaction[] {
    return this.docs.listByOwnerInRange('transactions', userId, 'date', start, end).map((d) => d.data)
  }

  /** A live document the user owns, else undefined. */
  owned<N extends 'recurring_payments' | 'budgets' | 'tickets'>(collection: N, userId: string, id: string) {
    const doc = this.docs.getOwned(collection, userId, id)
    return doc && !doc.deleted ? doc.data : undefined
  }

  householdExpense(id: string): HouseholdExpense | undefined {
    return this.live('household_expenses', id) as HouseholdExpense | undefined
  }

  settlement(id: string): Settlement | undefined {
    return this.live('settlements', id) as Settlement | undefined
  }

  household(id: string): Household | undefined {
    return this.live('households', id) as Household | undefined
  }

  private live(collection: 'household_expenses' | 'settlements' | 'households', id: string): unknown {
    const doc = this.docs.get(collection, id)
    return doc && !doc.deleted ? doc.data : undefined
  }

  cursor(name: string): number {
    return this.db.select().from(jobCursors).where(eq(jobCursors.name, name)).get()?.seq ?? 0
  }

  setCursor(name: string, seq: number): void {
    this.db.insert(jobCursors).values({ name, seq }).onConflictDoUpdate({ target: jobCursors.name, set: { seq } }).run()
  }
}
