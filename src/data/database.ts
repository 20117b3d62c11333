import {
  addRxPlugin,
  createRxDatabase,
  isRxDatabaseFirstTimeInstantiated,
  removeRxDatabase,
  type RxCollection,
  type RxDatabase,
  type RxStorage,
} from 'rxdb/plugins/core'
import { Dexie } from 'dexie'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import {
  COLLECTION_NAMES,
  readByFirstScreen,
  FIRST_SCREEN_COLLECTIONS,
  type CollectionName,
  type DocOf,
  type FirstScreenCollection,
} from '../../schema/collections'
import { demoData } from '../../schema/demo-data'
import { DEMO_OWNER } from '../../schema/demo-owner'
import { migrationStrategiesOf, shippedRxSchemaOf } from '../../schema/rx-schema'
import { whenIdle } from '../lib/idle'
import { conflictHandlerOf } from './conflict'
import { forgetOldPendingMarkers } from './pending'
import { keepPullMarks, migrateByCopy, readsInOneRequest } from './rxdb-internals'
import { muteRxdbStorageNotice } from './rxdb-notice'
import {
  firstDownloadDone,
  forgetFirstDownload,
  replicationIdentifier,
  requestHead,
  startReplication,
  syncedKeyOf,
  type ReplicationHandle,
} from './replication'
import { keepFxRatesFresh } from './fx-rates'
import { keepStorage } from './storage-persistence'
import { getSyncSnapshot, updateSync } from './sync-state'
import { forgetSavedScreens } from './saved-screen-keys'
import { forgetReceiptPhotos } from './receipt-store'
import { readSession, readToken } from './session'
import type { HeadRequest } from './snapshot'

export type HisaabCollections = { [N in CollectionName]: RxCollection<DocOf<N>> }
export type HisaabDatabase = RxDatabase<HisaabCollections>

/**
 * The database while only the first screen's collections are sure to be open: they open before the
 * others, since each collection's open waits for a main thread busy with the first screen, and a
 * new phone's newest entries or a cold start's live home screen need only these.
 */
export type FirstScreenDatabase = Omit<
  HisaabDatabase,
  Exclude<CollectionName, FirstScreenCollection> | 'collections'
> & {
  collections: Pick<HisaabCollections, FirstScreenCollection>
}

/** Everything that belongs to the signed-in user's open database. */
export interface UserData {
  userId: string
  dbName: string
  /** The first screen's collections, open; the others are read through `whole` (collections.ts). */
  db: FirstScreenDatabase
  /** The same database once every collection is open, a moment after `db`. */
  whole: Promise<HisaabDatabase>
  /** Null for the demo, which never talks to the server. */
  replication: ReplicationHandle | null
}

/** RxDB database names allow lowercase letters, digits, `_`, `$` and `-`. */
export function databaseNameOf(userId: string): string {
  return `hisaab_${userId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}`
}

addRxPlugin(RxDBMigrationSchemaPlugin)
migrateByCopy()

let devModeReady: Promise<void> | null = null

/**
 * The storage: Dexie (IndexedDB). In development the dev-mode plugin checks schemas and queries,
 * and RxDB 17's dev-mode refuses a storage without a validation wrapper (error DVM1), so it is
 * wrapped with the ajv validator. Both are behind `import.meta.env.DEV` and left out of builds.
 */
async function storage(base: RxStorage<unknown, unknown> = replicatedStorage()): Promise<RxStorage<unknown, unknown>> {
  muteRxdbStorageNotice()
  if (!import.meta.env.DEV) return base
  devModeReady ??= import('rxdb/plugins/dev-mode').then(({ RxDBDevModePlugin, disableWarnings }) => {
    disableWarnings()
    addRxPlugin(RxDBDevModePlugin)
  })
  await devModeReady
  const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv')
  return wrappedValidateAjvStorage<unknown, unknown>({ storage: base })
}

/**
 * IndexedDB (Dexie) with the marks of documents received from the server kept and index-range queries
 * read in one request (rxdb-internals.ts).
 */
function replicatedStorage(): RxStorage<unknown, unknown> {
  const replicated = new Set<string>(COLLECTION_NAMES)
  return keepPullMarks(readsInOneRequest(getRxStorageDexie()), (name) =>
    replicated.has(name) ? `rxdbreplication${replicationIdentifier(name as CollectionName)}` : null,
  )
}

let current: { userId: string; ready: Promise<UserData> } | null = null
let opened: UserData | null = null

/**
 * Opens one database at a time, closing the previous one: open-source RxDB allows 13 open
 * collections per page and a database holds eleven (the demo's too).
 */
function openExclusive(userId: string, open: () => Promise<UserData>): Promise<UserData> {
  if (current?.userId === userId) return current.ready
  const previous = current ? closeUserData() : Promise.resolve()
  const ready = previous.then(open).then((data) => {
    opened = data
    data.whole.then(exposeForDebugging, () => undefined)
    return data
  })
  current = { userId, ready }
  ready.catch(() => {
    if (current?.ready === ready) current = null
  })
  return ready
}

/** How every collection is created, in a user's database and in the demo's. */
const creatorOf = (name: CollectionName) => ({
  schema: shippedRxSchemaOf(name),
  conflictHandler: conflictHandlerOf(name),
  migrationStrategies: migrationStrategiesOf(name),
})

const creatorsOf = (names: readonly CollectionName[]) =>
  Object.fromEntries(names.map((name) => [name, creatorOf(name)]))

/**
 * Opens the first screen's collections, and the others (not awaited) once the page is idle, at
 * most half a second on: their opens otherwise competed with the first screen's queries and render
 * for a phone's main thread. Two calls, not one per collection: that made the whole open slower.
 */
