import { randomUUID } from 'node:crypto'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { allocationView } from '../../schema/calc/allocation'
import { budgetsSpan, budgetStatus } from '../../schema/calc/budget-status'
import { markPaid } from '../../schema/calc/mark-paid'
import type { CollectionName, DocOf } from '../../schema/collections'
import type { Budget } from '../../schema/entities/budget'
import { nextVersion } from '../../schema/entities/common'
import { Profile } from '../../schema/entities/profile'
import type { RecurringPayment } from '../../schema/entities/recurring'
import { newTransaction } from '../../schema/entities/transaction'
import {
  checkAllocation,
  parseAllocation,
  parseIncome,
  parsePeriod,
  parsePlanAmount,
  parseRecurring,
  PLAN_MESSAGES,
} from '../../schema/validation/plan-input'
import type { DocumentsRepository } from '../db/documents'
import { HttpError } from '../http-error'
import { RestTransactionItem, toRestItem } from '../modules/transactions/rest-input'
import {
  AllocateBody,
  AllocationSummaryBody,
  BudgetBody,
  BudgetItem,
  IncomeBody,
  RecurringBody,
  RecurringItem,
  toBudgetItem,
  toRecurringItem,
} from '../modules/plan/rest-shapes'
import { fromPaise } from '../../schema/money/money'
import { ceilingFor, incomeOf, moneyFor } from '../modules/plan/allocation'

export interface PlanRestOptions {
  documents: DocumentsRepository
  /** The clock for budget windows, Mark Paid dates and `updatedAt` (tests may pin it). */
  now: () => number
}

const IdParams = z.object({ id: z.string().max(200) })
const Success = z.object({ success: z.literal(true) })

const RECURRING_NOT_FOUND = 'Recurring payment not found'

const invalid = (message: string) => new HttpError(400, message, 'VALIDATION_ERROR')

/** The owner's live document, else 404 (someone else's id answers the same as an unknown one). */
function liveOwned<N extends CollectionName>(
  documents: DocumentsRepository,
  collection: N,
  ownerId: string,
  id: string,
  notFound: string,
): DocOf<N> {
  const found = documents.getOwned(collection, ownerId, id)
  if (!found || found.deleted) throw new HttpError(404, notFound, 'NOT_FOUND')
  return found.data
}

/** Deletes as a tombstone, newer than what the devices hold, through the one write path. */
function removeOwned<N extends CollectionName>(
  documents: DocumentsRepository,
  collection: N,
  ownerId: string,
  existing: DocOf<N>,
  now: number,
): void {
  documents.write((unit) =>
    unit.put(collection, ownerId, { ...existing, updatedAt: nextVersion(now, existing.updatedAt) }, true),
  )
}

/** Each budget's spending in its current period, from one date-range read of the owner's ledger. */
function budgetsWithSpent(
  documents: DocumentsRepository,
  ownerId: string,
  now: number,
): { budget: Budget; spent: number }[] {
  const budgets = documents
    .listByOwner('budgets', ownerId)
    .map((d) => d.data)
    .sort((a, b) => a.createdAt - b.createdAt)
  const span = budgetsSpan(budgets, now)
  if (!span) return []
  const entries = documents.listByOwnerInRange('transactions', ownerId, 'date', span.start, span.end).map((d) => d.data)
  return budgets.map((budget) => ({ budget, spent: budgetStatus(budget, entries, now).spent }))
}

