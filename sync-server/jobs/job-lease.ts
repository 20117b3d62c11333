/**
 * "Only one instance runs this job at a time", kept in the database (job_locks), never in process
 * memory: several server instances on one database each start the job's timer; whichever takes
 * the lease runs that round and the others skip it. A run that takes long renews its lease; a
 * process that dies mid-run leaves a lease that simply expires, and the next round goes ahead.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, lte, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AppDatabase } from '../db/database'
import { jobLocks } from '../db/tables'

/** Who this process is in job_locks (host, pid and a random part: two processes never match). */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`

export class JobLease {
  constructor(
    private readonly db: AppDatabase,
    readonly name: string,
    private readonly now: () => number,
    private readonly leaseMs: number,
    readonly holder: string = PROCESS_HOLDER,
  ) {}

  /**
   * Takes the lease (or extends our own) when it is free or expired; false when another holder
   * has it. One statement, so two instances can never both succeed.
   */
  async acquire(): Promise<boolean> {
    const now = this.now()
    const result = await this.db
      .insert(jobLocks)
      .values({ name: this.name, holder: this.holder, leaseUntil: now + this.leaseMs })
      .onConflictDoUpdate({
        target: jobLocks.name,
        set: { holder: this.holder, leaseUntil: now + this.leaseMs },
        setWhere: or(lte(jobLocks.leaseUntil, now), eq(jobLocks.holder, this.holder)),
      })
    return result.changes === 1
  }

  /** Extends a lease we hold; false when it was lost (expired and taken by another instance). */
  async renew(): Promise<boolean> {
    const result = await this.db
      .update(jobLocks)
      .set({ leaseUntil: this.now() + this.leaseMs })
      .where(and(eq(jobLocks.name, this.name), eq(jobLocks.holder, this.holder)))
    return result.changes === 1
  }

  /** Frees the lease at once (when the run is over) if we still hold it. */
  async release(): Promise<void> {
    await this.db
      .update(jobLocks)
      .set({ leaseUntil: 0 })
      .where(and(eq(jobLocks.name, this.name), eq(jobLocks.holder, this.holder)))
  }
}

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
