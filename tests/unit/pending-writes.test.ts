import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { PendingWrites } from '../../src/data/pending'
import { getSyncSnapshot } from '../../src/data/sync-state'

/** Issue #14 item 9: what the sync indicator counts as pending is what a push can still clear. */
const KEY = 'hisaab.pending.test'
const store = new Map<string, string>()
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
})

const refused = () => Promise.reject(new Error('storage refused the write'))
const stored = () => JSON.parse(store.get(KEY) ?? '{}') as Record<string, number>

beforeEach(() => store.clear())

describe('pending writes', () => {
  it('a write that throws leaves no pending marker, in memory, in storage or on the indicator', async () => {
    const pending = new PendingWrites(KEY)
    await expect(pending.track('profile', 'u1', 10, refused)).rejects.toThrow('storage refused')
    expect(pending.count).toBe(0)
    expect(stored()).toEqual({})
    expect(getSyncSnapshot().pending).toBe(0)
    // A reload (a new instance over the same storage) sees nothing pending either.
    expect(new PendingWrites(KEY).count).toBe(0)
  })

  it('a refused edit of a document keeps its earlier, real pending write', async () => {
    const pending = new PendingWrites(KEY)
    await pending.track('transactions', 't1', 5, () => Promise.resolve())
    await expect(pending.track('transactions', 't1', 9, refused)).rejects.toThrow()
    expect(stored()).toEqual({ 'transactions/t1': 5 })
    pending.acknowledge('transactions', [{ id: 't1', updatedAt: 5 }])
    expect(pending.count).toBe(0)
  })

  it('a write acknowledged by a push before its promise settles is not pending afterwards', async () => {
    const pending = new PendingWrites(KEY)
    await pending.track('budgets', 'b1', 7, () => {
      pending.acknowledge('budgets', [{ id: 'b1', updatedAt: 7 }])
      return Promise.resolve()
    })
    expect(pending.count).toBe(0)
  })

  it('whatever writes succeed or fail, pending = the succeeded writes no push acknowledged', async () => {
    const op = fc.record({ id: fc.constantFrom('a', 'b', 'c'), ok: fc.boolean(), acked: fc.boolean() })
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        store.clear()
        const pending = new PendingWrites(KEY)
        const expected = new Map<string, boolean>()
        let version = 0
        for (const { id, ok, acked } of ops) {
          version += 1
          await pending.track('transactions', id, version, ok ? () => Promise.resolve() : refused).catch(() => {})
          if (ok) expected.set(id, true)
          if (ok && acked) {
            pending.acknowledge('transactions', [{ id, updatedAt: version }])
            expected.delete(id)
          }
        }
        expect(pending.count).toBe(expected.size)
        expect(new PendingWrites(KEY).count).toBe(expected.size)
      }),
      { seed: 914, numRuns: 200 },
    )
  })
})
