import { z } from 'zod'
import { documentBase, invertTime, Millis, PositivePaise } from './common'

export const TRANSACTION_TYPES = ['expense', 'income'] as const
export const TRANSACTION_ORIGINS = ['app', 'rest', 'whatsapp', 'recurring', 'onboarding', 'demo'] as const

/**
 * One expense or income. For income, `category` holds the income source (Salary, Freelance…).
 * `date` is when it happened (ms); `dateDesc` is its inverted copy for newest-first queries.
 */
export const Transaction = z
  .object({
    ...documentBase,
    type: z.enum(TRANSACTION_TYPES),
    amount: PositivePaise,
    category: z.string().trim().min(1).max(60),
    description: z.string().max(500).default(''),
    date: Millis,
    dateDesc: Millis,
    origin: z.enum(TRANSACTION_ORIGINS).default('app'),
    /** Twilio MessageSid of the WhatsApp message that created it. */
    messageId: z.string().max(64).optional(),
  })
  .refine((t) => t.dateDesc === invertTime(t.date), { message: 'dateDesc must mirror date', path: ['dateDesc'] })
export type Transaction = z.infer<typeof Transaction>

/** Limits of spec part 1 §5/§9, in paise. */
export const MAX_EXPENSE_PAISE = 10_000_000 * 100
export const MAX_INCOME_PAISE = 100_000_000 * 100
