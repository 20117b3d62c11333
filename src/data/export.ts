import { backupFileName, buildBackup, type Backup } from '../../schema/backup'
import type { DocOf } from '../../schema/collections'
import { userData } from './database'
import { removeDocument } from './writes'

/** Settings' Data Management: what the local database holds, a JSON backup of it, and clearing it. */

/**
 * The backup of everything in the local database (works offline): every expense, income and
 * budget, amounts as decimal rupees. `fileName` is hisaab-backup-YYYY-MM-DD.json.
 */
export async function createBackup(now = Date.now()): Promise<{ fileName: string; backup: Backup }> {
  const { db } = userData()
  const [transactions, budgets] = await Promise.all([
    db.transactions.find({ selector: { date: { $gte: 0 } }, sort: [{ date: 'asc' }] }).exec(),
    db.budgets.find({ selector: { createdAt: { $gte: 0 } }, sort: [{ createdAt: 'asc' }] }).exec(),
  ])
  const plainTransactions = transactions.map((d) => d.toJSON() as DocOf<'transactions'>)
  const plainBudgets = budgets.map((d) => d.toJSON() as DocOf<'budgets'>)
  return { fileName: backupFileName(now), backup: buildBackup(plainTransactions, plainBudgets, now) }
}

/**
 * Deletes every transaction and budget of the user as tombstones through the write path, so the
 * deletes sync to the server and the user's other devices (offline they push later).
 * Returns how many documents were deleted.
 */
export async function clearAllData(): Promise<number> {
  const { db } = userData()
  const [transactions, budgets] = await Promise.all([db.transactions.find().exec(), db.budgets.find().exec()])
  for (const doc of transactions) await removeDocument('transactions', doc.id)
  for (const doc of budgets) await removeDocument('budgets', doc.id)
  return transactions.length + budgets.length
}
