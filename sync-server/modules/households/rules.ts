import { householdCurrencyOf } from '../../../schema/calc/household-money'
import { entryCurrency } from '../../../schema/money/currency'
import { isWholeIn } from '../../../schema/entities/entry-currency'
import { decidingReviews, expenseReviewers, reviewDeadline, reviewOutcome } from '../../../schema/calc/household-review'
import { mayDecideSettlement } from '../../../schema/calc/settlements'
import { absorbRounding, splitMismatch } from '../../../schema/calc/splits'
import type { Household, HouseholdExpense, Settlement } from '../../../schema/entities/household'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { HttpError } from '../../http-error'

/**
 * The server's rules for household documents, shared by the REST routes and sync pushes: what a
 * member may set, and what the server decides (owner, payer checks, reviews, status, deadline).
 * Each returns the document to store; an `updatedAt` past both versions makes the stored state
 * win on the pushing device (its conflict handler keeps the newer document).
 */

function bump(now: number, ...previous: number[]): number {
  return Math.max(now, ...previous.map((p) => p + 1))
}

function assertMember(household: Household, userId: string): void {
  if (!household.memberIds.includes(userId)) throw new HttpError(400, HOUSEHOLD_MESSAGES.notMember, 'NOT_MEMBER')
}

/** A new expense as stored: entered by the caller; splits among members adding up to the amount. */
export function acceptNewExpense(
  draft: HouseholdExpense,
  ctx: { callerId: string; household: Household; now: number },
): HouseholdExpense {
  const { callerId, household, now } = ctx
  assertMember(household, draft.paidBy)
  const seen = new Set<string>()
  for (const split of draft.splits) {
    assertMember(household, split.userId)
    if (seen.has(split.userId))
      throw new HttpError(400, 'Each member can appear only once in the split', 'INVALID_SPLIT')
    seen.add(split.userId)
  }
  const mismatch = splitMismatch(draft.amount, draft.splits)
  if (mismatch) throw new HttpError(400, mismatch, 'SPLIT_MISMATCH')
  // Each part in whole units of the expense's currency (whole yen), as its amount is.
  const currency = entryCurrency(draft, householdCurrencyOf(household))
  if (!draft.splits.every((split) => isWholeIn(split.amount, currency)))
    throw new HttpError(400, HOUSEHOLD_MESSAGES.amountDigits(currency), 'INVALID_SPLIT')
  const deadline = reviewDeadline(now, household.reviewPeriodHours)
  const reviews = expenseReviewers(household.memberIds, callerId, draft.paidBy).map((userId) => ({
    userId,
    status: 'pending' as const,
    reason: '',
    at: now,
  }))
  return {
    ...draft,
    ownerId: callerId,
    splits: absorbRounding(draft.amount, draft.splits),
    reviews,
    status: reviewOutcome(reviews, deadline, now),
    deadline,
    createdAt: now,
    updatedAt: bump(now, draft.updatedAt),
  }
}

export type ReviewDecision = { status: 'approved' } | { status: 'denied'; reason: string }

/** 403 unless the caller reviews this expense: whoever entered it and whoever paid it never do. */
function assertReviewer(stored: HouseholdExpense, callerId: string): void {
  const message =
    callerId === stored.ownerId
      ? HOUSEHOLD_MESSAGES.entrantCannotReview
      : callerId === stored.paidBy
        ? HOUSEHOLD_MESSAGES.payerCannotReview
        : stored.reviews.some((r) => r.userId === callerId)
          ? null
          : HOUSEHOLD_MESSAGES.notReviewer
  if (message) throw new HttpError(403, message, 'NOT_REVIEWER')
}

/**
 * The caller's own review applied to a pending expense, and the status recomputed. Throws 403
 * when the caller does not review it (entered or paid it, or was not a member when it was
 * added), 409 once decided.
 */
export function applyReview(
  stored: HouseholdExpense,
  callerId: string,
  decision: ReviewDecision,
  now: number,
  pushedAt = 0,
): HouseholdExpense {
  assertReviewer(stored, callerId)
  if (stored.status !== 'pending') throw new HttpError(409, HOUSEHOLD_MESSAGES.alreadyDecided, 'ALREADY_DECIDED')
  const reason = decision.status === 'denied' ? decision.reason.trim() : ''
  if (decision.status === 'denied' && !reason)
    throw new HttpError(400, HOUSEHOLD_MESSAGES.reasonRequired, 'VALIDATION_ERROR')
  // An expense stored before the rule may list who entered it among its reviewers: that entry goes.
  const reviews = decidingReviews(stored, stored.reviews).map((r) =>
    r.userId === callerId ? { ...r, status: decision.status, reason, at: now } : r,
  )
  return {
    ...stored,
    reviews,
    status: reviewOutcome(reviews, stored.deadline, now),
    updatedAt: bump(now, stored.updatedAt, pushedAt),
  }
}

