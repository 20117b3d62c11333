import type { FastifyBaseLogger } from 'fastify'
import type { FxRatesRepository } from '../db/fx-rates'
import type { JobLease } from '../db/jobs'
import { fetchFxDay, FX_FETCH_TIMEOUT_MS } from '../modules/fx/source'
import { LeasedJob } from './job-lease'

export const DAY_MS = 24 * 60 * 60 * 1000

/** What a round did: stored a day's rates, kept the old ones (the source failed), or did not run here. */
export type FxRound = { stored: string } | { kept: string | null; problem: string } | 'idle'

export interface FxRatesJobOptions {
  url: string
  rates: FxRatesRepository
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  lease: JobLease
  intervalMs?: number
  timeoutMs?: number
}

/**
 * Fetches the daily rate source (FX_RATES_URL) at start-up and then once a day, on one instance
 * at a time (`lease`). A good answer is stored as that day's rates, beside the days before it; a
 * bad or missing one changes nothing and is logged, so devices keep being offered the last good day.
 */
export class FxRatesJob {
  readonly #job: LeasedJob<FxRound>

  constructor(private readonly options: FxRatesJobOptions) {
    this.#job = new LeasedJob({
      lease: options.lease,
      intervalMs: options.intervalMs ?? DAY_MS,
      run: () => this.round(),
      idle: () => 'idle' as const,
      log: options.log,
    })
  }

  /** Starts the daily timer with a first round in the background: the app never waits on the source. */
  start(): void {
    void this.#job.start()
  }

  stop(): Promise<void> {
    return this.#job.stop()
  }

  /** One round now (or the one in progress), when no other instance holds the lease. */
  check(): Promise<FxRound> {
    return this.#job.check()
  }

  private async round(): Promise<FxRound> {
    const { url, rates, log } = this.options
    const answer = await fetchFxDay(url, this.options.timeoutMs ?? FX_FETCH_TIMEOUT_MS)
    if (!answer.ok) {
      const kept = (await rates.latest())?.date ?? null
      const keeping = kept ? `keeping the rates of ${kept}` : 'no rates held yet'
      log.warn({ job: 'fx-rates', problem: answer.problem }, `FX_RATES_URL ${answer.problem}; ${keeping}`)
      return { kept, problem: answer.problem }
    }
    await rates.save(answer.day)
    const count = Object.keys(answer.day.rates).length
    log.info({ job: 'fx-rates', date: answer.day.date, base: answer.day.base, count }, 'exchange rates stored')
    return { stored: answer.day.date }
  }
}
