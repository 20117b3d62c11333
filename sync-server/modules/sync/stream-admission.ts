import { randomUUID } from 'node:crypto'
import type { LiveStreamsRepository, StreamCaps } from '../../db/limits'
import { HttpError } from '../../http-error'
import type { StreamBus } from './stream-bus'

/** How often an instance renews its streams' rows, and after how long without that they stop counting. */
export interface StreamLease {
  heartbeatMs: number
  expiryMs: number
}

interface LocalStream {
  end: () => void
  /** When this instance registered it: a heartbeat that began earlier cannot have seen its row. */
  since: number
}

/**
 * Open streams per user and per address, counted over every instance on the database
 * (live_streams): each holds a socket and a listener until it ends. A phone that lost its network
 * leaves a stream the server has not noticed yet, so at the per-user cap the newest connection
 * wins and the user's oldest stream ends (here at once; on another instance when the bus tells it,
 * or at its next heartbeat should that message be lost); past the per-address cap (many accounts
 * from one place) the new stream is refused.
 */
export class StreamAdmission {
  /** This instance in live_streams (one per app, so two apps in one process are two instances). */
  readonly instance = randomUUID()
  readonly #local = new Map<string, LocalStream>()
  readonly #removals = new Set<Promise<void>>()
  #lastOpened = 0
  #timer: NodeJS.Timeout | undefined

  constructor(
    private readonly streams: LiveStreamsRepository,
    private readonly bus: Pick<StreamBus, 'evictElsewhere' | 'onEvicted'>,
    private readonly caps: StreamCaps,
    private readonly lease: StreamLease,
    private readonly now: () => number,
    private readonly log: (error: unknown) => void,
  ) {
    bus.onEvicted((ids) => {
      for (const id of ids) this.#local.get(id)?.end()
    })
  }

  /**
   * Registers a stream's `end`; resolves to what its end must call. Rejects with 429 past the
   * address cap.
   */
  async admit(userId: string, address: string, end: () => void): Promise<() => void> {
    // Opening times only grow on an instance, so its user's oldest stream is the one opened first.
    const now = Math.max(this.now(), this.#lastOpened + 1)
    this.#lastOpened = now
    const id = randomUUID()
    const claim = { id, instance: this.instance, userId, address }
    const admission = await this.streams.admit(claim, this.caps, now, now - this.lease.expiryMs)
    if (!admission.admitted)
      throw new HttpError(
        429,
        `Too many open sync streams from this address (at most ${this.caps.perAddress})`,
        'TOO_MANY_STREAMS',
      )
    this.#local.set(id, { end, since: this.now() })
    const elsewhere: string[] = []
    for (const evicted of admission.evicted)
      if (evicted.instance === this.instance) this.#local.get(evicted.id)?.end()
      else elsewhere.push(evicted.id)
    this.bus.evictElsewhere(elsewhere)
    this.#startHeartbeat()
    return () => this.#release(id)
  }

  /** Ends every stream of this instance and deletes their rows (the app is closing). */
  async close(): Promise<void> {
    clearInterval(this.#timer)
    this.#timer = undefined
    for (const stream of [...this.#local.values()]) stream.end()
    await Promise.allSettled([...this.#removals])
    // A database already gone must not fail the close: the rows expire like a dead instance's.
    await this.streams.removeInstance(this.instance).catch(this.log)
  }

  #release(id: string): void {
    if (!this.#local.delete(id)) return
    const removal = this.streams
      .remove(id)
      .catch(this.log)
      .finally(() => this.#removals.delete(removal))
    this.#removals.add(removal)
  }

  #startHeartbeat(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => void this.heartbeat().catch(this.log), this.lease.heartbeatMs)
    this.#timer.unref()
  }

  /**
   * Renews this instance's rows and ends its streams whose rows another instance deleted (pushed
   * out by the user's newer streams there).
   */
  async heartbeat(): Promise<void> {
    const now = this.now()
    const kept = await this.streams.heartbeat(this.instance, now, now - this.lease.expiryMs)
    for (const [id, stream] of [...this.#local]) if (stream.since < now && !kept.has(id)) stream.end()
  }
}
