import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { AppDatabase } from '../../db/database'
import { householdInvites, householdMembers } from '../../db/tables'
import type { HouseholdInviteRow, HouseholdMemberRow } from '../../db/tables'

/** Household membership and invitations by e-mail (tables household_members, household_invites). */
export class MembershipStore {
  constructor(private readonly db: Pick<AppDatabase, 'select' | 'insert' | 'update' | 'delete'>) {}

  /** The caller's current membership of a household, or undefined (never a member, or removed). */
  active(householdId: string, userId: string): HouseholdMemberRow | undefined {
    return this.db
      .select()
      .from(householdMembers)
      .where(
        and(
          eq(householdMembers.householdId, householdId),
          eq(householdMembers.userId, userId),
          isNull(householdMembers.removedSeq),
        ),
      )
      .get()
  }

  /** Any membership row, current or former. */
  find(householdId: string, userId: string): HouseholdMemberRow | undefined {
    return this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
      .get()
  }

  /** Current members, earliest joined first. */
  members(householdId: string): HouseholdMemberRow[] {
    return this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, householdId), isNull(householdMembers.removedSeq)))
      .orderBy(asc(householdMembers.joinedAt), sql`rowid`)
      .all()
  }

  /** People who left or were removed, earliest joined first (their devices may still hold the household). */
  formerMembers(householdId: string): HouseholdMemberRow[] {
    return this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, householdId), isNotNull(householdMembers.removedSeq)))
      .orderBy(asc(householdMembers.joinedAt), sql`rowid`)
      .all()
  }

  /** The households a user currently belongs to. */
  householdsOf(userId: string): HouseholdMemberRow[] {
    return this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.userId, userId), isNull(householdMembers.removedSeq)))
      .orderBy(asc(householdMembers.joinedAt))
      .all()
  }

  /** Adds a member, or brings a former one back. */
  join(householdId: string, userId: string, role: 'admin' | 'member', joinedAt: number): void {
    this.db
      .insert(householdMembers)
      .values({ householdId, userId, role, joinedAt, removedSeq: null })
      .onConflictDoUpdate({
        target: [householdMembers.householdId, householdMembers.userId],
        set: { role, joinedAt, removedSeq: null },
      })
      .run()
  }

  /** Marks a member as gone as of `removedSeq` (the last seq of the re-stamp that tells their devices). */
  remove(householdId: string, userId: string, removedSeq: number): void {
    this.db
      .update(householdMembers)
      .set({ removedSeq })
      .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
      .run()
  }

  setRole(householdId: string, userId: string, role: 'admin' | 'member'): void {
    this.db
      .update(householdMembers)
      .set({ role })
      .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)))
      .run()
  }

  /** Records an invitation for an e-mail; inviting twice keeps the first (and its id). */
  invite(householdId: string, email: string, invitedBy: string, createdAt: number): void {
    this.db
      .insert(householdInvites)
      .values({ id: randomUUID(), householdId, email, invitedBy, createdAt })
      .onConflictDoNothing()
      .run()
  }

  invitation(id: string): HouseholdInviteRow | undefined {
    return this.db.select().from(householdInvites).where(eq(householdInvites.id, id)).get()
  }

  /** The invitations waiting for an e-mail, oldest first. */
  invitesFor(email: string): HouseholdInviteRow[] {
    return this.db
      .select()
      .from(householdInvites)
      .where(eq(householdInvites.email, email))
      .orderBy(asc(householdInvites.createdAt), sql`rowid`)
      .all()
  }

  pendingInvites(householdId: string): { id: string; email: string; createdAt: number }[] {
    return this.db
      .select({ id: householdInvites.id, email: householdInvites.email, createdAt: householdInvites.createdAt })
      .from(householdInvites)
      .where(eq(householdInvites.householdId, householdId))
      .orderBy(asc(householdInvites.createdAt), sql`rowid`)
      .all()
  }

  dropInvitation(id: string): void {
    this.db.delete(householdInvites).where(eq(householdInvites.id, id)).run()
  }

  /** Every invitation of a household (it is gone). */
  dropInvitationsOf(householdId: string): void {
    this.db.delete(householdInvites).where(eq(householdInvites.householdId, householdId)).run()
  }

  /** The invitations waiting for an e-mail (its account is gone: the address is free again). */
  dropInvitationsTo(email: string): void {
    this.db.delete(householdInvites).where(eq(householdInvites.email, email)).run()
  }

  /** The invitations `from` sent for a household, now sent by `to` (its admin). */
  reassignInvitations(from: string, householdId: string, to: string): void {
    this.db
      .update(householdInvites)
      .set({ invitedBy: to })
      .where(and(eq(householdInvites.invitedBy, from), eq(householdInvites.householdId, householdId)))
      .run()
  }

  /** The households whose invitations `userId` sent. */
  invitedInto(userId: string): string[] {
    const rows = this.db
      .select({ householdId: householdInvites.householdId })
      .from(householdInvites)
      .where(eq(householdInvites.invitedBy, userId))
      .all()
    return [...new Set(rows.map((r) => r.householdId))]
  }
}
