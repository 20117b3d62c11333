import { randomUUID } from 'node:crypto'
import { householdBalances } from '../../../schema/calc/household-balances'
import { householdCurrencyOf, inHouseholdCurrency, type HouseholdMoney } from '../../../schema/calc/household-money'
import { awaitsReviewBy } from '../../../schema/calc/household-review'
import { owedBetween } from '../../../schema/calc/settlements'
import { fewestPayments } from '../../../schema/calc/settle-plan'
import type { PlannedPayment } from '../../../schema/calc/household-balances'
import type { Household, HouseholdExpense, Settlement } from '../../../schema/entities/household'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { HttpError } from '../../http-error'
import { acceptNewExpense, acceptNewSettlement, applyReview, decideSettlement, expireReview, withRate } from './rules'
import type { ReviewDecision, SettlementDecision } from './rules'
import type { HouseholdService } from './service'

export type ExpenseDraft = Omit<
  HouseholdExpense,
  'id' | 'ownerId' | 'updatedAt' | 'reviews' | 'status' | 'deadline' | 'createdAt'
>
export type SettlementDraft = Pick<
  Settlement,
  'householdId' | 'toUserId' | 'amount' | 'method' | 'transactionId' | 'note' | 'currency' | 'fxRate' | 'fxHome'
>

export interface HouseholdBalances {
  household: Household
  balances: Map<string, number>
  plan: PlannedPayment[]
  notConverted: HouseholdMoney<HouseholdExpense, Settlement>['notConverted']
}

/**
 * Expenses, reviews and settlements of households over REST, and the auto-approval job's pass.
 * Writes go through the same rules as sync pushes (rules.ts) and reach devices by the stream.
 */
export class HouseholdLedger {
  constructor(private readonly households: HouseholdService) {}

  private get documents() {
    return this.households.deps.documents
  }

  async addExpense(userId: string, draft: ExpenseDraft): Promise<HouseholdExpense> {
    const { household } = await this.households.access(draft.householdId, userId)
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
    const stored = await this.documents.write(async (unit) => unit.putAllowed('household_expenses', userId, doc))
    return stored.data as HouseholdExpense
  }

  /** Live expenses of a household the caller belongs to, newest first. */
  async expenses(userId: string, householdId: string): Promise<HouseholdExpense[]> {
    await this.households.access(householdId, userId)
    return (await this.live<HouseholdExpense>('household_expenses', householdId)).sort(
      (a, b) => b.date - a.date || b.createdAt - a.createdAt,
    )
  }

  async settlements(userId: string, householdId: string): Promise<Settlement[]> {
    await this.households.access(householdId, userId)
    return (await this.live<Settlement>('settlements', householdId)).sort((a, b) => b.date - a.date)
  }

  /** Expenses waiting for the caller's review in all their households, soonest deadline first. */
  async pendingReviews(userId: string): Promise<{ expense: HouseholdExpense; household: Household }[]> {
    const pending: { expense: HouseholdExpense; household: Household }[] = []
    for (const { household } of await this.households.list(userId)) {
      const expenses = await this.live<HouseholdExpense>('household_expenses', household.id)
      for (const expense of expenses) if (awaitsReviewBy(expense, userId)) pending.push({ expense, household })
    }
    return pending.sort((a, b) => a.expense.deadline - b.expense.deadline)
  }

  async review(userId: string, expenseId: string, decision: ReviewDecision): Promise<HouseholdExpense> {
    const { row } = await this.find('household_expenses', expenseId, userId, HOUSEHOLD_MESSAGES.expenseNotFound)
    const next = applyReview(row.data as HouseholdExpense, userId, decision, this.households.now)
    // The row keeps its stored owner (whoever entered it, or the household's custodian once they left).
    const written = await this.documents.write(async (unit) => unit.putAllowed('household_expenses', row.ownerId, next))
    return written.data as HouseholdExpense
  }

