import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { householdBalances } from '../../../schema/calc/household-balances'
import { fewestPayments } from '../../../schema/calc/settle-plan'
import type { PlannedPayment } from '../../../schema/calc/household-balances'
import type { Household, HouseholdExpense, Settlement } from '../../../schema/entities/household'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { documents as documentsTable } from '../../db/tables'
import { HttpError } from '../../http-error'
import { acceptNewExpense, acceptNewSettlement, applyReview, confirmSettlement, expireReview } from './rules'
import type { ReviewDecision } from './rules'
import type { HouseholdService } from './service'

export type ExpenseDraft = Omit<
  HouseholdExpense,
  'id' | 'ownerId' | 'updatedAt' | 'reviews' | 'status' | 'deadline' | 'createdAt'
>
export type SettlementDraft = Pick<
  Settlement,
  'householdId' | 'toUserId' | 'amount' | 'method' | 'transactionId' | 'note'
>

/**
 * Expenses, reviews and settlements of households over REST, and the auto-approval job's pass.
 * Writes go through the same rules as sync pushes (rules.ts) and reach devices by the stream.
 */
export class HouseholdLedger {
  constructor(private readonly households: HouseholdService) {}

  private get documents() {
    return this.households.deps.documents
  }

  addExpense(userId: string, draft: ExpenseDraft): HouseholdExpense {
    const { household } = this.households.access(draft.householdId, userId)
    const now = this.households.now
    const doc = acceptNewExpense(
      {
        ...draft,
        id: randomUUID(),
        ownerId: userId,
        updatedAt: now,
        reviews: [],
        status: 'pending',
        deadline: 0,
        createdAt: 0,
      },
      { callerId: userId, household, now },
    )
    const stored = this.documents.transact((tx) => tx.write('household_expenses', userId, doc))
    this.households.announce(household.id, 'household_expenses', [stored])
    return stored.data as HouseholdExpense
  }

  /** Live expenses of a household the caller belongs to, newest first. */
  expenses(userId: string, householdId: string): HouseholdExpense[] {
    this.households.access(householdId, userId)
    return this.live<HouseholdExpense>('household_expenses', householdId).sort(
      (a, b) => b.date - a.date || b.createdAt - a.createdAt,
    )
  }

  settlements(userId: string, householdId: string): Settlement[] {
    this.households.access(householdId, userId)
    return this.live<Settlement>('settlements', householdId).sort((a, b) => b.date - a.date)
  }

  /** Expenses waiting for the caller's review in all their households, soonest deadline first. */
  pendingReviews(userId: string): { expense: HouseholdExpense; household: Household }[] {
    return this.households
      .list(userId)
      .flatMap(({ household }) =>
        this.live<HouseholdExpense>('household_expenses', household.id)
          .filter((e) => e.status === 'pending' && e.reviews.some((r) => r.userId === userId && r.status === 'pending'))
          .map((expense) => ({ expense, household })),
      )
      .sort((a, b) => a.expense.deadline - b.expense.deadline)
  }

  review(userId: string, expenseId: string, decision: ReviewDecision): HouseholdExpense {
    const { stored, household } = this.find('household_expenses', expenseId, userId, HOUSEHOLD_MESSAGES.expenseNotFound)
    const now = this.households.now
    const next = applyReview(stored as HouseholdExpense, userId, decision, now)
    const written = this.documents.transact((tx) => tx.write('household_expenses', String(next.ownerId), next))
    this.households.announce(household.id, 'household_expenses', [written])
    return written.data as HouseholdExpense
  }

  recordSettlement(userId: string, draft: SettlementDraft): Settlement {
    const { household } = this.households.access(draft.householdId, userId)
    const now = this.households.now
    const doc = acceptNewSettlement(
      {
        ...draft,
        id: randomUUID(),
        ownerId: userId,
        fromUserId: userId,
        updatedAt: now,
        date: now,
        status: 'pending',
        confirmedAt: 0,
      },
      { callerId: userId, household, now },
    )
    const stored = this.documents.transact((tx) => tx.write('settlements', userId, doc))
    this.households.announce(household.id, 'settlements', [stored])
    return stored.data as Settlement
  }

  confirm(userId: string, settlementId: string): Settlement {
    const { stored, household } = this.find('settlements', settlementId, userId, HOUSEHOLD_MESSAGES.settlementNotFound)
    const current = stored as Settlement
    const next = confirmSettlement(current, userId, this.households.now)
    if (next === current) return current
    const written = this.documents.transact((tx) => tx.write('settlements', current.ownerId, next))
    this.households.announce(household.id, 'settlements', [written])
    return written.data as Settlement
  }

  /** Balances from approved expenses and confirmed settlements, and the fewest payments that clear them. */
  balances(
    userId: string,
    householdId: string,
  ): { household: Household; balances: Map<string, number>; plan: PlannedPayment[] } {
    const { household } = this.households.access(householdId, userId)
    const balances = householdBalances(
      household.memberIds,
      this.live<HouseholdExpense>('household_expenses', householdId).filter((e) => e.status === 'approved'),
      this.live<Settlement>('settlements', householdId).filter((s) => s.status === 'confirmed'),
    )
    return { household, balances, plan: fewestPayments(balances) }
  }

  /** Approves every pending expense whose review period has passed; returns how many. */
  approveExpired(): number {
    const now = this.households.now
    const due = this.documents.transact((tx) => {
      const rows = this.households.deps.db
        .select()
        .from(documentsTable)
        .where(
          and(
            eq(documentsTable.collection, 'household_expenses'),
            eq(documentsTable.deleted, false),
            sql`json_extract(${documentsTable.data}, '$.status') = 'pending'`,
            sql`json_extract(${documentsTable.data}, '$.deadline') <= ${now}`,
          ),
        )
        .all()
      return rows.map((row) => {
        const next = expireReview(JSON.parse(row.data) as HouseholdExpense, now)
        return tx.write('household_expenses', row.ownerId, next)
      })
    })
    for (const written of due) this.households.announce(String(written.householdId), 'household_expenses', [written])
    return due.length
  }

  private live<T>(collection: 'household_expenses' | 'settlements', householdId: string): T[] {
    return this.households
      .rows(collection, householdId)
      .filter((r) => !r.deleted)
      .map((r) => r.data as T)
  }

  /** A row of a household the caller belongs to; 404 for anything else. */
  private find(collection: 'household_expenses' | 'settlements', id: string, userId: string, message: string) {
    const row = this.documents.get(collection, id)
    const householdId = row?.householdId
    if (!row || row.deleted || !householdId || !this.households.members.active(householdId, userId))
      throw new HttpError(404, message, 'NOT_FOUND')
    return { stored: row.data, household: this.households.access(householdId, userId).household }
  }
}
