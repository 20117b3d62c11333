import type { Receipt } from '../../schema/entities/receipt'
import { z } from 'zod'
import { map, type Observable } from 'rxjs'
import {
  awaitsReviewBy,
  decidingReviews,
  expenseReviewers,
  reviewDeadline,
  reviewOutcome,
} from '../../schema/calc/household-review'
import { mayDecideSettlement } from '../../schema/calc/settlements'
import type { SplitPart } from '../../schema/calc/splits'
import type { DocOf } from '../../schema/collections'
import type { PaymentMethod, SplitMethod } from '../../schema/entities/household'
import type { Paise } from '../../schema/money/money'
import { HOUSEHOLD_MESSAGES } from '../../schema/validation/household-input'
import { afterOpen$ } from './collections'
import { userData } from './database'
import { ApiError, apiFetch, NetworkError } from './http'
import { plainDoc, plainDocs } from './plain'
import { readToken } from './session'
import { insertDocument, patchDocument } from './writes'

export type HouseholdDoc = DocOf<'households'>
export type HouseholdExpenseDoc = DocOf<'household_expenses'>
export type SettlementDoc = DocOf<'settlements'>

/**
 * Households on the device. Household documents are the server's (membership, roles, settings
 * change over REST below and arrive by sync); expenses, reviews and settlements are written
 * locally, work offline, and the server merges them by its rules when they are pushed.
 */

/** The households the user belongs to (a removed member's device has them deleted by sync). */
export function households$(): Observable<HouseholdDoc[]> {
  const { userId } = userData()
  return afterOpen$((db) =>
    db.households.find({ selector: { updatedAt: { $gte: 0 } }, sort: [{ updatedAt: 'asc' }] }).$.pipe(
      map((docs) =>
        plainDocs<HouseholdDoc>(docs)
          .filter((h) => h.memberIds.includes(userId))
          .sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name)),
      ),
    ),
  )
}

export function household$(id: string): Observable<HouseholdDoc | null> {
  const { userId } = userData()
  return afterOpen$((db) =>
    db.households
      .findOne(id)
      .$.pipe(map((doc) => plainDoc<HouseholdDoc>(doc)))
      .pipe(map((h) => (h && h.memberIds.includes(userId) ? h : null))),
  )
}

