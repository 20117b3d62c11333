import type { PushBudgetsRepository } from '../../db/limits'

const MINUTE = 60_000

/**
 * How many documents an account may push: a bucket per account that holds a minute's worth
 * (`perMinute` documents) and refills at that rate. A device back online after a long time sends
 * its first `perMinute` documents at once and the rest at that pace; one account pushing in a loop
 * cannot take the server from everyone else.
 *
 * The bucket is kept in the database as one time per account, shared by every instance: when the
 * bucket is full again (`full_at`). Each document moves it on by a minute / `perMinute`; a push
 * fits while `full_at` stays within a minute from now. An account whose bucket is full holds no row
 * (rows are swept). Each instance remembers the `full_at` its own pushes saw: it can only be later
 * in the database, so an account it knows to be empty is answered without a statement.
 */
export class PushQuota {
  readonly #known = new Map<string, number>()
  #sweptAt = 0

  constructor(
    private readonly budgets: PushBudgetsRepository,
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly sweepAbove = 10_000,
  ) {}

  /**
   * Takes `count` documents from the account's bucket. Returns 0 when they were taken, else how
   * many ms until they would be there (nothing is taken then). A push larger than a whole bucket
   * goes through once the bucket is full.
   */
  async take(accountId: string, count: number): Promise<number> {
    const now = this.now()
    await this.#sweep(now)
    const cost = Math.ceil((Math.min(count, this.perMinute) * MINUTE) / this.perMinute)
    const taken = await this.budgets.take(accountId, cost, MINUTE, now)
    const fullAt = taken ?? (await this.budgets.fullAt(accountId))
    this.#remember(accountId, fullAt, now)
    return taken === undefined ? Math.max(1, Math.max(fullAt, now) + cost - now - MINUTE) : 0
  }

  /**
   * How many ms until the account may push at least one document (0: now, or not known here to
   * be otherwise; `take` decides).
   */
  wait(accountId: string): number {
    const now = this.now()
    const fullAt = this.#known.get(accountId) ?? 0
    return Math.max(0, Math.ceil(fullAt + MINUTE / this.perMinute - now - MINUTE))
  }

  #remember(accountId: string, fullAt: number, now: number): void {
    if (fullAt <= now) this.#known.delete(accountId)
    else this.#known.set(accountId, fullAt)
    if (this.#known.size > this.sweepAbove) for (const [id, at] of this.#known) if (at <= now) this.#known.delete(id)
  }

  /** Deletes the full buckets' rows, at most once a minute per instance. */
  async #sweep(now: number): Promise<void> {
    if (now - this.#sweptAt < MINUTE) return
    this.#sweptAt = now
    await this.budgets.sweep(now)
  }
}
