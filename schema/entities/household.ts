import { z } from 'zod'
import { documentBase, Id, Millis, PositivePaise } from './common'

export const HouseholdMember = z.object({
  userId: Id,
  name: z.string().max(100),
  email: z.string().max(254),
  role: z.enum(['admin', 'member']),
  joinedAt: Millis,
})

/** A group sharing expenses; members are maintained by the server (invites, joins). */
export const Household = z.object({
  ...documentBase,
  name: z.string().trim().min(1).max(100),
  members: z.array(HouseholdMember).max(50),
  /** Ids of the members, for membership-scoped queries. */
  memberIds: z.array(Id).max(50),
})
export type Household = z.infer<typeof Household>

export const ExpenseSplit = z.object({ userId: Id, amount: z.number().int().min(0) })
export const ExpenseReview = z.object({
  userId: Id,
  status: z.enum(['pending', 'approved', 'rejected']),
  comment: z.string().max(500).default(''),
  at: Millis,
})

/** A shared expense; `ownerId` is who paid. Splits add up to `amount`; each member owns only their review. */
export const HouseholdExpense = z.object({
  ...documentBase,
  householdId: Id,
  amount: PositivePaise,
  description: z.string().max(500).default(''),
  category: z.string().max(60),
  date: Millis,
  splits: z.array(ExpenseSplit).max(50),
  reviews: z.array(ExpenseReview).max(50),
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
})
export type HouseholdExpense = z.infer<typeof HouseholdExpense>

export const Settlement = z.object({
  ...documentBase,
  householdId: Id,
  fromUserId: Id,
  toUserId: Id,
  amount: PositivePaise,
  date: Millis,
  note: z.string().max(500).default(''),
})
export type Settlement = z.infer<typeof Settlement>
