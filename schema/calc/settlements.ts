import type { SettlementStatus } from '../entities/household'
import type { Paise } from '../money/money'
import { householdBalances, type BalanceExpense, type BalanceSettlement } from './household-balances'

export interface SettlementParties {
  status: SettlementStatus
  fromUserId: string
  toUserId: string
}

/**
 * Whether `userId` may move a settlement to `next`: only while it is pending, the receiver
 * confirms or declines it and the payer cancels it. The server and the screens share this rule.
 */
export function mayDecideSettlement(s: SettlementParties, userId: string, next: SettlementStatus): boolean {
  if (s.status !== 'pending') return false
  if (next === 'confirmed' || next === 'declined') return userId === s.toUserId
  return next === 'cancelled' && userId === s.fromUserId
}

/** Confirmed settlements move balances; pending ones wait; declined and cancelled ones never count. */
export function countsInBalances(s: { status: SettlementStatus }): boolean {
  return s.status === 'confirmed'
}

/**
 * The most `from` can pay `to` without paying more than is owed: the smaller of what `from` owes
 * and what `to` is owed, from approved expenses and every settlement that stands or may still
 * stand (confirmed and pending: a payment already recorded counts as paid). Paying exactly this
 * leaves neither of the two on the other side of zero; a paisa more puts one of them there.
 */
export function owedBetween(
  memberIds: readonly string[],
  approvedExpenses: Iterable<BalanceExpense>,
  settlements: Iterable<BalanceSettlement & { status: SettlementStatus }>,
  from: string,
  to: string,
): Paise {
  const standing = [...settlements].filter((s) => s.status === 'confirmed' || s.status === 'pending')
  const balances = householdBalances(memberIds, approvedExpenses, standing)
  return Math.max(0, Math.min(-(balances.get(from) ?? 0), balances.get(to) ?? 0))
}
