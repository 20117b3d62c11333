import type { RateWindows } from '../limits/rate-windows'

/**
 * Messages per key (the webhook keys it by sender) in fixed windows counted in the database, so
 * a sender gets the same limit whichever instance Twilio reaches.
 */
export class RateLimiter {
  constructor(
    private readonly windows: RateWindows,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit for `key`; false when the key is over its limit in the current window. */
  async hit(key: string): Promise<boolean> {
    const { count } = await this.windows.hit(`whatsapp:${key}`, this.windowMs)
    return count <= this.max
  }
}
