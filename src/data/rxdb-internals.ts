import { filter, map, type Observable, type Subject } from 'rxjs'
import {
  getAssumedMasterState,
  getChangedDocumentsSince,
  getComposedPrimaryKeyOfDocumentData,
  getHeightOfRevision,
  getPrimaryFieldOfPrimaryKey,
  getSortComparator,
  META_INSTANCE_SCHEMA_TITLE,
  writeDocToDocState,
  type BulkWriteRow,
  type DexieStorageInternals,
  type EventBulk,
  type RxCollection,
  type RxDocumentData,
  type RxQuery,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageDefaultCheckpoint,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
  type RxStorageInstanceReplicationState,
  type PreparedQuery,
  type RxStorageQueryResult,
} from 'rxdb/plugins/core'
import { migrateDocumentData, RxMigrationState } from 'rxdb/plugins/migration-schema'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import {
  DEXIE_DOCS_TABLE_NAME,
  DEXIE_PIPE_SUBSTITUTE,
  dexieReplaceIfStartsWithPipe,
  dexieReplaceIfStartsWithPipeRevert,
  fromStorageToDexie,
  getKeyRangeByQueryPlan,
} from 'rxdb/plugins/storage-dexie'
import { defaultHashSha256, getProperty, randomToken, RX_META_LWT_MINIMUM, setProperty } from 'rxdb/plugins/utils'

/**
 * Every use of RxDB's non-public surface, pinned to the rxdb version in package.json (17.6.0). Each
 * section names the RxDB behaviour it relies on; tests/unit/rxdb-internals-contract.test.ts checks
 * each one against the installed RxDB, so after an upgrade `npm test` says which assumption broke.
 * tests/unit/rxdb-upstream-bugs.test.ts reproduces the RxDB bugs worked around here, for upstream.
 * Only this module may import RxDB's helpers or read its internal fields (eslint.config.js).
 */

type StoredDoc = RxDocumentData<Record<string, unknown>>
/** RxDB's mark of a fork document its replication's pull wrote: the replication's hash and revision height. */
type PullMark = { _rev: number; hash: string }
type MarkedDoc = RxDocumentData<unknown> & { _meta: { lwt: number; o?: PullMark } }

// ---------------------------------------------------------------------------------------------
// Storage-level reads. Relies on: `collection.storageInstance` answering `query` with a query's
// `getPreparedQuery()` and `findDocumentsById(ids, withDeleted)` with plain stored documents,
// without building RxDocuments or a live query (event-reduce) over them; the prepared query object
// reaching the storage instance as it is (`readsInOneRequest` recognises it); an RxQuery keeping the
// prepared query it made first (`getPreparedQuery` caches it on the query, which the collection's
// query cache keeps for the same mango query).

/** The prepared queries read in one request: the screens' storage reads and the queries opted in. */
const IN_ONE_REQUEST = new WeakSet<object>()

/**
 * `query`, whose every execution (its live query's included) reads an index range in one request:
 * for a screen's first rows, which RxDB's cursor fetched a task per row.
 */
export function inOneRequest<Q extends RxQuery>(query: Q): Q {
  IN_ONE_REQUEST.add(query.getPreparedQuery())
  return query
}

/**
 * The documents matching `query`, read from the storage (no RxDocuments, no live query); an index
 * range is read in one request (`readsInOneRequest`).
 */
export async function readStored<T>(collection: RxCollection<T>, query: RxQuery<T>): Promise<RxDocumentData<T>[]> {
  // A copy: RxDB caches the query, and its own reads of the same prepared query keep its cursor.
  const prepared = { ...query.getPreparedQuery() }
  IN_ONE_REQUEST.add(prepared)
  const { documents } = await collection.storageInstance.query(prepared)
  return documents
}

/** The stored states of `ids`, deleted ones included (findOne hides a tombstone). */
export function findStoredWithDeleted<T>(collection: RxCollection<T>, ids: string[]): Promise<RxDocumentData<T>[]> {
  return collection.storageInstance.findDocumentsById(ids, true)
}

