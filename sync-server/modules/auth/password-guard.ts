import { HttpError } from '../../http-error'

/** Failed password checks an account may have before it must wait. */
export const FREE_FAILURES = 5
const FIRST_WAIT_MS = 30_000
const LONGEST_WAIT_MS = 15 * 60_000

/**
 * Per-account guessing limit for every password check (login, change-password), on top of the
 * per-address rate limit: many addresses guessing at one account share this counter. After
 * FREE_FAILURES failures in a row the account waits 30 s, then twice as long after each further
 * failure, at most 15 minutes; a correct password resets it. In memory: one server process.
 */
export class PasswordGuard {
  readonly #accounts = new Map<string, { failures: number; until: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws 429 (with Retry-After seconds in `details`) while `account` must wait. */
  check(account: string): void {
    const state = this.#accounts.get(account)
    const wait = state ? state.until - this.now() : 0
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000)
      const when = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
      throw new HttpError(429, `Too many wrong passwords. Try again in ${when}.`, 'TOO_MANY_ATTEMPTS', {
        retryAfterSeconds: seconds,
      })
    }
  }

  failed(account: string): void {
    const failures = (this.#accounts.get(account)?.failures ?? 0) + 1
    const over = failures - FREE_FAILURES
    const wait = over < 0 ? 0 : Math.min(FIRST_WAIT_MS * 2 ** over, LONGEST_WAIT_MS)
    this.#accounts.set(account, { failures, until: this.now() + wait })
    if (this.#accounts.size > 100_000) this.#sweep()
  }

  succeeded(account: string): void {
    this.#accounts.delete(account)
  }

  #sweep(): void {
    const now = this.now()
    for (const [key, s] of this.#accounts) if (s.until < now - LONGEST_WAIT_MS) this.#accounts.delete(key)
  }
}
