import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  HOME_SNAPSHOT_MAX_CHARS,
  HOME_SNAPSHOT_VERSION,
  homeSnapshotKey,
  readHomeSnapshot,
  writeHomeSnapshot,
  type HomeSnapshotInput,
} from '../../src/data/home-snapshot'
import {
  LEDGER_SNAPSHOT_MAX_CHARS,
  LEDGER_SNAPSHOT_ROWS,
  ledgerSnapshotKey,
  readLedgerSnapshot,
  writeLedgerSnapshot,
} from '../../src/data/ledger-snapshot'
import { forgetSavedScreens } from '../../src/data/saved-screen-keys'
import { homeBudgetLine } from '../../schema/home-view'

/** localStorage as the browser has it: strings only, and a quota. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  quota = Infinity
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    if (value.length > this.quota) throw new DOMException('quota', 'QuotaExceededError')
    this.items.set(key, String(value))
  }
}

const store = new MemoryStorage()
const g = globalThis as unknown as { window?: unknown; localStorage?: unknown }

beforeEach(() => {
  store.clear()
  store.quota = Infinity
  g.window = { localStorage: store }
  g.localStorage = store
})
afterEach(() => {
  delete g.window
  delete g.localStorage
})

// Wednesday 18 November 2026, noon in India (the tests run in Asia/Kolkata).
const NOW = Date.parse('2026-11-18T12:00:00+05:30')
const ASHA = 'user-asha'
const RAVI = 'user-ravi'

function input(overrides: Partial<HomeSnapshotInput> = {}): HomeSnapshotInput {
  return {
    currency: 'INR',
    hidden: false,
    view: {
      figures: {
        income: 5_000_000,
        expenses: 1_234_500,
        balance: 3_765_500,
        thisWeek: 45_000,
        trend: { direction: 'up', text: '↑ 25% vs last week' },
      },
      budgets: [
        homeBudgetLine(
          { id: 'b1', category: 'Food', amount: 1_000_000, period: 'monthly', createdAt: NOW - 86_400_000 },
          [{ type: 'expense', category: 'food', amount: 850_000, date: NOW - 3_600_000 }],
          NOW,
        ),
      ],
      due: [{ id: 'r1', name: 'Rent', amount: 2_500_000, nextDueDate: '2026-11-20' }],
      insights: [{ key: 'projection', icon: 'projection', tone: 'info', text: 'On track to spend ₹40,000' }],
      recent: [
        { id: 't1', type: 'expense', amount: 45_000, category: 'Food', description: 'Lunch', date: NOW - 60_000 },
      ],
    },
    ...overrides,
  }
}

describe('home snapshot', () => {
  it('reads back what was written, for the same user, week and month', () => {
    expect(writeHomeSnapshot(ASHA, input(), NOW)).toBe(true)
    const snapshot = readHomeSnapshot(ASHA, NOW + 3_600_000)
    expect(snapshot).toMatchObject({ version: HOME_SNAPSHOT_VERSION, userId: ASHA, currency: 'INR', hidden: false })
    expect(snapshot?.view).toEqual(input().view)
    // The budget line is worked out when written: 85 % of the limit is red on /home (above 80 %).
    expect(snapshot?.view.budgets[0]).toMatchObject({ spent: 850_000, percent: 85, colour: 'red', remaining: 150_000 })
  })

  it("is kept under the user's own key and never read for another user", () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    expect(store.getItem(homeSnapshotKey(ASHA))).not.toBeNull()
    expect(readHomeSnapshot(RAVI, NOW)).toBeNull()
    // Asha's snapshot copied under Ravi's key still names Asha: refused and removed.
    store.setItem(homeSnapshotKey(RAVI), store.getItem(homeSnapshotKey(ASHA))!)
    expect(readHomeSnapshot(RAVI, NOW)).toBeNull()
    expect(store.getItem(homeSnapshotKey(RAVI))).toBeNull()
    expect(readHomeSnapshot(ASHA, NOW)).not.toBeNull()
  })

  it('is gone after forgetSavedScreens (logout, account deletion)', () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    writeHomeSnapshot(RAVI, input(), NOW)
    forgetSavedScreens(ASHA)
    expect(readHomeSnapshot(ASHA, NOW)).toBeNull()
    expect(store.getItem(homeSnapshotKey(ASHA))).toBeNull()
    expect(readHomeSnapshot(RAVI, NOW)).not.toBeNull()
  })

  it.each([
    ['not JSON', '{"version":1,'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['a figure that is not integer paise', (raw: string) => raw.replace('"balance":3765500', '"balance":37655.5')],
    ['a missing view', (raw: string) => raw.replace(/"view":.*$/, '"x":1}')],
    ['an unknown trend direction', (raw: string) => raw.replace('"direction":"up"', '"direction":"sideways"')],
    [
      'six recent rows',
      (raw: string) =>
        raw.replace(/"recent":\[(.*)\]\}\}$/, (_m, row) => `"recent":[${Array(6).fill(row).join(',')}]}}`),
    ],
  ])('refuses and removes a corrupt snapshot: %s', (_name, corrupt) => {
    writeHomeSnapshot(ASHA, input(), NOW)
    const key = homeSnapshotKey(ASHA)
    const raw = store.getItem(key)!
    const broken = typeof corrupt === 'string' ? corrupt : corrupt(raw)
    expect(broken).not.toBe(raw)
    store.setItem(key, broken)
    expect(readHomeSnapshot(ASHA, NOW)).toBeNull()
    expect(store.getItem(key)).toBeNull()
  })

  it('refuses a snapshot of another version', () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    const key = homeSnapshotKey(ASHA)
    store.setItem(key, store.getItem(key)!.replace(`"version":${HOME_SNAPSHOT_VERSION}`, '"version":0'))
    expect(readHomeSnapshot(ASHA, NOW)).toBeNull()
  })

  it('is not shown in another week or month (its figures are those of its week and month)', () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    // Same week (Monday 16th → Sunday 22nd), same month.
    expect(readHomeSnapshot(ASHA, Date.parse('2026-11-22T23:00:00+05:30'))).not.toBeNull()
    expect(readHomeSnapshot(ASHA, Date.parse('2026-11-23T09:00:00+05:30'))).toBeNull()
    expect(readHomeSnapshot(ASHA, Date.parse('2026-12-18T12:00:00+05:30'))).toBeNull()
    expect(readHomeSnapshot(ASHA, Date.parse('2026-11-15T12:00:00+05:30'))).toBeNull()
  })

  it('writes nothing larger than the bound, and drops the older snapshot then', () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    const long = input()
    long.view.recent = Array.from({ length: 5 }, (_, i) => ({
      ...long.view.recent[0]!,
      id: `t${i}`,
      description: 'x'.repeat(500),
    }))
    long.view.due = Array.from({ length: 50 }, (_, i) => ({
      id: `r${i}`,
      name: 'y'.repeat(100),
      amount: 1,
      nextDueDate: '2026-11-20',
    }))
    expect(JSON.stringify(long).length).toBeGreaterThan(HOME_SNAPSHOT_MAX_CHARS)
    expect(writeHomeSnapshot(ASHA, long, NOW)).toBe(false)
    expect(store.getItem(homeSnapshotKey(ASHA))).toBeNull()
  })

  it('refuses a stored snapshot over the bound without parsing it', () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    const key = homeSnapshotKey(ASHA)
    const raw = store.getItem(key)!
    store.setItem(key, raw.replace('"Lunch"', `"${' '.repeat(HOME_SNAPSHOT_MAX_CHARS)}"`))
    expect(readHomeSnapshot(ASHA, NOW)).toBeNull()
  })

  it('keeps nothing when storage refuses the write (quota)', () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    store.quota = 100
    expect(writeHomeSnapshot(ASHA, input({ hidden: true }), NOW)).toBe(false)
    expect(readHomeSnapshot(ASHA, NOW)).toBeNull()
  })

  it('keeps whether the balance was hidden, and rewrites only on a change', () => {
    writeHomeSnapshot(ASHA, input(), NOW)
    const key = homeSnapshotKey(ASHA)
    const first = store.getItem(key)
    writeHomeSnapshot(ASHA, input(), NOW + 1000)
    expect(store.getItem(key)).toBe(first)
    writeHomeSnapshot(ASHA, input({ hidden: true }), NOW + 2000)
    expect(readHomeSnapshot(ASHA, NOW)).toMatchObject({ hidden: true, savedAt: NOW + 2000 })
  })

  it('refuses a currency that is not a code', () => {
    expect(writeHomeSnapshot(ASHA, input({ currency: '<b>' }), NOW)).toBe(true)
    expect(readHomeSnapshot(ASHA, NOW)).toBeNull()
  })
})

describe('ledger snapshot (the head of /transactions)', () => {
  const row = (i: number, extra: Record<string, unknown> = {}) => ({
    id: `t${i}`,
    type: i % 3 === 0 ? ('income' as const) : ('expense' as const),
    amount: 10_000 + i,
    category: 'Food & Dining',
    description: `Entry ${i}`,
    date: NOW - i * 60_000,
    ...extra,
  })
  const totals = { expenses: 1_234_500, income: 987_654_321, count: 40 }

  it('keeps the first rows (only the fields a row draws) and the totals, for its own user', () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i, { dateDesc: 1, updatedAt: NOW, _meta: { lwt: 1 } }))
    expect(writeLedgerSnapshot(ASHA, { currency: 'INR', totals, rows }, NOW)).toBe(true)
    const saved = readLedgerSnapshot(ASHA)
    expect(saved).toMatchObject({ userId: ASHA, currency: 'INR', totals })
    expect(saved?.rows).toEqual(Array.from({ length: LEDGER_SNAPSHOT_ROWS }, (_, i) => row(i)))
    expect(readLedgerSnapshot(RAVI)).toBeNull()
    // Copied under Ravi's key it still names Asha: refused and removed.
    store.setItem(ledgerSnapshotKey(RAVI), store.getItem(ledgerSnapshotKey(ASHA))!)
    expect(readLedgerSnapshot(RAVI)).toBeNull()
    expect(store.getItem(ledgerSnapshotKey(RAVI))).toBeNull()
  })

  it('holds in any later week or month (all-time figures)', () => {
    writeLedgerSnapshot(ASHA, { currency: 'INR', totals, rows: [row(1)] }, NOW)
    expect(readLedgerSnapshot(ASHA)?.rows).toHaveLength(1)
  })

  it('is gone with the home snapshot after forgetSavedScreens (logout, account deletion)', () => {
    writeLedgerSnapshot(ASHA, { currency: 'INR', totals, rows: [row(1)] }, NOW)
    writeHomeSnapshot(ASHA, input(), NOW)
    writeLedgerSnapshot(RAVI, { currency: 'INR', totals, rows: [row(1)] }, NOW)
    forgetSavedScreens(ASHA)
    expect(store.getItem(ledgerSnapshotKey(ASHA))).toBeNull()
    expect(store.getItem(homeSnapshotKey(ASHA))).toBeNull()
    expect(readLedgerSnapshot(RAVI)).not.toBeNull()
  })

  it.each([
    ['a count below zero', (raw: string) => raw.replace('"count":40', '"count":-1')],
    ['an amount that is not integer paise', (raw: string) => raw.replace('"amount":10001', '"amount":100.5')],
    ['a row without an id', (raw: string) => raw.replace('"id":"t1",', '')],
    ['another version', (raw: string) => raw.replace('"version":1', '"version":2')],
  ])('refuses and removes a corrupt one: %s', (_name, corrupt) => {
    writeLedgerSnapshot(ASHA, { currency: 'INR', totals, rows: [row(1), row(2)] }, NOW)
    const key = ledgerSnapshotKey(ASHA)
    const raw = store.getItem(key)!
    expect(corrupt(raw)).not.toBe(raw)
    store.setItem(key, corrupt(raw))
    expect(readLedgerSnapshot(ASHA)).toBeNull()
    expect(store.getItem(key)).toBeNull()
  })

  it('reads back exactly what a row draws for any rows that fit, and keeps nothing over the bound', () => {
    const text = (max: number) => fc.string({ maxLength: max, unit: fc.constantFrom('a', '"', '\\', 'é', '₹', '\n') })
    const rowArb = fc.record({
      id: fc.string({ minLength: 1, maxLength: 100 }),
      type: fc.constantFrom('expense' as const, 'income' as const),
      amount: fc.integer({ min: 1, max: 1e13 }),
      category: text(60),
      description: text(500),
      date: fc.integer({ min: 0, max: 4e12 }),
    })
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 20 }), fc.nat(1e6), (rows, count) => {
        store.clear()
        const figures = { expenses: 0, income: 0, count }
        const kept = writeLedgerSnapshot(ASHA, { currency: 'INR', totals: figures, rows }, NOW)
        const saved = readLedgerSnapshot(ASHA)
        if (!kept) {
          expect(saved).toBeNull()
          expect(JSON.stringify(rows.slice(0, LEDGER_SNAPSHOT_ROWS)).length).toBeGreaterThan(
            LEDGER_SNAPSHOT_MAX_CHARS - 200,
          )
          return
        }
        expect(saved?.rows).toEqual(rows.slice(0, LEDGER_SNAPSHOT_ROWS))
        expect(saved?.totals).toEqual(figures)
      }),
      { numRuns: 200, seed: 15 },
    )
  })
})
