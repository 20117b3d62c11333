/**
 * The reminders job (README "Reminders"): every REMINDER_CHECK_SECONDS, on one instance at a time
 * (job_locks), it finds the events due (payments, budget levels, reviews, settlements, ticket
 * replies) and writes a sent-log row per event and target, then claims and sends the rows whose
 * time has come. Budget alerts and ticket replies come from the documents written since the last
 * round (a cursor over the one server sequence, so every write path counts: sync, REST, WhatsApp);
 * payments, reviews and settlements from their current state, so a restart or a late device
 * changes nothing.
 */
import type { FastifyBaseLogger } from 'fastify'
import { deliverableAt, isQuietTime } from '../../schema/calc/reminders'
import { isTimeZone, zonedBudgetWindow } from '../../schema/calc/zoned-time'
import type { AppDatabase } from '../db/database'
import type { UnitOfWork } from '../db/unit-of-work'
import type { DocumentsRepository } from '../db/documents'
import type { NotificationLogRow } from '../db/tables'
import type { UsersRepository } from '../db/users'
import type { WhatsappRepository } from '../db/whatsapp'
import { sendPush, sendWhatsapp } from '../modules/notifications/channels'
import type { DeliveryOutcome, WhatsappChannel } from '../modules/notifications/channels'
import {
  budgetEvents,
  eventKey,
  paymentEvent,
  ReminderContext,
  reviewEvents,
  settlementEvent,
  ticketEvent,
} from '../modules/notifications/events'
import type { ReminderEvent } from '../modules/notifications/events'
import { ReminderTexts } from '../modules/notifications/messages'
import type { RenderedReminder } from '../modules/notifications/messages'
import { SETTING_OF } from '../db/notifications'
import type { NotificationsRepository, ReminderSettings } from '../db/notifications'
import { SentLog } from '../db/notification-log'
import type { LogEntry } from '../db/notification-log'
import { retryAt } from '../modules/notifications/retry'
import { ReminderSources } from '../db/reminder-sources'
import type { PushSender } from '../modules/notifications/web-push'
import { readProfile } from '../modules/whatsapp/ledger'
import type { HomeCurrency } from '../../schema/money/currency'
import { LeasedJob } from './job-lease'
import type { JobLease } from '../db/jobs'

export interface ReminderDeps {
  db: AppDatabase
  units: UnitOfWork
  documents: DocumentsRepository
  users: UsersRepository
  whatsappLog: WhatsappRepository
  notifications: NotificationsRepository
  push: PushSender
  /** null when Twilio is not configured for sending. */
  whatsapp: WhatsappChannel | null
  defaultTimeZone: string
  now: () => number
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
}

export interface ReminderRunResult {
  /** Sent-log rows written for newly found events (one per event and target). */
  recorded: number
  sent: number
  /** Over before their time came (paid, reviewed, confirmed…). */
  resolved: number
  /** Turned off, or WhatsApp with no way to send (outside 24 hours, no template). */
  skipped: number
  failed: number
  /** Put back for a later try (push service or Twilio unavailable). */
  retrying: number
  /** Moved out of the quiet hours. */
  deferred: number
  /** Subscriptions removed because the push service answered 404 or 410. */
  removed: number
}

type Tally = Exclude<keyof ReminderRunResult, 'recorded'> | 'busy'

export const emptyResult = (): ReminderRunResult => ({
  recorded: 0,
  sent: 0,
  resolved: 0,
  skipped: 0,
  failed: 0,
  retrying: 0,
  deferred: 0,
  removed: 0,
})

const DAY_MS = 86_400_000
const CURSOR = 'reminders'
const CHANGE_BATCH = 2000
const MAX_CHANGE_BATCHES = 10
const DELIVERY_BATCH = 200
const MAX_DELIVERY_BATCHES = 10
/** Sends in flight at once. */
const PARALLEL = 8
/** Finished rows are kept this long (an event's key never comes back after it). */
const RETAIN_MS = 400 * DAY_MS

/** One round's memo of settings, zones, currencies and targets, read once per user. */
class RoundContext {
  readonly #settings = new Map<string, ReminderSettings>()
  readonly #targets = new Map<string, { id: string; subscriptionId: string | null }[]>()
  readonly #home = new Map<string, HomeCurrency>()

  constructor(
    private readonly deps: ReminderDeps,
    private readonly sources: ReminderSources,
    readonly now: number,
  ) {}

