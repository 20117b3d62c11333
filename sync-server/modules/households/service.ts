import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { StreamEvent } from '../../../schema/api/sync'
import { decidingReviews, reviewOutcome } from '../../../schema/calc/household-review'
import type { Household, HouseholdExpense, HouseholdMember } from '../../../schema/entities/household'
import { isUpiId } from '../../../schema/upi-id'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import type { AppDatabase } from '../../db/database'
import type { DocumentsRepository, DocumentUnit, StoredDocument } from '../../db/documents'
import { documents as documentsTable } from '../../db/tables'
import type { HouseholdInviteRow, UserRow } from '../../db/tables'
import type { UsersRepository } from '../../db/users'
import { HttpError } from '../../http-error'
import { MembershipStore } from './membership'
import { tombstoneFor } from './rules'

export const HOUSEHOLD_COLLECTIONS = ['households', 'household_expenses', 'settlements'] as const
export type HouseholdCollection = (typeof HOUSEHOLD_COLLECTIONS)[number]

export interface HouseholdServiceDeps {
  db: AppDatabase
  documents: DocumentsRepository
  users: UsersRepository
  now: () => number
}

export interface HouseholdSettings {
  name: string
  description: string
  icon: Household['icon']
  color: Household['color']
  monthlyBudget: number
  reviewPeriodHours: number
}

export type Role = 'admin' | 'member'

/**
 * Households and their membership: the server alone decides who belongs (DESIGN §4). Joining
 * re-stamps the household's rows so the newcomer's next pull gets its history; leaving or being
 * removed re-stamps them too and marks the point up to which that person's devices receive
 * tombstones. Every change is announced to each current member's streams (the documents
 * repository asks `members` who they are once the change has committed).
 */
export class HouseholdService {
  readonly members: MembershipStore

  constructor(readonly deps: HouseholdServiceDeps) {
    this.members = new MembershipStore(deps.db)
    // Members see each other's UPI IDs in the household document: a profile change rewrites it.
    deps.documents.addWriteListener('profile', (ownerId) => this.refreshMemberDetails(ownerId))
    const audience = {
      groupOf: (doc: StoredDocument) => householdOf(doc),
      channels: (householdId: string) => this.members.members(householdId).map((m) => m.userId),
    }
    for (const collection of HOUSEHOLD_COLLECTIONS) deps.documents.setAudience(collection, audience)
  }

  get now(): number {
    return this.deps.now()
  }

  /** The household when `userId` currently belongs to it; 404 otherwise, whether it exists or not. */
  access(householdId: string, userId: string): { household: Household; role: Role } {
    const membership = this.members.active(householdId, userId)
    const doc = membership ? this.deps.documents.get('households', householdId) : undefined
    if (!membership || !doc || doc.deleted) throw new HttpError(404, HOUSEHOLD_MESSAGES.notFound, 'NOT_FOUND')
    return { household: doc.data as Household, role: membership.role }
  }

  requireAdmin(householdId: string, userId: string): Household {
    const { household, role } = this.access(householdId, userId)
    if (role !== 'admin') throw new HttpError(403, HOUSEHOLD_MESSAGES.adminOnly, 'FORBIDDEN')
    return household
  }

  list(userId: string): { household: Household; role: Role }[] {
    return this.members.householdsOf(userId).flatMap((m) => {
      const doc = this.deps.documents.get('households', m.householdId)
      return doc && !doc.deleted ? [{ household: doc.data as Household, role: m.role }] : []
    })
  }

  create(userId: string, settings: HouseholdSettings): Household {
    const now = this.now
    const id = randomUUID()
    const stored = this.deps.documents.write((unit) => {
      this.members.join(id, userId, 'admin', now)
      const doc: Household = {
        id,
        ownerId: userId,
        updatedAt: now,
        ...settings,
        members: this.memberList(id),
        memberIds: [userId],
        createdAt: now,
        recurring: [],
      }
      return unit.putAllowed('households', userId, doc)
    })
    return stored.data as Household
  }

  update(userId: string, householdId: string, patch: Partial<HouseholdSettings>): Household {
    const household = this.requireAdmin(householdId, userId)
    const next: Household = { ...household, ...patch, updatedAt: Math.max(this.now, household.updatedAt + 1) }
    // Under its stored owner: the creator, or the custodian once the creator's account is gone.
    const stored = this.deps.documents.write((unit) =>
      unit.putAllowed('households', unit.get('households', householdId)!.ownerId, next),
    )
    return stored.data as Household
  }

