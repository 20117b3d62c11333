import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
} from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { Subject } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { invertTime } from '../../schema/entities/common'
import type { Transaction } from '../../schema/entities/transaction'
import { migrateDocument, migrationStrategiesOf, shippedRxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins, toWire } from '../../src/data/conflict'
import {
  AFTER_SNAPSHOT,
  keepPullMarks,
  migrateByCopy,
  readsInOneRequest,
  snapshotPageWriter,
} from '../../src/data/rxdb-internals'

/**
 * The app's next schema version of transactions, on a device whose entries came with its first
 * download: the migration copies every document into the new version's storage (`migrateByCopy`),
 * reading the old one's change feed, where every downloaded entry has the same write time. Run on
 * the app's storage stack (RxDB's Dexie storage over an in-memory IndexedDB) with the schema as it
 * ships and one version more.
 */

addRxPlugin(RxDBMigrationSchemaPlugin)
migrateByCopy()

type Doc = Transaction & { _deleted: boolean }
type Collections = { transactions: RxCollection<Transaction> }

const OWNER = 'u1'
const IDENTIFIER = 'hisaab-transactions-test'
/** The replication's identifier as RxDB prefixes it (what the pull marks are made of). */
const PREFIXED = `rxdbreplication${IDENTIFIER}`
const DOWNLOADED = 600
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

function entry(i: number): Doc {
  const date = 1_700_000_000_000 - i * 3_600_000
  return {
    id: `t-${String(i).padStart(4, '0')}`,
    ownerId: OWNER,
    updatedAt: 1_000 + i,
    type: i % 5 === 0 ? 'income' : 'expense',
    amount: 100 + i,
    category: i % 5 === 0 ? 'Salary' : 'Food & Dining',
    description: `entry ${i}`,
    date,
    dateDesc: invertTime(date),
    origin: 'app',
    _deleted: i % 50 === 7,
  }
}

const shipped = shippedRxSchemaOf('transactions') as unknown as RxJsonSchema<Transaction>
const nextVersion = { ...shipped, version: shipped.version + 1 }
const nextStrategies = {
  ...migrationStrategiesOf('transactions'),
  [nextVersion.version]: (doc: Record<string, unknown>) => migrateDocument('transactions', doc),
}

/** The server a device replicates with: what it was sent, and the checkpoints it was pulled from. */
interface Server {
  pushed: string[]
  online: boolean
  /** The server's checkpoint, which every pull answers with. */
  seq: number
  pulledFrom: (number | null)[]
}

const newServer = (): Server => ({ pushed: [], online: false, seq: DOWNLOADED, pulledFrom: [] })

/** A page of the device under `schema`; its replication pushes to `pushed` unless offline. */
async function page(
  name: string,
  storage: RxStorage<unknown, unknown>,
  schema: RxJsonSchema<Transaction>,
  server: Server,
) {
  const db = await createRxDatabase<Collections>({ name, storage, multiInstance: false })
  await db.addCollections({
    transactions: {
      schema,
      conflictHandler: lastWriterWins,
      migrationStrategies: schema.version === shipped.version ? migrationStrategiesOf('transactions') : nextStrategies,
    },
  })
  const start = () =>
    replicateRxCollection<Transaction, { seq: number }>({
      collection: db.transactions,
      replicationIdentifier: IDENTIFIER,
      live: true,
      retryTime: 20,
      waitForLeadership: false,
      // Right after the first download, which brought everything up to seq DOWNLOADED, as the app
      // starts it; later from the checkpoint the replication stored.
      pull: {
        initialCheckpoint: schema === shipped ? { seq: DOWNLOADED } : undefined,
        handler: (checkpoint) => {
          server.pulledFrom.push(checkpoint?.seq ?? null)
          return Promise.resolve({ documents: [], checkpoint: { seq: server.seq } })
        },
        stream$: new Subject(),
      },
      push: {
        initialCheckpoint: AFTER_SNAPSHOT,
        handler: (rows) => {
          if (!server.online) return Promise.reject(new Error('offline'))
          server.pushed.push(...rows.map((row) => (toWire(row.newDocumentState) as Doc).id))
          return Promise.resolve([])
        },
      },
    })
  return { db, start }
}

const sortedById = <T extends { id: string }>(docs: T[]) => docs.sort((a, b) => a.id.localeCompare(b.id))