/** A household's expenses, newest first (householdId + date index). */
export function householdExpenses$(householdId: string): Observable<HouseholdExpenseDoc[]> {
  return afterOpen$((db) =>
    db.household_expenses
      .find({ selector: { householdId, date: { $gte: 0 } }, sort: [{ householdId: 'asc' }, { date: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<HouseholdExpenseDoc>(docs).reverse())),
  )
}

/** Every household expense on the device (the reviews screen and the list's counts). */
export function allHouseholdExpenses$(): Observable<HouseholdExpenseDoc[]> {
  return afterOpen$((db) =>
    db.household_expenses
      .find({ selector: { updatedAt: { $gte: 0 } }, sort: [{ updatedAt: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<HouseholdExpenseDoc>(docs))),
  )
}

export function settlements$(householdId: string): Observable<SettlementDoc[]> {
  return afterOpen$((db) =>
    db.settlements
      .find({ selector: { householdId, date: { $gte: 0 } }, sort: [{ householdId: 'asc' }, { date: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<SettlementDoc>(docs).reverse())),
  )
}

/** An entry's currency and its rate to the household currency named in `fxHome` (null: not converted). */
export interface EntryMoney {
  currency: string
  fxRate: number | null
  fxHome?: string
}

/**
 * The rate last given in this household for a pair (`currency` to `home`): that of its latest
 * expense or payment with it, or null. Read from the entries on the device, so it works offline.
 */
export async function lastHouseholdRate(householdId: string, currency: string, home: string): Promise<number | null> {
  if (currency === home) return null
  const db = await userData().whole
  const selector = { householdId, currency, fxHome: home, fxRate: { $gt: 0 } }
  const [expenses, payments] = await Promise.all([
    db.household_expenses.find({ selector }).exec(),
    db.settlements.find({ selector }).exec(),
  ])
  const latest = [...expenses, ...payments].sort((a, b) => b.date - a.date)[0]
  return latest?.fxRate ?? null
}

/**
 * Gives an expense or payment in another currency its rate to the household currency `home`, or
 * takes it back (null). The server takes it from an admin, its payer or whoever entered it.
 */
export async function setHouseholdRate(
  collection: 'household_expenses' | 'settlements',
  id: string,
  rate: number | null,
  home: string,
): Promise<void> {
  const patch = rate === null ? { fxRate: null } : { fxRate: rate, fxHome: home }
  const found =
    collection === 'settlements'
      ? await patchDocument('settlements', id, patch)
      : await patchDocument('household_expenses', id, patch)
  if (!found) throw new Error(`${collection} ${id} not found`)
}

export interface ExpenseFields extends EntryMoney {
  household: HouseholdDoc
  amount: Paise
  category: string
  description: string
  date: number
  paidBy: string
  splitMethod: SplitMethod
  splits: SplitPart[]
  /** The receipt photo kept on this device (src/data/receipts.ts), or null. */
  receipt?: Receipt | null
}

/**
 * Saves a shared expense locally (works offline). Reviews, status and the deadline shown until it
 * syncs are provisional: the server sets them when it receives the expense.
 */
export function addHouseholdExpense(fields: ExpenseFields): Promise<HouseholdExpenseDoc> {
  const now = Date.now()
  const { household } = fields
  const reviewers = expenseReviewers(household.memberIds, userData().userId, fields.paidBy)
  return insertDocument('household_expenses', {
    householdId: household.id,
    amount: fields.amount,
    category: fields.category,
    description: fields.description.trim(),
    date: fields.date,
    paidBy: fields.paidBy,
    splitMethod: fields.splitMethod,
    splits: fields.splits,
    ...entryMoney(fields),
    ...(fields.receipt ? { receipt: fields.receipt } : {}),
    reviews: reviewers.map((userId) => ({ userId, status: 'pending' as const, reason: '', at: now })),
    status: reviewers.length > 0 ? 'pending' : 'approved',
    deadline: reviewDeadline(now, household.reviewPeriodHours),
    createdAt: now,
  })
}

/**
 * Adds, replaces or removes (null) a shared expense's receipt: the server takes this change from
 * the expense's author or payer only.
 */
export async function setHouseholdReceipt(id: string, receipt: Receipt | null): Promise<void> {
  if (!(await patchDocument('household_expenses', id, { receipt })))
    throw new Error(`Household expense ${id} not found`)
}

/** Records the signed-in member's own review (works offline); the server has the last word on the status. */
export async function reviewHouseholdExpense(
  id: string,
  decision: { status: 'approved' } | { status: 'denied'; reason: string },
): Promise<void> {
  const { userId } = userData()
  const reason = decision.status === 'denied' ? decision.reason.trim() : ''
  if (decision.status === 'denied' && !reason) throw new Error(HOUSEHOLD_MESSAGES.reasonRequired)
  const now = Date.now()
  await patchDocument('household_expenses', id, (current) => {
    if (!awaitsReviewBy(current, userId)) throw new Error(HOUSEHOLD_MESSAGES.notReviewer)
    const reviews = current.reviews.map((r) =>
      r.userId === userId ? { ...r, status: decision.status, reason, at: now } : r,
    )
    // The status the server will reach by the same rule, so balances move on this device at once,
    // offline too; the server's own decision replaces it when the review is pushed.
    return { reviews, status: reviewOutcome(decidingReviews(current, reviews), current.deadline, now) }
  })
}

/** The currency fields as stored: a rate only with the currency it converts to. */
function entryMoney(fields: EntryMoney): EntryMoney {
  const rated = fields.fxRate !== null && fields.fxHome !== undefined
  return rated
    ? { currency: fields.currency, fxRate: fields.fxRate, fxHome: fields.fxHome }
    : { currency: fields.currency, fxRate: null }
}

export interface SettlementFields extends EntryMoney {
  householdId: string
  toUserId: string
  amount: Paise
  method: PaymentMethod
  transactionId: string
  note: string
}

/** Records money the signed-in member paid another (works offline); pending until the receiver confirms. */
export function recordSettlement(fields: SettlementFields): Promise<SettlementDoc> {
  const { userId } = userData()
  return insertDocument('settlements', {
    ...fields,
    ...entryMoney(fields),
    transactionId: fields.transactionId.trim(),
    note: fields.note.trim(),
    fromUserId: userId,
    date: Date.now(),
    status: 'pending',
  })
}

export type SettlementDecision =
  { status: 'confirmed' } | { status: 'declined'; reason: string } | { status: 'cancelled' }

/**
 * The receiver confirms or declines (with a reason), the payer cancels a pending settlement (works
 * offline). Throws when the signed-in member may not; the server applies the same rule on push.
 */
export async function decideSettlement(id: string, decision: SettlementDecision): Promise<void> {
  const { userId } = userData()
  const reason = decision.status === 'declined' ? decision.reason.trim() : ''
  if (decision.status === 'declined' && !reason) throw new Error(HOUSEHOLD_MESSAGES.declineReasonRequired)
  const now = Date.now()
  const confirmed = decision.status === 'confirmed'
  await patchDocument('settlements', id, (current) => {
    if (!mayDecideSettlement(current, userId, decision.status)) throw new Error('This payment can no longer change')
    return {
      status: decision.status,
      confirmedAt: confirmed ? now : 0,
      declineReason: reason,
      decidedAt: confirmed ? 0 : now,
    }
  })
}

/* REST: what needs the server's judgement (DESIGN §1). Each throws NetworkError when offline. */

function token(): string {
  const value = readToken()
  if (!value) throw new ApiError(401, 'Not signed in')
  return value
}

export interface HouseholdSettingsInput {
  name: string
  description: string
  icon: string
  color: string
  /** Decimal rupees, as the API takes them. */
  monthly_budget: number
  review_period_hours: number
  /** What balances add up in (a new household: the creator's home currency). */
  currency: string
}

export async function createHousehold(input: HouseholdSettingsInput): Promise<string> {
  const { household } = await apiFetch('/households', z.object({ household: z.object({ id: z.string() }) }), {
    method: 'POST',
    body: input,
    token: token(),
  })
  return household.id
}

export async function updateHousehold(id: string, input: Partial<HouseholdSettingsInput>): Promise<void> {
  await apiFetch(`/households/${encodeURIComponent(id)}`, z.unknown(), { method: 'PUT', body: input, token: token() })
}

/** Sends an invitation; the server answers alike whether or not the e-mail has an account. */
export async function inviteMember(id: string, email: string): Promise<void> {
  await apiFetch(`/households/${encodeURIComponent(id)}/invite`, z.unknown(), {
    method: 'POST',
    body: { email },
    token: token(),
  })
}

export interface PendingInvite {
  id: string
  email: string
}

/** The invitations of a household not yet answered (admins only). */
export async function pendingInvites(id: string, signal?: AbortSignal): Promise<PendingInvite[]> {
  const body = await apiFetch(
    `/households/${encodeURIComponent(id)}`,
    z.object({ pending_invites: z.array(z.object({ id: z.string(), email: z.string() })).optional() }),
    { token: token(), signal },
  )
  return body.pending_invites ?? []
}

export async function cancelInvitation(householdId: string, invitationId: string): Promise<void> {
  const path = `/households/${encodeURIComponent(householdId)}/invitations/${encodeURIComponent(invitationId)}`
  await apiFetch(path, z.unknown(), { method: 'DELETE', token: token() })
}

export interface Invitation {
  id: string
  householdName: string
  invitedBy: string
  /** ms since the epoch. */
  createdAt: number
}

/** Invitations waiting for the signed-in user's account e-mail. */
export async function myInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const { invitations } = await apiFetch(
    '/households/invitations',
    z.object({
      invitations: z.array(
        z.object({ id: z.string(), household_name: z.string(), invited_by_name: z.string(), created_at: z.string() }),
      ),
    }),
    { token: token(), signal },
  )
  return invitations.map((i) => ({
    id: i.id,
    householdName: i.household_name,
    invitedBy: i.invited_by_name,
    createdAt: Date.parse(i.created_at),
  }))
}

/** Joins the household; its document then reaches this device by sync. */
export async function acceptInvitation(id: string): Promise<string> {
  const { household_id } = await apiFetch(
    `/households/invitations/${encodeURIComponent(id)}/accept`,
    z.object({ household_id: z.string() }),
    { method: 'POST', token: token() },
  )
  return household_id
}

export async function declineInvitation(id: string): Promise<void> {
  const path = `/households/invitations/${encodeURIComponent(id)}/decline`
  await apiFetch(path, z.unknown(), { method: 'POST', token: token() })
}

export async function removeMember(id: string, userId: string): Promise<void> {
  const path = `/households/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`
  await apiFetch(path, z.unknown(), { method: 'DELETE', token: token() })
}

export async function leaveHousehold(id: string): Promise<void> {
  await apiFetch(`/households/${encodeURIComponent(id)}/leave`, z.unknown(), { method: 'POST', token: token() })
}

/** The message to show for a failed household call: the server's text, or the offline note, or `fallback`. */
export function householdError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return HOUSEHOLD_MESSAGES.needsConnection
  if (error instanceof ApiError && error.message) return error.message
  return fallback
}
