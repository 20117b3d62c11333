import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { firstValueFrom, Subject, take, toArray } from 'rxjs'
import {
  addRxPlugin,
  createRxDatabase,
  META_INSTANCE_SCHEMA_TITLE,
  getAssumedMasterState,
  getChangedDocumentsSince,
  getComposedPrimaryKeyOfDocumentData,
  type DexieStorageInternals,
  type RxCollection,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstanceCreationParams,
} from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin, RxMigrationState } from 'rxdb/plugins/migration-schema'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import { fromStorageToDexie, getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { defaultHashSha256 } from 'rxdb/plugins/utils'
import { afterEach, describe, expect, it } from 'vitest'
import { DOWNSTREAM_WRITE } from '../../src/data/rxdb-internals'

/**
 * Each assumption src/data/rxdb-internals.ts makes about RxDB's non-public surface, checked against
 * the installed RxDB (package.json). A failure here after an upgrade names the assumption that
 * broke: read the matching section of rxdb-internals.ts before changing either.
 */

interface Note {
  id: string
  text: string
  done: boolean
  updatedAt: number
}
type Wire = Note & { _deleted: boolean }

const schema: RxJsonSchema<Note> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    text: { type: 'string' },
    done: { type: 'boolean' },
    updatedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'text', 'done', 'updatedAt'],
  indexes: [['done', 'updatedAt']],
}

const IDENTIFIER = 'contract'
let dbNumber = 0
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const note = (id: string, text: string, updatedAt = 1): Wire => ({ id, text, done: false, updatedAt, _deleted: false })

/** Every bulkWrite that reaches `storage` below RxDB's wrapper, with its context and rows as given. */
function recording<I, O>(storage: RxStorage<I, O>) {
  const writes: { collection: string; context: string; docs: Record<string, unknown>[]; previous: boolean[] }[] = []
  const wrapped: RxStorage<I, O> = {
    ...storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, O>) {
      const instance = await storage.createStorageInstance(params)
      const bulkWrite = instance.bulkWrite.bind(instance)
      instance.bulkWrite = (rows, context) => {
        writes.push({
          collection: params.collectionName,
          context,
          docs: rows.map((row) => structuredClone(row.document as Record<string, unknown>)),
          previous: rows.map((row) => !!row.previous),
        })
        return bulkWrite(rows, context)
      }
      return instance
    },
  }
  return { storage: wrapped, writes }
}

async function database(storage: RxStorage<unknown, unknown>) {
  const db = await createRxDatabase<{ notes: RxCollection<Note> }>({
    name: `contract${++dbNumber}`,
    storage,
    multiInstance: false,
  })
  closers.push(() => db.remove())
  await db.addCollections({ notes: { schema } })
  return db
}

/** A live replication with an in-memory server. */
function replicate(collection: RxCollection<Note>) {
  const server = new Map<string, Wire>()
  const events = new Subject<{ documents: Wire[]; checkpoint: { seq: number } } | 'RESYNC'>()
  let seq = 0
  const replication = replicateRxCollection<Note, { seq: number }>({
    collection,
    replicationIdentifier: IDENTIFIER,
    live: true,
    retryTime: 20,
    waitForLeadership: false,
    pull: {
      handler: (checkpoint) =>
        Promise.resolve({
          documents: checkpoint && checkpoint.seq === seq ? [] : [...server.values()],
          checkpoint: { seq },
        }),
      stream$: events,
    },
    push: {
      handler: (rows) => {
        for (const row of rows) server.set(row.newDocumentState.id, { ...row.newDocumentState, _deleted: false })
        seq += 1
        return Promise.resolve([])
      },
    },
  })
  closers.push(() => replication.cancel())
  const serverWrite = (doc: Wire) => {
    server.set(doc.id, doc)
    events.next({ documents: [doc], checkpoint: { seq: ++seq } })
  }
  return { replication, serverWrite }
}

