import type { ExpenseReview, HouseholdExpense, ReviewStatus } from '../entities/household'

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000

/**
 * The server's rule for an expense's status (spec part 2 §4): denied as soon as any reviewer
 * denies; approved when every reviewer approved or the deadline has passed; else pending. An
 * expense with no reviewers (the payer is the only member) is approved at once.
 */
export function reviewOutcome(
  reviews: readonly Pick<ExpenseReview, 'status'>[],
  deadline: number,
  now: number,
): ReviewStatus {
  if (reviews.some((r) => r.status === 'denied')) return 'denied'
  if (reviews.every((r) => r.status === 'approved')) return 'approved'
  return now >= deadline ? 'approved' : 'pending'
}

/**
 * Who reviews an expense: every member but whoever entered it and whoever paid it, in the members'
 * order (spec part 2 §4; neither of the two judges their own claim). Empty when nobody else is left.
 */
export function expenseReviewers(memberIds: readonly string[], enteredBy: string, paidBy: string): string[] {
  return memberIds.filter((id) => id !== enteredBy && id !== paidBy)
}

/**
 * True when `userId` still has to review this expense: it is pending, they hold a pending review,
 * and they neither entered nor paid it (an expense stored before that rule may list the one who
 * entered it among its reviewers; their entry is not asked for).
 */
export function awaitsReviewBy(
  expense: Pick<HouseholdExpense, 'status' | 'ownerId' | 'paidBy' | 'reviews'>,
  userId: string,
): boolean {
  if (expense.status !== 'pending' || userId === expense.ownerId || userId === expense.paidBy) return false
  return expense.reviews.some((r) => r.userId === userId && r.status === 'pending')
}

/** The reviews that decide an expense: those of members who neither entered nor paid it. */
export function decidingReviews<R extends Pick<ExpenseReview, 'userId'>>(
  expense: Pick<HouseholdExpense, 'ownerId' | 'paidBy'>,
  reviews: readonly R[],
): R[] {
  return reviews.filter((r) => r.userId !== expense.ownerId && r.userId !== expense.paidBy)
}

/** The deadline of an expense the server receives at `receivedAt` in a household with this review period. */
export function reviewDeadline(receivedAt: number, reviewPeriodHours: number): number {
  return receivedAt + reviewPeriodHours * HOUR_MS
}

/** 'Expired' past the deadline; '2d 5h left' beyond 24 hours; else '3h 20m left'. */
export function reviewCountdown(deadline: number, now: number): string {
  const left = deadline - now
  if (left <= 0) return 'Expired'
  const hours = Math.floor(left / HOUR_MS)
  if (left > 24 * HOUR_MS) return `${Math.floor(hours / 24)}d ${hours % 24}h left`
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS)
  return `${hours}h ${minutes}m left`
}
