import { randomUUID } from 'node:crypto'
import type { StreamEvent } from '../../../schema/api/sync'
import { householdCurrencyOf } from '../../../schema/calc/household-money'
import { decidingReviews, reviewOutcome } from '../../../schema/calc/household-review'
import { DEFAULT_HOUSEHOLD_CURRENCY } from '../../../schema/entities/household'
import type { Household, HouseholdExpense, HouseholdMember } from '../../../schema/entities/household'
import { isUpiId } from '../../../schema/upi-id'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import type { AppDatabase } from '../../db/database'
import type { DocumentsRepository, DocumentUnit, StoredDocument } from '../../db/documents'
import { HouseholdDocuments, MembershipStore } from '../../db/households'
import type { HouseholdInviteRow, UserRow } from '../../db/tables'
import type { UsersRepository } from '../../db/users'
import { HttpError } from '../../http-error'
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
  /** What the household's balances and totals are in; a new household takes its creator's home currency. */
  currency?: string
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
  /** Reads of the household collections by household and by member. */
  readonly householdDocs: HouseholdDocuments

  constructor(readonly deps: HouseholdServiceDeps) {
    this.members = new MembershipStore(deps.db)
    this.householdDocs = new HouseholdDocuments(deps.db)
    // Members see each other's UPI IDs in the household document: a profile change rewrites it.
    deps.documents.addWriteListener('profile', async (ownerId) => this.refreshMemberDetails(ownerId))
    const audience = {
      groupOf: (doc: StoredDocument) => householdOf(doc),
      channels: async (householdId: string) => (await this.members.members(householdId)).map((m) => m.userId),
    }
    for (const collection of HOUSEHOLD_COLLECTIONS) deps.documents.setAudience(collection, audience)
  }

  get now(): number {
    return this.deps.now()
  }

  /** The household when `userId` currently belongs to it; 404 otherwise, whether it exists or not. */
  async access(householdId: string, userId: string): Promise<{ household: Household; role: Role }> {
    const membership = await this.members.active(householdId, userId)
    const doc = membership ? await this.deps.documents.get('households', householdId) : undefined
    if (!membership || !doc || doc.deleted) throw new HttpError(404, HOUSEHOLD_MESSAGES.notFound, 'NOT_FOUND')
    return { household: doc.data as Household, role: membership.role }
  }

  /** A user's home currency (their profile's, else their account's): what a new household of theirs is in. */
  async homeCurrency(userId: string): Promise<string> {
    const profile = await this.deps.documents.getOwned('profile', userId, userId)
    if (profile && !profile.deleted) return profile.data.currency
    return (await this.deps.users.findById(userId))?.currency ?? DEFAULT_HOUSEHOLD_CURRENCY
  }

  async requireAdmin(householdId: string, userId: string): Promise<Household> {
    const { household, role } = await this.access(householdId, userId)
    if (role !== 'admin') throw new HttpError(403, HOUSEHOLD_MESSAGES.adminOnly, 'FORBIDDEN')
    return household
  }

  async list(userId: string): Promise<{ household: Household; role: Role }[]> {
    const list: { household: Household; role: Role }[] = []
    for (const m of await this.members.householdsOf(userId)) {
      const doc = await this.deps.documents.get('households', m.householdId)
      if (doc && !doc.deleted) list.push({ household: doc.data as Household, role: m.role })
    }
    return list
  }

  async create(userId: string, settings: HouseholdSettings): Promise<Household> {
    const now = this.now
    const id = randomUUID()
    const currency = settings.currency ?? (await this.homeCurrency(userId))
    const stored = await this.deps.documents.write(async (unit) => {
      await this.members.join(id, userId, 'admin', now)
      const doc: Household = {
        id,
        ownerId: userId,
        updatedAt: now,
        ...settings,
        currency,
        members: await this.memberList(id),
        memberIds: [userId],
        createdAt: now,
        recurring: [],
      }
      return unit.putAllowed('households', userId, doc)
    })
    return stored.data as Household
  }

  /**
   * A change of currency converts nothing stored: the first one pins the currency entries without
   * one of their own were made in, and rates count only toward the currency they were given for.
   */
  async update(userId: string, householdId: string, patch: Partial<HouseholdSettings>): Promise<Household> {
    const household = await this.requireAdmin(householdId, userId)
    const { currency: current, legacyCurrency } = householdCurrencyOf(household)
    const pinned = patch.currency !== undefined && patch.currency !== current ? { legacyCurrency: current } : {}
    const next: Household = {
      ...household,
      ...patch,
      ...(legacyCurrency === null ? pinned : {}),
      updatedAt: Math.max(this.now, household.updatedAt + 1),
    }
    // Under its stored owner: the creator, or the custodian once the creator's account is gone.
    const stored = await this.deps.documents.write(async (unit) =>
      unit.putAllowed('households', (await unit.get('households', householdId))!.ownerId, next),
    )
    return stored.data as Household
  }

  /**
   * Records an invitation the account with that e-mail may accept or decline. The answer is the
   * same whether or not such an account exists, so an e-mail tells the inviter nothing about it;
   * only someone already in the household (whom the admin sees anyway) is refused.
   */
  async invite(userId: string, householdId: string, email: string): Promise<void> {
    await this.requireAdmin(householdId, userId)
    const invitee = await this.deps.users.findByEmail(email)
    if (invitee && (await this.members.active(householdId, invitee.id)))
      throw new HttpError(409, HOUSEHOLD_MESSAGES.alreadyMember, 'ALREADY_MEMBER')
    await this.members.invite(householdId, email.toLowerCase(), userId, this.now)
  }

  /** The invitations waiting for the user's account e-mail, with the household and who invited them. */
  async invitations(
    userId: string,
  ): Promise<{ invitation: HouseholdInviteRow; household: Household; inviter: string }[]> {
    const user = await this.deps.users.findById(userId)
    if (!user) return []
    const list: { invitation: HouseholdInviteRow; household: Household; inviter: string }[] = []
    for (const invitation of await this.members.invitesFor(user.email.toLowerCase())) {
      const doc = await this.deps.documents.get('households', invitation.householdId)
      if (!doc || doc.deleted) continue
      const inviter = await this.deps.users.findById(invitation.invitedBy)
      const name = inviter ? (inviter.name || inviter.email).slice(0, 100) : 'A former member'
      list.push({ invitation, household: doc.data as Household, inviter: name })
    }
    return list
  }

  /** Joins the household the invitation is for; its rows reach the new member by sync. */
  async accept(userId: string, invitationId: string): Promise<Household> {
    const invitation = await this.invitationFor(userId, invitationId)
    const { householdId } = invitation
    const doc = await this.deps.documents.get('households', householdId)
    if (!doc || doc.deleted) {
      await this.members.dropInvitation(invitation.id)
      throw new HttpError(404, HOUSEHOLD_MESSAGES.invitationNotFound, 'NOT_FOUND')
    }
    if (await this.members.active(householdId, userId)) {
      await this.members.dropInvitation(invitation.id)
      return doc.data as Household
    }
    const now = this.now
    const written = await this.deps.documents.write(async (unit) => {
      await this.members.dropInvitation(invitation.id)
      await this.members.join(householdId, userId, 'member', now)
      return this.restamp(unit, householdId, now)
    })
    return written.households[0]!.data as Household
  }

  async decline(userId: string, invitationId: string): Promise<void> {
    await this.members.dropInvitation((await this.invitationFor(userId, invitationId)).id)
  }

  /** An admin takes back an invitation of their household. */
  async cancelInvitation(adminId: string, householdId: string, invitationId: string): Promise<void> {
    await this.requireAdmin(householdId, adminId)
    const invitation = await this.members.invitation(invitationId)
    if (invitation?.householdId !== householdId)
      throw new HttpError(404, HOUSEHOLD_MESSAGES.invitationNotFound, 'NOT_FOUND')
    await this.members.dropInvitation(invitation.id)
  }

  /** The invitation when it was sent to the user's account e-mail; 404 otherwise, whether it exists or not. */
  private async invitationFor(userId: string, invitationId: string): Promise<HouseholdInviteRow> {
    const user = await this.deps.users.findById(userId)
    const invitation = await this.members.invitation(invitationId)
    if (!user || invitation?.email !== user.email.toLowerCase())
      throw new HttpError(404, HOUSEHOLD_MESSAGES.invitationNotFound, 'NOT_FOUND')
    return invitation
  }

  async removeMember(adminId: string, householdId: string, memberId: string): Promise<void> {
    await this.requireAdmin(householdId, adminId)
    if (memberId === adminId) throw new HttpError(400, 'Use Leave Household to leave', 'VALIDATION_ERROR')
    if (!(await this.members.active(householdId, memberId)))
      throw new HttpError(404, HOUSEHOLD_MESSAGES.notMember, 'NOT_FOUND')
    await this.depart(householdId, memberId)
  }

  async leave(userId: string, householdId: string): Promise<void> {
    await this.access(householdId, userId)
    await this.depart(householdId, userId)
  }

  /**
   * Takes a member out: their pending reviews are dropped (the others decide), an admin leaving
   * last hands the role to the earliest member, and every row is re-stamped so their devices
   * receive tombstones up to that point.
   */
  private async depart(householdId: string, userId: string): Promise<void> {
    await this.deps.documents.write(async (unit) => {
      const written = await this.departIn(unit, householdId, userId, this.now)
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
  async departIn(
    unit: DocumentUnit,
    householdId: string,
    userId: string,
    now: number,
  ): Promise<Record<HouseholdCollection, StoredDocument[]>> {
    await this.members.remove(householdId, userId, Number.MAX_SAFE_INTEGER)
    const rest = await this.members.members(householdId)
    if (rest.length > 0 && !rest.some((m) => m.role === 'admin'))
      await this.members.setRole(householdId, rest[0]!.userId, 'admin')
    const result = await this.restamp(unit, householdId, now, (e) => dropReviewer(e, userId, now))
    await this.members.remove(householdId, userId, this.deps.documents.lastSeq)
    return result
  }

  /** Rewrites the household document from the membership table and gives every row of the household a new seq. */
  private async restamp(
    unit: DocumentUnit,
    householdId: string,
    now: number,
    transformExpense: (e: HouseholdExpense) => HouseholdExpense = (e) => e,
  ): Promise<Record<HouseholdCollection, StoredDocument[]>> {
    const current = await unit.get('households', householdId)
    if (!current) throw new HttpError(404, HOUSEHOLD_MESSAGES.notFound, 'NOT_FOUND')
    const household = current.data as Household
    const members = await this.memberList(householdId)
    const next: Household = {
      ...household,
      members,
      memberIds: members.map((m) => m.userId),
      updatedAt: Math.max(now, household.updatedAt + 1),
    }
    const households = [await unit.putAllowed('households', current.ownerId, next, current.deleted)]
    const expenses: StoredDocument[] = []
    for (const row of await this.rows('household_expenses', householdId)) {
      const expense = transformExpense(row.data as HouseholdExpense)
      expenses.push(await unit.putAllowed('household_expenses', row.ownerId, expense, row.deleted))
    }
    const settlements: StoredDocument[] = []
    for (const row of await this.rows('settlements', householdId))
      settlements.push(await unit.putAllowed('settlements', row.ownerId, row.data, row.deleted))
    return { households, household_expenses: expenses, settlements }
  }

  /** The current members as the household document lists them. */
  private async memberList(householdId: string): Promise<HouseholdMember[]> {
    const list: HouseholdMember[] = []
    for (const m of await this.members.members(householdId)) {
      const user = await this.deps.users.findById(m.userId)
      if (user) list.push(memberEntry(user, m.role, m.joinedAt, await this.upiIdOf(m.userId)))
    }
    return list
  }

  /** The UPI ID a user saved in their profile, or ''. */
  private async upiIdOf(userId: string): Promise<string> {
    const profile = await this.deps.documents.get('profile', userId)
    const upiId = profile && !profile.deleted && profile.ownerId === userId ? profile.data.upiId : ''
    return typeof upiId === 'string' && isUpiId(upiId) ? upiId : ''
  }

  /**
   * Rewrites the member list of every household the user belongs to whose copy of what members
   * see of them (their UPI ID) is out of date.
   */
  async refreshMemberDetails(userId: string): Promise<void> {
    for (const { householdId } of await this.members.householdsOf(userId)) {
      await this.deps.documents.write(async (unit) => {
        const current = await unit.get('households', householdId)
        if (!current || current.deleted) return
        const household = current.data as Household
        const members = await this.memberList(householdId)
        if (JSON.stringify(members) === JSON.stringify(household.members)) return
        const next = { ...household, members, updatedAt: Math.max(this.now, household.updatedAt + 1) }
        await unit.putAllowed('households', current.ownerId, next)
      })
    }
  }

  /** Every row (tombstones too) of a household collection, oldest seq first. */
  async rows(collection: 'household_expenses' | 'settlements', householdId: string): Promise<StoredDocument[]> {
    return (await this.householdDocs.ofHousehold(collection, householdId)).map((row) => ({
      ...row,
      collection,
      data: JSON.parse(row.data) as Record<string, unknown>,
    }))
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
