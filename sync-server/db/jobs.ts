/**
 * "Only one instance runs this job at a time", kept in the database (job_locks), never in process
 * memory: several server instances on one database each start the job's timer; whichever takes
 * the lease runs that round and the others skip it. A run that takes long renews its lease; a
 * process that dies mid-run leaves a lease that simply expires, and the next round goes ahead.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, lte, or } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { jobLocks } from './tables'

/**
 * Who holds a lease in job_locks: host, pid and a random part, new for each lease, so two server
 * instances never match, not even two in one process. One instance keeps its lease object for its
 * life, so its rounds extend their own lease.
 */
const newHolder = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`

export class JobLease {
  constructor(
    private readonly db: AppDatabase,
    readonly name: string,
    private readonly now: () => number,
    private readonly leaseMs: number,
    readonly holder: string = newHolder(),
  ) {}

  /**
   * Takes the lease (or extends our own) when it is free or expired; false when another holder
   * has it. One statement, so two instances can never both succeed.
   */
  async acquire(): Promise<boolean> {
    const now = this.now()
    const taken = await this.db
      .insert(jobLocks)
      .values({ name: this.name, holder: this.holder, leaseUntil: now + this.leaseMs })
      .onConflictDoUpdate({
        target: jobLocks.name,
        set: { holder: this.holder, leaseUntil: now + this.leaseMs },
        setWhere: or(lte(jobLocks.leaseUntil, now), eq(jobLocks.holder, this.holder)),
      })
      .returning({ name: jobLocks.name })
    return taken.length === 1
  }

  /** Extends a lease we hold; false when it was lost (expired and taken by another instance). */
  async renew(): Promise<boolean> {
    const renewed = await this.db
      .update(jobLocks)
      .set({ leaseUntil: this.now() + this.leaseMs })
      .where(and(eq(jobLocks.name, this.name), eq(jobLocks.holder, this.holder)))
      .returning({ name: jobLocks.name })
    return renewed.length === 1
  }

  /** Frees the lease at once (when the run is over) if we still hold it. */
  async release(): Promise<void> {
    await this.db
      .update(jobLocks)
      .set({ leaseUntil: 0 })
      .where(and(eq(jobLocks.name, this.name), eq(jobLocks.holder, this.holder)))
  }
}