async function createDatabase(
  name: string,
  storage: RxStorage<unknown, unknown>,
): Promise<{ db: FirstScreenDatabase; whole: Promise<HisaabDatabase> }> {
  const db: HisaabDatabase = await createRxDatabase<HisaabCollections>({
    name,
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  })
  performance.mark('hisaab:db-created')
  await db.addCollections(creatorsOf(FIRST_SCREEN_COLLECTIONS))
  const later = COLLECTION_NAMES.filter((name) => !readByFirstScreen(name))
  const idle = new Promise<void>((resolve) => whenIdle(resolve, 500))
  const whole = idle.then(() => db.addCollections(creatorsOf(later))).then(() => db)
  return { db, whole }
}

/** Opens (or returns the already open) database of a signed-in user and starts its replication. */
export function openUserData(userId: string, getToken: () => string | null, head?: HeadRequest): Promise<UserData> {
  return openExclusive(userId, async () => {
    const dbName = databaseNameOf(userId)
    performance.mark('hisaab:db-open')
    const { db, whole } = await createDatabase(dbName, await storage())
    // Read by `npm run bench` (cold start): how long opening the database took.
    performance.measure('hisaab:db-open', 'hisaab:db-open')
    forgetOldPendingMarkers()
    // What localStorage says this device downloaded describes a database that is gone when this
    // one was just created (evicted storage, a restored browser profile): download it again.
    if (await isRxDatabaseFirstTimeInstantiated(db as unknown as RxDatabase)) forgetDownloads(dbName)
    const replication = startReplication({ db, whole, dbName, userId, getToken, head })
    // The daily rates, for the forms to offer offline too.
    keepFxRatesFresh()
    // Entries not pushed yet live only here: ask the browser not to clear them to free space.
    void keepStorage()
    return { userId, dbName, db, whole, replication }
  })
}

/**
 * Signing in: the user's database opens as soon as the answer is in, alongside the frame's first
 * render, instead of once the page area has rendered (the gate then finds it open or opening).
 * On a new device the newest transactions are asked for meanwhile. A failure here is left to the
 * gate, which opens it again and shows the error.
 */
export function openSignedInData(): void {
  const userId = readSession()?.user?.id
  if (!userId) return
  const dbName = databaseNameOf(userId)
  const head = firstDownloadDone(dbName) ? undefined : requestHead(dbName, readToken)
  openUserData(userId, readToken, head).catch(() => undefined)
}

/**
 * The public demo: the same screens on an in-memory database filled with sample data. Nothing
 * is stored on the device and nothing is sent; it is gone on reload.
 */
export function openDemoData(): Promise<UserData> {
  return openExclusive(DEMO_OWNER, async () => {
    const dbName = `hisaab_demo_${Date.now().toString(36)}`
    const db = await createDemoDatabase(dbName)
    const data = demoData(Date.now())
    await Promise.all([
      db.transactions.bulkInsert(data.transactions),
      db.budgets.bulkInsert(data.budgets),
      db.recurring_payments.bulkInsert(data.recurring_payments),
      db.profile.bulkInsert(data.profile),
    ])
    return { userId: DEMO_OWNER, dbName, db, whole: Promise.resolve(db), replication: null }
  })
}

/** Lets the browser paint and handle input between two pieces of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The demo's in-memory database, one collection at a time with a pause between them: the demo is a
 * first visit on whatever phone, and the eleven collections at once kept its main thread busy for
 * a third of a second (RxDB prepares each schema).
 */
async function createDemoDatabase(name: string): Promise<HisaabDatabase> {
  const db: HisaabDatabase = await createRxDatabase<HisaabCollections>({
    name,
    storage: await storage(getRxStorageMemory()),
    multiInstance: false,
    eventReduce: true,
  })
  for (const collection of COLLECTION_NAMES) {
    await nextTask()
    await db.addCollections({ [collection]: creatorOf(collection) })
  }
  await nextTask()
  return db
}

/** The open user data; screens run inside the provider that waited for it. */
export function userData(): UserData {
  if (!opened) throw new Error('No user database is open')
  return opened
}

/** Stops replication and closes the database; the data stays on the device. */
export async function closeUserData(): Promise<void> {
  const closing = current
  current = null
  opened = null
  if (!closing) return
  const data = await closing.ready.catch(() => null)
  if (!data) return
  await data.replication?.stop()
  // Closing while the later collections open would leave their open failing.
  await data.whole.catch(() => undefined)
  await data.db.close()
  updateSync({ active: false, firstDownload: null, lastSyncedAt: null, pending: 0 })
}

/**
 * Before a logout: waits (online, at most `timeoutMs`) for the open database's unsynced changes to
 * go up and returns how many are still not on the server.
 */
export async function waitForPushes(timeoutMs = 3_000): Promise<number> {
  const data = opened
  return data?.replication ? data.replication.untilPushed(timeoutMs) : getSyncSnapshot().pending
}

/** Closes and deletes a user's local database and its bookkeeping (logout). */
export async function removeUserData(userId: string): Promise<void> {
  await closeUserData()
  const dbName = databaseNameOf(userId)
  await removeRxDatabase(dbName, await storage(), true)
  forgetDownloads(dbName)
  forgetSavedScreens(userId)
  // Receipt photos and their upload queue go too: a logout leaves nothing behind.
  await forgetReceiptPhotos().catch((error: unknown) => console.warn('Could not remove receipt photos', error))
  updateSync({ pending: 0 })
}

/** Forgets that this device downloaded the database and how far a first download got. */
function forgetDownloads(dbName: string): void {
  localStorage.removeItem(syncedKeyOf(dbName))
  forgetFirstDownload(dbName)
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
