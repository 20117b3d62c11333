import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { insertionOrder, jsonArrayLength, jsonField, jsonNumber, selectRows } from './dialect'
import { first } from './rows'
import { documents, householdInvites, householdMembers } from './tables'
import type { DocumentRow, HouseholdInviteRow, HouseholdMemberRow } from './tables'

/** Household membership and invitations by e-mail (tables household_members, household_invites). */
export class MembershipStore {
  constructor(private readonly db: AppDatabase) {}

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
      .orderBy(asc(householdMembers.joinedAt), insertionOrder(this.db))
  }

  /** People who left or were removed, earliest joined first (their devices may still hold the household). */
  async formerMembers(householdId: string): Promise<HouseholdMemberRow[]> {
    return await this.db
      .select()
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, householdId), isNotNull(householdMembers.removedSeq)))
      .orderBy(asc(householdMembers.joinedAt), insertionOrder(this.db))
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
      .orderBy(asc(householdInvites.createdAt), insertionOrder(this.db))
  }

  async pendingInvites(householdId: string): Promise<{ id: string; email: string; createdAt: number }[]> {
    return await this.db
      .select({ id: householdInvites.id, email: householdInvites.email, createdAt: householdInvites.createdAt })
      .from(householdInvites)
      .where(eq(householdInvites.householdId, householdId))
      .orderBy(asc(householdInvites.createdAt), insertionOrder(this.db))
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

/** The household collections: scoped by membership, not by owner (DESIGN §4). */
const HOUSEHOLD_COLLECTIONS = ['households', 'household_expenses', 'settlements'] as const
export type HouseholdCollection = (typeof HOUSEHOLD_COLLECTIONS)[number]

/** A household's document and every row filed under it. */
const ofHousehold = (householdId: string) =>
  or(
    and(eq(documents.collection, 'households'), eq(documents.id, householdId)),
    and(inArray(documents.collection, [...HOUSEHOLD_COLLECTIONS]), eq(documents.householdId, householdId)),
  )

/** A row a member may pull, with the member's removal point (null while they belong). */
export interface ScopedRow {
  id: string
  owner_id: string
  household_id: string | null
  data: string
  /** 0/1 on SQLite, a boolean on PostgreSQL: read it as a truth value. */
  deleted: number | boolean
  seq: number
  removed_seq: number | null
}

/** The rows a user may pull: of their households, and of former ones up to their removal point. */
function scopeOf(collection: HouseholdCollection, userId: string, sinceSeq: number) {
  // The household document's own id is its household; other rows carry household_id.
  const key = collection === 'households' ? sql`d.id` : sql`d.household_id`
  return sql`FROM household_members m
    JOIN documents d ON d.collection = ${collection} AND ${key} = m.household_id AND d.seq > ${sinceSeq}
    WHERE m.user_id = ${userId} AND (m.removed_seq IS NULL OR ${sinceSeq} < m.removed_seq)`
}

/** Reads of the household collections across households (pulls, the household jobs). */
export class HouseholdDocuments {
  constructor(private readonly db: AppDatabase) {}

  /**
   * The first `limit` rows after `sinceSeq` the user may pull, in seq order, each with `after`: how
   * many rows a pull from the page's last seq may bring, in the same statement and snapshot. A
   * household the user left gives a pull nothing once it starts at their removal point or later, so
   * its rows count only while the page's last seq is before it. Without `count`, `after` is 0.
   */
  scoped(collection: HouseholdCollection, userId: string, sinceSeq: number, limit: number, count = true) {
    const after = count
      ? sql`(
        SELECT count(*) ${scopeOf(collection, userId, sinceSeq)}
          AND d.seq > (SELECT seq FROM page_end)
          AND (m.removed_seq IS NULL OR (SELECT seq FROM page_end) < m.removed_seq)
      )`
      : sql`0`
    return selectRows<ScopedRow & { after: number | string }>(
      this.db,
      sql`WITH page AS (
        SELECT d.id, d.owner_id, d.household_id, d.data, d.deleted, d.seq, m.removed_seq
        ${scopeOf(collection, userId, sinceSeq)}
        ORDER BY d.seq
        LIMIT ${limit}
      ), page_end AS (SELECT max(seq) AS seq FROM page)
      SELECT page.*, ${after} AS after
      FROM page
      ORDER BY page.seq`,
    )
  }

  /** Every row (tombstones too) of one household in a collection, oldest seq first. */
  async ofHousehold(collection: HouseholdCollection, householdId: string): Promise<DocumentRow[]> {
    return await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.collection, collection), eq(documents.householdId, householdId)))
      .orderBy(asc(documents.seq))
  }

  /** The households holding rows stored under `ownerId` (the household's own id for its document). */
  async householdsOwnedBy(ownerId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ key: sql<string>`coalesce(${documents.householdId}, ${documents.id})` })
      .from(documents)
      .where(and(eq(documents.ownerId, ownerId), inArray(documents.collection, [...HOUSEHOLD_COLLECTIONS])))
    return rows.map((r) => r.key)
  }

  /** The rows of a household stored under `from` pass to `to`. */
  async passRows(householdId: string, from: string, to: string): Promise<void> {
    await this.db
      .update(documents)
      .set({ ownerId: to })
      .where(and(ofHousehold(householdId), eq(documents.ownerId, from)))
  }

  /** Every row of a household, deleted outright (no device can ask for it again). */
  async deleteRows(householdId: string): Promise<void> {
    await this.db.delete(documents).where(ofHousehold(householdId))
  }

  /** The ids of live households that have recurring expense rules. */
  async withRecurringRules(): Promise<string[]> {
    const rows = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.collection, 'households'),
          eq(documents.deleted, false),
          sql`${jsonArrayLength(this.db, documents.data, 'recurring')} > 0`,
        ),
      )
    return rows.map((r) => r.id)
  }

  /** Live household expenses still pending whose review deadline is at or before `now`. */
  async pendingExpensesDueBy(now: number): Promise<DocumentRow[]> {
    return await this.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.collection, 'household_expenses'),
          eq(documents.deleted, false),
          sql`${jsonField(this.db, documents.data, 'status')} = 'pending'`,
          sql`${jsonNumber(this.db, documents.data, 'deadline')} <= ${now}`,
        ),
      )
  }
}