/**
 * A pushed version of an existing expense: only the caller's own review is taken from it (each
 * member owns only their entry; whoever entered or paid it has none), and its rate from those who
 * may correct it (`withPushedRate`); everything else, the payer included, stays as stored. A review that cannot apply
 * (decided expense, not a reviewer) leaves the stored state, which goes back as the conflict.
 */
export function mergePushedExpense(
  held: HouseholdExpense,
  pushed: HouseholdExpense,
  callerId: string,
  now: number,
  household: Household,
): HouseholdExpense {
  const stored = withPushedRate(held, pushed, callerId, household, now)
  if (callerId === stored.ownerId || callerId === stored.paidBy) return withPushedReceipt(stored, pushed, now)
  const mine = pushed.reviews.find((r) => r.userId === callerId)
  const current = stored.reviews.find((r) => r.userId === callerId)
  if (!mine || !current || mine.status === 'pending' || stored.status !== 'pending') return stored
  if (mine.status === current.status && mine.reason === current.reason) return stored
  const decision: ReviewDecision =
    mine.status === 'denied' ? { status: 'denied', reason: mine.reason } : { status: 'approved' }
  return applyReview(stored, callerId, decision, now, pushed.updatedAt)
}

/**
 * The one change the author or payer may make to a stored expense: adding, replacing or removing
 * its receipt (null removes it). A device that does not know the field (undefined) changes nothing.
 */
function withPushedReceipt(stored: HouseholdExpense, pushed: HouseholdExpense, now: number): HouseholdExpense {
  if (pushed.receipt === undefined || pushed.receipt?.id === stored.receipt?.id) return stored
  return { ...stored, receipt: pushed.receipt, updatedAt: bump(now, stored.updatedAt, pushed.updatedAt) }
}

/** A pending expense whose deadline has passed, approved; unchanged otherwise. */
export function expireReview(stored: HouseholdExpense, now: number): HouseholdExpense {
  if (stored.status !== 'pending') return stored
  const status = reviewOutcome(decidingReviews(stored, stored.reviews), stored.deadline, now)
  return status === stored.status ? stored : { ...stored, status, updatedAt: bump(now, stored.updatedAt) }
}

/**
 * A new settlement as stored: paid by the caller to another member, pending until the receiver
 * confirms; or already cancelled, when the payer took it back before it reached the server.
 */
export function acceptNewSettlement(
  draft: Settlement,
  ctx: { callerId: string; household: Household; now: number },
): Settlement {
  const { callerId, household, now } = ctx
  assertMember(household, draft.toUserId)
  if (draft.toUserId === callerId) throw new HttpError(400, HOUSEHOLD_MESSAGES.selfSettlement, 'VALIDATION_ERROR')
  // Confirming and declining are the receiver's; cancelling is the payer's, who is the caller.
  const cancelled = draft.status === 'cancelled'
  return {
    ...draft,
    ownerId: callerId,
    fromUserId: callerId,
    status: cancelled ? 'cancelled' : 'pending',
    confirmedAt: 0,
    declineReason: '',
    decidedAt: cancelled ? Math.min(draft.decidedAt || now, now) : 0,
    updatedAt: bump(now, draft.updatedAt),
  }
}

export type SettlementDecision =
  { status: 'confirmed' } | { status: 'declined'; reason: string } | { status: 'cancelled' }

const NOT_ENTITLED = {
  confirmed: HOUSEHOLD_MESSAGES.onlyReceiverConfirms,
  declined: HOUSEHOLD_MESSAGES.onlyReceiverDeclines,
  cancelled: HOUSEHOLD_MESSAGES.onlyPayerCancels,
} as const

const ALREADY = {
  confirmed: HOUSEHOLD_MESSAGES.settlementConfirmed,
  declined: HOUSEHOLD_MESSAGES.settlementDeclined,
  cancelled: HOUSEHOLD_MESSAGES.settlementCancelled,
} as const

/**
 * The receiver confirms or declines (with a reason), the payer cancels; 403 for anyone else, 409
 * once it was decided otherwise. Asking for what already happened changes nothing.
 */
export function decideSettlement(
  stored: Settlement,
  callerId: string,
  decision: SettlementDecision,
  now: number,
  pushedAt = 0,
): Settlement {
  const { status } = decision
  const entitled = status === 'cancelled' ? stored.fromUserId : stored.toUserId
  if (callerId !== entitled) throw new HttpError(403, NOT_ENTITLED[status], 'FORBIDDEN')
  if (stored.status === status) return stored
  if (stored.status !== 'pending') throw new HttpError(409, ALREADY[stored.status], 'ALREADY_DECIDED')
  const reason = decision.status === 'declined' ? decision.reason.trim() : ''
  if (status === 'declined' && !reason)
    throw new HttpError(400, HOUSEHOLD_MESSAGES.declineReasonRequired, 'VALIDATION_ERROR')
  return {
    ...stored,
    status,
    confirmedAt: status === 'confirmed' ? now : 0,
    declineReason: reason,
    decidedAt: status === 'confirmed' ? 0 : now,
    updatedAt: bump(now, stored.updatedAt, pushedAt),
  }
}

