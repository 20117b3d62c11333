import { z } from 'zod'
import { documentBase, Millis, PositivePaise } from './common'
import { entryCurrencyFields, refineEntryCurrency } from './entry-currency'

/** The currency the business keeps its books in: every business total is in it. */
export const BUSINESS_CURRENCY = 'INR'

/**
 * Admin-only business profit-and-loss entries. `amount` is in `currency` (absent: INR) with
 * `fxRate` to INR (`fxHome` is then 'INR'); null: not converted, left out of the totals.
 */
export const BusinessEntry = z
  .object({
    ...documentBase,
    kind: z.enum(['expense', 'revenue']),
    amount: PositivePaise,
    category: z.string().trim().min(1).max(60),
    description: z.string().max(500).default(''),
    date: Millis,
    ...entryCurrencyFields,
  })
  .superRefine(refineEntryCurrency((e) => [e.amount]))
export type BusinessEntry = z.infer<typeof BusinessEntry>
