import type { ExpenseReview, ReviewStatus } from '../entities/household'

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
