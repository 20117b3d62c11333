import { z } from 'zod'
import { DayString, documentBase, Id, Millis, Paise, PositivePaise } from './common'

export const LOAN_TYPES = [
  'jewel',
  'personal',
  'home',
  'car',
  'credit_card',
  'education',
  'friend',
  'family',
  'other',
] as const

/** A loan or debt the user repays. Interest rate is in basis points per year (12.5 % = 1250). */
export const Loan = z.object({
  ...documentBase,
  name: z.string().trim().min(1).max(100),
  type: z.enum(LOAN_TYPES),
  status: z.enum(['new', 'existing']),
  principal: PositivePaise,
  interestRateBps: z.number().int().min(0).max(100_000),
  startDate: DayString,
  durationMonths: z.number().int().min(1).max(600),
  emi: Paise.min(0),
  paidBefore: Paise.min(0).default(0),
  nextDueDate: DayString.optional(),
  notes: z.string().max(1000).default(''),
  closed: z.boolean().default(false),
  createdAt: Millis,
})
export type Loan = z.infer<typeof Loan>

export const LoanPayment = z.object({
  ...documentBase,
  loanId: Id,
  amount: PositivePaise,
  date: Millis,
  note: z.string().max(500).default(''),
})
export type LoanPayment = z.infer<typeof LoanPayment>
