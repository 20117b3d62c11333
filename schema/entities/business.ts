import { z } from 'zod'
import { documentBase, Millis, PositivePaise } from './common'

/** Admin-only business profit-and-loss entries. */
export const BusinessEntry = z.object({
  ...documentBase,
  kind: z.enum(['expense', 'revenue']),
  amount: PositivePaise,
  category: z.string().trim().min(1).max(60),
  description: z.string().max(500).default(''),
  date: Millis,
})
export type BusinessEntry = z.infer<typeof BusinessEntry>
