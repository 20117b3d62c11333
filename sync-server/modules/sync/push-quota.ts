/**
 * How many documents an account may push: a token bucket per account that holds a minute's
 * worth (`perMinute` documents) and refills at that rate. A device back online after a long time
 * sends its first `perMinute` documents at once and the rest at that pace; one account pushing in
 * a loop cannot take the server from everyone else. Each bucket is two numbers per account (a
 * table of account, tokens and time when the server runs as several processes); an account whose
 * bucket is full again holds nothing here.
 */
export class PushQuota {
  readonly #buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly sweepAbove = 10_000,
  ) {}

  /**
   * Takes `count` documents from the account's bucket. Returns 0 when they were taken, else how
   * many ms until they would be there (nothing is taken then). A push larger than a whole bucket
   * goes through once the bucket is full.
   */
  take(accountId: string, count: number): number {
    const need = Math.min(count, this.perMinute)
    const bucket = this.#refilled(accountId)
    if (bucket.tokens < need) return Math.ceil(((need - bucket.tokens) * 60_000) / this.perMinute)
    bucket.tokens -= need
    this.#buckets.set(accountId, bucket)
    return 0
  }

  /** How many ms until the account may push at least one document (0: now). */
  wait(accountId: string): number {
    const { tokens } = this.#refilled(accountId)
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 60_000) / this.perMinute)
  }

  #refilled(accountId: string): { tokens: number; at: number } {
    const now = this.now()
    const stored = this.#buckets.get(accountId)
    if (!stored && this.#buckets.size >= this.sweepAbove) this.#sweep(now)
    const tokens = stored ? this.#level(stored, now) : this.perMinute
    const bucket = { tokens, at: now }
    if (tokens < this.perMinute) this.#buckets.set(accountId, bucket)
    else this.#buckets.delete(accountId)
    return bucket
  }

  #level(bucket: { tokens: number; at: number }, now: number): number {
    return Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000)
  }

  /** Forgets every bucket that has filled up again (they behave as if never used). */
  #sweep(now: number): void {
    for (const [id, bucket] of this.#buckets) if (this.#level(bucket, now) >= this.perMinute) this.#buckets.delete(id)
  }
}