/**
 * A pushed version of an existing settlement: only a decision the caller may make on a pending
 * one is taken from it (the receiver's confirmation or declining, the payer's cancelling), and its
 * rate from those who may correct it (`withPushedRate`);
 * anything else, amount and parties included, stays as stored and goes back as the conflict.
 */
export function mergePushedSettlement(
  held: Settlement,
  pushed: Settlement,
  callerId: string,
  now: number,
  household: Household,
): Settlement {
  const stored = withPushedRate(held, pushed, callerId, household, now)
  if (pushed.status === 'pending' || !mayDecideSettlement(stored, callerId, pushed.status)) return stored
  const decision: SettlementDecision =
    pushed.status === 'declined' ? { status: 'declined', reason: pushed.declineReason } : { status: pushed.status }
  return decideSettlement(stored, callerId, decision, now, pushed.updatedAt)
}

type MoneyEntry = HouseholdExpense | Settlement
const payerOf = (entry: MoneyEntry) => ('paidBy' in entry ? entry.paidBy : entry.fromUserId)

/** An admin, whoever paid it and whoever entered it may correct the rate of an expense or payment. */
function mayChangeRate(entry: MoneyEntry, callerId: string, household: Household): boolean {
  const admin = household.members.some((m) => m.userId === callerId && m.role === 'admin')
  return admin || callerId === payerOf(entry) || callerId === entry.ownerId
}

/** The entry with `rate` to `to` (null: not converted); its currency written out, the rest unchanged. */
function rated<T extends MoneyEntry>(
  entry: T,
  currency: string,
  rate: number | null,
  to: string,
  updatedAt: number,
): T {
  const { fxHome: _dropped, ...rest } = entry
  return { ...rest, currency, fxRate: rate, ...(rate === null ? {} : { fxHome: to }), updatedAt } as T
}

/**
 * Sets the rate of an expense or payment in another currency than the household's (REST): 403
 * for anyone but an admin, its payer or who entered it. A rate converts to today's household
 * currency; an entry already in it stays as it is.
 */
export function withRate<T extends MoneyEntry>(
  entry: T,
  household: Household,
  rate: number | null,
  caller: { userId: string; admin: boolean },
  now: number,
): T {
  const hc = householdCurrencyOf(household)
  if (!caller.admin && caller.userId !== payerOf(entry) && caller.userId !== entry.ownerId)
    throw new HttpError(403, HOUSEHOLD_MESSAGES.rateNotAllowed, 'FORBIDDEN')
  const currency = entryCurrency(entry, hc)
  if (currency === hc.currency) return entry
  if ((entry.fxRate ?? null) === rate && (rate === null || entry.fxHome === hc.currency)) return entry
  return rated(entry, currency, rate, hc.currency, bump(now, entry.updatedAt))
}

/**
 * The one change of money a push may make to a stored expense or payment: its rate, by those who
 * may correct it (an admin, its payer, who entered it). A device that does not know currencies
 * (no `currency`) or names another currency than the entry's changes nothing.
 */
function withPushedRate<T extends MoneyEntry>(
  stored: T,
  pushed: T,
  callerId: string,
  household: Household,
  now: number,
): T {
  const currency = entryCurrency(stored, householdCurrencyOf(household))
  if (pushed.currency === undefined || pushed.currency !== currency) return stored
  const rate = pushed.fxRate ?? null
  if (rate === (stored.fxRate ?? null) && (rate === null || pushed.fxHome === stored.fxHome)) return stored
  if (!mayChangeRate(stored, callerId, household) || (rate !== null && pushed.fxHome === undefined)) return stored
  return rated(stored, currency, rate, pushed.fxHome ?? '', bump(now, stored.updatedAt, pushed.updatedAt))
}

/**
 * What a former member's devices receive for a row of the household they left: a tombstone with
 * placeholder values (the entity's shape, none of the household's data), so they drop it.
 */
export function tombstoneFor(collection: string, id: string, ownerId: string, householdId: string | null) {
  const base = { id, ownerId, updatedAt: 0, _deleted: true }
  if (collection === 'households') {
    const placeholder = { name: '-', description: '', icon: 'home', color: '#10b981', monthlyBudget: 0 }
    return { ...base, ...placeholder, reviewPeriodHours: 24, members: [], memberIds: [], createdAt: 0 }
  }
  const hid = householdId ?? id
  if (collection === 'household_expenses') {
    const splits = [{ userId: ownerId, amount: 1, weight: 0 }]
    return {
      ...base,
      householdId: hid,
      amount: 1,
      description: '',
      category: 'Other',
      date: 0,
      paidBy: ownerId,
      splitMethod: 'equal',
      splits,
      reviews: [],
      status: 'pending',
      deadline: 0,
      createdAt: 0,
    }
  }
  return {
    ...base,
    householdId: hid,
    fromUserId: ownerId,
    toUserId: ownerId,
    amount: 1,
    method: 'upi',
    transactionId: '',
    date: 0,
    note: '',
    status: 'pending',
    confirmedAt: 0,
    declineReason: '',
    decidedAt: 0,
  }
}
