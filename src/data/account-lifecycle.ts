import { SuccessBody } from '../../schema/api/admin'
import type { DocOf } from '../../schema/collections'
import type { ImportedBudget, ImportedTransaction } from '../../schema/backup-import'
import { closeUserData, removeUserData, userData } from './database'
import { apiFetch, ApiError } from './http'
import { forgetDevice } from './push-device'
import { clearSession, readSession, readToken } from './session'
import { insertDocument, patchDocument, type NewDocument } from './writes'

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
  let added = 0
  for (const t of transactions) {
    const fields = { ...t, origin: 'app' as const }
    if (await importOne('transactions', fields, fields)) added += 1
  }
  for (const b of budgets) {
    const changes = { category: b.category, amount: b.amount, period: b.period }
    if (await importOne('budgets', { ...b, allocated: 0 }, changes)) added += 1
  }
  return { added, updated: transactions.length + budgets.length - added }
}

/**
 * One record: patched when it exists, else inserted; true when it was new. A record cleared just
 * before is a tombstone that replication may write again (the server's echo of the delete's push)
 * while it is inserted over, which RxDB refuses as a conflict: then it is read and written again.
 */
async function importOne<N extends 'transactions' | 'budgets'>(
  name: N,
  fields: NewDocument<N> & { id: string },
  changes: Partial<DocOf<N>>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await patchDocument(name, fields.id, changes)) return false
      await insertDocument(name, fields)
      return true
    } catch (error) {
      if (attempt >= 3 || (error as { code?: unknown }).code !== 'CONFLICT') throw error
    }
  }
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
  // The server dropped its push subscriptions with the account; the browser drops its own.
  await forgetDevice(null)
  try {
    // Replication stops first: nothing may push to the account that no longer exists.
    await closeUserData()
    await removeUserData(user.id)
  } finally {
    sessionStorage.clear()
    clearSession()
  }
}