describe('the downstream’s writes and pull marks (keepPullMarks)', () => {
  it('writes received documents with the context downstreamBulkWriteFlag, "replication-downstream-…"', async () => {
    const { storage, writes } = recording(getRxStorageMemory())
    const db = await database(storage)
    const { replication, serverWrite } = replicate(db.notes)
    await replication.awaitInitialReplication()
    const flag = await replication.internalReplicationState!.downstreamBulkWriteFlag
    expect(flag.startsWith(DOWNSTREAM_WRITE)).toBe(true)
    serverWrite(note('a', 'from the server'))
    await expect.poll(() => writes.some((w) => w.collection === 'notes' && w.context === flag)).toBe(true)
  })

  it('marks an update it writes with _meta.o = { hash: sha256(identifier), _rev: height }', async () => {
    const { storage, writes } = recording(getRxStorageMemory())
    const db = await database(storage)
    const { replication, serverWrite } = replicate(db.notes)
    await replication.awaitInitialReplication()
    const flag = await replication.internalReplicationState!.downstreamBulkWriteFlag
    serverWrite(note('a', 'first', 1))
    await expect.poll(async () => (await db.notes.findOne('a').exec())?.text).toBe('first')
    serverWrite(note('a', 'second', 2))
    await expect.poll(async () => (await db.notes.findOne('a').exec())?.text).toBe('second')
    const update = writes.find((w) => w.context === flag && w.previous[0])!
    const doc = update.docs[0] as { _rev: string; _meta: { o?: unknown } }
    const hash = await defaultHashSha256(`rxdbreplication${IDENTIFIER}`)
    expect(replication.internalReplicationState!.input.identifier).toBe(`rxdbreplication${IDENTIFIER}`)
    expect(doc._meta.o).toEqual({ hash, _rev: Number.parseInt(doc._rev, 10) })
  })

  it('loses that mark on inserts: RxDB’s storage wrapper replaces their _meta (rxdb#7804)', async () => {
    // When this fails, RxDB keeps the mark itself and keepPullMarks can go.
    const { storage, writes } = recording(getRxStorageMemory())
    const db = await database(storage)
    const { replication, serverWrite } = replicate(db.notes)
    await replication.awaitInitialReplication()
    const flag = await replication.internalReplicationState!.downstreamBulkWriteFlag
    serverWrite(note('a', 'new here'))
    await expect.poll(() => writes.some((w) => w.context === flag)).toBe(true)
    const insert = writes.find((w) => w.context === flag)!
    expect(insert.previous[0]).toBe(false)
    expect((insert.docs[0] as { _meta: { o?: unknown } })._meta.o).toBeUndefined()
  })
})

describe('the replication’s own records (pending count)', () => {
  it('exposes input.forkInstance, metaInstance, hashFunction and conflictHandler', async () => {
    const db = await database(getRxStorageMemory())
    const { replication } = replicate(db.notes)
    await replication.awaitInitialReplication()
    const state = replication.internalReplicationState!
    expect(state.input.forkInstance).toBe(db.notes.storageInstance)
    expect(typeof state.input.metaInstance.findDocumentsById).toBe('function')
    expect(typeof (await state.input.hashFunction('x'))).toBe('string')
    expect(typeof state.input.conflictHandler.isEqual).toBe('function')
    expect(state.primaryPath).toBe('id')
  })

  it('records a push in the meta store under a "replication-up…" context, then its checkpoint', async () => {
    const { storage, writes } = recording(getRxStorageMemory())
    const db = await database(storage)
    const { replication } = replicate(db.notes)
    await replication.awaitInitialReplication()
    const state = replication.internalReplicationState!
    const meta = state.input.metaInstance
    const metaWrites = firstValueFrom(meta.changeStream().pipe(take(1), toArray()))
    await db.notes.insert({ id: 'a', text: 'local', done: false, updatedAt: 5 })
    await replication.awaitInSync()
    expect((await metaWrites)[0]!.context.startsWith('replication-up')).toBe(true)
    const assumed = await getAssumedMasterState(state, ['a'])
    expect(assumed.a?.docData).toMatchObject({ id: 'a', text: 'local' })
    const upId = getComposedPrimaryKeyOfDocumentData(meta.schema, { isCheckpoint: '1', itemId: 'up' })
    const upCheckpoint = async (): Promise<unknown> => (await meta.findDocumentsById([upId], false))[0]?.checkpointData
    await expect.poll(upCheckpoint).toBeTruthy()
    expect(writes.some((w) => w.collection !== 'notes' && w.context.startsWith('replication-up'))).toBe(true)
  })
})

describe('the Dexie storage’s tables and change stream (first download)', () => {
  it('stores rows as fromStorageToDexie makes them, in internals.dexieTable', async () => {
    const db = await database(getRxStorageDexie({ indexedDB, IDBKeyRange }))
    type Instance = { internals: Promise<DexieStorageInternals> }
    const { dexieDb, dexieTable, booleanIndexes } = await (db.notes.internalStorageInstance as unknown as Instance)
      .internals
    expect(booleanIndexes).toContain('done')
    const stored = { ...note('a', 'forged'), _attachments: {}, _rev: '1-snapshot', _meta: { lwt: 1 } }
    await new Promise<void>((resolve, reject) => {
      const transaction = dexieDb.backendDB().transaction(dexieTable.name, 'readwrite')
      transaction.objectStore(dexieTable.name).add(fromStorageToDexie(booleanIndexes, stored))
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error ?? new Error('not written'))
    })
    const [read] = await db.notes.storageInstance.findDocumentsById(['a'], false)
    expect(read).toEqual(stored)
    expect((await db.notes.find({ selector: { done: false } }).exec()).map((d) => d.id)).toEqual(['a'])
  })

  it('feeds collection.$ from the instance’s changes$ subject', async () => {
    const db = await database(getRxStorageDexie({ indexedDB, IDBKeyRange }))
    const changes$ = (db.notes.internalStorageInstance as unknown as { changes$: Subject<unknown> }).changes$
    expect(changes$).toBeInstanceOf(Subject)
    const seen = firstValueFrom(db.notes.$)
    const doc = { ...note('a', 'announced'), _attachments: {}, _rev: '1-snapshot', _meta: { lwt: 1 } }
    changes$.next({
      id: 'contract-event',
      events: [{ documentId: 'a', operation: 'INSERT', documentData: doc, previousDocumentData: undefined }],
      checkpoint: { id: 'a', lwt: 1 },
      context: 'contract',
    })
    expect((await seen).documentId).toBe('a')
  })

  it('orders changes by _meta.lwt: a checkpoint { id: "", lwt: 2 } passes documents of lwt 1', async () => {
    const db = await database(getRxStorageDexie({ indexedDB, IDBKeyRange }))
    const instance = db.notes.internalStorageInstance
    const old = { ...note('a', 'old'), _attachments: {}, _rev: '1-snapshot', _meta: { lwt: 1 } }
    await instance.bulkWrite([{ document: old }], 'contract')
    await db.notes.insert({ id: 'b', text: 'new', done: false, updatedAt: 2 })
    const page = await getChangedDocumentsSince(instance, 10, { id: '', lwt: 2 })
    expect(page.documents.map((d) => d.id)).toEqual(['b'])
  })

  it('answers a write over a stored id with 409 and documentInDb', async () => {
    const db = await database(getRxStorageDexie({ indexedDB, IDBKeyRange }))
    await db.notes.insert({ id: 'a', text: 'there', done: false, updatedAt: 2 })
    const again = { ...note('a', 'again'), _attachments: {}, _rev: '1-snapshot', _meta: { lwt: 1 } }
    const { error } = await db.notes.internalStorageInstance.bulkWrite([{ document: again }], 'contract')
    expect(error[0]?.status).toBe(409)
    expect(error[0]?.status === 409 && error[0].documentInDb).toMatchObject({ id: 'a', text: 'there' })
  })
})

