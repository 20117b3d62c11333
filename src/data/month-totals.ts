import { sumTotals, totalsOf, type Totals } from '../../schema/calc/totals'
import { inHome, moneyEntryOf, type CurrencyFields, type HomeCurrency } from '../../schema/money/currency'
import type { Paise } from '../../schema/money/money'

/** What a transaction adds to its month's totals: its amount in its own currency. */
export interface MonthEntry extends CurrencyFields {
  id: string
  type: 'expense' | 'income'
  amount: Paise
  date: number
}

/** A local calendar month as one number: year × 12 + month (0–11). */
export function monthKeyOf(ms: number): number {
  const d = new Date(ms)
  return d.getFullYear() * 12 + d.getMonth()
}

/** The first instant of a month key (local time). */
export function monthStartOf(key: number): number {
  return new Date(Math.floor(key / 12), key % 12, 1).getTime()
}

interface Contribution {
  key: number
  type: 'expense' | 'income'
  /** In the home currency; null: not converted (no rate), counted apart. */
  amount: Paise | null
}

/**
 * Per-month totals kept up to date document by document. It remembers what each document
 * added, so applying a document's current state (or its removal) is idempotent and needs no
 * previous state: a full scan and the change events that raced it can be applied in any
 * overlap, the last state of each document wins.
 */
export class MonthTotals {
  private readonly byDoc = new Map<string, Contribution>()
  private readonly byMonth = new Map<number, Totals>()

  /** `home`: the currency the totals are in; without it, amounts are taken as they are. */
  constructor(private readonly home?: HomeCurrency) {}

  /** Sets a document's current state; `null` (or a deleted document) removes what it added. */
  set(id: string, entry: MonthEntry | null): void {
    const before = this.byDoc.get(id)
    if (before) {
      this.add(before, -1)
      this.byDoc.delete(id)
    }
    if (!entry) return
    const amount = this.home ? inHome(moneyEntryOf(entry, this.home), this.home.currency) : entry.amount
    const after = { key: monthKeyOf(entry.date), type: entry.type, amount }
    this.byDoc.set(id, after)
    this.add(after, 1)
  }

  private add(c: Contribution, sign: 1 | -1): void {
    let month = this.byMonth.get(c.key)
    if (!month) this.byMonth.set(c.key, (month = totalsOf([])))
    if (c.amount === null) month.notConverted += sign
    if (c.type === 'income') {
      month.income += sign * (c.amount ?? 0)
      month.incomeCount += sign
    } else {
      month.expenses += sign * (c.amount ?? 0)
      month.expenseCount += sign
    }
    month.balance = month.income - month.expenses
    if (month.incomeCount === 0 && month.expenseCount === 0) this.byMonth.delete(c.key)
  }

  /** Totals of the months with keys in [fromKey, toKey) (all months by default). */
  between(fromKey = -Infinity, toKey = Infinity): Totals {
    const inside = [...this.byMonth].filter(([key]) => key >= fromKey && key < toKey)
    return sumTotals(inside.map(([, month]) => month))
  }
}

/** A date window split into whole local months (from the aggregates) and the partial edges (to read). */
export interface WindowSplit {
  /** Month keys [fromKey, toKey) entirely inside the window; fromKey === toKey when none. */
  fromKey: number
  toKey: number
  /** Date ranges [start, end) inside the window that are not whole months. */
  edges: { start: number; end: number }[]
}

/** Splits [start, end) into whole local months and at most two partial edges. */
export function splitWindow(start: number, end: number): WindowSplit {
  if (end <= start) return { fromKey: 0, toKey: 0, edges: [] }
  const firstKey = monthKeyOf(start)
  const fromKey = monthStartOf(firstKey) === start ? firstKey : firstKey + 1
  // Months before end's month end at or before `end`.
  const toKey = Math.max(fromKey, monthKeyOf(end))
  const wholeStart = monthStartOf(fromKey)
  const wholeEnd = monthStartOf(toKey)
  if (wholeEnd <= wholeStart) return { fromKey: 0, toKey: 0, edges: [{ start, end }] }
  const edges: { start: number; end: number }[] = []
  if (start < wholeStart) edges.push({ start, end: wholeStart })
  if (wholeEnd < end) edges.push({ start: wholeEnd, end })
  return { fromKey, toKey, edges }
}
