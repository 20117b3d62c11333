import { z } from 'zod'
import { CURRENCY_CODES, DEFAULT_CURRENCY } from '../money/money'
import { isUpiId, MAX_UPI_ID_LENGTH } from '../upi-id'
import { documentBase, Paise } from './common'

/** One document per user (id = owner id): preferences and data the app keeps beside the ledger. */
export const Profile = z.object({
  ...documentBase,
  currency: z.enum(CURRENCY_CODES).default(DEFAULT_CURRENCY),
  /** Categories the user added themselves ('Others' → custom text), kept for next time. */
  customCategories: z.array(z.string().trim().min(1).max(60)).max(200).default([]),
  monthlyIncome: Paise.min(0).default(0),
  hideBalance: z.boolean().default(false),
  monthlyReportByWhatsapp: z.boolean().default(true),
  userType: z.enum(['type_a', 'type_b']).default('type_b'),
  /** The UPI ID (name@handle, lowercase) household members pay this user at; '' when none. */
  upiId: z
    .string()
    .max(MAX_UPI_ID_LENGTH)
    .refine((id) => id === '' || isUpiId(id))
    .default(''),
  /** From onboarding's profile step; null when not given. */
  age: z.number().int().min(18).max(100).nullable().default(null),
  /** Savings the user said they have (onboarding), in paise. */
  savings: Paise.min(0).default(0),
  goals: z
    .array(
      z.object({
        name: z.string().max(100),
        category: z.enum(['financial', 'material']),
        custom: z.boolean(),
        amount: Paise.min(0),
      }),
    )
    .max(50)
    .default([]),
})
export type Profile = z.infer<typeof Profile>
