/**
 * The request limits every instance on the database counts together: fixed windows of request
 * counts (rate_limits), the accounts' push budgets (push_budgets) and the open sync streams
 * (live_streams). Each count is one atomic statement (an upsert returning the new value), so two
 * instances can never both take the last place.
 */
import { and, count, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { lockForUnit } from './dialect'
import { liveStreams, pushBudgets, rateLimits } from './tables'
import type { UnitOfWork } from './unit-of-work'

/** Where a key's window stands after a hit: its count (this hit included) and when it resets (ms). */
export interface WindowCount {
  count: number
  resetsAt: number
}

export class RateWindowsRepository {
  constructor(private readonly db: AppDatabase) {}

  /**
   * Counts one hit for `key`: the first hit, or the first after the window ended, starts a new
   * window of `windowMs` at `now`.
   */
  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    const over = sql`${rateLimits.resetsAt} <= ${now}`
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetsAt: now + windowMs })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${over} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetsAt: sql`CASE WHEN ${over} THEN ${now + windowMs} ELSE ${rateLimits.resetsAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetsAt: rateLimits.resetsAt })
    if (!row) throw new Error('The rate limit upsert returned no row')
    return row
  }

  /** Deletes the windows that ended by `now` (a new hit starts afresh either way). */
  async sweep(now: number): Promise<void> {
    await this.db.delete(rateLimits).where(lte(rateLimits.resetsAt, now))
  }
}

export class PushBudgetsRepository {
  constructor(private readonly db: AppDatabase) {}

  /**
   * Moves the account's `full_at` on by `costMs` when it then stays within `capacityMs` of `now`
   * (a past `full_at` counts from `now`: the bucket is full). Returns the new `full_at`, or
   * undefined when that would overdraw the budget (nothing changes then).
   */
  async take(userId: string, costMs: number, capacityMs: number, now: number): Promise<number | undefined> {
    const from = sql`(CASE WHEN ${pushBudgets.fullAt} > ${now} THEN ${pushBudgets.fullAt} ELSE ${now} END)`
    const [row] = await this.db
      .insert(pushBudgets)
      .values({ userId, fullAt: now + costMs })
      .onConflictDoUpdate({
        target: pushBudgets.userId,
        set: { fullAt: sql`${from} + ${costMs}` },
        setWhere: sql`${from} + ${costMs} <= ${now + capacityMs}`,
      })
      .returning({ fullAt: pushBudgets.fullAt })
    return row?.fullAt
  }

  /** The account's `full_at` (0 when it has no row: a full bucket). */
  async fullAt(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ fullAt: pushBudgets.fullAt })
      .from(pushBudgets)
      .where(eq(pushBudgets.userId, userId))
    return row?.fullAt ?? 0
  }

  /** Deletes the budgets that are full again by `now`. */
  async sweep(now: number): Promise<void> {
    await this.db.delete(pushBudgets).where(lte(pushBudgets.fullAt, now))
  }
}

export interface StreamCaps {
  perUser: number
  perAddress: number
}

/** A stream to admit: its row's id, the instance serving it, whose it is and where from. */
export interface StreamClaim {
  id: string
  instance: string
  userId: string
  address: string
}

/** What admitting a stream decided: refused (address cap), or admitted with the user's streams it pushed out. */
export type Admission = { admitted: false } | { admitted: true; evicted: { id: string; instance: string }[] }

export class LiveStreamsRepository {
  constructor(
    private readonly db: AppDatabase,
    private readonly units: UnitOfWork,
  ) {}

  /**
   * Admits a stream unless its address already has `perAddress` live ones (a row is live while its
   * `seen_at` is after `liveAfter`); the user's oldest live streams past `perUser` are deleted and
   * returned. One unit, holding the address's and then the user's lock, so concurrent admissions
   * on any instance count each other.
   */
  admit(claim: StreamClaim, caps: StreamCaps, now: number, liveAfter: number): Promise<Admission> {
    return this.units.run(async () => {
      await lockForUnit(this.db, `live-streams:address:${claim.address}`)
      const live = gt(liveStreams.seenAt, liveAfter)
      const [atAddress] = await this.db
        .select({ n: count() })
        .from(liveStreams)
        .where(and(eq(liveStreams.address, claim.address), live))
      if ((atAddress?.n ?? 0) >= caps.perAddress) return { admitted: false }
      await lockForUnit(this.db, `live-streams:user:${claim.userId}`)
      await this.db.insert(liveStreams).values({ ...claim, openedAt: now, seenAt: now })
      const mine = await this.db
        .select({ id: liveStreams.id, instance: liveStreams.instance })
        .from(liveStreams)
        .where(and(eq(liveStreams.userId, claim.userId), live))
        .orderBy(desc(liveStreams.openedAt), desc(liveStreams.id))
      const evicted = mine.slice(caps.perUser)
      if (evicted.length > 0)
        await this.db.delete(liveStreams).where(
          inArray(
            liveStreams.id,
            evicted.map((e) => e.id),
          ),
        )
      return { admitted: true, evicted }
    })
  }

  /** Deletes a stream's row (its stream ended). */
  async remove(id: string): Promise<void> {
    await this.db.delete(liveStreams).where(eq(liveStreams.id, id))
  }

  /** Deletes every row of an instance (it is closing). */
  async removeInstance(instance: string): Promise<void> {
    await this.db.delete(liveStreams).where(eq(liveStreams.instance, instance))
  }

  /**
   * The instance's heartbeat: renews `seen_at` of its rows and returns their ids (a stream of the
   * instance missing from them was pushed out by another instance), then deletes the rows of
   * other instances not seen since `expiredBy` (instances that died).
   */
  async heartbeat(instance: string, now: number, expiredBy: number): Promise<Set<string>> {
    const kept = await this.db
      .update(liveStreams)
      .set({ seenAt: now })
      .where(eq(liveStreams.instance, instance))
      .returning({ id: liveStreams.id })
    await this.db.delete(liveStreams).where(and(ne(liveStreams.instance, instance), lte(liveStreams.seenAt, expiredBy)))
    return new Set(kept.map((row) => row.id))
  }
}
