import { randomUUID } from 'node:crypto'
import { first } from '../../db/rows'
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { AppDatabase } from '../../db/database'
import { householdInvites, householdMembers } from '../../db/tables'
import type { HouseholdInviteRow, HouseholdMemberRow } from '../../db/tables'

/** Household membership and invitations by e-mail (tables household_members, household_invites). */
export class MembershipStore {
  constructor(private readonly db: Pick<AppDatabase, 'select' | 'insert' | 'update' | 'delete'>) {}

  /** The caller's current membership of a household, or undefined (never a member, or removed). */
  async active(householdId: string, userId: string): Promise<HouseholdMemberRow | undefined> {
    return await first(
      this.db
        .select()
        .from(householdMembers)
        .where(
          and(
            eq(householdMembers.householdId, householdId),
            eq(householdMembers.userId, userId),
            isNull(householdMembers.removedSeq),
          ),
        ),
    )
  }

  /** Any membership row, current or former. */
  async find(householdId: string, userId: string): Promise<HouseholdMemberRow | undefined> {
    return await first(
      this.db
        .select()
        .from(householdMembers)
        .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId))),
    )
  }

  /** Current members, earliest joined first. */
  async members(householdId: string): Promise<HouseholdMemberRow[]> {
    return await this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, householdId), isNull(householdMembers.removedSeq)))
      .orderBy(asc(householdMembers.joinedAt), sql`rowid`)
  }

  /** People who left or were removed, earliest joined first (their devices may still hold the household). */
  async formerMembers(householdId: string): Promise<HouseholdMemberRow[]> {
    return await this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, householdId), isNotNull(householdMembers.removedSeq)))
      .orderBy(asc(householdMembers.joinedAt), sql`rowid`)
  }

  /** The households a user currently belongs to. */
  async householdsOf(userId: string): Promise<HouseholdMemberRow[]> {
    return await this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.userId, userId), isNull(householdMembers.removedSeq)))
      .orderBy(asc(householdMembers.joinedAt))
  }

  /** Adds a member, or brings a former one back. */
  async join(householdId: string, userId: string, role: 'admin' | 'member', joinedAt: number): Promise<void> {
    await this.db
      .insert(householdMembers)
      .values({ householdId, userId, role, joinedAt, removedSeq: null })
      .onConflictDoUpdate({
        target: [householdMembers.householdId, householdMembers.userId],
        set: { role, joinedAt, removedSeq: null },
      })
  }

  /** Marks a member as gone as of `removedSeq` (the last seq of the re-stamp that tells their devices). */
  async remove(householdId: string, userId: string, removedSeq: number): Promise<void> {
    await this.db
      .update(householdMembers)
      .set({ removedSeq })
      .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
  }

  async setRole(householdId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
    await this.db
      .update(householdMembers)
      .set({ role })
      .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
  }

  /** Records an invitation for an e-mail; inviting twice keeps the first (and its id). */
  async invite(householdId: string, email: string, invitedBy: string, createdAt: number): Promise<void> {
    await this.db
      .insert(householdInvites)
      .values({ id: randomUUID(), householdId, email, invitedBy, createdAt })
      .onConflictDoNothing()
  }

  async invitation(id: string): Promise<HouseholdInviteRow | undefined> {
    return await first(this.db.select().from(householdInvites).where(eq(householdInvites.id, id)))
  }

  /** The invitations waiting for an e-mail, oldest first. */
  async invitesFor(email: string): Promise<HouseholdInviteRow[]> {
    return await this.db
      .select()
      .from(householdInvites)
      .where(eq(householdInvites.email, email))
      .orderBy(asc(householdInvites.createdAt), sql`rowid`)
  }

  async pendingInvites(householdId: string): Promise<{ id: string; email: string; createdAt: number }[]> {
    return await this.db
      .select({ id: householdInvites.id, email: householdInvites.email, createdAt: householdInvites.createdAt })
      .from(householdInvites)
      .where(eq(householdInvites.householdId, householdId))
      .orderBy(asc(householdInvites.createdAt), sql`rowid`)
  }

  async dropInvitation(id: string): Promise<void> {
    await this.db.delete(householdInvites).where(eq(householdInvites.id, id))
  }

  /** Every invitation of a household (it is gone). */
  async dropInvitationsOf(householdId: string): Promise<void> {
    await this.db.delete(householdInvites).where(eq(householdInvites.householdId, householdId))
  }

  /** The invitations waiting for an e-mail (its account is gone: the address is free again). */
  async dropInvitationsTo(email: string): Promise<void> {
    await this.db.delete(householdInvites).where(eq(householdInvites.email, email))
  }

  /** The invitations `from` sent for a household, now sent by `to` (its admin). */
  async reassignInvitations(from: string, householdId: string, to: string): Promise<void> {
    await this.db
      .update(householdInvites)
      .set({ invitedBy: to })
      .where(and(eq(householdInvites.invitedBy, from), eq(householdInvites.householdId, householdId)))
  }

  /** The households whose invitations `userId` sent. */
  async invitedInto(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ householdId: householdInvites.householdId })
      .from(householdInvites)
      .where(eq(householdInvites.invitedBy, userId))
    return [...new Set(rows.map((r) => r.householdId))]
  }
}