  async settings(userId: string): Promise<ReminderSettings> {
    let s = this.#settings.get(userId)
    if (!s) this.#settings.set(userId, (s = await this.deps.notifications.settings(userId)))
    return s
  }

  async zone(userId: string): Promise<string> {
    await this.settings(userId)
    return this.loadedZone(userId)
  }

  /** Reads these users' settings, so `loadedZone` can answer for them. */
  async load(userIds: Iterable<string>): Promise<void> {
    for (const userId of new Set(userIds)) await this.settings(userId)
  }

  /** The zone of a user whose settings were read this round (`load`). */
  loadedZone(userId: string): string {
    const settings = this.#settings.get(userId)
    if (!settings) throw new Error(`Settings of ${userId} were not loaded for this round`)
    const zone = settings.timeZone
    // Checked when saved; a zone this runtime no longer knows falls back rather than stopping the round.
    return zone && isTimeZone(zone) ? zone : this.deps.defaultTimeZone
  }

  /** The user's home currency (what reminders show money in and what budgets count in). */
  async home(userId: string): Promise<HomeCurrency> {
    let home = this.#home.get(userId)
    if (!home) {
      const { currency, legacyCurrency } = await readProfile(this.deps.documents, userId)
      this.#home.set(userId, (home = { currency, legacyCurrency }))
    }
    return home
  }

  /**
   * Each user's targets, read for many users in a few queries: their devices, and WhatsApp for a
   * proven number when it is configured and wanted. A suspended account has none.
   */
  async prefetch(userIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(userIds)].filter((u) => !this.#targets.has(u))
    if (missing.length === 0) return
    const accounts = await this.sources.reachable(missing)
    const subscriptions = await this.deps.notifications.subscriptionsOf([...accounts.keys()])
    for (const userId of missing) {
      const account = accounts.get(userId)
      const targets: { id: string; subscriptionId: string | null }[] = (subscriptions.get(userId) ?? []).map((s) => ({
        id: s.id,
        subscriptionId: s.id,
      }))
      if (account?.phone && this.deps.whatsapp && (await this.settings(userId)).whatsapp)
        targets.push({ id: 'whatsapp', subscriptionId: null })
      this.#targets.set(userId, account ? targets : [])
    }
  }

  async targets(userId: string): Promise<{ id: string; subscriptionId: string | null }[]> {
    if (!this.#targets.has(userId)) await this.prefetch([userId])
    return this.#targets.get(userId) ?? []
  }

  /** The sent-log rows of an event: one per target, when that kind is on; due now or after the quiet hours. */
  async entriesFor(event: ReminderEvent): Promise<LogEntry[]> {
    const { userId, context } = event
    const targets = (await this.targets(userId)).filter((t) => !(event.toldByWhatsapp && t.id === 'whatsapp'))
    if (targets.length === 0 || !(await this.settings(userId))[SETTING_OF[context.kind]]) return []
    const notBefore = deliverableAt(this.now, await this.zone(userId))
    const key = eventKey(context)
    const json = JSON.stringify(context)
    return targets.map((t) => ({
      userId,
      eventKey: key,
      target: t.id,
      subscriptionId: t.subscriptionId,
      kind: context.kind,
      context: json,
      notBefore,
    }))
  }
}

export class Reminders {
  readonly sources: ReminderSources
  readonly sentLog: SentLog
  readonly #texts: ReminderTexts

  constructor(private readonly deps: ReminderDeps) {
    this.sources = new ReminderSources(deps.db, deps.documents)
    this.sentLog = new SentLog(deps.db)
    this.#texts = new ReminderTexts(this.sources)
  }

  /** One round: find, then send. `lease` (when given) is renewed as sends go; losing it ends the round. */
  async run(lease?: JobLease): Promise<ReminderRunResult> {
    const now = this.deps.now()
    const recorded = await this.detect(now)
    const result = await this.deliver(now, lease)
    await this.sentLog.prune(now - RETAIN_MS)
    result.recorded = recorded
    const { sent, failed, removed } = result
    if (recorded + sent + failed + removed > 0) this.deps.log?.info({ ...result }, 'reminders round')
    return result
  }

