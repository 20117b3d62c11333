import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { AppDatabase } from '../../db/database'
import { householdInvites, householdMembers } from '../../db/tables'
import type { HouseholdMemberRow } from '../../db/tables'

/** Household membership and pending e-mail invites (tables household_members, household_invites). */
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

  /** Records an invite for an e-mail with no account; inviting twice keeps one. */
  invite(householdId: string, email: string, invitedBy: string, createdAt: number): void {
    this.db.insert(householdInvites).values({ householdId, email, invitedBy, createdAt }).onConflictDoNothing().run()
  }

  invitesFor(email: string): { householdId: string }[] {
    return this.db
      .select({ householdId: householdInvites.householdId })
      .from(householdInvites)
      .where(eq(householdInvites.email, email))
      .orderBy(asc(householdInvites.createdAt))
      .all()
  }

  pendingInvites(householdId: string): { email: string; createdAt: number }[] {
    return this.db
      .select({ email: householdInvites.email, createdAt: householdInvites.createdAt })
      .from(householdInvites)
      .where(eq(householdInvites.householdId, householdId))
      .orderBy(asc(householdInvites.createdAt))
      .all()
  }

  dropInvites(email: string): void {
    this.db.delete(householdInvites).where(eq(householdInvites.email, email)).run()
  }
}
