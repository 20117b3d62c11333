import { z } from 'zod'
import { isCalendarDay } from '../entities/common'
import {
  HOUSEHOLD_COLORS,
  HOUSEHOLD_FREQUENCIES,
  HOUSEHOLD_ICONS,
  PAYMENT_METHODS,
  REVIEW_PERIODS,
  SPLIT_METHODS,
} from '../entities/household'
import {
  MAX_CATEGORY_CHARS,
  MAX_NAME_CHARS,
  MAX_NOTE_CHARS,
  MAX_PLAN_PAISE,
  requiredText,
  RULE_MESSAGES,
  tooLong,
} from './rules'

/** Spec part 2 §5 and §8 texts, shared by the household forms and the REST routes. */
export const HOUSEHOLD_MESSAGES = {
  nameRequired: 'Please enter a household name',
  amountInvalid: 'Please enter a valid amount',
  categoryRequired: 'Please select a category',
  reasonRequired: 'Please provide a reason for denial',
  reasonTooLong: tooLong('Reason', MAX_NOTE_CHARS),
  targetRequired: 'Please select who you paid',
  emailInvalid: 'Please enter a valid email address',
  dateInvalid: 'Please enter a valid date',
  reviewPeriodInvalid: `Review period must be one of ${REVIEW_PERIODS.join(', ')} hours`,
  createFailed: 'Failed to create household',
  addExpenseFailed: 'Failed to add expense',
  settlementFailed: 'Failed to record settlement',
  approveFailed: 'Failed to approve expense',
  denyFailed: 'Failed to deny expense',
  notFound: 'Household not found',
  expenseNotFound: 'Expense not found',
  settlementNotFound: 'Settlement not found',
  adminOnly: 'Only a household admin can do this',
  notMember: 'That person is not a member of this household',
  alreadyMember: 'Already a member of this household',
  invitationNotFound: 'Invitation not found',
  payerCannotReview: 'The payer does not review their own expense',
  entrantCannotReview: 'You added this expense: the other members review it',
  notReviewer: 'You are not a reviewer of this expense',
  alreadyDecided: 'This expense has already been decided',
  selfSettlement: 'You cannot settle with yourself',
  onlyReceiverConfirms: 'Only the person who received the money can confirm',
  onlyReceiverDeclines: 'Only the person who received the money can decline',
  onlyPayerCancels: 'Only the person who paid can cancel this payment',
  declineReasonRequired: 'Please give a reason for declining',
  settlementConfirmed: 'This payment has already been confirmed',
  settlementDeclined: 'This payment was declined',
  settlementCancelled: 'This payment was cancelled',
  startDateInvalid: 'Please choose a valid start date',
  endDateInvalid: 'The end date must be on or after the start date',
  frequencyInvalid: `Frequency must be one of ${HOUSEHOLD_FREQUENCIES.join(', ')}`,
  recurringNotFound: 'Recurring expense not found',
  tooManyRecurring: 'A household can keep at most 20 recurring expenses',
  needsConnection: 'This needs a connection to the server. Try again when you are online.',
  /** A payment above the debt is recorded with this word; `owed` is formatted, null when nothing is owed. */
  moreThanOwed: (owed: string | null) =>
    owed === null
      ? 'You do not owe them anything, counting payments waiting for confirmation'
      : `This is more than you owe them (${owed}), counting payments waiting for confirmation`,
} as const

/** The largest amount a household field accepts: ₹100,000,000. */
const MAX_HOUSEHOLD_RUPEES = MAX_PLAN_PAISE / 100

/** Longest bank or UPI reference of a payment between members. */
export const MAX_REFERENCE_CHARS = 100

/** An expense's or a payment's amount in paise, as the household forms check it: above zero, at most ₹100,000,000. */
export function isHouseholdAmount(paise: number | null): paise is number {
  return paise !== null && paise > 0 && paise <= MAX_PLAN_PAISE
}

const Rupees = z.coerce
  .number({ error: HOUSEHOLD_MESSAGES.amountInvalid })
  .refine((n) => Number.isFinite(n) && n > 0 && n <= MAX_HOUSEHOLD_RUPEES, HOUSEHOLD_MESSAGES.amountInvalid)

const ReviewPeriod = z.coerce
  .number()
  .refine((n) => (REVIEW_PERIODS as readonly number[]).includes(n), HOUSEHOLD_MESSAGES.reviewPeriodInvalid)

