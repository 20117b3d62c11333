/**
 * Runs `run` once the browser is idle, at most `timeoutMs` later (a timer where there is no
 * requestIdleCallback); returns a cancel. For work nobody waits for on a cold start.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 0)
    return () => clearTimeout(timer)
  }
  const handle = requestIdleCallback(run, { timeout: timeoutMs })
  return () => cancelIdleCallback(handle)
}
