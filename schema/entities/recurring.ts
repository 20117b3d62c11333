import { z } from 'zod'
import { DayString, documentBase, PositivePaise } from './common'
import { entryCurrencyFields, refineEntryCurrency } from './entry-currency'

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const
export type Frequency = (typeof FREQUENCIES)[number]

/**
 * A bill that repeats. `dueDate` is the first due day (its day of month anchors month ends);
 * `nextDueDate` moves on Mark Paid. `amount` is in `currency` (entry-currency.ts); Mark Paid books
 * the expense in it at the payment's rate.
 */
export const RecurringPayment = z
  .object({
    ...documentBase,
    name: z.string().trim().min(1).max(100),
    amount: PositivePaise,
    category: z.string().max(60).default(''),
    frequency: z.enum(FREQUENCIES),
    dueDate: DayString,
    nextDueDate: DayString,
    reminderDays: z.number().int().min(0).max(30).default(3),
    lastPaidAt: z.number().int().min(0).max(1e14).optional(),
    ...entryCurrencyFields,
  })
  .superRefine(refineEntryCurrency((p) => [p.amount]))
export type RecurringPayment = z.infer<typeof RecurringPayment>
