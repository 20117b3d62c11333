// Kept as is: the platform's requestIdleCallback (a timer where it is missing) and a wait for first paint.
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

const paintTimed = () =>
  typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
const contentPainted = () => performance.getEntriesByName('first-contentful-paint').length > 0

/**
 * `whenIdle`, counted from the page's first contentful paint (at most `timeoutMs` after now where
 * it is not reported): an idle period can come before the first paint is on screen, and the work
 * started there raced it.
 */
export function whenIdleAfterPaint(run: () => void, timeoutMs: number): () => void {
  if (!paintTimed() || contentPainted()) return whenIdle(run, timeoutMs)
  let cancelIdle: (() => void) | null = null
  const stopWaiting = () => {
    observer.disconnect()
    clearTimeout(fallback)
  }
  const start = () => {
    stopWaiting()
    cancelIdle ??= whenIdle(run, timeoutMs)
  }
  const observer = new PerformanceObserver(() => {
    if (contentPainted()) start()
  })
  observer.observe({ type: 'paint' })
  const fallback = setTimeout(start, timeoutMs)
  return () => {
    stopWaiting()
    cancelIdle?.()
  }
}
