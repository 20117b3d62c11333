import type { HomeCurrency } from '../money/currency'
import { totalsOf, type LedgerEntry, type Totals } from './totals'

export const TYPE_FILTERS = ['all', 'expense', 'income'] as const
export type TypeFilter = (typeof TYPE_FILTERS)[number]

/** What the /transactions search reads from an entry. */
export interface SearchableEntry extends LedgerEntry {
  description: string
}

/** Lower-cased, trimmed search text; '' matches everything. */
export function normaliseSearch(query: string): string {
  return query.trim().toLocaleLowerCase('en-IN')
}

/** Whether the entry's description or category contains the (normalised) query, case-insensitively. */
export function matchesSearch(entry: SearchableEntry, normalisedQuery: string): boolean {
  if (normalisedQuery === '') return true
  return (
    entry.description.toLocaleLowerCase('en-IN').includes(normalisedQuery) ||
    entry.category.toLocaleLowerCase('en-IN').includes(normalisedQuery)
  )
}

export interface LedgerView<T> {
  /** The entries that pass the filters, in their input order. */
  rows: T[]
  /** Totals of exactly `rows`. */
  totals: Totals
}

/**
 * Filters entries by type and search text and totals what is left (two linear passes; the list can
 * hold tens of thousands). Guarantees: `rows` keeps input order; `totals.incomeCount +
 * totals.expenseCount === rows.length`; the totals are integer paise sums of `rows` (in `home`, when given).
 */
export function ledgerView<T extends SearchableEntry>(
  entries: readonly T[],
  filter: { type: TypeFilter; search: string },
  home?: HomeCurrency,
): LedgerView<T> {
  const query = normaliseSearch(filter.search)
  const rows = entries.filter((e) => (filter.type === 'all' || e.type === filter.type) && matchesSearch(e, query))
  return { rows, totals: totalsOf(rows, home) }
}
