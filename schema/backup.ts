import { fromPaise } from './money/money'

/** The Settings 'Export Data' backup (spec part 1 §2): format version of the file. */
export const BACKUP_VERSION = '1.0.0'

/** What the backup reads from a transaction or budget document (amounts in integer paise). */
export interface BackupTransactionInput {
  id: string
  type: 'expense' | 'income'
  amount: number
  category: string
  description: string
  date: number
}

export interface BackupBudgetInput {
  id: string
  category: string
  amount: number
  period: string
  createdAt: number
}

/** Amounts are decimal major units (rupees), dates ISO 8601: the shapes of the REST API. */
export interface Backup {
  version: typeof BACKUP_VERSION
  exportDate: string
  expenses: { id: string; amount: number; category: string; description: string; date: string }[]
  income: { id: string; amount: number; source: string; description: string; date: string }[]
  budgets: { id: string; category: string; amount: number; period: string; created_at: string }[]
}

/**
 * The backup of a user's ledger: expenses and income oldest first, budgets in creation order.
 * Every amount is the document's paise as an exact two-place decimal (12345 → 123.45).
 */
export function buildBackup(
  transactions: readonly BackupTransactionInput[],
  budgets: readonly BackupBudgetInput[],
  exportedAt: number,
): Backup {
  const byDate = [...transactions].sort((a, b) => a.date - b.date || a.id.localeCompare(b.id))
  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    version: BACKUP_VERSION,
    exportDate: iso(exportedAt),
    expenses: byDate
      .filter((t) => t.type === 'expense')
      .map((t) => ({
        id: t.id,
        amount: fromPaise(t.amount),
        category: t.category,
        description: t.description,
        date: iso(t.date),
      })),
    income: byDate
      .filter((t) => t.type === 'income')
      .map((t) => ({
        id: t.id,
        amount: fromPaise(t.amount),
        source: t.category,
        description: t.description,
        date: iso(t.date),
      })),
    budgets: [...budgets]
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((b) => ({
        id: b.id,
        category: b.category,
        amount: fromPaise(b.amount),
        period: b.period,
        created_at: iso(b.createdAt),
      })),
  }
}

/** `hisaab-backup-YYYY-MM-DD.json`, the date in the device's local calendar. */
export function backupFileName(at: number): string {
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `hisaab-backup-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.json`
}

/** 'Food & Dining, Transport, … +4 more': the first `shown` names and how many are left. */
export function previewList(names: readonly string[], shown = 6): { shown: string[]; more: number } {
  return { shown: names.slice(0, shown), more: Math.max(0, names.length - shown) }
}
