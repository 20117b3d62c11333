import { z } from 'zod'
import type { Budget } from '../../../schema/entities/budget'
import type { RecurringPayment } from '../../../schema/entities/recurring'
import { amountText } from '../../../schema/money/currency'
import { fromPaise, type Paise } from '../../../schema/money/money'
import { restCurrencyOf, RestCurrencyFields } from './rest-currency'

/**
 * Wire shapes of the planning half of the REST mirror (spec part 1 §7): decimal rupees and
 * snake_case at the boundary; paise and the replicated entities inside.
 */

const Amount = z.union([z.number(), z.string().max(40)]).nullish()
const Text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).nullish()

/** Loose on purpose: each rule is checked by plan-input so a refusal carries its own message. */
export const BudgetBody = z.object({
  category: Text(200),
  amount: Amount,
  period: z.string().max(40).nullish(),
  ...RestCurrencyFields,
})
export type BudgetBody = z.infer<typeof BudgetBody>

export const RecurringBody = z.object({
  name: Text(200),
  amount: Amount,
  category: Text(200),
  frequency: z.string().max(40).nullish(),
  due_date: z.string().max(40).nullish(),
  reminder_days: z.union([z.number(), z.string().max(10)]).nullish(),
  ...RestCurrencyFields,
})
export type RecurringBody = z.infer<typeof RecurringBody>

export const IncomeBody = z.object({ amount: Amount })
export type IncomeBody = z.infer<typeof IncomeBody>
export const AllocateBody = z.object({ budget_id: z.string().max(200).nullish(), amount: Amount })
export type AllocateBody = z.infer<typeof AllocateBody>

export const BudgetItem = z.object({
  id: z.string(),
  category: z.string(),
  amount: z.number(),
  spent: z.number(),
  period: z.string(),
  allocated: z.number(),
  created_at: z.string(),
  /** Present on budgets with a currency of their own; `amount` is then in its digits. */
  currency: z.string().optional(),
  fx_rate: z.number().nullable().optional(),
})
export type BudgetItem = z.infer<typeof BudgetItem>

export const RecurringItem = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.number(),
  category: z.string(),
  frequency: z.string(),
  due_date: z.string(),
  next_due_date: z.string(),
  reminder_days: z.number(),
  last_paid_at: z.string().nullable(),
  /** Present on payments with a currency of their own; `amount` is then in its digits. */
  currency: z.string().optional(),
  fx_rate: z.number().nullable().optional(),
})
export type RecurringItem = z.infer<typeof RecurringItem>

export const AllocationBudget = z.object({
  id: z.string(),
  category: z.string(),
  period: z.string(),
  allocated: z.number(),
  spent: z.number(),
})

export const AllocationSummaryBody = z.object({
  success: z.literal(true),
  summary: z.object({
    total_income: z.number(),
    total_allocated: z.number(),
    total_spent: z.number(),
    available: z.number(),
    /** Where total_income comes from: the planned monthly figure, or this month's recorded income. */
    income_basis: z.enum(['planned', 'recorded']),
  }),
  budgets: z.array(AllocationBudget),
})

export function toBudgetItem(b: Budget, spent: Paise): BudgetItem {
  return {
    id: b.id,
    category: b.category,
    amount: b.currency ? Number(amountText(b.amount, b.currency)) : fromPaise(b.amount),
    spent: fromPaise(spent),
    period: b.period,
    allocated: fromPaise(b.allocated),
    created_at: new Date(b.createdAt).toISOString(),
    ...restCurrencyOf(b),
  }
}

export function toRecurringItem(p: RecurringPayment): RecurringItem {
  return {
    id: p.id,
    name: p.name,
    amount: p.currency ? Number(amountText(p.amount, p.currency)) : fromPaise(p.amount),
    category: p.category,
    frequency: p.frequency,
    due_date: p.dueDate,
    next_due_date: p.nextDueDate,
    reminder_days: p.reminderDays,
    last_paid_at: p.lastPaidAt === undefined ? null : new Date(p.lastPaidAt).toISOString(),
    ...restCurrencyOf(p),
  }
}
