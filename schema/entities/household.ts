import { z } from 'zod'
import { CURRENCY_CODES } from '../money/money'
import { MAX_UPI_ID_LENGTH } from '../upi-id'
import { DayString, documentBase, Id, Millis, Paise, PositivePaise } from './common'
import { ReceiptField } from './receipt'
import { entryCurrencyFields, refineEntryCurrency } from './entry-currency'

/** The currency of a household made before households had one. */
export const DEFAULT_HOUSEHOLD_CURRENCY = 'INR'

/**
 * An expense or a payment says what currency it is in as a transaction does (`entryCurrencyFields`):
 * absent, the household's (see `Household.legacyCurrency`); `fxRate` converts to the household
 * currency named in `fxHome` on its date (null: not converted yet).
 */
const refineCurrency = refineEntryCurrency((e: { amount: number; currency?: string }) => [e.amount])

/** The nine household icons (lucide names) and eight colours of spec part 2 §3, Emerald first. */
export const HOUSEHOLD_ICONS = [
  'home',
  'building',
  'users',
  'heart',
  'briefcase',
  'graduation-cap',
  'utensils',
  'car',
  'plane',
] as const
export type HouseholdIcon = (typeof HOUSEHOLD_ICONS)[number]

export const HOUSEHOLD_COLORS = [
  { name: 'Emerald', hex: '#10b981' },
  { name: 'Blue', hex: '#3b82f6' },
  { name: 'Purple', hex: '#8b5cf6' },
  { name: 'Pink', hex: '#ec4899' },
  { name: 'Orange', hex: '#f97316' },
  { name: 'Red', hex: '#ef4444' },
  { name: 'Yellow', hex: '#eab308' },
  { name: 'Teal', hex: '#14b8a6' },
] as const
const COLOR_HEXES = HOUSEHOLD_COLORS.map((c) => c.hex) as [string, ...string[]]

/** Hours a member has to review an expense before it is approved automatically (spec §9). */
export const REVIEW_PERIODS = [6, 12, 24, 48, 72] as const
export const DEFAULT_REVIEW_PERIOD = 24

/** Spec part 2 §9, default Groceries. */
export const HOUSEHOLD_CATEGORIES = [
  'Rent',
  'Utilities',
  'Groceries',
  'Internet',
  'Cook/Maid',
  'Cleaning',
  'Maintenance',
  'Entertainment',
  'Transport',
  'Other',
] as const
export const DEFAULT_HOUSEHOLD_CATEGORY = 'Groceries'

export const SPLIT_METHODS = ['equal', 'exact', 'percentage', 'shares'] as const
export type SplitMethod = (typeof SPLIT_METHODS)[number]

