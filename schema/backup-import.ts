import { z } from 'zod'
import { BUDGET_PERIODS } from './entities/budget'
import { Id, invertTime } from './entities/common'
import { MAX_EXPENSE_PAISE, MAX_INCOME_PAISE } from './entities/transaction'
import { toPaise } from './money/money'
import type { BackupBudgetInput, BackupTransactionInput } from './backup'

/**
 * Reading a JSON backup made by Settings → Export Data (schema/backup.ts) back into documents.
 * Every record gets an `importKey`: its id in the file, or for a record without a usable one a
 * key derived from its content. The documents made from it get new random ids (an id anyone
 * could derive from a record's content could be taken by someone else first and block the
 * import); the key stays on the document, so importing the same file again into the same account
 * finds it instead of adding a copy (src/data/account-lifecycle.ts).
 */

export const IMPORT_MESSAGES = {
  notJson: 'This file is not a JSON backup. Choose a file made by Export Data.',
  notBackup:
    'This file is not a backup made by Export Data. Choose the hisaab-backup-(date).json file it saved: ' +
    'a backup has a "version" and lists of "expenses", "income" and "budgets".',
  invalid: 'This backup cannot be imported',
  empty: 'This backup has no expenses, income or budgets',
} as const

const Rupees = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const paise = toPaise(v)
  if (paise === null || paise <= 0) {
    ctx.addIssue({ code: 'custom', message: 'amount must be a number above zero' })
    return z.NEVER
  }
  return paise
})

const When = z.string().transform((v, ctx) => {
  const ms = Date.parse(v)
  if (!Number.isFinite(ms) || ms < 0) {
    ctx.addIssue({ code: 'custom', message: 'date must be an ISO date' })
    return z.NEVER
  }
  return ms
})

const BackupId = z.union([z.string(), z.number()]).optional()
const Text = (max: number) => z.string().trim().max(max)

const BackupExpense = z.object({
  id: BackupId,
  amount: Rupees,
  category: Text(60).min(1, 'category is required'),
  description: Text(500).nullish(),
  date: When,
})
const BackupIncome = z.object({
  id: BackupId,
  amount: Rupees,
  source: Text(60).min(1, 'source is required'),
  description: Text(500).nullish(),
  date: When,
})
const BackupBudget = z.object({
  id: BackupId,
  category: Text(60).min(1, 'category is required'),
  amount: Rupees,
  period: z.enum(BUDGET_PERIODS).default('monthly'),
  created_at: When.optional(),
})

export const BackupFile = z.object({
  version: z.string().max(20),
  exportDate: z.string().max(40).optional(),
  expenses: z.array(BackupExpense).max(200_000).default([]),
  income: z.array(BackupIncome).max(200_000).default([]),
  budgets: z.array(BackupBudget).max(10_000).default([]),
})

/**
 * A backup's transaction as imported: what the export writes, plus the index field it needs.
 * `importKey` names the record in the file; a document already here with it as its id (this
 * account's own export, or an import made before keys existed) or as its importKey is the same record.
 */
export interface ImportedTransaction extends Omit<BackupTransactionInput, 'id'> {
  importKey: string
  dateDesc: number
}

export interface ImportedBudget extends Omit<BackupBudgetInput, 'id'> {
  importKey: string
  period: (typeof BUDGET_PERIODS)[number]
}

export type ImportResult =
  { ok: true; transactions: ImportedTransaction[]; budgets: ImportedBudget[] } | { ok: false; error: string }

/**
 * A short, stable key from the record's content (FNV-1a, 2 × 32 bits), for records without an id.
 * Imports before keys existed used it as the document's id, so it still finds those documents.
 */
function contentKey(prefix: string, parts: readonly (string | number)[]): string {
  let a = 0x811c9dc5
  let b = 0x01000193
  for (const ch of parts.join('\u0000')) {
    const code = ch.codePointAt(0)!
    a = Math.imul(a ^ code, 0x01000193) >>> 0
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0
  }
  return `${prefix}-${a.toString(36)}${b.toString(36)}`
}

function keyOf(raw: string | number | undefined, prefix: string, parts: readonly (string | number)[]): string {
  const candidate = raw === undefined ? '' : String(raw)
  return Id.safeParse(candidate).success ? candidate : contentKey(prefix, parts)
}

const RECORD_NAMES: Record<string, string> = { expenses: 'expense', income: 'income entry', budgets: 'budget' }

/** True when the JSON has the backup's shape at all: an object with a version string. */
function looksLikeBackup(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && 'version' in json
}

/**
 * The first problem in words a person can act on: "in expense 3, amount must be a number above
 * zero", "in income entry 1, source is missing", never zod's "expected string, received undefined".
 */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return IMPORT_MESSAGES.invalid
  const [list, index, field] = issue.path.map(String)
  if (list === 'version' || !list) return IMPORT_MESSAGES.notBackup
  if (index === undefined) return `${IMPORT_MESSAGES.invalid}: "${list}" must be a list`
  const record = `${RECORD_NAMES[list] ?? list} ${Number(index) + 1}`
  if (field === undefined) return `${IMPORT_MESSAGES.invalid}: ${record} is not a record`
  const missing = issue.code === 'invalid_type' && issue.input === undefined
  const problem = issue.code === 'custom' ? issue.message : missing ? `${field} is missing` : `${field} is not valid`
  return `${IMPORT_MESSAGES.invalid}: in ${record}, ${problem}`
}

/**
 * Parses the text of a backup file. Either every record is valid and converted (amounts to
 * paise, dates to ms), or nothing is and the error names the first problem.
 */
export function parseBackup(text: string): ImportResult {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.notJson }
  }
  if (!looksLikeBackup(json)) return { ok: false, error: IMPORT_MESSAGES.notBackup }
  const parsed = BackupFile.safeParse(json, { reportInput: true })
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) }
  const { expenses, income, budgets } = parsed.data
  if (expenses.length + income.length + budgets.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty }
  const tooLarge = expenses.some((e) => e.amount > MAX_EXPENSE_PAISE) || income.some((i) => i.amount > MAX_INCOME_PAISE)
  if (tooLarge) return { ok: false, error: `${IMPORT_MESSAGES.invalid}: an amount is above the maximum` }
  const transactions: ImportedTransaction[] = [
    ...expenses.map((e) => ({ ...e, type: 'expense' as const, category: e.category })),
    ...income.map((i) => ({ ...i, type: 'income' as const, category: i.source })),
  ].map((t) => ({
    importKey: keyOf(t.id, 'imp', [t.type, t.date, t.amount, t.category, t.description ?? '']),
    type: t.type,
    amount: t.amount,
    category: t.category,
    description: t.description ?? '',
    date: t.date,
    dateDesc: invertTime(t.date),
  }))
  const importedBudgets: ImportedBudget[] = budgets.map((b, index) => ({
    importKey: keyOf(b.id, 'impb', [b.category, b.period, b.amount]),
    category: b.category,
    amount: b.amount,
    period: b.period,
    createdAt: b.created_at ?? index,
  }))
  return { ok: true, transactions, budgets: importedBudgets }
}

/** 'hisaab-transactions-YYYY-MM-DD.csv', the date in the device's local calendar. */
export function ledgerCsvFileName(at: number): string {
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `hisaab-transactions-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.csv`
}
