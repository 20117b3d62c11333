import { throwIfIsStorageWriteError } from 'rxdb/plugins/core'
import { deepEqual } from 'rxdb/plugins/utils'
import type { z } from 'zod'
import { COLLECTIONS, type CollectionName, type DocOf } from '../../schema/collections'
import { nextVersion } from '../../schema/entities/common'
import { collectionOf } from './collections'
import { userData } from './database'
import { defaultProfile } from './profile-defaults'

/**
 * The one write path for screens: every local write is validated by the collection's zod
 * entity and stamped with a fresh `updatedAt` (last-writer-wins needs it to move forward). Works
 * offline; replication pushes later, and until then the document counts as pending (pending.ts).
 */

type OwnFields = 'id' | 'ownerId' | 'updatedAt'
export type NewDocument<N extends CollectionName> = Omit<z.input<(typeof COLLECTIONS)[N]['entity']>, OwnFields> & {
  id?: string
}

function nextUpdatedAt(previous = 0): number {
  return nextVersion(Date.now(), previous)
}

/** Inserts a new document owned by the signed-in user; throws when the entity refuses it. */
export async function insertDocument<N extends CollectionName>(name: N, fields: NewDocument<N>): Promise<DocOf<N>> {
  const { userId } = userData()
  const doc = COLLECTIONS[name].entity.parse({
    ...fields,
    id: fields.id ?? crypto.randomUUID(),
    ownerId: userId,
    updatedAt: nextUpdatedAt(),
  }) as DocOf<N>
  // bulkInsert, not insert: insert builds an RxDocument of the result (on a collection's first
  // write, its whole prototype) that nobody here reads, and a save's toast waits for this.
  const collection = await collectionOf(name)
  const { error } = await collection.bulkInsert([doc])
  throwIfIsStorageWriteError(collection, doc.id, doc, error[0])
  return doc
}

/**
 * Applies `patch` (or a function of the current document) to an existing document. A patch that
 * changes nothing writes nothing (no new version to sync). Returns false when it does not exist.
 */
export async function patchDocument<N extends CollectionName>(
  name: N,
  id: string,
  patch: Partial<DocOf<N>> | ((current: DocOf<N>) => Partial<DocOf<N>>),
): Promise<boolean> {
  const doc = await (await collectionOf(name)).findOne(id).exec()
  if (!doc) return false
  const current = doc._data as unknown as DocOf<N>
  const changes = typeof patch === 'function' ? patch(current) : patch
  if (Object.entries(changes).every(([key, value]) => deepEqual(value, current[key as keyof DocOf<N>]))) return true
  const updatedAt = nextUpdatedAt(doc.updatedAt)
  await doc.incrementalModify((current) => {
    const changes = typeof patch === 'function' ? patch(current) : patch
    const next = { ...current, ...changes, id: current.id, ownerId: current.ownerId, updatedAt }
    COLLECTIONS[name].entity.parse(next)
    return next
  })
  return true
}

/** Deletes as a tombstone stamped with a new `updatedAt`, so the delete wins over older edits. */
export async function removeDocument(name: CollectionName, id: string): Promise<void> {
  const doc = await (await collectionOf(name)).findOne(id).exec()
  if (!doc) return
  const updatedAt = nextUpdatedAt(doc.updatedAt)
  await doc.incrementalModify((current) => ({ ...current, updatedAt, _deleted: true }))
}

/**
 * Changes the profile document (id = user id), creating it from the defaults when it is absent. A
 * profile made here may meet the server's copy only when it is pushed (a device whose data has not
 * arrived yet, or offline): then only the fields changed here are kept (`profileMerge`).
 */
export async function patchProfile(
  patch: Partial<DocOf<'profile'>> | ((current: DocOf<'profile'>) => Partial<DocOf<'profile'>>),
): Promise<void> {
  const { userId } = userData()
  if (await patchDocument('profile', userId, patch)) return
  const base = defaultProfile(userId)
  try {
    await insertDocument('profile', { ...base, ...(typeof patch === 'function' ? patch(base) : patch), id: userId })
  } catch (error) {
    // The server keeps the profile too: a pull can bring it in between the read and the insert (a
    // currency change updates it there), and the insert then conflicts. Patch that copy instead.
    if (!(await patchDocument('profile', userId, patch))) throw error
  }
}
