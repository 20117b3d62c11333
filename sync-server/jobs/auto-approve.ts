import type { FastifyBaseLogger } from 'fastify'
import type { HouseholdLedger } from '../modules/households/ledger'
import { LeasedJob } from './job-lease'
import type { JobLease } from '../db/jobs'

export const MINUTE_MS = 60_000

/**
 * Approves household expenses whose review period has passed (spec part 2 §4). Runs once at
 * start-up, so a server that was down catches up, and then every `intervalMs`, on one instance
 * at a time when several share the database (`lease`).
 */
export class AutoApproveJob {
  readonly #job: LeasedJob<number>

  constructor(
    private readonly ledger: HouseholdLedger,
    private readonly log: FastifyBaseLogger,
    lease: JobLease,
    intervalMs = MINUTE_MS,
  ) {
    this.#job = new LeasedJob({ lease, intervalMs, run: () => this.runOnce(), idle: () => 0, log })
  }

  /** Resolves once the first round (the catching up) is over: the app is ready after it. */
  start(): Promise<void> {
    return this.#job.start()
  }

  stop(): Promise<void> {
    return this.#job.stop()
  }

  /** One pass; returns how many expenses it approved. A failure is logged and retried next pass. */
  async runOnce(): Promise<number> {
    try {
      const approved = await this.ledger.approveExpired()
      if (approved > 0) this.log.info({ approved }, 'household expenses approved after their review period')
      return approved
    } catch (error) {
      this.log.error({ err: error }, 'auto-approve pass failed')
      return 0
    }
  }
}
