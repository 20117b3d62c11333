import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { RateWindowsRepository, WindowCount } from '../../db/limits'

/**
 * Fixed-window request counts kept in the database (rate_limits), so every instance on it counts
 * the same windows. Ended windows are deleted at most once a `sweepEveryMs` per instance.
 */
export class RateWindows {
  #sweptAt = 0

  constructor(
    private readonly repository: RateWindowsRepository,
    readonly now: () => number,
    private readonly sweepEveryMs = 60_000,
  ) {}

  /** Counts one hit for `key` in its window of `windowMs`. */
  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now()
    if (now - this.#sweptAt >= this.sweepEveryMs) {
      this.#sweptAt = now
      await this.repository.sweep(now)
    }
    return this.repository.hit(key, windowMs, now)
  }
}

/**
 * A store for @fastify/rate-limit that counts in `windows`: each route limited through
 * `config.rateLimit` gets its own windows per client key (as the plugin's own store does).
 */
export function rateLimitStore(windows: RateWindows): FastifyRateLimitStoreCtor {
  return class extends WindowStore {
    constructor() {
      super(windows, 'global:')
    }
  }
}

class WindowStore implements FastifyRateLimitStore {
  constructor(
    private readonly windows: RateWindows,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, ms: number) {
    this.windows.hit(`${this.prefix}${key}`, ms).then(
      ({ count, resetsAt }) => callback(null, { current: count, ttl: Math.max(0, resetsAt - this.windows.now()) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    )
  }

  /** At run time the plugin passes the route's merged limit options, the route under `routeInfo`. */
  child(options: object): FastifyRateLimitStore {
    return new WindowStore(this.windows, `route:${routeName(options)}:`)
  }
}

function routeName(options: object): string {
  const info = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo
  const method = Array.isArray(info?.method) ? info.method.join(',') : (info?.method ?? '')
  return `${method} ${info?.url ?? ''}`
}
