import { randomUUID } from 'node:crypto'
import { allocationView } from '../../../schema/calc/allocation'
import { budgetsSpan, budgetStatus } from '../../../schema/calc/budget-status'
import { inHomeCurrency } from '../../../schema/calc/totals'
import { markPaid, markPaidEntryId } from '../../../schema/calc/mark-paid'
import type { CollectionName, DocOf } from '../../../schema/collections'
import type { Budget } from '../../../schema/entities/budget'
import { nextVersion } from '../../../schema/entities/common'
import { Profile } from '../../../schema/entities/profile'
import type { RecurringPayment } from '../../../schema/entities/recurring'
import { newTransaction } from '../../../schema/entities/transaction'
import type { Transaction } from '../../../schema/entities/transaction'
import { fromPaise } from '../../../schema/money/money'
import type { Paise } from '../../../schema/money/money'
import {
  checkAllocation,
  checkBudget,
  parseAllocation,
  parseIncome,
  parseRecurring,
  PLAN_MESSAGES,
} from '../../../schema/validation/plan-input'
import type { DocumentsRepository } from '../../db/documents'
import { HttpError } from '../../http-error'
import { ceilingFor, incomeOf, moneyFor } from './allocation'
import { homeOf, restAmountText, restCurrency, storedCurrency } from './rest-currency'
import type { AllocateBody, BudgetBody, IncomeBody, RecurringBody } from './rest-shapes'

export const BUDGET_NOT_FOUND = 'Budget not found'
export const RECURRING_NOT_FOUND = 'Recurring payment not found'

const invalid = (message: string) => new HttpError(400, message, 'VALIDATION_ERROR')

/**
 * Budgets, allocation and recurring payments over the replicated `budgets`, `profile` and
 * `recurring_payments` documents (the REST mirror of spec part 1 §7): the rules and the writes;
 * the routes only translate HTTP.
 */
export class PlanService {
  constructor(
    private readonly documents: DocumentsRepository,
    /** The clock for budget windows, Mark Paid dates and `updatedAt` (tests may pin it). */
    private readonly now: () => number,
  ) {}

  /** The owner's live document, else 404 (someone else's id answers the same as an unknown one). */
  async liveOwned<N extends CollectionName>(
    collection: N,
    ownerId: string,
    id: string,
    notFound: string,
  ): Promise<DocOf<N>> {
    const found = await this.documents.getOwned(collection, ownerId, id)
    if (!found || found.deleted) throw new HttpError(404, notFound, 'NOT_FOUND')
    return found.data
  }

  /** Deletes the owner's live document as a tombstone, newer than what the devices hold. */
  async remove(
    collection: 'budgets' | 'recurring_payments',
    ownerId: string,
    id: string,
    notFound: string,
  ): Promise<void> {
    const existing = await this.liveOwned(collection, ownerId, id, notFound)
    const updatedAt = nextVersion(this.now(), existing.updatedAt)
    await this.documents.write(async (unit) => unit.put(collection, ownerId, { ...existing, updatedAt }, true))
  }

  /** Each budget's spending in its current period, from one date-range read of the owner's ledger. */
  async budgetsWithSpent(ownerId: string): Promise<{ budget: Budget; spent: Paise }[]> {
    const now = this.now()
    const budgets = (await this.documents.listByOwner('budgets', ownerId))
      .map((d) => d.data)
      .sort((a, b) => a.createdAt - b.createdAt)
    const span = budgetsSpan(budgets, now)
    if (!span) return []
    const all = (await this.documents.listByOwnerInRange('transactions', ownerId, 'date', span.start, span.end)).map(
      (d) => d.data,
    )
    // Spent is in the home currency, as every screen shows it: entries with no rate count nowhere.
    const { entries } = inHomeCurrency(all, await homeOf(this.documents, ownerId))
    return budgets.map((budget) => ({ budget, spent: budgetStatus(budget, entries, now).spent }))
  }