  /**
   * Records an invitation the account with that e-mail may accept or decline. The answer is the
   * same whether or not such an account exists, so an e-mail tells the inviter nothing about it;
   * only someone already in the household (whom the admin sees anyway) is refused.
   */
  invite(userId: string, householdId: string, email: string): void {
    this.requireAdmin(householdId, userId)
    const invitee = this.deps.users.findByEmail(email)
    if (invitee && this.members.active(householdId, invitee.id))
      throw new HttpError(409, HOUSEHOLD_MESSAGES.alreadyMember, 'ALREADY_MEMBER')
    this.members.invite(householdId, email.toLowerCase(), userId, this.now)
  }

  /** The invitations waiting for the user's account e-mail, with the household and who invited them. */
  invitations(userId: string): { invitation: HouseholdInviteRow; household: Household; inviter: string }[] {
    const user = this.deps.users.findById(userId)
    if (!user) return []
    return this.members.invitesFor(user.email.toLowerCase()).flatMap((invitation) => {
      const doc = this.deps.documents.get('households', invitation.householdId)
      if (!doc || doc.deleted) return []
      const inviter = this.deps.users.findById(invitation.invitedBy)
      const name = inviter ? (inviter.name || inviter.email).slice(0, 100) : 'A former member'
      return [{ invitation, household: doc.data as Household, inviter: name }]
    })
  }

  /** Joins the household the invitation is for; its rows reach the new member by sync. */
  accept(userId: string, invitationId: string): Household {
    const invitation = this.invitationFor(userId, invitationId)
    const { householdId } = invitation
    const doc = this.deps.documents.get('households', householdId)
    if (!doc || doc.deleted) {
      this.members.dropInvitation(invitation.id)
      throw new HttpError(404, HOUSEHOLD_MESSAGES.invitationNotFound, 'NOT_FOUND')
    }
    if (this.members.active(householdId, userId)) {
      this.members.dropInvitation(invitation.id)
      return doc.data as Household
    }
    const now = this.now
    const written = this.deps.documents.write((unit) => {
      this.members.dropInvitation(invitation.id)
      this.members.join(householdId, userId, 'member', now)
      return this.restamp(unit, householdId, now)
    })
    return written.households[0]!.data as Household
  }

  decline(userId: string, invitationId: string): void {
    this.members.dropInvitation(this.invitationFor(userId, invitationId).id)
  }

  /** An admin takes back an invitation of their household. */
  cancelInvitation(adminId: string, householdId: string, invitationId: string): void {
    this.requireAdmin(householdId, adminId)
    const invitation = this.members.invitation(invitationId)
    if (invitation?.householdId !== householdId)
      throw new HttpError(404, HOUSEHOLD_MESSAGES.invitationNotFound, 'NOT_FOUND')
    this.members.dropInvitation(invitation.id)
  }

  /** The invitation when it was sent to the user's account e-mail; 404 otherwise, whether it exists or not. */
  private invitationFor(userId: string, invitationId: string): HouseholdInviteRow {
    const user = this.deps.users.findById(userId)
    const invitation = this.members.invitation(invitationId)
    if (!user || invitation?.email !== user.email.toLowerCase())
      throw new HttpError(404, HOUSEHOLD_MESSAGES.invitationNotFound, 'NOT_FOUND')
    return invitation
  }

  removeMember(adminId: string, householdId: string, memberId: string): void {
    this.requireAdmin(householdId, adminId)
    if (memberId === adminId) throw new HttpError(400, 'Use Leave Household to leave', 'VALIDATION_ERROR')
    if (!this.members.active(householdId, memberId)) throw new HttpError(404, HOUSEHOLD_MESSAGES.notMember, 'NOT_FOUND')
    this.depart(householdId, memberId)
  }

  leave(userId: string, householdId: string): void {
    this.access(householdId, userId)
    this.depart(householdId, userId)
  }

  /**
   * Takes a member out: their pending reviews are dropped (the others decide), an admin leaving
   * last hands the role to the earliest member, and every row is re-stamped so their devices
   * receive tombstones up to that point.
   */
  private depart(householdId: string, userId: string): void {
    this.deps.documents.write((unit) => {
      const written = this.departIn(unit, householdId, userId, this.now)
      // The departed member's devices learn of the rows as tombstones, so they drop them.
      for (const collection of HOUSEHOLD_COLLECTIONS) {
        const rows = written[collection]
        const last = rows.at(-1)
        if (!last) continue
        const event: StreamEvent = {
          collection,
          documents: rows.map((r) => tombstoneFor(collection, r.id, r.ownerId, r.householdId)),
          checkpoint: { seq: last.seq },
        }
        unit.tell(userId, event)
      }
    })
  }

