import { z } from 'zod'
import { documentBase, Id, Paise, PositivePaise } from './common'
import { entryCurrencyFields, refineEntryCurrency } from './entry-currency'

export const BUDGET_PERIODS = ['daily', 'weekly', 'monthly', 'yearly', 'one-time'] as const
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number]
export const PERIOD_LABELS: Record<BudgetPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  'one-time': 'One-time',
}

/**
 * A spending limit for one category and period; `allocated` is the income set aside for it (in
 * the home currency). The limit may be in another currency, with its rate to the home currency
 * as transactions carry theirs; a budget without `currency` (made before budgets had one) is in
 * the home currency, as it always was.
 */
export const Budget = z
  .object({
    ...documentBase,
    category: z.string().trim().min(1).max(60),
    amount: PositivePaise,
    period: z.enum(BUDGET_PERIODS).default('monthly'),
    allocated: Paise.min(0).default(0),
    /**
     * An allocation a device made offline that the server did not take (more than the income left
     * when it arrived), kept so the screen can say so; 0 when none. Set by the server only.
     */
    refusedAllocation: Paise.min(0).default(0),
    createdAt: z.number().int().min(0).max(1e14),
    /** The backup record it was imported from (schema/backup-import.ts): importing it again finds it. */
    importKey: Id.optional(),
    /** A limit with no rate to the home currency is not converted, and compares with nothing. */
    ...entryCurrencyFields,
  })
  .superRefine(refineEntryCurrency((b) => [b.amount]))
export type Budget = z.infer<typeof Budget>