  async spentOf(ownerId: string, budgetId: string): Promise<Paise> {
    return (await this.budgetsWithSpent(ownerId)).find((b) => b.budget.id === budgetId)?.spent ?? 0
  }

  /** Creates a budget (no `id`) or updates the owner's (missing fields keep their value). */
  async saveBudget(ownerId: string, body: BudgetBody, id?: string): Promise<Budget> {
    const existing = id === undefined ? undefined : await this.liveOwned('budgets', ownerId, id, BUDGET_NOT_FOUND)
    const { currency: home } = await homeOf(this.documents, ownerId)
    const budget = this.#buildBudget(body, ownerId, home, existing)
    return (await this.documents.write(async (unit) => unit.put('budgets', ownerId, budget))).data
  }

  /** The budget a body makes: its limit's currency and rate as a device would give them (rest-currency.ts). */
  #buildBudget(body: BudgetBody, ownerId: string, home: string, existing?: Budget): Budget {
    const { rateHome, ...currency } = restCurrency(body, existing, home)
    // An unchanged limit is read again in the currency it will be in, as a recurring payment's is.
    const amount = body.amount ?? (existing ? restAmountText(existing.amount, existing.currency) : undefined)
    const checked = checkBudget({ ...body, ...currency, amount }, existing)
    if (!checked.ok) throw invalid(checked.error)
    const { category, period } = checked.value
    const t = this.now()
    return {
      id: existing?.id ?? randomUUID(),
      ownerId,
      updatedAt: nextVersion(t, existing?.updatedAt),
      category,
      amount: checked.value.amount,
      period,
      allocated: existing?.allocated ?? 0,
      refusedAllocation: existing?.refusedAllocation ?? 0,
      createdAt: existing?.createdAt ?? t,
      ...storedCurrency(checked.value, rateHome),
    }
  }

  /** GET /api/allocation/summary's figures. */
  async allocationSummary(ownerId: string) {
    const lines = await this.budgetsWithSpent(ownerId)
    const income = await incomeOf(this.documents, ownerId, this.now())
    const view = allocationView(
      income.income,
      lines.map(({ budget, spent }) => ({ allocated: budget.allocated, spent })),
    )
    return {
      summary: {
        total_income: fromPaise(view.totalIncome),
        total_allocated: fromPaise(view.totalAllocated),
        total_spent: fromPaise(view.totalSpent),
        available: fromPaise(view.available),
        income_basis: income.basis,
      },
      budgets: lines.map(({ budget, spent }) => ({
        id: budget.id,
        category: budget.category,
        period: budget.period,
        allocated: fromPaise(budget.allocated),
        spent: fromPaise(spent),
      })),
    }
  }

  /** The planned monthly income, in the profile document (created with defaults when absent, as the app does). */
  async setIncome(ownerId: string, input: IncomeBody['amount']): Promise<Paise> {
    const parsed = parseIncome(input)
    if (!parsed.ok) throw invalid(parsed.error)
    const current = await this.documents.getOwned('profile', ownerId, ownerId)
    const base = current && !current.deleted ? current.data : Profile.parse({ id: ownerId, ownerId, updatedAt: 0 })
    const profile = {
      ...base,
      monthlyIncome: parsed.value,
      updatedAt: nextVersion(this.now(), current?.data.updatedAt),
    }
    await this.documents.write(async (unit) => unit.put('profile', ownerId, profile))
    return parsed.value
  }

  /** Sets a budget's allocation: the amount's own rules first, then the budget, then what the income leaves. */
  async allocate(ownerId: string, body: AllocateBody): Promise<Budget> {
    const budgetId = body.budget_id?.trim()
    if (!budgetId) throw invalid(PLAN_MESSAGES.budgetRequired)
    const amount = parseAllocation(body.amount)
    if (!amount.ok) throw invalid(amount.error)
    const budget = await this.liveOwned('budgets', ownerId, budgetId, BUDGET_NOT_FOUND)
    const ceiling = await ceilingFor(this.documents, ownerId, budget.id, budget.allocated, this.now())
    const parsed = checkAllocation(body.amount, ceiling, await moneyFor(this.documents, ownerId))
    if (!parsed.ok) throw invalid(parsed.error)
    const next = {
      ...budget,
      allocated: parsed.value,
      refusedAllocation: 0,
      updatedAt: nextVersion(this.now(), budget.updatedAt),
    }
    return (await this.documents.write(async (unit) => unit.put('budgets', ownerId, next))).data
  }

  /** The owner's recurring payments, next due first. */
  async recurringPayments(ownerId: string): Promise<RecurringPayment[]> {
    return (await this.documents.listByOwner('recurring_payments', ownerId))
      .map((d) => d.data)
      .sort((a, b) => (a.nextDueDate < b.nextDueDate ? -1 : a.nextDueDate > b.nextDueDate ? 1 : 0))
  }

  /** Creates a recurring payment (no `id`) or updates the owner's. */
  async saveRecurring(ownerId: string, body: RecurringBody, id?: string): Promise<RecurringPayment> {
    const existing =
      id === undefined ? undefined : await this.liveOwned('recurring_payments', ownerId, id, RECURRING_NOT_FOUND)
    const { currency: home } = await homeOf(this.documents, ownerId)
    const payment = buildRecurring(body, { ownerId, now: this.now(), home }, existing)
    return (await this.documents.write(async (unit) => unit.put('recurring_payments', ownerId, payment))).data
  }

  /** Mark Paid: the expense and the moved schedule are one unit (both or neither). */
  async markPaid(ownerId: string, id: string): Promise<{ payment: RecurringPayment; transaction: Transaction }> {
    const payment = await this.liveOwned('recurring_payments', ownerId, id, RECURRING_NOT_FOUND)
    const t = this.now()
    const paid = markPaid(payment, t)
    const entryId = markPaidEntryId(payment.id, payment.nextDueDate)
    return this.documents.write(async (unit) => ({
      // The id a device's Mark Paid gives the same instalment: the two never book it twice.
      transaction: (
        await unit.put('transactions', ownerId, newTransaction(paid.expense, { id: entryId, ownerId, updatedAt: t }))
      ).data,
      payment: (
        await unit.put('recurring_payments', ownerId, {
          ...payment,
          ...paid.schedule,
          updatedAt: nextVersion(t, payment.updatedAt),
        })
      ).data,
    }))
  }
}

