/** Reads of the user's ledger that WhatsApp replies and the monthly report need. */
import { budgetsInHome, budgetStatus, budgetWindow } from '../../../schema/calc/budget-status'
import { inWindow } from '../../../schema/calc/periods'
import type { Window } from '../../../schema/calc/periods'
import { expensesByCategory } from '../../../schema/calc/shares'
import { inHomeCurrency, totalsOf } from '../../../schema/calc/totals'
import type { LedgerEntry } from '../../../schema/calc/totals'
import type { HomeCurrency } from '../../../schema/money/currency'
import type { Budget } from '../../../schema/entities/budget'
import { DEFAULT_CURRENCY } from '../../../schema/money/money'
import type { DocumentsRepository } from '../../db/documents'
import type { BudgetLine, MonthReport } from './replies'

export interface ProfileSettings extends HomeCurrency {
  currency: string
  customCategories: string[]
  monthlyReportByWhatsapp: boolean
}

/** The profile document's settings, or the defaults when the user has none (or it is deleted). */
export async function readProfile(documents: DocumentsRepository, userId: string): Promise<ProfileSettings> {
  const profile = await documents.getOwned('profile', userId, userId)
  const data = profile && !profile.deleted ? profile.data : undefined
  return {
    currency: data?.currency ?? DEFAULT_CURRENCY,
    legacyCurrency: data?.legacyCurrency ?? null,
    customCategories: data?.customCategories ?? [],
    monthlyReportByWhatsapp: data?.monthlyReportByWhatsapp !== false,
  }
}

/** The user's live transactions dated inside `window` (filtered in SQLite, not in JS). */
export async function transactionsIn(
  documents: DocumentsRepository,
  userId: string,
  window: Window,
): Promise<LedgerEntry[]> {
  return (await documents.listByOwnerInRange('transactions', userId, 'date', window.start, window.end)).map(
    (d) => d.data,
  )
}

export async function liveBudgets(documents: DocumentsRepository, userId: string): Promise<Budget[]> {
  return (await documents.listByOwner('budgets', userId)).map((d) => d.data)
}

/**
 * Totals and top three expense categories of the entries dated inside `window`, in the home
 * currency; entries with no rate to it are counted in `totals.notConverted`, not in the money.
 */
export function monthReport(entries: readonly LedgerEntry[], window: Window, label: string, home: HomeCurrency) {
  const inMonth = entries.filter((e) => inWindow(e.date, window))
  const top = expensesByCategory(inHomeCurrency(inMonth, home).entries).slice(0, 3)
  return { label, totals: totalsOf(inMonth, home), top } satisfies MonthReport
}

export function budgetLine(budget: Budget, entries: Iterable<LedgerEntry>, now: number): BudgetLine {
  const status = budgetStatus(budget, entries, now)
  return {
    category: budget.category,
    period: budget.period,
    spent: status.spent,
    limit: status.limit,
    percent: status.percent,
  }
}

/** Every budget's spending in its current period (in the home currency), in the order they were created. */
export function budgetLines(
  budgets: readonly Budget[],
  entries: readonly LedgerEntry[],
  now: number,
  home: HomeCurrency,
) {
  const converted = inHomeCurrency(entries, home).entries
  // Limits in the home currency too; a limit with no rate to it has no line (never compared 1:1).
  const inHome = budgetsInHome(budgets, home).budgets
  return inHome.sort((a, b) => a.createdAt - b.createdAt).map((b) => budgetLine(b, converted, now))
}

/** Budgets of the entry's category whose current period contains the entry's date. */
export function budgetsHit(budgets: readonly Budget[], entry: LedgerEntry, now: number): Budget[] {
  if (entry.type !== 'expense') return []
  const category = entry.category.toLowerCase()
  return budgets.filter(
    (b) => b.category.toLowerCase() === category && inWindow(entry.date, budgetWindow(b.period, now, b.createdAt)),
  )
}
