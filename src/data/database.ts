import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb/plugins/core'
import { Dexie } from 'dexie'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { COLLECTION_NAMES, type CollectionName, type DocOf } from '../../schema/collections'
import { rxSchemaOf } from '../../schema/rx-schema'
import { PendingWrites } from './pending'
import { startReplication, type ReplicationHandle } from './replication'
import { updateSync } from './sync-state'

export type HisaabCollections = { [N in CollectionName]: RxCollection<DocOf<N>> }
export type HisaabDatabase = RxDatabase<HisaabCollections>

/** Everything that belongs to the signed-in user's open database. */
export interface UserData {
  userId: string
  dbName: string
  db: HisaabDatabase
  pending: PendingWrites
  replication: ReplicationHandle
}

/** RxDB database names allow lowercase letters, digits, `_`, `$` and `-`. */
export function databaseNameOf(userId: string): string {
  return `hisaab_${userId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}`
}

const pendingKeyOf = (dbName: string) => `hisaab.pending.${dbName}`

let devModeReady: Promise<void> | null = null

/**
 * The storage: Dexie (IndexedDB). In development the dev-mode plugin checks schemas and queries,
 * and RxDB 17's dev-mode refuses a storage without a validation wrapper (error DVM1), so it is
 * wrapped with the ajv validator. Both are behind `import.meta.env.DEV` and left out of builds.
 */
async function storage(): Promise<RxStorage<unknown, unknown>> {
  const dexie: RxStorage<unknown, unknown> = getRxStorageDexie()
  if (!import.meta.env.DEV) return dexie
  devModeReady ??= import('rxdb/plugins/dev-mode').then(({ RxDBDevModePlugin, disableWarnings }) => {
    disableWarnings()
    addRxPlugin(RxDBDevModePlugin)
  })
  await devModeReady
  const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv')
  return wrappedValidateAjvStorage<unknown, unknown>({ storage: dexie })
}

let current: { userId: string; ready: Promise<UserData> } | null = null
let opened: UserData | null = null

/**
 * Opens (or returns the already open) database of a user and starts its replication. Only one
 * user's database is open at a time: open-source RxDB allows 13 open collections per page and
 * one database holds eleven.
 */
export function openUserData(userId: string, getToken: () => string | null): Promise<UserData> {
  if (current?.userId === userId) return current.ready
  const previous = current ? closeUserData() : Promise.resolve()
  const ready = previous.then(async () => {
    const dbName = databaseNameOf(userId)
    const db: HisaabDatabase = await createRxDatabase<HisaabCollections>({
      name: dbName,
      storage: await storage(),
      multiInstance: true,
      eventReduce: true,
      closeDuplicates: true,
    })
    const creators = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, { schema: rxSchemaOf(name) }]))
    await db.addCollections(creators)
    const pending = new PendingWrites(pendingKeyOf(dbName))
    const replication = startReplication({ db, dbName, userId, getToken, pending })
    const data: UserData = { userId, dbName, db, pending, replication }
    opened = data
    exposeForDebugging(db)
    return data
  })
  current = { userId, ready }
  ready.catch(() => {
    if (current?.ready === ready) current = null
  })
  return ready
}

/** The open user data; screens run inside the provider that waited for it. */
export function userData(): UserData {
  if (!opened) throw new Error('No user database is open')
  return opened
}

/** The open database, or null (tests and benchmarks). */
export function getDatabase(): HisaabDatabase | null {
  return opened?.db ?? null
}

/** Stops replication and closes the database; the data stays on the device. */
export async function closeUserData(): Promise<void> {
  const closing = current
  current = null
  opened = null
  if (!closing) return
  const data = await closing.ready.catch(() => null)
  if (!data) return
  await data.replication.stop()
  await data.db.close()
  updateSync({ active: false, firstDownload: null, lastSyncedAt: null, pending: 0 })
}

/** Closes and deletes a user's local database and its bookkeeping (logout). */
export async function removeUserData(userId: string): Promise<void> {
  await closeUserData()
  const dbName = databaseNameOf(userId)
  await removeRxDatabase(dbName, await storage(), true)
  localStorage.removeItem(pendingKeyOf(dbName))
  localStorage.removeItem(`hisaab.synced.${dbName}`)
  updateSync({ pending: 0 })
}

/** Documents written locally and not yet pushed (0 when no database is open). */
export function pendingCount(): number {
  return opened?.pending.count ?? 0
}

declare global {
  interface Window {
    /** Debug handle for tests and `npm run bench`; Dexie is there for the raw baseline. */
    __hisaab?: { db: HisaabDatabase; Dexie: typeof Dexie }
  }
}

function exposeForDebugging(db: HisaabDatabase): void {
  let debug = import.meta.env.MODE !== 'production'
  try {
    debug ||= localStorage.getItem('hisaabDebug') === '1'
  } catch {
    // storage unavailable: keep the default
  }
  if (debug) window.__hisaab = { db, Dexie }
}
