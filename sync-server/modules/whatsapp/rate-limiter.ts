/**
 * A fixed-window counter per key (the webhook keys it by sender). In memory, like the stream
 * bus: one server process by design. Expired windows are swept when the map grows.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly sweepAbove = 10_000,
  ) {}

  /** Counts one hit for `key`; false when the key is over its limit in the current window. */
  hit(key: string, now: number): boolean {
    let window = this.#windows.get(key)
    if (!window || now - window.start >= this.windowMs) {
      if (!window && this.#windows.size >= this.sweepAbove) this.#sweep(now)
      window = { start: now, count: 0 }
      this.#windows.set(key, window)
    }
    window.count += 1
    return window.count <= this.max
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows) if (now - w.start >= this.windowMs) this.#windows.delete(key)
  }
}
