import type { StreamEvent } from '../../../schema/api/sync'

export type StreamListener = (event: StreamEvent) => void

/**
 * In-process fan-out of committed changes to the owner's open event streams. Single process by
 * design (DESIGN §4): a second server process would need its own bus.
 */
export class StreamBus {
  readonly #listeners = new Map<string, Set<StreamListener>>()
  /** How to end each listener's stream (suspension and revoked tokens end a user's open streams). */
  readonly #enders = new WeakMap<StreamListener, { end: () => void; tokenVersion: number }>()

  /**
   * Registers a listener for one user's changes; call the returned function to stop. `end`
   * closes the stream, which was opened with a token of `tokenVersion` (see `endStreams`).
   */
  subscribe(userId: string, listener: StreamListener, end?: () => void, tokenVersion = 0): () => void {
    if (end) this.#enders.set(listener, { end, tokenVersion })
    let set = this.#listeners.get(userId)
    if (!set) {
      set = new Set()
      this.#listeners.set(userId, set)
    }
    set.add(listener)
    return () => {
      const current = this.#listeners.get(userId)
      if (!current) return
      current.delete(listener)
      if (current.size === 0) this.#listeners.delete(userId)
    }
  }

  /** Delivers an event to every open stream of `userId`. A failing listener never stops the others. */
  publish(userId: string, event: StreamEvent): void {
    const set = this.#listeners.get(userId)
    if (!set) return
    for (const listener of [...set]) {
      try {
        listener(event)
      } catch {
        // A broken stream cleans itself up on 'close'; the commit has already happened.
      }
    }
  }

  /**
   * Ends the open streams of `userId` (each stream unsubscribes itself as it closes): all of them
   * (suspension), or only those opened with a token older than `tokenVersion` (revoked tokens).
   */
  endStreams(userId: string, tokenVersion = Infinity): void {
    for (const listener of [...(this.#listeners.get(userId) ?? [])]) {
      const ender = this.#enders.get(listener)
      if (ender && ender.tokenVersion < tokenVersion) ender.end()
    }
  }

  listenerCount(userId: string): number {
    return this.#listeners.get(userId)?.size ?? 0
  }
}