export const PAYMENT_METHODS = ['upi', 'bank_transfer', 'cash', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const HouseholdMember = z.object({
  userId: Id,
  name: z.string().max(100),
  email: z.string().max(254),
  role: z.enum(['admin', 'member']),
  joinedAt: Millis,
  /** The member's UPI ID from their profile ('' when none): only members see it. */
  upiId: z.string().max(MAX_UPI_ID_LENGTH).default(''),
})
export type HouseholdMember = z.infer<typeof HouseholdMember>

/**
 * One member's part of an expense: `amount` in paise (the parts add up to the expense's amount);
 * `weight` is what the split was made from: basis points for 'percentage' (10000 = 100 %),
 * a share count for 'shares', unused (0) for 'equal' and 'exact'.
 */
export const ExpenseSplit = z.object({ userId: Id, amount: z.number().int().min(0), weight: z.number().int().min(0) })
export type ExpenseSplit = z.infer<typeof ExpenseSplit>

/** How often a recurring household expense comes back. */
export const HOUSEHOLD_FREQUENCIES = ['weekly', 'monthly', 'yearly'] as const
export type HouseholdFrequency = (typeof HOUSEHOLD_FREQUENCIES)[number]

/** The most recurring expenses one household keeps (they live on the household document). */
export const MAX_RECURRING_PER_HOUSEHOLD = 20

/**
 * A household expense that comes back (rent, the cook, internet): on each occurrence day the
 * server adds it as a normal pending expense entered by `createdBy` (schema/calc/household-recurring.ts
 * says which days). Weekly repeats on the start date's weekday; monthly on `dayOfMonth` (clamped to
 * short months); yearly on the start date's month and `dayOfMonth`. `addedThrough` is the last
 * occurrence day the server handled ('' before the first): an edit applies to the days after it.
 */
export const RecurringHouseholdExpense = z
  .object({
    id: Id,
    createdBy: Id,
    amount: PositivePaise,
    category: z.string().trim().min(1).max(60),
    description: z.string().max(500).default(''),
    paidBy: Id,
    splitMethod: z.enum(SPLIT_METHODS).default('equal'),
    splits: z.array(ExpenseSplit).min(1).max(50),
    frequency: z.enum(HOUSEHOLD_FREQUENCIES),
    dayOfMonth: z.number().int().min(1).max(31),
    startDate: DayString,
    /** The last day an occurrence may fall on; '' = no end. */
    endDate: z.union([DayString, z.literal('')]).default(''),
    addedThrough: z.union([DayString, z.literal('')]).default(''),
    updatedAt: Millis,
    /** What each occurrence is booked in, and its rate to the household currency (absent: see `Household`). */
    ...entryCurrencyFields,
  })
  .superRefine(refineCurrency)
export type RecurringHouseholdExpense = z.infer<typeof RecurringHouseholdExpense>

/**
 * A group sharing expenses. Members, roles and settings are the server's: devices only read
 * this document (it changes through the REST routes); `ownerId` is who created it.
 */
export const Household = z.object({
  ...documentBase,
  name: z.string().trim().min(1).max(100),
  description: z.string().max(500).default(''),
  icon: z.enum(HOUSEHOLD_ICONS).default('home'),
  color: z.enum(COLOR_HEXES).default('#10b981'),
  /** Paise; 0 = no budget. */
  monthlyBudget: Paise.min(0).default(0),
  reviewPeriodHours: z.number().int().min(1).max(168).default(DEFAULT_REVIEW_PERIOD),
  members: z.array(HouseholdMember).max(50),
  /** Ids of the current members, for membership checks. */
  memberIds: z.array(Id).max(50),
  createdAt: Millis.default(0),
  /** Recurring expenses; members change them over REST, the server adds their occurrences. */
  recurring: z.array(RecurringHouseholdExpense).max(MAX_RECURRING_PER_HOUSEHOLD).default([]),
  /** What balances and totals add up in; absent on households made before they had one: INR. */
  currency: z.enum(CURRENCY_CODES).optional(),
  /**
   * Pinned by the server on the first change of `currency` to the one it replaced: expenses and
   * payments with no currency of their own were entered in it (a change converts nothing stored).
   */
  legacyCurrency: z.enum(CURRENCY_CODES).optional(),
})
export type Household = z.infer<typeof Household>

export const REVIEW_STATUSES = ['pending', 'approved', 'denied'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** A member's review; a denial carries its reason (spec part 2 §5 'Deny'). */
export const ExpenseReview = z
  .object({
    userId: Id,
    status: z.enum(REVIEW_STATUSES),
    reason: z.string().max(500).default(''),
    at: Millis,
  })
  .refine((r) => r.status !== 'denied' || r.reason.trim() !== '', {
    message: 'Please provide a reason for denial',
    path: ['reason'],
  })
export type ExpenseReview = z.infer<typeof ExpenseReview>

/**
 * A shared expense. `ownerId` is who entered it, `paidBy` who paid. Splits add up to `amount`;
 * each member other than the payer has one review and changes only their own; `status`,
 * `deadline` and `createdAt` are set by the server.
 */
export const HouseholdExpense = z
  .object({
    ...documentBase,
    householdId: Id,
    amount: PositivePaise,
    description: z.string().max(500).default(''),
    category: z.string().trim().min(1).max(60),
    date: Millis,
    paidBy: Id,
    splitMethod: z.enum(SPLIT_METHODS).default('equal'),
    splits: z.array(ExpenseSplit).min(1).max(50),
    reviews: z.array(ExpenseReview).max(50),
    status: z.enum(REVIEW_STATUSES).default('pending'),
    /** When a pending expense is approved automatically (ms). */
    deadline: Millis.default(0),
    createdAt: Millis.default(0),
    /** The photo of the receipt, seen by members only (entities/receipt.ts). */
    receipt: ReceiptField,
    ...entryCurrencyFields,
  })
  .superRefine(refineCurrency)
export type HouseholdExpense = z.infer<typeof HouseholdExpense>

/**
 * pending until the receiver confirms (it then counts in balances) or declines it with a reason;
 * the payer may cancel it (take it back) while it is pending. Declined and cancelled never count.
 */
export const SETTLEMENT_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number]

/**
 * Money one member paid another, recorded by the payer (`ownerId` = `fromUserId`); only the
 * receiver confirms or declines it, only the payer cancels it, and only while it is pending.
 */
export const Settlement = z
  .object({
    ...documentBase,
    householdId: Id,
    fromUserId: Id,
    toUserId: Id,
    amount: PositivePaise,
    method: z.enum(PAYMENT_METHODS).default('upi'),
    transactionId: z.string().trim().max(100).default(''),
    date: Millis,
    note: z.string().max(500).default(''),
    status: z.enum(SETTLEMENT_STATUSES).default('pending'),
    confirmedAt: Millis.default(0),
    /** The receiver's reason, required when they decline. */
    declineReason: z.string().max(500).default(''),
    /** When it was declined or cancelled (ms); 0 otherwise. */
    decidedAt: Millis.default(0),
    ...entryCurrencyFields,
  })
  .superRefine(refineCurrency)
  .refine((s) => s.status !== 'declined' || s.declineReason.trim() !== '', {
    // The text of HOUSEHOLD_MESSAGES.declineReasonRequired (entities do not import validation).
    message: 'Please give a reason for declining',
    path: ['declineReason'],
  })
export type Settlement = z.infer<typeof Settlement>