/**
 * The payment a REST create or update produces (missing fields keep their value). A changed
 * due_date restarts the schedule from it; otherwise the next due day is kept.
 */
function buildRecurring(
  body: RecurringBody,
  { ownerId, now, home }: { ownerId: string; now: number; home: string },
  existing?: RecurringPayment,
): RecurringPayment {
  const pick = <T>(value: T | null | undefined, fallback: T | undefined) =>
    value === undefined || value === null ? fallback : value
  const { rateHome, ...currency } = restCurrency(body, existing, home)
  const parsed = parseRecurring({
    ...currency,
    name: pick(body.name, existing?.name),
    amount: pick(body.amount, existing ? restAmountText(existing.amount, existing.currency) : undefined),
    category: pick(body.category, existing?.category),
    frequency: pick(body.frequency, existing?.frequency),
    dueDate: pick(body.due_date, existing?.dueDate),
    reminderDays: pick(body.reminder_days, existing?.reminderDays),
  })
  if (!parsed.ok) throw invalid(parsed.error)
  const { dueDate, currency: _currency, fxRate: _fxRate, ...fields } = parsed.value
  const rescheduled = !existing || existing.dueDate !== dueDate
  return {
    id: existing?.id ?? randomUUID(),
    ownerId,
    updatedAt: nextVersion(now, existing?.updatedAt),
    ...fields,
    ...storedCurrency(parsed.value, rateHome),
    dueDate,
    nextDueDate: rescheduled ? dueDate : existing.nextDueDate,
    ...(existing?.lastPaidAt === undefined ? {} : { lastPaidAt: existing.lastPaidAt }),
  }
}
