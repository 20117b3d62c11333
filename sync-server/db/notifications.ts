import { randomUUID } from 'node:crypto'
import { first } from './rows'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { insertionOrder } from './dialect'
import type { AppDatabase } from './database'
import type { UnitOfWork } from './unit-of-work'
import { notificationSettings, pushSubscriptions } from './tables'
import type { PushSubscriptionRow, ReminderKind } from './tables'

/** A user's reminder choices; `timeZone` null means the server's REPORT_TIME_ZONE. */
export interface ReminderSettings {
  payments: boolean
  budgets: boolean
  reviews: boolean
  settlements: boolean
  tickets: boolean
  whatsapp: boolean
  timeZone: string | null
}

export const DEFAULT_SETTINGS: ReminderSettings = {
  payments: true,
  budgets: true,
  reviews: true,
  settlements: true,
  tickets: true,
  whatsapp: true,
  timeZone: null,
}

/** The setting that turns each kind of reminder off. */
export const SETTING_OF: Record<ReminderKind, keyof Omit<ReminderSettings, 'timeZone' | 'whatsapp'>> = {
  payment: 'payments',
  budget: 'budgets',
  review: 'reviews',
  settlement: 'settlements',
  ticket: 'tickets',
}

export interface NewSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

/** Push subscriptions (one per device) and reminder settings (one row per user, defaults without). */
export class NotificationsRepository {
  constructor(
    private readonly db: AppDatabase,
    private readonly units: UnitOfWork,
    private readonly now: () => number,
  ) {}

  async settings(userId: string): Promise<ReminderSettings> {
    const row = await first(this.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)))
    if (!row) return { ...DEFAULT_SETTINGS }
    const { userId: _user, updatedAt: _at, ...settings } = row
    return settings
  }

  /** Applies `patch` over the current settings and returns the result. */
  async saveSettings(userId: string, patch: Partial<ReminderSettings>): Promise<ReminderSettings> {
    const next = { ...(await this.settings(userId)), ...patch }
    const row = { ...next, userId, updatedAt: this.now() }
    await this.db
      .insert(notificationSettings)
      .values(row)
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...next, updatedAt: row.updatedAt } })
    return next
  }

  /**
   * Stores the device's subscription for `userId`. 'taken' when another account holds this
   * endpoint (its browser signed out without reaching the server): nothing changes, and the
   * device subscribes afresh for a new endpoint.
   */
  subscribe(userId: string, sub: NewSubscription): Promise<'created' | 'updated' | 'taken'> {
    return this.units.run(async () => {
      const tx = this.db
      const existing = await first(
        tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
      )
      if (existing && existing.userId !== userId) return 'taken'
      if (existing) {
        await tx
          .update(pushSubscriptions)
          .set({ p256dh: sub.p256dh, auth: sub.auth })
          .where(eq(pushSubscriptions.id, existing.id))
        return 'updated'
      }
      await tx.insert(pushSubscriptions).values({ id: randomUUID(), userId, ...sub, createdAt: this.now() })
      return 'created'
    })
  }

  /** Removes the caller's own subscription with this endpoint; false when they have none. */
  async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    const removed = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id })
    return removed.length > 0
  }

  /** A subscription the push service says is gone (404/410); its sent-log rows go with it. */
  async remove(subscriptionId: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))
  }

  async find(subscriptionId: string): Promise<PushSubscriptionRow | undefined> {
    return await first(this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)))
  }

  /** Each user's subscriptions, for the users given. */
  async subscriptionsOf(userIds: readonly string[]): Promise<Map<string, PushSubscriptionRow[]>> {
    const out = new Map<string, PushSubscriptionRow[]>()
    if (userIds.length === 0) return out
    const ids = [...new Set(userIds)]
    // In slices: SQLite binds at most 32,766 parameters per statement.
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, ids.slice(i, i + 500)))
        // Oldest first, the same on every engine: a device subscribed earlier is tried first.
        .orderBy(asc(pushSubscriptions.createdAt), insertionOrder(this.db))
      for (const row of rows) out.set(row.userId, [...(out.get(row.userId) ?? []), row])
    }
    return out
  }

  async deviceCount(userId: string): Promise<number> {
    const row = await first(
      this.db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    )
    return row?.n ?? 0
  }

  /** True when this account holds the endpoint (the device's switch shows on). */
  async holds(userId: string, endpoint: string): Promise<boolean> {
    const row = await first(
      this.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint))),
    )
    return row !== undefined
  }
}
