import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxStorage,
  type RxStorageInstanceCreationParams,
} from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { Subject } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import type { Household } from '../../schema/entities/household'
import { migrateDocument, rxSchemaOf, SCHEMA_VERSIONS } from '../../schema/rx-schema'
import { lastWriterWins, toWire } from '../../src/data/conflict'
import { keepPullMarks } from '../../src/data/rxdb-internals'

/**
 * A household arrives on a member's device just as the page reloads: RxDB's downstream wrote it to
 * the collection, and the page was gone before the write of its meta store. With RxDB 17.6 alone
 * the document then counts as a local write for good, and the member never sees anyone join
 * (found measuring the membership latency under a 6× CPU throttle). Real RxDB replication on its
 * Dexie storage over an in-memory IndexedDB; the closed page is a meta write that never happens.
 */

addRxPlugin(RxDBMigrationSchemaPlugin)

type Doc = Household & { _deleted: boolean }
type Event = { documents: Doc[]; checkpoint: { seq: number } } | 'RESYNC'

const MEERA = 'meera'
const IDENTIFIER = 'hisaab-households-v1'
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

function household(members: string[], updatedAt: number): Doc {
  return {
    id: 'family',
    ownerId: MEERA,
    updatedAt,
    name: 'Family',
    description: '',
    icon: 'home',
    color: '#10b981',
    monthlyBudget: 0,
    reviewPeriodHours: 24,
    members: members.map((userId, i) => ({
      userId,
      name: userId,
      email: `${userId}@example.com`,
      role: i === 0 ? ('admin' as const) : ('member' as const),
      joinedAt: 1_000,
      upiId: '',
    })),
    memberIds: members,
    createdAt: 1_000,
    recurring: [],
    _deleted: false,
  }
}

/** The server: rows in seq order, and the stream of the device that is open. */
function server() {
  const rows: { doc: Doc; seq: number }[] = []
  let events = new Subject<Event>()
  return {
    write(doc: Doc) {
      rows.push({ doc, seq: rows.length + 1 })
      events.next({ documents: [doc], checkpoint: { seq: rows.length } })
    },
    pull(checkpoint: { seq: number } | undefined) {
      const since = checkpoint?.seq ?? 0
      const after = rows.filter((row) => row.seq > since)
      return { documents: after.map((row) => row.doc), checkpoint: { seq: after.at(-1)?.seq ?? since } }
    },
    /** A new page's stream. */
    connect() {
      events = new Subject<Event>()
      return events
    },
  }
}

/** The page closes right after the downstream's write to the collection: its meta write never happens. */
function closedBeforeMetaWrite<I, O>(storage: RxStorage<I, O>): RxStorage<I, O> {
  return {
    ...storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, O>) {
      const instance = await storage.createStorageInstance(params)
      const bulkWrite = instance.bulkWrite.bind(instance)
      instance.bulkWrite = (rows, context) =>
        context === 'replication-down-write-meta'
          ? Promise.reject(new Error('the page is gone'))
          : bulkWrite(rows, context)
      return instance
    },
  }
}

let dbNumber = 0

/** A page of the device: the households collection and its replication. */
async function page(name: string, storage: RxStorage<unknown, unknown>, remote: ReturnType<typeof server>) {
  const db = await createRxDatabase<{ households: RxCollection<Household> }>({ name, storage, multiInstance: false })
  const migrationStrategies = Object.fromEntries(
    Array.from({ length: SCHEMA_VERSIONS.households }, (_, i) => [
      i + 1,
      (doc: Record<string, unknown>) => migrateDocument('households', doc),
    ]),
  )
  await db.addCollections({
    households: { schema: rxSchemaOf('households'), conflictHandler: lastWriterWins, migrationStrategies },
  })
  const replication = replicateRxCollection<Household, { seq: number }>({
    collection: db.households,
    replicationIdentifier: IDENTIFIER,
    live: true,
    retryTime: 20,
    waitForLeadership: false,
    pull: { handler: (checkpoint) => Promise.resolve(remote.pull(checkpoint)), stream$: remote.connect() },
    push: {
      handler: (rows) => {
        for (const row of rows) remote.write(toWire(row.newDocumentState))
        return Promise.resolve([])
      },
    },
  })
  const close = async () => {
    await replication.cancel()
    await db.close()
  }
  return { db, replication, close }
}

const members = async (db: { households: RxCollection<Household> }) =>
  (await db.households.findOne('family').exec())?.memberIds

/** Meera's device meets a household created as her page reloaded, then Kabir joins it. */
async function reloadDuringPull(wrap: (storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown>) {
  const dexie = getRxStorageDexie({ indexedDB, IDBKeyRange })
  const name = `pullmarks${++dbNumber}`
  const remote = server()
  const first = await page(name, closedBeforeMetaWrite(wrap(dexie)), remote)
  await first.replication.awaitInitialReplication()
  remote.write(household([MEERA], 1_000))
  // Written to the collection, and the upstream moved past it (it was the downstream's write).
  await expect.poll(() => members(first.db), { timeout: 5_000 }).toEqual([MEERA])
  await first.replication.awaitInSync().catch(() => undefined)
  await new Promise((resolve) => setTimeout(resolve, 100))
  await first.close()

  const second = await page(name, wrap(dexie), remote)
  closers.push(() => second.db.remove())
  await second.replication.awaitInitialReplication()
  remote.write(household([MEERA, 'kabir'], 2_000))
  await second.replication.awaitInSync()
  await new Promise((resolve) => setTimeout(resolve, 100))
  await second.replication.awaitInSync()
  return members(second.db)
}

describe('a document first received as the page closes', () => {
  it('takes the server’s later changes when the pull marks are kept', async () => {
    const identifierOf = (collection: string) => (collection === 'households' ? `rxdbreplication${IDENTIFIER}` : null)
    expect(await reloadDuringPull((storage) => keepPullMarks(storage, identifierOf))).toEqual([MEERA, 'kabir'])
  })

  it('(RxDB 17.6 without them, pinned) keeps its first state for good', async () => {
    expect(await reloadDuringPull((storage) => storage)).toEqual([MEERA])
  })
})