// ---------------------------------------------------------------------------------------------
// Queries in one IndexedDB request. Relies on: the Dexie storage instance's `query(preparedQuery)`
// being RxDB's `dexieQuery` (storage-dexie/dexie-query.js): the query plan's key range
// (`getKeyRangeByQueryPlan`) over the index of the 'docs' table named '[field+field]' (with
// `dexieReplaceIfStartsWithPipe`), rows read back as `fromDexieToStorage` gives them, then the sort comparator
// when the index does not give the order, then skip and limit; RxDB's change feed
// (`getChangedDocumentsSince`) being that query over the `[_meta.lwt+id]` index the storage always
// adds, used by RxDB only when the instance has no method of its own. Its `internals` are
// { dexieDb, dexieTable, booleanIndexes }. tests/unit/one-request-queries.test.ts compares its answers with RxDB's.

type DexieQueried<D> = RxStorageInstance<D, unknown, unknown> & { internals: Promise<DexieStorageInternals> }

/**
 * `storage` answering the screens' storage reads (`readStored`) and the queries opted in
 * (`inOneRequest`) whose selector the index satisfies with one `getAll` over the index range instead
 * of RxDB's cursor: a cursor costs a round trip and a task per row, and the month and insight queries
 * of a cold start read thousands of rows (on a slow phone most of the time to a live home). Every
 * other query (other live queries, the replication, RxDB's own) keeps RxDB's path, and so do queries
 * that need the matcher (the cursor may stop early). RxDB's change feed is read the same way
 * (`changesInOneRequest`).
 */
export function readsInOneRequest<I, O>(storage: RxStorage<I, O>): RxStorage<I, O> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, O>) {
      const instance = await storage.createStorageInstance(params)
      const query = instance.query.bind(instance)
      instance.query = (prepared) =>
        IN_ONE_REQUEST.has(prepared) && prepared.queryPlan.selectorSatisfiedByIndex
          ? queryInOneRequest(instance as unknown as DexieQueried<D>, prepared)
          : query(prepared)
      instance.getChangedDocumentsSince = (limit, checkpoint) =>
        changesInOneRequest(
          instance as unknown as DexieQueried<D>,
          limit,
          checkpoint as RxStorageDefaultCheckpoint | undefined,
        )
      return instance
    },
  }
}

/**
 * RxDB's change feed of an instance (what a replication pushes and a schema migration copies): the
 * `limit` rows after the checkpoint in the `[_meta.lwt+id]` index, in one request, with the
 * checkpoint of the last. RxDB's own query starts its cursor at the checkpoint's write time and
 * checks the rows of that same time one by one: a first download's rows share one time
 * (`SNAPSHOT_LWT`), so every batch of a migration read them all again.
 */
async function changesInOneRequest<D>(
  instance: DexieQueried<D>,
  limit: number,
  checkpoint?: RxStorageDefaultCheckpoint,
) {
  const internals = await instance.internals
  const primaryPath = getPrimaryFieldOfPrimaryKey(instance.schema.primaryKey)
  const since = checkpoint ?? { id: '', lwt: RX_META_LWT_MINIMUM }
  const indexName = `[_meta.lwt+${dexieReplaceIfStartsWithPipe(primaryPath)}]`
  const keyRange = (internals.dexieDb._options.IDBKeyRange ?? IDBKeyRange) as typeof IDBKeyRange
  const range = keyRange.lowerBound([since.lwt, since.id], true)
  const { rows } = await getAllRows({ internals, indexName, range }, range, limit)
  const documents = rows.map((row) => fromFreshDexieRow<D>(internals.booleanIndexes, row))
  const last = documents.at(-1)
  return {
    documents,
    checkpoint: last ? { id: String(last[primaryPath]), lwt: last._meta.lwt } : (checkpoint ?? { id: '', lwt: 0 }),
  }
}

