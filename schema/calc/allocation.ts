import type { Paise } from '../money/money'
import { allocationSummary, type AllocationSummary } from './budget-status'

/** One budget as the Your Money screen reads it: what is set aside for it and what it has spent this period. */
export interface AllocationLine {
  allocated: Paise
  spent: Paise
}

export interface AllocationView extends AllocationSummary {
  /** allocated − spent over all budgets; negative when spending ran past what was set aside. */
  remaining: Paise
  /** 'over' when more is allocated than earned, 'ok' when money is left with allocations made, else 'none'. */
  note: 'over' | 'ok' | 'none'
}

/**
 * The Your Money figures (spec part 1 §2): income, allocated (with its percent of income),
 * available = income − allocated, spent, remaining = allocated − spent. Guarantees
 * `available + totalAllocated === totalIncome` and `remaining + totalSpent === totalAllocated`,
 * all in whole paise.
 */
export function allocationView(monthlyIncome: Paise, lines: Iterable<AllocationLine>): AllocationView {
  const summary = allocationSummary(monthlyIncome, lines)
  const note = summary.available < 0 ? 'over' : summary.available > 0 && summary.totalAllocated > 0 ? 'ok' : 'none'
  return { ...summary, remaining: summary.totalAllocated - summary.totalSpent, note }
}

/** The spec's warning, and the positive note shown when income is left over after allocating. */
export const ALLOCATION_TEXTS = {
  over: "You've allocated more than your income!",
  ok: 'Great! You still have money available to allocate or save.',
} as const

/** Where the Your Money income figure comes from: the user's planned figure, or what was recorded. */
export type IncomeBasis = 'planned' | 'recorded'

/**
 * The income Your Money measures allocations against: the planned monthly figure when the user
 * has set one (> 0), else this month's recorded income. Never negative; `income` is always one
 * of the two inputs.
 */
export function allocationIncome(planned: Paise, recordedThisMonth: Paise): { income: Paise; basis: IncomeBasis } {
  return planned > 0
    ? { income: planned, basis: 'planned' }
    : { income: Math.max(0, recordedThisMonth), basis: 'recorded' }
}

/** How far a budget's allocation exceeds its own limit (0 when within it): worth a warning. */
export function overAllocatedBy(allocated: Paise, limit: Paise): Paise {
  return Math.max(0, allocated - limit)
}

/**
 * The most a budget may have allocated: what the income leaves after every other budget's
 * allocation, or what it has now when that is more (lowering an allocation is always allowed, even
 * once income has fallen below what is allocated). Never negative.
 */
export function allocationCeiling(income: Paise, allocatedElsewhere: Paise, current: Paise): Paise {
  return Math.max(0, current, income - allocatedElsewhere)
}