/** The app's storage stack over an in-memory IndexedDB. */
function appStorage() {
  const identifierOf = (collection: string) => (collection === 'transactions' ? PREFIXED : null)
  return keepPullMarks(readsInOneRequest(getRxStorageDexie({ indexedDB, IDBKeyRange })), identifierOf)
}

/**
 * A device under the shipped schema that downloaded DOWNLOADED entries, replicated once and then,
 * offline, added one more; returns every stored document as it was when the page closed.
 */
async function downloadedDevice(name: string, storage: RxStorage<unknown, unknown>, server: Server) {
  const before = await page(name, storage, shipped, server)
  const addPage = await snapshotPageWriter(before.db.transactions, PREFIXED, 300)
  const downloaded = Array.from({ length: DOWNLOADED }, (_, i) => entry(i))
  for (let at = 0; at < DOWNLOADED; at += 200) await addPage(downloaded.slice(at, at + 200))
  const replication = before.start()
  await replication.awaitInitialReplication()
  const local = entry(900)
  await before.db.transactions.insert(local)
  await new Promise((resolve) => setTimeout(resolve, 100))
  const stored = await storedNow(before.db.transactions.storageInstance, [...downloaded, local])
  await replication.cancel()
  await before.db.close()
  return { stored, local }
}

/** The documents stored under `schema` itself, read straight from its storage (no migration runs). */
async function storedUnder(name: string, storage: RxStorage<unknown, unknown>, schema: RxJsonSchema<Transaction>) {
  const instance = await storage.createStorageInstance<Transaction>({
    databaseName: name,
    collectionName: 'transactions',
    databaseInstanceToken: 'test',
    multiInstance: false,
    options: {},
    schema: schema as RxJsonSchema<RxDocumentData<Transaction>>,
    devMode: false,
  })
  return instance
}

/** What `instance` holds now of the documents `docs` names (deleted ones too), by id. */
async function storedNow<T extends { id: string }>(
  instance: Pick<RxStorageInstance<T, unknown, unknown>, 'findDocumentsById'>,
  docs: readonly { id: string }[],
) {
  return sortedById(
    await instance.findDocumentsById(
      docs.map((doc) => doc.id),
      true,
    ),
  )
}

describe('the next schema version of transactions, after a first download', () => {
  it('keeps every entry as it was (revision, write time, server mark); only the unsynced one is pushed', async () => {
    const storage = appStorage()
    const name = `migration${Date.now()}`
    const server = newServer()
    const { stored, local } = await downloadedDevice(name, storage, server)
    expect(stored).toHaveLength(DOWNLOADED + 1)
    expect(server.pushed).toEqual([])

    server.online = true
    const after = await page(name, storage, nextVersion, server)
    closers.push(() => after.db.remove())
    const migrated = await storedNow(after.db.transactions.storageInstance, stored)
    // Nothing looks like a local edit: the replication resumes where it was.
    expect(migrated).toEqual(stored)
    const pulledBefore = server.pulledFrom.length
    const resumed = after.start()
    closers.push(() => resumed.cancel())
    await resumed.awaitInSync()
    // The replication's own records came along: it pulls on from its stored checkpoint, not from the start.
    expect(server.pulledFrom.slice(pulledBefore)[0]).toBe(DOWNLOADED)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await resumed.awaitInSync()
    expect(server.pushed).toEqual([local.id])
    // The old version's storage is gone once everything is copied.
    const old = await storedUnder(name, storage, shipped)
    closers.push(() => old.close())
    expect(await storedNow(old, stored)).toEqual([])
  })

  it('started again after an interruption, keeps what the new version already holds and copies the rest', async () => {
    const storage = appStorage()
    const name = `migration-again${Date.now()}`
    const server = newServer()
    const { stored } = await downloadedDevice(name, storage, server)
    // The copy of an earlier attempt: one document already in the new version's storage.
    const copied = { ...stored[3]!, description: 'copied before the page closed' }
    const partial = await storedUnder(name, storage, nextVersion)
    const written = await partial.bulkWrite([{ document: copied }], 'test')
    expect(written.error).toEqual([])
    await partial.close()

    const after = await page(name, storage, nextVersion, server)
    closers.push(() => after.db.remove())
    const migrated = await storedNow(after.db.transactions.storageInstance, stored)
    expect(migrated).toEqual(stored.map((doc) => (doc.id === copied.id ? copied : doc)))
  })
})
