import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenWritesSettle } from '../../src/data/replication'

/** Issue #15: pushes wait until a burst of local writes settles (src/data/replication.ts). */
describe('whenWritesSettle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  /** Calls `wait` at the given ms and returns when each call's promise resolved. */
  async function run(gate: ReturnType<typeof whenWritesSettle>, calls: number[], until: number) {
    const resolved: number[] = []
    for (const [i, at] of calls.entries()) {
      await vi.advanceTimersByTimeAsync(at - Date.now())
      void gate.wait().then(() => (resolved[i] = Date.now()))
    }
    await vi.advanceTimersByTimeAsync(until - Date.now())
    return resolved
  }

  it('opens once no write came for the quiet time, letting every waiting write go together', async () => {
    vi.setSystemTime(0)
    expect(await run(whenWritesSettle(150, 1000), [0, 40, 100], 2000)).toEqual([250, 250, 250])
  })

  it('opens at most the longest wait after the first write of a burst that does not stop', async () => {
    vi.setSystemTime(0)
    const every20 = Array.from({ length: 80 }, (_, i) => i * 20)
    const resolved = await run(whenWritesSettle(150, 1000), every20, 3000)
    expect(resolved.slice(0, 50).every((t) => t === 1000)).toBe(true)
    // The writes after the first opening start a new wait of their own.
    expect(resolved.slice(51).every((t) => t === 1580 + 150)).toBe(true)
  })

  it('a single write goes up after the quiet time; open() lets it go at once', async () => {
    vi.setSystemTime(0)
    const gate = whenWritesSettle(150, 1000)
    expect(await run(gate, [10], 500)).toEqual([160])
    let went = false
    void gate.wait().then(() => (went = true))
    gate.open()
    await vi.advanceTimersByTimeAsync(0)
    expect(went).toBe(true)
  })
})
