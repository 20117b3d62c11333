export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export const median = (values: number[]) => percentile(values, 50)

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

/** Client `index` of any number goes to `servers[index % servers.length]`: the counts differ by at most one. */
export function serverFor<S>(servers: readonly S[], index: number): S {
  if (servers.length === 0) throw new Error('no server to spread the clients over')
  return servers[index % servers.length]!
}

export interface LoadStep {
  clients: number
  requestsPerSecond: number
  p99: number
}

/**
 * The most requests per second any step served with its p99 within `p99BoundMs`: how two set-ups
 * compare "at the same p99". Undefined when no step stayed within the bound.
 */
export function capacityWithin<T extends LoadStep>(steps: readonly T[], p99BoundMs: number): T | undefined {
  let best: T | undefined
  for (const step of steps)
    if (step.p99 <= p99BoundMs && (!best || step.requestsPerSecond > best.requestsPerSecond)) best = step
  return best
}