/** Where a query's rows are: the index named as Dexie names it, and the key range the query plan gives. */
interface IndexRange {
  internals: Awaited<DexieStorageInternals>
  indexName: string
  range: IDBKeyRange
}

/** The query's index range, or null when the plan's keys make no valid range (no row can match). */
async function indexRangeOf<D>(instance: DexieQueried<D>, queryPlan: PreparedQuery<D>['queryPlan']) {
  const internals = await instance.internals
  const indexName = `[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`
  try {
    const range = getKeyRangeByQueryPlan(
      internals.booleanIndexes,
      queryPlan,
      internals.dexieDb._options.IDBKeyRange,
    ) as IDBKeyRange
    return { internals, indexName, range }
  } catch (error) {
    if (error instanceof Error && error.name === 'DataError') return null
    throw error
  }
}

/** Up to `count` stored rows of `range`, in the index's order, in one request; and the index's key path. */
function getAllRows({ internals, indexName }: IndexRange, range: IDBKeyRange, count?: number) {
  const { dexieDb, dexieTable } = internals
  return dexieDb.transaction('r', dexieTable, (tx) => {
    const index = tx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName)
    const request = count === undefined ? index.getAll(range) : index.getAll(range, count)
    return new Promise<{ rows: Record<string, unknown>[]; keyPath: string[] }>((resolve, reject) => {
      request.onsuccess = () =>
        resolve({ rows: request.result as Record<string, unknown>[], keyPath: [index.keyPath].flat() })
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not read the query'))
    })
  })
}

async function queryInOneRequest<D>(
  instance: DexieQueried<D>,
  prepared: PreparedQuery<D>,
): Promise<RxStorageQueryResult<D>> {
  const { query, queryPlan } = prepared
  const skip = query.skip ?? 0
  const skipPlusLimit = skip + (typeof query.limit === 'number' ? query.limit : Infinity)
  const at = await indexRangeOf(instance, queryPlan)
  if (!at) return { documents: [] }
  // In the index's order the first skip + limit rows are the answer; otherwise all of them are sorted.
  const count = queryPlan.sortSatisfiedByIndex && Number.isFinite(skipPlusLimit) ? skipPlusLimit : undefined
  const { rows } = await getAllRows(at, at.range, count)
  let documents = rows.map((row) => fromFreshDexieRow<D>(at.internals.booleanIndexes, row))
  if (!queryPlan.sortSatisfiedByIndex) documents.sort(getSortComparator(instance.schema, query))
  documents = documents.slice(skip, skipPlusLimit)
  return { documents }
}

/**
 * The documents matching `query`, read from the storage like `readStored`, handed to `onPage` in
 * pages of up to `pageSize` rows: one request and one task each, so a read of every row never holds
 * the main thread for long; `beforeNextPage` may hold the next one back (until the page is idle).
 * Each page is its own transaction: a write between two pages may or may not be in them, so the
 * caller keeps up with changes itself. A query whose rows the index does not give in order (or that
 * skips, limits or needs the matcher), or a storage other than Dexie's, is read whole, as one page.
 */