  /** Finds the events due at `now` and writes their sent-log rows (with the changes cursor, in one transaction). */
  async detect(now: number): Promise<number> {
    const round = new RoundContext(this.deps, this.sources, now)
    const timed = await this.#timedEvents(round)
    const changed = await this.#changedEvents(round)
    const events = [...timed, ...changed.events]
    await round.prefetch(events.map((e) => e.userId))
    const entries: LogEntry[] = []
    for (const event of events) entries.push(...(await round.entriesFor(event)))
    return this.deps.units.run(async () => {
      const added = await this.sentLog.record(entries, now)
      if (changed.cursor !== null) await this.sources.setCursor(CURSOR, changed.cursor)
      return added
    })
  }

  /** Payments, reviews and settlements: from what is true now. */
  async #timedEvents(round: RoundContext): Promise<ReminderEvent[]> {
    const { now } = round
    const out: ReminderEvent[] = []
    // Every zone's today lies within a day of UTC's; reminders reach at most 30 days ahead.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const due = await this.sources.paymentsDueBetween(day(now - DAY_MS), day(now + 32 * DAY_MS))
    const expenses = await this.sources.pendingExpenses()
    const settlements = await this.sources.pendingSettlements()
    const members = await this.sources.members([...expenses, ...settlements].map((d) => d.householdId))
    const reviewers = expenses.flatMap((e) => e.reviews.map((r) => r.userId))
    await round.load([...due.map((d) => d.ownerId), ...reviewers])
    const zoneOf = (userId: string) => round.loadedZone(userId)
    for (const { ownerId, payment } of due) {
      const event = paymentEvent(ownerId, payment, now, zoneOf)
      if (event) out.push(event)
    }
    const isMember = (householdId: string, userId: string) => members.get(householdId)?.has(userId) ?? false
    for (const expense of expenses) out.push(...reviewEvents(expense, now, zoneOf, isMember))
    for (const settlement of settlements) {
      const event = settlementEvent(settlement, isMember)
      if (event) out.push(event)
    }
    return out
  }

  /** Budget levels and ticket replies: from the documents written since the last round. */
  async #changedEvents(round: RoundContext): Promise<{ events: ReminderEvent[]; cursor: number | null }> {
    const start = await this.sources.cursor(CURSOR)
    let cursor = start
    const spenders = new Set<string>()
    const events: ReminderEvent[] = []
    for (let batch = 0; batch < MAX_CHANGE_BATCHES; batch++) {
      const rows = await this.sources.changedSince(cursor, CHANGE_BATCH)
      for (const row of rows) {
        if (row.collection !== 'tickets') spenders.add(row.ownerId)
        else if (!row.deleted) {
          const event = ticketEvent(row.ownerId, JSON.parse(row.data) as Parameters<typeof ticketEvent>[1], round.now)
          if (event) events.push(event)
        }
      }
      cursor = rows.at(-1)?.seq ?? cursor
      if (rows.length < CHANGE_BATCH) break
    }
    await round.prefetch(spenders)
    for (const userId of spenders) events.push(...(await this.#budgetEvents(userId, round)))
    return { events, cursor: cursor === start ? null : cursor }
  }

  async #budgetEvents(userId: string, round: RoundContext): Promise<ReminderEvent[]> {
    if ((await round.targets(userId)).length === 0 || !(await round.settings(userId)).budgets) return []
    const budgets = await this.sources.budgets(userId)
    if (budgets.length === 0) return []
    const zone = await round.zone(userId)
    const windows = budgets.map((b) => zonedBudgetWindow(b.period, round.now, b.createdAt, zone))
    const from = Math.min(...windows.map((w) => w.start))
    const to = Math.max(...windows.map((w) => w.end))
    const entries = await this.sources.entriesIn(userId, from, to)
    return budgetEvents(userId, budgets, entries, round.now, zone, await round.home(userId))
  }

