/**
 * The reminders sent-log (notification_log). A row per (user, event, target) is written when the
 * event is found, and claimed before each send by one compare-and-set UPDATE: of two runs that
 * reach the same row (two instances, or a run and its restart), exactly one sends. What happens
 * after the claim:
 * - sent: never sent again;
 * - the push service or Twilio refused or was unreachable: back to pending with a back-off, up
 *   to MAX_ATTEMPTS tries, then failed;
 * - the process died between claim and answer (the row stays `sending` past its lease): a push
 *   is sent again, with the same Topic (the push service replaces an undelivered copy) and the
 *   same notification tag (a device that got both shows one); a WhatsApp message is not (its
 *   outcome is unknown and a second message would show), and the row is marked failed.
 */
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import { first } from './rows'
import type { AppDatabase } from './database'
import { notificationLog } from './tables'
import type { NotificationLogRow, NotificationStatus, ReminderKind } from './tables'

/** How long a claim holds: longer than one send may take (web push and Twilio time out well before). */
export const CLAIM_MS = 2 * 60_000

export interface LogEntry {
  userId: string
  eventKey: string
  target: string
  subscriptionId: string | null
  kind: ReminderKind
  context: string
  notBefore: number
}

export type RowKey = Pick<NotificationLogRow, 'userId' | 'eventKey' | 'target'>

const keyOf = (row: RowKey) =>
  and(
    eq(notificationLog.userId, row.userId),
    eq(notificationLog.eventKey, row.eventKey),
    eq(notificationLog.target, row.target),
  )

export class SentLog {
  constructor(private readonly db: AppDatabase) {}

  /** Writes the rows not there yet (an event already logged for a target is left as it is); returns how many. */
  async record(entries: readonly LogEntry[], now: number): Promise<number> {
    let added = 0
    for (const entry of entries) {
      const inserted = await this.db
        .insert(notificationLog)
        .values({ ...entry, status: 'pending', createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: notificationLog.userId })
      added += inserted.length
    }
    return added
  }

  /** Rows whose time has come, oldest first: pending ones, and claims cut short (expired leases). */
  async due(now: number, limit: number): Promise<NotificationLogRow[]> {
    const pending = await this.db
      .select()
      .from(notificationLog)
      .where(and(eq(notificationLog.status, 'pending'), lte(notificationLog.notBefore, now)))
      .orderBy(asc(notificationLog.notBefore))
      .limit(limit)
    const stale = await this.db
      .select()
      .from(notificationLog)
      .where(and(eq(notificationLog.status, 'sending'), lte(notificationLog.leaseUntil, now)))
      .limit(limit)
    return [...stale, ...pending].slice(0, limit)
  }

  /**
   * Claims a row for one send: true for exactly one caller while it is due (pending and its time
   * has come, or a claim whose lease expired). Counts the attempt.
   */
  async claim(row: RowKey, now: number): Promise<boolean> {
    const claimable = sql`((${notificationLog.status} = 'pending' AND ${notificationLog.notBefore} <= ${now})
      OR (${notificationLog.status} = 'sending' AND ${notificationLog.leaseUntil} <= ${now}))`
    const claimed = await this.db
      .update(notificationLog)
      .set({ status: 'sending', leaseUntil: now + CLAIM_MS, attempts: sql`${notificationLog.attempts} + 1` })
      .where(and(keyOf(row), claimable))
      .returning({ userId: notificationLog.userId })
    return claimed.length === 1
  }

  /** The final state of a claimed row. */
  async finish(
    row: RowKey,
    status: Exclude<NotificationStatus, 'pending' | 'sending'>,
    now: number,
    error?: string,
  ): Promise<void> {
    await this.db
      .update(notificationLog)
      .set({ status, leaseUntil: 0, lastError: error ?? null, ...(status === 'sent' ? { sentAt: now } : {}) })
      .where(and(keyOf(row), eq(notificationLog.status, 'sending')))
  }

  /** Puts a claimed row back for later: its quiet-hours end (not an attempt) or a failed try's back-off. */
  async defer(row: RowKey, notBefore: number, options: { error?: string; countsAsAttempt: boolean }): Promise<void> {
    await this.db
      .update(notificationLog)
      .set({
        status: 'pending',
        notBefore,
        leaseUntil: 0,
        lastError: options.error ?? null,
        ...(options.countsAsAttempt ? {} : { attempts: sql`${notificationLog.attempts} - 1` }),
      })
      .where(and(keyOf(row), eq(notificationLog.status, 'sending')))
  }

  /** Drops finished rows whose time was before `before` (their events are long past). */
  async prune(before: number): Promise<void> {
    await this.db
      .delete(notificationLog)
      .where(
        and(
          inArray(notificationLog.status, ['sent', 'resolved', 'skipped', 'failed']),
          lt(notificationLog.notBefore, before),
        ),
      )
  }

  async get(row: RowKey): Promise<NotificationLogRow | undefined> {
    return await first(this.db.select().from(notificationLog).where(keyOf(row)))
  }
}