export async function readStoredInPages<T>(
  collection: RxCollection<T>,
  query: RxQuery<T>,
  pageSize: number,
  onPage: (documents: RxDocumentData<T>[]) => void,
  beforeNextPage: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const prepared = query.getPreparedQuery()
  const { queryPlan } = prepared
  const paged =
    queryPlan.selectorSatisfiedByIndex &&
    queryPlan.sortSatisfiedByIndex &&
    !prepared.query.skip &&
    typeof prepared.query.limit !== 'number'
  const instance = collection.storageInstance as unknown as Partial<DexieQueried<T>>
  const dexie = (await instance.internals)?.dexieDb !== undefined
  if (!paged || !dexie) return onPage(await readStored(collection, query))
  const at = await indexRangeOf(instance as DexieQueried<T>, queryPlan)
  if (!at) return
  let range = at.range
  for (;;) {
    const { rows, keyPath } = await getAllRows(at, range, pageSize)
    // The next page starts right after this one's last index key, taken before the rows are
    // converted (in place). RxDB ends every index with the primary key, so keys are unique and none
    // is read twice or skipped; the range class is the one the plan's range came from (the
    // browser's, or the one a test passed to Dexie).
    const last = rows.at(-1)
    const lastKey = last && keyPath.map((path) => getProperty(last, path) as IDBValidKey)
    if (rows.length > 0) onPage(rows.map((row) => fromFreshDexieRow<T>(at.internals.booleanIndexes, row)))
    if (rows.length < pageSize || !lastKey) return
    await beforeNextPage()
    range = (range.constructor as typeof IDBKeyRange).bound(lastKey, range.upper, true, range.upperOpen)
  }
}

/**
 * `fromDexieToStorage` for a row just read from IndexedDB, which nothing else holds: changed in place
 * instead of deep-copied (a copy of every row is most of the cost of reading thousands of them). An
 * object is rebuilt only where a key was stored renamed ('|' as '__'), to keep its keys' order.
 */
export function fromFreshDexieRow<D>(booleanIndexes: readonly string[], row: Record<string, unknown>) {
  const data = restoreStoredKeys(row) as Record<string, unknown>
  for (const index of booleanIndexes) setProperty(data, index, getProperty(data, index) === '1')
  return data as RxDocumentData<D>
}

function restoreStoredKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restoreStoredKeys(value[i])
    return value
  }
  const object = value as Record<string, unknown>
  let renamed = false
  for (const key in object) {
    const field = object[key]
    if (field && typeof field === 'object') object[key] = restoreStoredKeys(field)
    if (key.includes(DEXIE_PIPE_SUBSTITUTE)) renamed = true
  }
  if (!renamed) return object
  return Object.fromEntries(
    Object.entries(object).map(([key, field]) => [dexieReplaceIfStartsWithPipeRevert(key), field]),
  )
}

// ---------------------------------------------------------------------------------------------
// Pull marks (rxdb#7804). Relies on: the downstream writes a received document to the fork with the
// context 'replication-downstream-' + checkpoint key and `_meta.o = { hash: hash(identifier),
// _rev: height }`, then its meta store; RxDB's storage wrapper (rx-storage-helper.ts
// `getWrappedStorageInstance`) replaces `_meta` of every insert with `{ lwt }`, dropping `o`, so a
// page closed between the two writes leaves a document that looks like a local write for good.

/** RxDB's context of the downstream's writes to a collection ('replication-downstream-' + checkpoint key). */
export const DOWNSTREAM_WRITE = 'replication-downstream-'

/**
 * `storage` with the downstream's mark kept on inserted documents, below RxDB's wrapper;
 * `identifierOf` names the replication of a collection as RxDB prefixes it ('rxdbreplication' +
 * replicationIdentifier), or null for storage no replication writes to. The databases use RxDB's
 * default hash function.
 */
