import type { Paise } from '../money/money'
import type { LedgerEntry } from './totals'

export interface CategoryShare {
  category: string
  amount: Paise
  /** Share of the total in tenths of a percent (the spec shows one decimal): 123 = 12.3 %. */
  permille: number
}

/**
 * Splits `total` into integer parts proportional to `weights` by largest remainder: every part
 * is a whole number and the parts add up to exactly `total` (when any weight is positive).
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (w * total) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    parts[i]! += 1
    left -= 1
  }
  return parts
}

/**
 * Expense totals by category, largest first (ties by name), with one-decimal shares that add up
 * to exactly 100.0 % whenever there is any spending.
 */
export function expensesByCategory(entries: Iterable<LedgerEntry>): CategoryShare[] {
  const byCategory = new Map<string, number>()
  for (const e of entries)
    if (e.type === 'expense') byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + e.amount)
  const rows = [...byCategory]
    .map(([category, amount]) => ({ category, amount }))
    .sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category))
  const permilles = apportion(
    1000,
    rows.map((r) => r.amount),
  )
  return rows.map((r, i) => ({ ...r, permille: permilles[i]! }))
}

/** '12.3%' from tenths of a percent. */
export function formatPermille(permille: number): string {
  return `${(permille / 10).toFixed(1)}%`
}
