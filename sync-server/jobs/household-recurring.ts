import type { FastifyBaseLogger } from 'fastify'
import type { HouseholdRecurring } from '../modules/households/recurring'
import { MINUTE_MS } from './auto-approve'
import { LeasedJob } from './job-lease'
import type { JobLease } from '../db/jobs'

/**
 * Adds the occurrences of recurring household expenses on their day: a first round at start-up
 * (catching up whatever fell due while the server was down), then every `intervalMs`, on one
 * instance at a time (`lease`). Exactly once rests on the occurrence ids, not on the lease.
 */
export class HouseholdRecurringJob {
  readonly #job: LeasedJob<number>

  constructor(
    private readonly recurring: HouseholdRecurring,
    private readonly log: FastifyBaseLogger,
    lease: JobLease,
    intervalMs = MINUTE_MS,
  ) {
    this.#job = new LeasedJob({ lease, intervalMs, run: (l) => this.round(l), idle: () => 0, log })
  }

  /** Resolves once the first round (the catching up) is over: the app is ready after it. */
  start(): Promise<void> {
    return this.#job.start()
  }

  stop(): Promise<void> {
    return this.#job.stop()
  }

  /** One round now, when no other instance holds the lease; how many expenses it added. */
  check(): Promise<number> {
    return this.#job.check()
  }

  private async round(lease: JobLease): Promise<number> {
    const added = await this.recurring.addDue(() => lease.renew())
    if (added > 0) this.log.info({ added }, 'recurring household expenses added')
    return added
  }
}