export function keepPullMarks<I, O>(
  storage: RxStorage<I, O>,
  identifierOf: (collectionName: string) => string | null,
): RxStorage<I, O> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, O>) {
      const instance = await storage.createStorageInstance(params)
      const identifier = identifierOf(params.collectionName)
      if (!identifier) return instance
      const hash = defaultHashSha256(identifier)
      const bulkWrite = instance.bulkWrite.bind(instance)
      instance.bulkWrite = async (rows: BulkWriteRow<D>[], context: string) => {
        if (context.startsWith(DOWNSTREAM_WRITE)) {
          const o = { hash: await hash }
          for (const row of rows as BulkWriteRow<unknown>[]) {
            const doc = row.document as MarkedDoc
            if (!row.previous && !doc._meta.o)
              // A new object: RxDB shares one `_meta` between the inserts of a write.
              doc._meta = { ...doc._meta, o: { ...o, _rev: getHeightOfRevision(doc._rev) } }
          }
        }
        return bulkWrite(rows, context)
      }
      return instance
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The replication's own records (pending count). Relies on: `internalReplicationState.input`
// holding forkInstance, metaInstance, hashFunction, identifier, conflictHandler, keepMeta; the
// upstream checkpoint as the meta document { isCheckpoint: '1', itemId: 'up' } (`checkpointData`),
// saved only once everything before it was pushed or skipped; the server state it assumes per
// document (`getAssumedMasterState`, written only after a push succeeded); the downstream's fork
// writes carrying `downstreamBulkWriteFlag` as context; the upstream's meta writes a context
// starting 'replication-up'.

type Replication = RxReplicationState<unknown, unknown>
type InternalState = RxStorageInstanceReplicationState<unknown>

const PAGE = 500

/** A state the replication's own pull wrote (and nothing changed since): it came from the server. */
function writtenByPull(doc: MarkedDoc, identifierHash: string): boolean {
  const origin = doc._meta.o
  return !!origin && origin.hash === identifierHash && origin._rev === getHeightOfRevision(doc._rev)
}

async function upstreamCheckpoint(state: InternalState): Promise<unknown> {
  const meta = state.input.metaInstance
  const id = getComposedPrimaryKeyOfDocumentData(meta.schema, { isCheckpoint: '1', itemId: 'up' })
  const [doc] = await meta.findDocumentsById([id], false)
  return doc?.checkpointData ?? state.input.initialCheckpoint?.upstream
}

/** Which of `docs` the server does not hold as they are: their push is not recorded yet. */
async function notPushed(state: InternalState, docs: MarkedDoc[], identifierHash: string): Promise<string[]> {
  const local = docs
    .filter((doc) => !writtenByPull(doc, identifierHash))
    .map((doc) => ({ doc, id: String((doc as Record<string, unknown>)[state.primaryPath]) }))
  if (local.length === 0) return []
  const { conflictHandler } = state.input
  const assumed = await getAssumedMasterState(
    state,
    local.map(({ id }) => id),
  )
  return local
    .filter(({ doc, id }) => {
      const server = assumed[id]
      return !(
        server &&
        server.metaDocument.isResolvedConflict !== doc._rev &&
        conflictHandler.isEqual(
          server.docData,
          writeDocToDocState(doc, state.hasAttachments, !!state.input.keepMeta),
          'hisaab-pending-count',
        )
      )
    })
    .map(({ id }) => id)
}

/**
 * The ids of the documents of one running replication that are written locally and not yet
 * pushed: only documents changed after the upstream checkpoint can be, so a count reads a
 * handful of documents, not the collection.
 */
export async function unpushedIds(replication: Replication): Promise<Set<string>> {
  const ids = new Set<string>()
  await replication.startPromise
  const state = replication.internalReplicationState
  if (!state || replication.isStopped()) return ids
  const identifierHash = await state.input.hashFunction(state.input.identifier)
  let checkpoint = await upstreamCheckpoint(state)
  for (;;) {
    const page = await getChangedDocumentsSince(state.input.forkInstance, PAGE, checkpoint)
    for (const id of await notPushed(state, page.documents, identifierHash)) ids.add(id)
    if (page.documents.length < PAGE) return ids
    checkpoint = page.checkpoint
  }
}

export interface ReplicationWrites {
  /** The ids of each local write to the collection (every write but the replication's own pull). */
  local$: Observable<string[]>
  /** Each time the upstream records a push (or a resolved conflict) in its meta store. */
  pushed$: Observable<unknown>
}

/** The writes that change what is pending, once the replication runs (null when it does not). */
export async function replicationWrites(replication: Replication): Promise<ReplicationWrites | null> {
  await replication.startPromise
  const state = replication.internalReplicationState
  if (!state) return null
  const pulled = await state.downstreamBulkWriteFlag
  const local$ = state.input.forkInstance.changeStream().pipe(filter((bulk) => bulk.context !== pulled))
  return {
    local$: local$.pipe(map((bulk) => bulk.events.map((event) => event.documentId))),
    pushed$: state.input.metaInstance.changeStream().pipe(filter((bulk) => bulk.context.startsWith('replication-up'))),
  }
}

// ---------------------------------------------------------------------------------------------
// A first download written straight into RxDB's Dexie tables. Relies on: the Dexie storage
// instance's `internals` ({ dexieDb, dexieTable, booleanIndexes }) and its row format
// (`fromStorageToDexie`: booleans of indexed fields as '0'/'1'); its private `changes$` subject
// feeding the collection's change stream (collections, live queries, other tabs); `_meta.lwt`
// ordering the upstream's changes (a push checkpoint { id: '', lwt } skips everything older);
// `_meta.o` as the downstream's pull mark (above); a 409 of `bulkWrite` carrying `documentInDb`.

/** Below every real write time: the upstream never pushes a downloaded document back. */
export const SNAPSHOT_LWT = 1
/** The push checkpoint after a download: past its documents, before every local write. */
export const AFTER_SNAPSHOT = { id: '', lwt: SNAPSHOT_LWT + 1 }

const WRITE_CONTEXT = 'hisaab-snapshot'

/** A received document, checked by its entity. */
export type Received = Record<string, unknown> & { _deleted: boolean }

type DexieInstance = RxStorageInstance<unknown, unknown, unknown> & {
  internals: DexieStorageInternals
  changes$: Subject<EventBulk<RxStorageChangeEvent<Record<string, unknown>>, { id: string; lwt: number }>>
}

/** A received document as the replication's pull would have stored it (marked as the server's). */
function snapshotDoc(doc: Received, height: number, hash: string): StoredDoc {
  return {
    ...doc,
    _attachments: {},
    _rev: `${height}-snapshot`,
    _meta: { lwt: SNAPSHOT_LWT, o: { _rev: height, hash } },
  }
}

/**
 * Writes pages straight into the collection's IndexedDB table with `add`, one transaction per
 * page: the storage's own bulkWrite first reads every id to look for conflicts, which on a new
 * device is wasted work, and waits for that read before it can queue the next page. An id already
 * there fails its own `add` only and is settled through RxDB afterwards (`settleExisting`). Once
 * the page has committed, its documents are announced on the storage's change stream like any write.
 * `identifier` is the replication's as RxDB prefixes it ('rxdbreplication' + replicationIdentifier).
 */
export async function snapshotPageWriter(
  collection: RxCollection,
  identifier: string,
  addsPerTask: number,
): Promise<(docs: Received[]) => Promise<void>> {
  const storage = collection.internalStorageInstance as DexieInstance
  const hash = await collection.database.hashFunction(identifier)
  const { dexieDb, dexieTable, booleanIndexes } = await storage.internals
  const idb = dexieDb.backendDB()
  return async (docs) => {
    const stored = docs.map((doc) => snapshotDoc(doc, 1, hash))
    const transaction = idb.transaction(dexieTable.name, 'readwrite')
    const existing = addAll(transaction.objectStore(dexieTable.name), addsPerTask, (doc) =>
      fromStorageToDexie(booleanIndexes, doc),
    )(stored)
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onabort = () => reject(transaction.error ?? new Error('First download: a page was not written'))
    })
    announce(
      storage,
      stored.filter((_, i) => !existing.has(i)),
    )
    if (existing.size > 0)
      await settleExisting(
        storage,
        [...existing].map((i) => docs[i]!),
        hash,
      )
  }
}

