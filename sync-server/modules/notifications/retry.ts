/** How often a reminder is tried before the sent-log marks it failed. */
export const MAX_ATTEMPTS = 6
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 3 * 3_600_000]

/** When a failed try `attempts` (1, 2…) is tried again; null when it is time to give up. */
export function retryAt(attempts: number, now: number, retryAfterMs?: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null
  const backoff = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!
  return now + Math.max(backoff, retryAfterMs ?? 0)
}