  /** Claims and sends every row whose time has come, PARALLEL at a time. */
  async deliver(now: number, lease?: JobLease): Promise<ReminderRunResult> {
    const result = emptyResult()
    const round = new RoundContext(this.deps, this.sources, now)
    for (let batch = 0; batch < MAX_DELIVERY_BATCHES; batch++) {
      const rows = await this.sentLog.due(now, DELIVERY_BATCH)
      for (let i = 0; i < rows.length; i += PARALLEL) {
        if (lease && !(await lease.renew())) return result
        const tallies = await Promise.all(rows.slice(i, i + PARALLEL).map((row) => this.#deliverOne(row, round)))
        for (const tally of tallies) if (tally !== 'busy') result[tally] += 1
      }
      if (rows.length < DELIVERY_BATCH) break
    }
    return result
  }

  async #deliverOne(row: NotificationLogRow, round: RoundContext): Promise<Tally> {
    const { now } = round
    const cutShort = row.status === 'sending'
    if (!(await this.sentLog.claim(row, now))) return 'busy'
    // A WhatsApp send whose process died before its answer may have gone out: never a second one.
    if (cutShort && row.subscriptionId === null)
      return this.#finish(row, 'failed', now, 'cut short mid-send: the outcome is unknown, so it is not sent again')
    const context = parseContext(row.context)
    if (!context) return this.#finish(row, 'failed', now, 'unreadable context')
    // Turned off since it was found (that kind, or WhatsApp), or the account was suspended.
    if (
      !(await round.settings(row.userId))[SETTING_OF[row.kind]] ||
      !(await round.targets(row.userId)).some((t) => t.id === row.target)
    )
      return this.#finish(row, 'skipped', now, 'turned off, or no longer a target')
    const zone = await round.zone(row.userId)
    if (isQuietTime(now, zone)) {
      await this.sentLog.defer(row, deliverableAt(now, zone), { countsAsAttempt: false })
      return 'deferred'
    }
    const rendered = await this.#texts.render({
      userId: row.userId,
      context,
      now,
      timeZone: zone,
      home: await round.home(row.userId),
    })
    if (!rendered) return this.#finish(row, 'resolved', now)
    let outcome: DeliveryOutcome
    try {
      outcome = await this.#send(row, context, rendered, now)
    } catch (error) {
      outcome = { kind: 'failed', error: (error as Error).message }
    }
    return this.#record(row, outcome, now)
  }

  async #send(row: NotificationLogRow, context: ReminderContext, rendered: RenderedReminder, now: number) {
    if (row.subscriptionId !== null) {
      const subscription = await this.deps.notifications.find(row.subscriptionId)
      if (!subscription) return Promise.resolve<DeliveryOutcome>({ kind: 'skipped', error: 'subscription removed' })
      const urgent = context.kind === 'review' && context.stage === 'deadline'
      return sendPush(this.deps.push, subscription, row, rendered, { urgent, now })
    }
    const user = await this.deps.users.findById(row.userId)
    if (!this.deps.whatsapp || !user?.phoneVerified || !user.phoneNumber)
      return Promise.resolve<DeliveryOutcome>({ kind: 'skipped', error: 'no proven WhatsApp number' })
    const lastInbound = await this.deps.whatsappLog.lastMessageAt(row.userId)
    return sendWhatsapp(this.deps.whatsapp, user.phoneNumber, row.kind, rendered, lastInbound, now)
  }

  async #record(row: NotificationLogRow, outcome: DeliveryOutcome, now: number): Promise<Tally> {
    switch (outcome.kind) {
      case 'sent':
        return this.#finish(row, 'sent', now)
      case 'gone':
        // The browser dropped the subscription: it goes, and its sent-log rows with it.
        if (row.subscriptionId) await this.deps.notifications.remove(row.subscriptionId)
        return 'removed'
      case 'retry': {
        const at = retryAt(row.attempts + 1, now, outcome.retryAfterMs)
        if (at === null) return this.#finish(row, 'failed', now, outcome.error)
        await this.sentLog.defer(row, at, { error: outcome.error, countsAsAttempt: true })
        this.deps.log?.warn({ eventKey: row.eventKey, error: outcome.error }, 'reminder send failed; retrying later')
        return 'retrying'
      }
      case 'failed':
      case 'skipped':
        return this.#finish(row, outcome.kind, now, outcome.error)
    }
  }

  async #finish(
    row: NotificationLogRow,
    status: 'sent' | 'resolved' | 'skipped' | 'failed',
    now: number,
    error?: string,
  ) {
    await this.sentLog.finish(row, status, now, error)
    return status
  }
}

function parseContext(json: string): ReminderContext | null {
  try {
    const parsed = ReminderContext.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The reminders job on its timer: `check()` runs a round now (when this instance gets the lease). */
export class ReminderJob extends LeasedJob<ReminderRunResult> {
  constructor(
    readonly engine: Reminders,
    lease: JobLease,
    intervalMs: number,
    log?: Pick<FastifyBaseLogger, 'error'>,
  ) {
    super({ lease, intervalMs, run: (l) => engine.run(l), idle: emptyResult, log })
  }

  /** Reminders are not caught up before the app is ready: their first round goes on beside it. */
  override start(): Promise<void> {
    void super.start()
    return Promise.resolve()
  }
}