/**
 * The longest a task queuing adds runs: each `add` copies the document and works out its index keys
 * on the main thread, which on a phone's CPU is slow enough that a fixed count per task made long
 * tasks there.
 */
const ADD_SLICE_MS = 25

/**
 * Queues `add` of every document, at most `addsPerTask` and ADD_SLICE_MS in one task: the next
 * slice is queued once IndexedDB answered the slice's first add (the transaction stays open while
 * it has requests, and only its requests' callbacks may add more). Returns the indexes whose id
 * was already stored (filled as the transaction runs).
 */
function addAll(table: IDBObjectStore, addsPerTask: number, toRow: (doc: StoredDoc) => unknown) {
  return (stored: StoredDoc[]): Set<number> => {
    const existing = new Set<number>()
    const queue = (from: number) => {
      const started = performance.now()
      // Read by the first add's callback, which runs after this slice has been queued.
      let end = from
      const next = () => {
        if (end < stored.length) queue(end)
      }
      const last = Math.min(from + addsPerTask, stored.length)
      for (let i = from; i < last; i++) {
        const request = table.add(toRow(stored[i]!))
        end = i + 1
        const first = i === from
        if (first) request.onsuccess = next
        request.onerror = (event) => {
          if (request.error?.name !== 'ConstraintError') return
          event.preventDefault() // keeps the transaction (and the page's other documents) going
          event.stopPropagation()
          existing.add(i)
          if (first) next()
        }
        if (performance.now() - started >= ADD_SLICE_MS) break
      }
    }
    queue(0)
    return existing
  }
}