/** /api/budgets (spec part 1 §7) over the replicated `budgets` rows. */
export const budgetsRestRoutes: FastifyPluginCallbackZod<PlanRestOptions> = (app, { documents, now }, done) => {
  app.addHook('onRequest', app.authenticate)

  const findOwn = (ownerId: string, id: string) => liveOwned(documents, 'budgets', ownerId, id, 'Budget not found')

  /** The budget a create (no `existing`) or an update (missing fields keep their value) produces. */
  const build = (body: BudgetBody, ownerId: string, existing?: Budget): Budget => {
    let category = existing?.category
    if (body.category !== undefined && body.category !== null) category = body.category.trim()
    if (!category) throw invalid(PLAN_MESSAGES.categoryRequired)
    if (category.length > 60) throw invalid(PLAN_MESSAGES.categoryTooLong)
    let amount = existing?.amount
    if ((body.amount !== undefined && body.amount !== null) || !existing) {
      const parsed = parsePlanAmount(body.amount, { required: PLAN_MESSAGES.amountRequired, zero: false })
      if (!parsed.ok) throw invalid(parsed.error)
      amount = parsed.value
    }
    const period =
      body.period === undefined || body.period === null
        ? { ok: true as const, value: existing?.period ?? 'monthly' }
        : parsePeriod(body.period)
    if (!period.ok) throw invalid(period.error)
    const t = now()
    return {
      id: existing?.id ?? randomUUID(),
      ownerId,
      updatedAt: nextVersion(t, existing?.updatedAt),
      category,
      amount: amount!,
      period: period.value,
      allocated: existing?.allocated ?? 0,
      refusedAllocation: existing?.refusedAllocation ?? 0,
      createdAt: existing?.createdAt ?? t,
    }
  }

  const spentOf = (ownerId: string, id: string) =>
    budgetsWithSpent(documents, ownerId, now()).find((b) => b.budget.id === id)?.spent ?? 0

  app.get(
    '/',
    { schema: { response: { 200: z.object({ success: z.literal(true), budgets: z.array(BudgetItem) }) } } },
    (request) => ({
      success: true as const,
      budgets: budgetsWithSpent(documents, request.user.id, now()).map(({ budget, spent }) =>
        toBudgetItem(budget, spent),
      ),
    }),
  )

  const One = z.object({ success: z.literal(true), budget: BudgetItem })

  app.post('/', { schema: { body: BudgetBody, response: { 201: One } } }, (request, reply) => {
    const stored = documents.write((unit) => unit.put('budgets', request.user.id, build(request.body, request.user.id)))
    reply.status(201)
    return { success: true as const, budget: toBudgetItem(stored.data, spentOf(request.user.id, stored.id)) }
  })

  app.put('/:id', { schema: { params: IdParams, body: BudgetBody, response: { 200: One } } }, (request) => {
    const existing = findOwn(request.user.id, request.params.id)
    const stored = documents.write((unit) =>
      unit.put('budgets', request.user.id, build(request.body, request.user.id, existing)),
    )
    return { success: true as const, budget: toBudgetItem(stored.data, spentOf(request.user.id, stored.id)) }
  })

  app.delete('/:id', { schema: { params: IdParams, response: { 200: Success } } }, (request) => {
    removeOwned(documents, 'budgets', request.user.id, findOwn(request.user.id, request.params.id), now())
    return { success: true as const }
  })
  done()
}

