import type { FastifyBaseLogger } from 'fastify'
import type { HouseholdLedger } from '../modules/households/ledger'

export const MINUTE_MS = 60_000

/**
 * Approves household expenses whose review period has passed (spec part 2 §4). Runs once at
 * start-up, so a server that was down catches up, and then every `intervalMs`.
 */
export class AutoApproveJob {
  #timer: NodeJS.Timeout | null = null

  constructor(
    private readonly ledger: HouseholdLedger,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = MINUTE_MS,
  ) {}

  start(): void {
    this.runOnce()
    this.#timer = setInterval(() => this.runOnce(), this.intervalMs)
    this.#timer.unref()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /** One pass; returns how many expenses it approved. A failure is logged and retried next pass. */
  runOnce(): number {
    try {
      const approved = this.ledger.approveExpired()
      if (approved > 0) this.log.info({ approved }, 'household expenses approved after their review period')
      return approved
    } catch (error) {
      this.log.error({ err: error }, 'auto-approve pass failed')
      return 0
    }
  }
}
