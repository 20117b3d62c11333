import type { StreamEvent } from '../../../schema/api/sync'

/** What a stream is told: a change, or "pull what you missed" (RxDB's RESYNC). */
export type StreamItem = StreamEvent | 'RESYNC'
export type StreamListener = (item: StreamItem) => void

/** What one instance tells the others through a relay. */
export type RelayMessage =
  | { kind: 'event'; channel: string; event: StreamEvent }
  | { kind: 'resync'; channel: string }
  | { kind: 'end'; userId: string; tokenVersion: number | null }
  | { kind: 'evict'; streamIds: string[] }

/**
 * How instances of the server sharing one database reach each other's streams (PostgreSQL's
 * LISTEN/NOTIFY: db/pg-relay.ts). `send` is fire-and-forget and keeps the order of its calls;
 * `receive` gets every other instance's messages, and `lost` when messages may have been missed
 * (a reconnect), so every local stream re-pulls.
 */
export interface BusRelay {
  send(message: RelayMessage): void
  listen(handlers: { receive: (message: RelayMessage) => void; lost: () => void }): void
}

/**
 * Fan-out of committed changes to the open event streams, by channel (a user's id, the admin
 * channel). With one process it is all in memory; with a relay, what one instance publishes or
 * ends reaches the streams open on every other instance too.
 */
export class StreamBus {
  readonly #listeners = new Map<string, Set<StreamListener>>()
  /** How to end each listener's stream (suspension and revoked tokens end a user's open streams). */
  readonly #enders = new WeakMap<StreamListener, { end: () => void; tokenVersion: number }>()
  readonly #evictionHandlers: ((streamIds: readonly string[]) => void)[] = []

  constructor(private readonly relay?: BusRelay) {
    relay?.listen({
      receive: (message) => this.#receive(message),
      lost: () => {
        for (const channel of this.#listeners.keys()) this.#deliver(channel, 'RESYNC')
      },
    })
  }

  /**
   * Registers a listener for one channel's changes; call the returned function to stop. `end`
   * closes the stream, which was opened with a token of `tokenVersion` (see `endStreams`).
   */
  subscribe(channel: string, listener: StreamListener, end?: () => void, tokenVersion = 0): () => void {
    if (end) this.#enders.set(listener, { end, tokenVersion })
    let set = this.#listeners.get(channel)
    if (!set) {
      set = new Set()
      this.#listeners.set(channel, set)
    }
    set.add(listener)
    return () => {
      const current = this.#listeners.get(channel)
      if (!current) return
      current.delete(listener)
      if (current.size === 0) this.#listeners.delete(channel)
    }
  }

  /** Whether an event for `channel` may reach a stream (on another instance, it may). */
  hasAudience(channel: string): boolean {
    return this.relay !== undefined || this.listenerCount(channel) > 0
  }

  /** Delivers an event to every open stream of `channel`, on every instance. */
  publish(channel: string, event: StreamEvent): void {
    this.#deliver(channel, event)
    this.relay?.send({ kind: 'event', channel, event })
  }

  /**
   * Ends the open streams of `userId` on every instance (each stream unsubscribes itself as it
   * closes): all of them (suspension), or only those opened with a token older than
   * `tokenVersion` (revoked tokens).
   */
  endStreams(userId: string, tokenVersion = Infinity): void {
    this.#end(userId, tokenVersion)
    this.relay?.send({ kind: 'end', userId, tokenVersion: Number.isFinite(tokenVersion) ? tokenVersion : null })
  }

  /**
   * Tells the other instances that these streams of theirs (by their stream admission ids) were
   * pushed out by a newer stream of the same user, so they end them now rather than at their next
   * heartbeat.
   */
  evictElsewhere(streamIds: readonly string[]): void {
    if (streamIds.length > 0) this.relay?.send({ kind: 'evict', streamIds: [...streamIds] })
  }

  /** `handler` hears of the streams another instance pushed out (see `evictElsewhere`). */
  onEvicted(handler: (streamIds: readonly string[]) => void): void {
    this.#evictionHandlers.push(handler)
  }

  listenerCount(channel: string): number {
    return this.#listeners.get(channel)?.size ?? 0
  }

  #receive(message: RelayMessage): void {
    if (message.kind === 'event') this.#deliver(message.channel, message.event)
    else if (message.kind === 'resync') this.#deliver(message.channel, 'RESYNC')
    else if (message.kind === 'evict') for (const handler of this.#evictionHandlers) handler(message.streamIds)
    else this.#end(message.userId, message.tokenVersion ?? Infinity)
  }

  /** A failing listener never stops the others. */
  #deliver(channel: string, item: StreamItem): void {
    for (const listener of [...(this.#listeners.get(channel) ?? [])]) {
      try {
        listener(item)
      } catch {
        // A broken stream cleans itself up on 'close'; the commit has already happened.
      }
    }
  }

  #end(userId: string, tokenVersion: number): void {
    for (const listener of [...(this.#listeners.get(userId) ?? [])]) {
      const ender = this.#enders.get(listener)
      if (ender && ender.tokenVersion < tokenVersion) ender.end()
    }
  }
}
