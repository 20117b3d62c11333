/** Background jobs on a timer, one round at a time across instances by the lease in db/jobs.ts. */
import type { FastifyBaseLogger } from 'fastify'
import type { JobLease } from '../db/jobs'

export interface LeasedJobOptions<R> {
  lease: JobLease
  intervalMs: number
  /** One round's work; `lease.renew()` as it goes when it can take longer than the lease. */
  run: (lease: JobLease) => Promise<R> | R
  /** The result of a round that did not run (another instance holds the lease, or it failed). */
  idle: () => R
  log?: Pick<FastifyBaseLogger, 'error'>
}

/**
 * A job on a timer, one round at a time in this process and across instances: `check()` runs a
 * round now when the lease is free (or returns the round already in progress here). A failed
 * round is logged and the next one tries again.
 */
export class LeasedJob<R> {
  #running: Promise<R> | null = null
  #timer: NodeJS.Timeout | null = null

  constructor(private readonly options: LeasedJobOptions<R>) {}

  /**
   * A first round now (catching up after downtime), then one every interval; the timer never keeps
   * the process up. Resolves when the first round is over (it never rejects).
   */
  async start(): Promise<void> {
    if (this.#timer) return
    this.#timer = setInterval(() => void this.check(), this.options.intervalMs)
    this.#timer.unref()
    await this.check()
  }

  check(): Promise<R> {
    this.#running ??= this.#round().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  /** Stops the timer and waits for a round in progress (before the database closes). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#running
  }

  async #round(): Promise<R> {
    const { lease, run, idle, log } = this.options
    try {
      if (!(await lease.acquire())) return idle()
    } catch (err) {
      log?.error({ err, job: lease.name }, 'job lease could not be taken')
      return idle()
    }
    try {
      return await run(lease)
    } catch (err) {
      log?.error({ err, job: lease.name }, 'job round failed; the next round tries again')
      return idle()
    } finally {
      try {
        await lease.release()
      } catch (err) {
        // The lease then expires by itself.
        log?.error({ err, job: lease.name }, 'job lease could not be released')
      }
    }
  }
}
