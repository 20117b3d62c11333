import type { MangoQuerySelector, RxCollection } from 'rxdb/plugins/core'
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
 * record already here (found by its import key: schema/backup-import.ts) is brought to the
 * backup's values (unchanged ones write nothing), so importing the same file twice adds nothing;
 * a new one gets a new random id and keeps its key. Returns how many records were new.
 */
export async function importRecords(
  transactions: readonly ImportedTransaction[],
  budgets: readonly ImportedBudget[],
): Promise<{ added: number; updated: number }> {
  const { db } = userData()
  let added = 0
  const knownTransactions = await importedHere(db.transactions, transactions)
  for (const { importKey, ...t } of transactions) {
    const fields = { ...t, origin: 'app' as const }
    if (await importOne('transactions', knownTransactions.get(importKey), { ...fields, importKey }, fields)) added += 1
  }
  const knownBudgets = await importedHere(db.budgets, budgets)
  for (const { importKey, ...b } of budgets) {
    const changes = { category: b.category, amount: b.amount, period: b.period }
    if (await importOne('budgets', knownBudgets.get(importKey), { ...b, importKey, allocated: 0 }, changes)) added += 1
  }
  return { added, updated: transactions.length + budgets.length - added }
}

/**
 * The ids of the documents here that the records' keys stand for: a document whose id is the key
 * (this account's own export; an import made before keys existed), or that carries it as importKey.
 */
async function importedHere<T extends { id: string; importKey?: string }>(
  collection: RxCollection<T>,
  records: readonly { importKey: string }[],
): Promise<Map<string, string>> {
  const keys = [...new Set(records.map((r) => r.importKey))]
  const found = new Map<string, string>()
  if (keys.length === 0) return found
  const selector = { importKey: { $in: keys } } as MangoQuerySelector<T>
  const byKey = await collection.find({ selector }).exec()
  for (const doc of byKey) if (doc.importKey) found.set(doc.importKey, doc.id)
  for (const [id] of await collection.findByIds(keys).exec()) found.set(id, id)
  return found
}

/** One record: patched when it is already here, else inserted with a new id; true when it was new. */
async function importOne<N extends 'transactions' | 'budgets'>(
  name: N,
  existingId: string | undefined,
  fields: NewDocument<N>,
  changes: Partial<DocOf<N>>,
): Promise<boolean> {
  if (existingId && (await patchDocument(name, existingId, changes))) return false
  await insertDocument(name, fields)
  return true
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