/** Emits the added documents as RxDB's storage emits a write (deleted ones make no event). */
function announce(storage: DexieInstance, added: StoredDoc[]): void {
  const events = added
    .filter((doc) => !doc._deleted)
    .map((doc) => ({
      documentId: String(doc.id),
      operation: 'INSERT' as const,
      documentData: doc,
      previousDocumentData: undefined,
    }))
  const last = added.at(-1)
  if (!last || events.length === 0) return
  storage.changes$.next({
    // Unique across tabs: a database ignores an event bulk id it has seen.
    id: `${WRITE_CONTEXT}-${randomToken(16)}`,
    events,
    checkpoint: { id: String(last.id), lwt: SNAPSHOT_LWT },
    context: WRITE_CONTEXT,
  })
}

/**
 * Documents whose id was already stored: either an earlier page's version of one changed on the
 * server since (replaced by this newer one) or a local edit made during the download (kept: the
 * upstream pushes it and last-writer-wins decides).
 */
async function settleExisting(storage: DexieInstance, docs: Received[], hash: string): Promise<void> {
  const rows = docs.map((doc) => ({ document: snapshotDoc(doc, 1, hash) }))
  const result: RxStorageBulkWriteResponse<unknown> = await storage.bulkWrite(rows, WRITE_CONTEXT)
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]))
  const replace = []
  for (const error of result.error) {
    const inDb = error.status === 409 ? (error.documentInDb as StoredDoc | undefined) : undefined
    if (!inDb) throw new Error(`First download of a document failed (${error.status})`)
    if (inDb._meta.lwt !== SNAPSHOT_LWT) continue
    const received = byId.get(error.documentId)!
    // The head delivered it before the download did: the same state is left as it is.
    if (sameState(inDb, received)) continue
    const height = Number.parseInt(inDb._rev, 10) + 1
    replace.push({ previous: inDb, document: snapshotDoc(received, height, hash) })
  }
  if (replace.length > 0) await storage.bulkWrite(replace, WRITE_CONTEXT)
}

/** RxDB's own fields of a stored document, which a received one does not have. */
const STORAGE_FIELDS = new Set(['_rev', '_meta', '_attachments'])

/** Whether a stored document holds exactly the received state (every field, `_deleted` included). */
function sameState(stored: StoredDoc, received: Received): boolean {
  const keys = Object.keys(stored).filter((key) => !STORAGE_FIELDS.has(key))
  if (keys.length !== Object.keys(received).length) return false
  return keys.every((key) => JSON.stringify(stored[key]) === JSON.stringify(received[key]))
}

