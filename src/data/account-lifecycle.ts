import { SuccessBody } from '../../schema/api/admin'
import type { DocOf } from '../../schema/collections'
import type { ImportedBudget, ImportedTransaction } from '../../schema/backup-import'
import { closeUserData, removeUserData, userData } from './database'
import { apiFetch, ApiError } from './http'
import { clearSession, readSession, readToken } from './session'
import { insertDocument, patchDocument } from './writes'

/** Settings → Data Management: the whole ledger for CSV, importing a backup, deleting the account. */

/** Every transaction on this device, oldest first (works offline). */
export async function allTransactions(): Promise<DocOf<'transactions'>[]> {
  const docs = await userData()
    .db.transactions.find({ selector: { date: { $gte: 0 } }, sort: [{ date: 'asc' }] })
    .exec()
  return docs.map((d) => d.toJSON() as DocOf<'transactions'>)
}

/**
 * Writes a backup's records through the normal write path (offline too; they sync later). A
 * record whose id already exists is brought to the backup's values (unchanged ones write
 * nothing), so importing the same file twice adds nothing. Returns how many records were new.
 */
export async function importRecords(
  transactions: readonly ImportedTransaction[],
  budgets: readonly ImportedBudget[],
): Promise<{ added: number; updated: number }> {
  const { db } = userData()
  let added = 0
  let updated = 0
  for (const t of transactions) {
    const fields = { ...t, origin: 'app' as const }
    const existing = await db.transactions.findOne(t.id).exec()
    if (existing) {
      await patchDocument('transactions', t.id, fields)
      updated += 1
    } else {
      await insertDocument('transactions', fields)
      added += 1
    }
  }
  for (const b of budgets) {
    const existing = await db.budgets.findOne(b.id).exec()
    if (existing) {
      await patchDocument('budgets', b.id, { category: b.category, amount: b.amount, period: b.period })
      updated += 1
    } else {
      await insertDocument('budgets', { ...b, allocated: 0 })
      added += 1
    }
  }
  return { added, updated }
}

export const DELETE_ACCOUNT_FAILED = 'Could not delete the account. Please try again.'

/**
 * Deletes the account on the server (password checked there), then wipes this device: the
 * local database (with what it had not pushed yet) and the session. The caller then reloads the
 * app signed out (nothing of the account stays in memory either). Throws ApiError (wrong
 * password: 403) or NetworkError (offline) before anything local is touched.
 */
export async function deleteAccount(password: string): Promise<void> {
  const user = readSession()?.user
  const token = readToken()
  if (!user || !token) throw new ApiError(401, 'Not signed in')
  await apiFetch('/auth/account', SuccessBody, { method: 'DELETE', token, body: { password } })
  try {
    // Replication stops first: nothing may push to the account that no longer exists.
    await closeUserData()
    await removeUserData(user.id)
  } finally {
    sessionStorage.clear()
    clearSession()
  }
}