const Name = requiredText(HOUSEHOLD_MESSAGES.nameRequired, MAX_NAME_CHARS, RULE_MESSAGES.nameTooLong)
const Note = z.string().max(MAX_NOTE_CHARS).nullish()

/** POST /households (spec part 2 §7): decimal rupees. */
export const CreateHouseholdBody = z.object({
  name: Name,
  description: Note,
  icon: z.enum(HOUSEHOLD_ICONS).default('home'),
  color: z.enum(HOUSEHOLD_COLORS.map((c) => c.hex) as [string, ...string[]]).default('#10b981'),
  monthly_budget: z.coerce
    .number({ error: HOUSEHOLD_MESSAGES.amountInvalid })
    .min(0, HOUSEHOLD_MESSAGES.amountInvalid)
    .max(MAX_HOUSEHOLD_RUPEES, HOUSEHOLD_MESSAGES.amountInvalid)
    .nullish(),
  review_period_hours: ReviewPeriod.default(24),
})
export type CreateHouseholdBody = z.infer<typeof CreateHouseholdBody>

/** PUT /households/{id}: settings a household admin changes. */
export const UpdateHouseholdBody = CreateHouseholdBody.partial()

export const InviteBody = z.object({
  email: z
    .string({ error: HOUSEHOLD_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .email(HOUSEHOLD_MESSAGES.emailInvalid),
})

export const ExpenseSplitBody = z.object({
  user_id: z.string().min(1).max(64),
  amount_owed: z.coerce.number().min(0).max(MAX_HOUSEHOLD_RUPEES).optional(),
  percentage: z.coerce.number().min(0).max(100).optional(),
  shares: z.coerce.number().int().min(0).max(1000).optional(),
})

/** POST /households/{id}/expenses. Without splits the amount is split equally among all members. */
export const CreateExpenseBody = z.object({
  amount: Rupees,
  // Its own too-long message: zod 4 would give a too-long value the schema's "required" error.
  category: requiredText(HOUSEHOLD_MESSAGES.categoryRequired, MAX_CATEGORY_CHARS, RULE_MESSAGES.categoryTooLong),
  description: Note,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/, HOUSEHOLD_MESSAGES.dateInvalid)
    .nullish(),
  paid_by: z.string().min(1).max(64).nullish(),
  split_method: z.enum(SPLIT_METHODS).default('equal'),
  splits: z.array(ExpenseSplitBody).max(50).nullish(),
})
export type CreateExpenseBody = z.infer<typeof CreateExpenseBody>

const Day = (message: string) => z.string({ error: message }).refine(isCalendarDay, message)

/**
 * POST/PUT /households/{id}/recurring: an expense that comes back weekly, monthly or yearly from
 * `start_date` (monthly and yearly on `day_of_month`, default the start date's day) until `end_date`.
 */
export const RecurringExpenseBody = CreateExpenseBody.omit({ date: true })
  .extend({
    frequency: z.enum(HOUSEHOLD_FREQUENCIES, { error: HOUSEHOLD_MESSAGES.frequencyInvalid }),
    day_of_month: z.coerce.number().int().min(1).max(31).nullish(),
    start_date: Day(HOUSEHOLD_MESSAGES.startDateInvalid),
    end_date: Day(HOUSEHOLD_MESSAGES.endDateInvalid).nullish(),
  })
  .refine((b) => !b.end_date || b.end_date >= b.start_date, {
    message: HOUSEHOLD_MESSAGES.endDateInvalid,
    path: ['end_date'],
  })
export type RecurringExpenseBody = z.infer<typeof RecurringExpenseBody>

export const DenyBody = z.object({
  reason: requiredText(HOUSEHOLD_MESSAGES.reasonRequired, MAX_NOTE_CHARS, HOUSEHOLD_MESSAGES.reasonTooLong),
})

export const SettlementBody = z.object({
  to_user: z
    .string({ error: HOUSEHOLD_MESSAGES.targetRequired })
    .min(1, HOUSEHOLD_MESSAGES.targetRequired)
    .max(64, HOUSEHOLD_MESSAGES.notMember),
  amount: Rupees,
  payment_method: z.enum(PAYMENT_METHODS).default('upi'),
  transaction_id: z.string().trim().max(MAX_REFERENCE_CHARS).nullish(),
  notes: Note,
})

/** POST /households/settlements/{id}/decline: the receiver says why the payment does not stand. */
export const DeclineSettlementBody = z.object({
  reason: requiredText(HOUSEHOLD_MESSAGES.declineReasonRequired, MAX_NOTE_CHARS, HOUSEHOLD_MESSAGES.reasonTooLong),
})