// ---------------------------------------------------------------------------------------------
// Schema migration as a copy. Relies on: `RxMigrationState.migrateStorage(oldStorage, newStorage,
// batchSize)` being the one step that moves a storage's documents into the new version's storage
// and removes the old storage, for the collection's own storage (newStorage its
// `originalStorageInstance`, below the wrapper that stamps write times) and for each connected
// replication meta store (schema title META_INSTANCE_SCHEMA_TITLE, the document in `docData`,
// checkpoints marked `isCheckpoint: '1'`); its caller (`runMigration`) opening both, counting the
// total, then deleting the old collection's record and marking the status DONE; `this.collection`,
// `this.canceled`, `this.updateStatus` and `this.openStorageInstances`.

/** Documents read from the old storage and written to the new one at a time. */
const MIGRATION_PAGE = 500
/** The write context of the copy (no replication or pull-mark wrapper acts on it). */
const MIGRATION_WRITE = 'hisaab-migration-copy'

/**
 * Makes RxDB's schema migration a plain copy: the old version's documents are read a page at a time
 * from its change feed (one request a page, `changesInOneRequest`), brought to the new version by
 * the collection's migration strategies, and inserted into the new storage with their revision and
 * `_meta` (write time, pull mark) as they were. RxDB's own migration pushes them through its
 * replication protocol instead, with a conflict read, a meta document and a status write per batch,
 * several times slower while the screens wait for it. As in RxDB's, a document the new storage
 * already holds (a copy interrupted by a closed page and started again) is left as it is, and the
 * old storage is removed only once everything is copied.
 */
export function migrateByCopy(): void {
  RxMigrationState.prototype.migrateStorage = copyStorage
}

type AnyInstance = RxStorageInstance<unknown, unknown, unknown>
type MetaDoc = StoredDoc & { isCheckpoint: string; docData: StoredDoc }

async function copyStorage(
  this: RxMigrationState,
  oldStorage: AnyInstance,
  newStorage: AnyInstance,
  _batchSize: number,
): Promise<void> {
  const isMeta = newStorage.schema.title === META_INSTANCE_SCHEMA_TITLE
  // migrateDocumentData restores `_meta` and `_deleted`; the revision is kept too, so nothing looks edited.
  const migrate = async (doc: StoredDoc): Promise<StoredDoc | null> => {
    const migrated = (await migrateDocumentData(this.collection, oldStorage.schema.version, doc)) as StoredDoc | null
    return migrated && { ...migrated, _rev: doc._rev }
  }
  const copyOf = async (doc: StoredDoc): Promise<StoredDoc | null> => {
    if (!isMeta) return migrate(doc)
    const meta = doc as MetaDoc
    // A replication's checkpoint holds no document: it is copied as it is.
    if (meta.isCheckpoint === '1') return meta
    const docData = await migrate(meta.docData)
    return docData && { ...meta, docData }
  }
  let checkpoint: RxStorageDefaultCheckpoint | undefined
  for (;;) {
    if (this.canceled) throw new Error(`The migration of ${oldStorage.collectionName} was stopped`)
    const page = await getChangedDocumentsSince(oldStorage, MIGRATION_PAGE, checkpoint)
    const documents = page.documents as StoredDoc[]
    if (documents.length === 0) break
    const copies: StoredDoc[] = []
    for (const doc of documents) {
      const copy = await copyOf(doc)
      if (copy) copies.push(copy)
    }
    const result = await newStorage.bulkWrite(
      copies.map((document) => ({ document })),
      MIGRATION_WRITE,
    )
    const failed = result.error.find((error) => error.status !== 409)
    if (failed) throw new Error(`The migration of ${oldStorage.collectionName} failed (${failed.status})`)
    void this.updateStatus((status) => {
      status.count.handled += documents.length
      return status
    })
    checkpoint = page.checkpoint as RxStorageDefaultCheckpoint
  }
  await this.updateStatusQueue
  this.openStorageInstances.delete(oldStorage)
  await oldStorage.remove()
}