  async recordSettlement(userId: string, draft: SettlementDraft): Promise<Settlement> {
    const { household } = await this.households.access(draft.householdId, userId)
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
        declineReason: '',
        decidedAt: 0,
      },
      { callerId: userId, household, now },
    )
    const stored = await this.documents.write(async (unit) => unit.putAllowed('settlements', userId, doc))
    return stored.data as Settlement
  }

  /** The receiver confirms or declines, the payer cancels (rules.ts decideSettlement). */
  async decide(userId: string, settlementId: string, decision: SettlementDecision): Promise<Settlement> {
    const { row } = await this.find('settlements', settlementId, userId, HOUSEHOLD_MESSAGES.settlementNotFound)
    const current = row.data as Settlement
    const next = decideSettlement(current, userId, decision, this.households.now)
    if (next === current) return current
    const written = await this.documents.write(async (unit) => unit.putAllowed('settlements', row.ownerId, next))
    return written.data as Settlement
  }

  /**
   * What `from` owes `to` in the household currency, payments waiting for confirmation counted as
   * paid; entries with no rate to it are left out.
   */
  async owedBetween(userId: string, householdId: string, from: string, to: string): Promise<number> {
    const { household } = await this.households.access(householdId, userId)
    const money = inHouseholdCurrency(
      (await this.live<HouseholdExpense>('household_expenses', householdId)).filter((e) => e.status === 'approved'),
      await this.live<Settlement>('settlements', householdId),
      householdCurrencyOf(household),
    )
    return owedBetween(household.memberIds, money.expenses, money.settlements, from, to)
  }

  /**
   * Balances in the household currency from approved expenses and confirmed settlements, each
   * converted at its own rate, the fewest payments that clear them, and what has no rate yet.
   */
  async balances(userId: string, householdId: string): Promise<HouseholdBalances> {
    const { household } = await this.households.access(householdId, userId)
    const money = inHouseholdCurrency(
      (await this.live<HouseholdExpense>('household_expenses', householdId)).filter((e) => e.status === 'approved'),
      (await this.live<Settlement>('settlements', householdId)).filter((s) => s.status === 'confirmed'),
      householdCurrencyOf(household),
    )
    const balances = householdBalances(household.memberIds, money.expenses, money.settlements)
    return { household, balances, plan: fewestPayments(balances), notConverted: money.notConverted }
  }

  /**
   * Sets or clears the rate of an expense or payment in another currency than the household's:
   * an admin, whoever paid it or whoever entered it may. The rate converts to the household
   * currency of today; null leaves it not converted.
   */
  async setRate(
    userId: string,
    collection: 'household_expenses' | 'settlements',
    id: string,
    rate: number | null,
  ): Promise<HouseholdExpense | Settlement> {
    const notFound =
      collection === 'settlements' ? HOUSEHOLD_MESSAGES.settlementNotFound : HOUSEHOLD_MESSAGES.expenseNotFound
    const { row, household } = await this.find(collection, id, userId, notFound)
    const entry = row.data as HouseholdExpense | Settlement
    const { role } = await this.households.access(household.id, userId)
    const next = withRate(entry, household, rate, { userId, admin: role === 'admin' }, this.households.now)
    if (next === entry) return entry
    const written = await this.documents.write(async (unit) => unit.putAllowed(collection, row.ownerId, next))
    return written.data as HouseholdExpense | Settlement
  }

  /** Approves every pending expense whose review period has passed; returns how many. */
  async approveExpired(): Promise<number> {
    const now = this.households.now
    return this.documents.write(async (unit) => {
      const rows = await this.households.householdDocs.pendingExpensesDueBy(now)
      for (const row of rows) {
        const next = expireReview(JSON.parse(row.data) as HouseholdExpense, now)
        await unit.putAllowed('household_expenses', row.ownerId, next)
      }
      return rows.length
    })
  }

  private async live<T>(collection: 'household_expenses' | 'settlements', householdId: string): Promise<T[]> {
    return (await this.households.rows(collection, householdId)).filter((r) => !r.deleted).map((r) => r.data as T)
  }

  /** A row of a household the caller belongs to; 404 for anything else. */
  private async find(collection: 'household_expenses' | 'settlements', id: string, userId: string, message: string) {
    const row = await this.documents.get(collection, id)
    const householdId = row?.householdId
    if (!row || row.deleted || !householdId || !(await this.households.members.active(householdId, userId)))
      throw new HttpError(404, message, 'NOT_FOUND')
    return { row, household: (await this.households.access(householdId, userId)).household }
  }
}