  /** `depart` inside the caller's unit; returns the re-stamped rows (announced to the remaining members). */
  departIn(
    unit: DocumentUnit,
    householdId: string,
    userId: string,
    now: number,
  ): Record<HouseholdCollection, StoredDocument[]> {
    this.members.remove(householdId, userId, Number.MAX_SAFE_INTEGER)
    const rest = this.members.members(householdId)
    if (rest.length > 0 && !rest.some((m) => m.role === 'admin'))
      this.members.setRole(householdId, rest[0]!.userId, 'admin')
    const result = this.restamp(unit, householdId, now, (e) => dropReviewer(e, userId, now))
    this.members.remove(householdId, userId, this.deps.documents.lastSeq)
    return result
  }

  /** Rewrites the household document from the membership table and gives every row of the household a new seq. */
  private restamp(
    unit: DocumentUnit,
    householdId: string,
    now: number,
    transformExpense: (e: HouseholdExpense) => HouseholdExpense = (e) => e,
  ): Record<HouseholdCollection, StoredDocument[]> {
    const current = unit.get('households', householdId)
    if (!current) throw new HttpError(404, HOUSEHOLD_MESSAGES.notFound, 'NOT_FOUND')
    const household = current.data as Household
    const members = this.memberList(householdId)
    const next: Household = {
      ...household,
      members,
      memberIds: members.map((m) => m.userId),
      updatedAt: Math.max(now, household.updatedAt + 1),
    }
    return {
      households: [unit.putAllowed('households', current.ownerId, next, current.deleted)],
      household_expenses: this.rows('household_expenses', householdId).map((row) =>
        unit.putAllowed('household_expenses', row.ownerId, transformExpense(row.data as HouseholdExpense), row.deleted),
      ),
      settlements: this.rows('settlements', householdId).map((row) =>
        unit.putAllowed('settlements', row.ownerId, row.data, row.deleted),
      ),
    }
  }

  /** The current members as the household document lists them. */
  private memberList(householdId: string): HouseholdMember[] {
    return this.members.members(householdId).flatMap((m) => {
      const user = this.deps.users.findById(m.userId)
      return user ? [memberEntry(user, m.role, m.joinedAt, this.upiIdOf(m.userId))] : []
    })
  }

  /** The UPI ID a user saved in their profile, or ''. */
  private upiIdOf(userId: string): string {
    const profile = this.deps.documents.get('profile', userId)
    const upiId = profile && !profile.deleted && profile.ownerId === userId ? profile.data.upiId : ''
    return typeof upiId === 'string' && isUpiId(upiId) ? upiId : ''
  }

  /**
   * Rewrites the member list of every household the user belongs to whose copy of what members
   * see of them (their UPI ID) is out of date.
   */
  refreshMemberDetails(userId: string): void {
    for (const { householdId } of this.members.householdsOf(userId)) {
      this.deps.documents.write((unit) => {
        const current = unit.get('households', householdId)
        if (!current || current.deleted) return
        const household = current.data as Household
        const members = this.memberList(householdId)
        if (JSON.stringify(members) === JSON.stringify(household.members)) return
        const next = { ...household, members, updatedAt: Math.max(this.now, household.updatedAt + 1) }
        unit.putAllowed('households', current.ownerId, next)
      })
    }
  }

  /** Every row (tombstones too) of a household collection, oldest seq first. */
  rows(collection: 'household_expenses' | 'settlements', householdId: string): StoredDocument[] {
    return this.deps.db
      .select()
      .from(documentsTable)
      .where(and(eq(documentsTable.collection, collection), eq(documentsTable.householdId, householdId)))
      .orderBy(asc(documentsTable.seq))
      .all()
      .map((row) => ({ ...row, collection, data: JSON.parse(row.data) as Record<string, unknown> }))
  }
}

/** The household a row belongs to: the household document's own id, else its householdId. */
export function householdOf(row: StoredDocument): string {
  return row.collection === 'households' ? row.id : String(row.householdId ?? row.data.householdId)
}

function memberEntry(user: UserRow, role: Role, joinedAt: number, upiId: string): HouseholdMember {
  const name = (user.name || user.email).slice(0, 100)
  return { userId: user.id, name, email: user.email, role, joinedAt, upiId }
}

/** A departed member's pending review no longer holds a pending expense back. */
function dropReviewer(expense: HouseholdExpense, userId: string, now: number): HouseholdExpense {
  if (expense.status !== 'pending' || !expense.reviews.some((r) => r.userId === userId)) return expense
  const reviews = expense.reviews.filter((r) => r.userId !== userId)
  const status = reviewOutcome(decidingReviews(expense, reviews), expense.deadline, now)
  return { ...expense, reviews, status, updatedAt: Math.max(now, expense.updatedAt + 1) }
}