describe('storage-level reads (readStored, findStoredWithDeleted)', () => {
  it('query(getPreparedQuery()) answers what find() does, as plain documents', async () => {
    const db = await database(getRxStorageMemory())
    await db.notes.bulkInsert([1, 2, 3].map((i) => ({ id: `n${i}`, text: 't', done: i === 2, updatedAt: i })))
    const query = db.notes.find({ selector: { done: false }, sort: [{ updatedAt: 'asc' }] })
    const { documents } = await db.notes.storageInstance.query(query.getPreparedQuery())
    expect(documents.map((d) => d.id)).toEqual((await query.exec()).map((d) => d.id))
    expect(Object.getPrototypeOf(documents[0])).toBe(Object.prototype)
  })

  it('findDocumentsById(ids, true) returns a removed document', async () => {
    const db = await database(getRxStorageMemory())
    const doc = await db.notes.insert({ id: 'gone', text: 't', done: false, updatedAt: 1 })
    await doc.remove()
    const [found] = await db.notes.storageInstance.findDocumentsById(['gone'], true)
    expect(found).toMatchObject({ id: 'gone', _deleted: true })
  })
})

describe('schema migration (migrateByCopy)', () => {
  it('moves each storage in one migrateStorage call: the replication’s meta store, then the collection', async () => {
    const calls: { oldTitle: unknown; newTitle: unknown; newStorage: unknown; oldVersion: number }[] = []
    // Called below with the migration state as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = RxMigrationState.prototype.migrateStorage
    closers.push(() => Promise.resolve((RxMigrationState.prototype.migrateStorage = original)))
    RxMigrationState.prototype.migrateStorage = function (oldStorage, newStorage, batchSize) {
      calls.push({
        oldTitle: oldStorage.schema.title,
        newTitle: newStorage.schema.title,
        newStorage,
        oldVersion: oldStorage.schema.version,
      })
      return original.call(this, oldStorage, newStorage, batchSize)
    }
    addRxPlugin(RxDBMigrationSchemaPlugin)
    const storage = getRxStorageDexie({ indexedDB, IDBKeyRange })
    const name = `contract-migration${++dbNumber}`
    const before = await createRxDatabase<{ notes: RxCollection<Note> }>({ name, storage, multiInstance: false })
    await before.addCollections({ notes: { schema: { ...schema, title: 'notes' } } })
    const { replication } = replicate(before.notes)
    await before.notes.insert({ id: 'a', text: 'kept', done: false, updatedAt: 1 })
    await replication.awaitInSync()
    await replication.cancel()
    await before.close()

    const after = await createRxDatabase<{ notes: RxCollection<Note> }>({ name, storage, multiInstance: false })
    closers.push(() => after.remove())
    await after.addCollections({
      notes: { schema: { ...schema, title: 'notes', version: 1 }, migrationStrategies: { 1: (doc: Note) => doc } },
    })
    expect(META_INSTANCE_SCHEMA_TITLE).toBe('RxReplicationProtocolMetaData')
    expect(calls.map((call) => [call.oldTitle, call.newTitle, call.oldVersion])).toEqual([
      [META_INSTANCE_SCHEMA_TITLE, META_INSTANCE_SCHEMA_TITLE, 0],
      ['notes', 'notes', 0],
    ])
    // The collection's storage below the wrapper that stamps write times: the copies keep theirs.
    expect(calls[1]!.newStorage).toBe(after.notes.storageInstance.originalStorageInstance)
    expect((await after.notes.findOne('a').exec())?.text).toBe('kept')
  })
})
