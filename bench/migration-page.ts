/**
 * The page of `BENCH_ONLY=migration` (bundled by bench/migration.ts, served in the app's origin):
 * opens a device's database as the app does, with transactions one schema version ahead, and
 * reports how long the collections took to open (the migration runs inside). `?copy=0` leaves
 * RxDB's own migration in place: the baseline.
 */
import { addRxPlugin, createRxDatabase, type RxCollectionCreator } from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { COLLECTION_NAMES } from '../schema/collections'
import { migrateDocument, migrationStrategiesOf, shippedRxSchemaOf } from '../schema/rx-schema'
import { conflictHandlerOf } from '../src/data/conflict'
import { replicationIdentifier } from '../src/data/replication'
import { keepPullMarks, migrateByCopy, readsInOneRequest } from '../src/data/rxdb-internals'

declare global {
  interface Window {
    __benchMigration?: Promise<{ ms: number; transactions: number }>
  }
}

async function open(dbName: string, copy: boolean) {
  addRxPlugin(RxDBMigrationSchemaPlugin)
  if (copy) migrateByCopy()
  // database.ts's storage stack, built here: importing database.ts would install the copy for the baseline too.
  const replicated = new Set<string>(COLLECTION_NAMES)
  const storage = keepPullMarks(readsInOneRequest(getRxStorageDexie()), (name) =>
    replicated.has(name) ? `rxdbreplication${replicationIdentifier(name as never)}` : null,
  )
  const creators: Record<string, RxCollectionCreator> = {}
  for (const name of COLLECTION_NAMES) {
    const schema = shippedRxSchemaOf(name)
    const next = name === 'transactions' ? schema.version + 1 : schema.version
    creators[name] = {
      schema: { ...schema, version: next } as RxCollectionCreator['schema'],
      conflictHandler: conflictHandlerOf(name) as RxCollectionCreator['conflictHandler'],
      migrationStrategies: {
        ...migrationStrategiesOf(name),
        [next]: (doc: Record<string, unknown>) => migrateDocument(name, doc),
      },
    }
  }
  const db = await createRxDatabase({ name: dbName, storage, multiInstance: true, eventReduce: true })
  const started = performance.now()
  await db.addCollections(creators)
  const ms = performance.now() - started
  const transactions = await db.collections.transactions!.count().exec()
  await db.close()
  return { ms, transactions }
}

const params = new URLSearchParams(location.search)
window.__benchMigration = open(params.get('db')!, params.get('copy') !== '0')