/** GET /api/allocation/summary's answer. */
function allocationSummary(documents: DocumentsRepository, ownerId: string, at: number) {
  const lines = budgetsWithSpent(documents, ownerId, at)
  const income = incomeOf(documents, ownerId, at)
  const view = allocationView(
    income.income,
    lines.map(({ budget, spent }) => ({ allocated: budget.allocated, spent })),
  )
  return {
    success: true as const,
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

/** /api/allocation (spec part 1 §7): income in the profile document, allocations in the budgets. */
export const allocationRestRoutes: FastifyPluginCallbackZod<PlanRestOptions> = (app, { documents, now }, done) => {
  app.addHook('onRequest', app.authenticate)

  app.get('/summary', { schema: { response: { 200: AllocationSummaryBody } } }, (request) =>
    allocationSummary(documents, request.user.id, now()),
  )

  app.post(
    '/income',
    {
      schema: {
        body: IncomeBody,
        response: { 200: z.object({ success: z.literal(true), monthly_income: z.number() }) },
      },
    },
    (request) => {
      const parsed = parseIncome(request.body.amount)
      if (!parsed.ok) throw invalid(parsed.error)
      const ownerId = request.user.id
      const current = documents.getOwned('profile', ownerId, ownerId)
      // Created with defaults when absent (or deleted), as the client's patchProfile does.
      const base = current && !current.deleted ? current.data : Profile.parse({ id: ownerId, ownerId, updatedAt: 0 })
      documents.write((unit) =>
        unit.put('profile', ownerId, {
          ...base,
          monthlyIncome: parsed.value,
          updatedAt: nextVersion(now(), current?.data.updatedAt),
        }),
      )
      return { success: true as const, monthly_income: fromPaise(parsed.value) }
    },
  )

  app.post(
    '/allocate',
    { schema: { body: AllocateBody, response: { 200: z.object({ success: z.literal(true), budget: BudgetItem }) } } },
    (request) => {
      const budgetId = request.body.budget_id?.trim()
      if (!budgetId) throw invalid(PLAN_MESSAGES.budgetRequired)
      // The amount's own rules first, then the budget, then what the income leaves for it.
      const amount = parseAllocation(request.body.amount)
      if (!amount.ok) throw invalid(amount.error)
      const ownerId = request.user.id
      const budget = liveOwned(documents, 'budgets', ownerId, budgetId, 'Budget not found')
      const ceiling = ceilingFor(documents, ownerId, budget.id, budget.allocated, now())
      const parsed = checkAllocation(request.body.amount, ceiling, moneyFor(documents, ownerId))
      if (!parsed.ok) throw invalid(parsed.error)
      const stored = documents.write((unit) =>
        unit.put('budgets', ownerId, {
          ...budget,
          allocated: parsed.value,
          refusedAllocation: 0,
          updatedAt: nextVersion(now(), budget.updatedAt),
        }),
      )
      const spent = budgetsWithSpent(documents, ownerId, now()).find((b) => b.budget.id === budgetId)?.spent ?? 0
      return { success: true as const, budget: toBudgetItem(stored.data, spent) }
    },
  )
  done()
}

/**
 * The payment a REST create or update produces (missing fields keep their value). A changed
 * due_date restarts the schedule from it; otherwise the next due day is kept.
 */
function buildRecurring(
  body: RecurringBody,
  ownerId: string,
  now: number,
  existing?: RecurringPayment,
): RecurringPayment {
  const pick = <T>(value: T | null | undefined, fallback: T | undefined) =>
    value === undefined || value === null ? fallback : value
  const parsed = parseRecurring({
    name: pick(body.name, existing?.name),
    amount: pick(body.amount, existing ? fromPaise(existing.amount) : undefined),
    category: pick(body.category, existing?.category),
    frequency: pick(body.frequency, existing?.frequency),
    dueDate: pick(body.due_date, existing?.dueDate),
    reminderDays: pick(body.reminder_days, existing?.reminderDays),
  })
  if (!parsed.ok) throw invalid(parsed.error)
  const { dueDate, ...fields } = parsed.value
  const rescheduled = !existing || existing.dueDate !== dueDate
  return {
    id: existing?.id ?? randomUUID(),
    ownerId,
    updatedAt: nextVersion(now, existing?.updatedAt),
    ...fields,
    dueDate,
    nextDueDate: rescheduled ? dueDate : existing.nextDueDate,
    ...(existing?.lastPaidAt === undefined ? {} : { lastPaidAt: existing.lastPaidAt }),
  }
}

/** /api/recurring-payments (spec part 1 §7) over the replicated `recurring_payments` rows. */
export const recurringRestRoutes: FastifyPluginCallbackZod<PlanRestOptions> = (app, { documents, now }, done) => {
  app.addHook('onRequest', app.authenticate)

  const findOwn = (ownerId: string, id: string) =>
    liveOwned(documents, 'recurring_payments', ownerId, id, RECURRING_NOT_FOUND)

  const One = z.object({ success: z.literal(true), payment: RecurringItem })

  app.get(
    '/',
    { schema: { response: { 200: z.object({ success: z.literal(true), payments: z.array(RecurringItem) }) } } },
    (request) => ({
      success: true as const,
      payments: documents
        .listByOwner('recurring_payments', request.user.id)
        .map((d) => d.data)
        .sort((a, b) => (a.nextDueDate < b.nextDueDate ? -1 : a.nextDueDate > b.nextDueDate ? 1 : 0))
        .map(toRecurringItem),
    }),
  )

  app.post('/', { schema: { body: RecurringBody, response: { 201: One } } }, (request, reply) => {
    const stored = documents.write((unit) =>
      unit.put('recurring_payments', request.user.id, buildRecurring(request.body, request.user.id, now())),
    )
    reply.status(201)
    return { success: true as const, payment: toRecurringItem(stored.data) }
  })

  app.put('/:id', { schema: { params: IdParams, body: RecurringBody, response: { 200: One } } }, (request) => {
    const existing = findOwn(request.user.id, request.params.id)
    const stored = documents.write((unit) =>
      unit.put('recurring_payments', request.user.id, buildRecurring(request.body, request.user.id, now(), existing)),
    )
    return { success: true as const, payment: toRecurringItem(stored.data) }
  })

  app.delete('/:id', { schema: { params: IdParams, response: { 200: Success } } }, (request) => {
    removeOwned(documents, 'recurring_payments', request.user.id, findOwn(request.user.id, request.params.id), now())
    return { success: true as const }
  })

  markPaidRoute(app, documents, now)
  done()
}

/**
 * POST /api/recurring-payments/:id/mark-paid: the expense and the moved schedule are one unit of
 * work (both or neither, announced after the commit).
 */
function markPaidRoute(
  app: Parameters<FastifyPluginCallbackZod>[0],
  documents: DocumentsRepository,
  now: () => number,
): void {
  const Response = z.object({ success: z.literal(true), payment: RecurringItem, transaction: RestTransactionItem })
  app.post('/:id/mark-paid', { schema: { params: IdParams, response: { 200: Response } } }, (request) => {
    const ownerId = request.user.id
    const payment = liveOwned(documents, 'recurring_payments', ownerId, request.params.id, RECURRING_NOT_FOUND)
    const t = now()
    const paid = markPaid(payment, t)
    const { tx, moved } = documents.write(() => ({
      tx: documents.write((unit) =>
        unit.put('transactions', ownerId, newTransaction(paid.expense, { ownerId, updatedAt: t })),
      ),
      moved: documents.write((unit) =>
        unit.put('recurring_payments', ownerId, {
          ...payment,
          ...paid.schedule,
          updatedAt: nextVersion(t, payment.updatedAt),
        }),
      ),
    }))
    return {
      success: true as const,
      payment: toRecurringItem(moved.data),
      transaction: toRestItem(tx.data, tx.updatedAt),
    }
  })
}
