import type { Subject } from 'rxjs'
import type {
  DexieStorageInternals,
  EventBulk,
  RxCollection,
  RxDocumentData,
  RxStorageBulkWriteResponse,
  RxStorageChangeEvent,
  RxStorageInstance,
} from 'rxdb/plugins/core'
import { fromStorageToDexie } from 'rxdb/plugins/storage-dexie'
import { randomToken } from 'rxdb/plugins/utils'
import { z } from 'zod'
import { PullResponse, type WireDocument } from '../../schema/api/sync'
import { apiFetch } from './http'

/**
 * A new device's first download of one collection: pages of SNAPSHOT_PAGE documents
 * from the pull route, written straight into the collection's IndexedDB table (`pageAdder`) with no
 * replication metadata (RxDB's own pull writes every document twice, to the collection and to
 * its meta store, 500 at a time, each write after a read of every id). Page n is fetched, checked
 * and queued while the pages before it commit. Replication then starts from the snapshot's
 * checkpoints (`pull.initialCheckpoint`, `push.initialCheckpoint`).
 *
 * How the written documents stay correct with RxDB 17.6's replication protocol (pinned):
 * - `_meta.lwt` is SNAPSHOT_LWT, below every real write time, and the push checkpoint is
 *   AFTER_SNAPSHOT, so the upstream never pushes them back while every local write (the app is
 *   usable during the download; its writes take the current time) is pushed as usual.
 * - `_meta.o` names the replication (`hash` of its identifier, revision height) exactly as the
 *   downstream marks documents it wrote itself, so later server changes to them are applied
 *   instead of being mistaken for unpushed local edits.
 * - With no meta document, the first local edit of such a document is pushed without an
 *   assumed master state; the server answers with a conflict and last-writer-wins settles it.
 * - A page never overwrites a stored document: one already there (a local edit, or an earlier
 *   page's version) is settled through RxDB's own write (`settleExisting`).
 */
export const SNAPSHOT_LWT = 1
export const AFTER_SNAPSHOT = { id: '', lwt: SNAPSHOT_LWT + 1 }
/**
 * The pull route's largest page. Fewer, larger IndexedDB transactions write faster (50k
 * documents: 5.6 s against 6.1 s with 2,000 a page, medians of six alternating runs here); a local
 * write made during the download waits behind the pages in flight (about 0.4 s each).
 */
export const SNAPSHOT_PAGE = 5000
/** Two keep IndexedDB busy: the next page is fetched, checked and queued while one commits. */
const PAGES_IN_FLIGHT = 2
/** Adds queued in one task: a page's 5,000 would hold the main thread for about 200 ms. */
const ADDS_PER_TASK = 1000

const WRITE_CONTEXT = 'hisaab-snapshot'

export interface SnapshotPage {
  pulled: number
  remaining: number
  done: boolean
}

export interface SnapshotOptions {
  name: string
  collection: RxCollection
  /** The replication's identifier as RxDB prefixes it ('rxdbreplication' + replicationIdentifier). */
  identifier: string
  getToken: () => string | null
  /** The pull checkpoint to continue from (a resumed download) or 0. */
  fromSeq: number
  /** SNAPSHOT_PAGE and ADDS_PER_TASK unless given (the tests' in-memory IndexedDB is slow). */
  pageSize?: number
  addsPerTask?: number
  /** Checks and converts one received document (throws on a malformed one). */
  parse: (doc: WireDocument) => Received
  /** After each written page, with the pull checkpoint reached so far. */
  onPage: (page: SnapshotPage, seq: number) => void
  isStopped: () => boolean
}

type StoredDoc = RxDocumentData<Record<string, unknown>>
/** A received document, checked by its entity. */
type Received = Record<string, unknown> & { _deleted: boolean }

/** Downloads and writes the collection's documents after `fromSeq`; returns the pull checkpoint reached. */
export async function downloadSnapshot(options: SnapshotOptions): Promise<number> {
  const { name, getToken, isStopped, pageSize = SNAPSHOT_PAGE } = options
  const storage = options.collection.internalStorageInstance as Storage
  const hash = await options.collection.database.hashFunction(options.identifier)
  const addPage = await pageAdder(storage, hash, options.addsPerTask ?? ADDS_PER_TASK)
  const fetchPage = (seq: number) => {
    const query = new URLSearchParams({ seq: String(seq), limit: String(pageSize) })
    const page = apiFetch(`/sync/${name}/pull?${query}`, SnapshotResponse, { token: getToken() })
    page.catch(() => undefined) // awaited below; a prefetch failing while a page is written is not unhandled
    return page
  }
  let seq = options.fromSeq
  // The checkpoint of the last page fetched (`seq` is the last one written).
  let fetched = seq
  let next = fetchPage(seq)
  // Pages in flight: page n's documents are checked and queued while the pages before it commit,
  // and the progress (the checkpoint a reload resumes from) moves only once a page has committed.
  let committed = Promise.resolve()
  const inFlight: Promise<void>[] = []
  for (;;) {
    const page = await next
    const pulled = page.documents.length
    const done = pulled < pageSize
    if (!done) next = fetchPage(page.checkpoint.seq)
    const docs = page.documents.map((doc) => options.parse(wireDocument(doc)))
    if (isStopped()) break
    if (pulled > 0) fetched = page.checkpoint.seq
    const reached = fetched
    const written = pulled > 0 ? addPage(docs) : Promise.resolve()
    written.catch(() => undefined) // awaited through `committed`
    committed = committed
      .then(() => written)
      .then(() => {
        seq = reached
        options.onPage({ pulled, remaining: page.remaining, done }, seq)
      })
    inFlight.push(committed)
    if (inFlight.length >= PAGES_IN_FLIGHT) await inFlight.shift()
    if (done) break
  }
  await committed
  return seq
}

/** The pull route's answer with each document checked once, by `wireDocument` and the entity. */
const SnapshotResponse = PullResponse.extend({ documents: z.array(z.unknown()) })

function wireDocument(doc: unknown): WireDocument {
  const deleted = typeof doc === 'object' && doc !== null ? (doc as { _deleted?: unknown })._deleted : undefined
  if (typeof deleted !== 'boolean') throw new Error('A downloaded document has no _deleted flag')
  return doc as WireDocument
}

function snapshotDoc(doc: Received, height: number, hash: string): StoredDoc {
  return {
    ...doc,
    _attachments: {},
    _rev: `${height}-snapshot`,
    _meta: { lwt: SNAPSHOT_LWT, o: { _rev: height, hash } },
  }
}

/**
 * RxDB 17.6's Dexie storage instance (pinned): its IndexedDB tables and the subject its change
 * stream (collections, live queries, other tabs) is fed from.
 */
type Storage = RxStorageInstance<unknown, unknown, unknown> & {
  internals: DexieStorageInternals
  changes$: Subject<EventBulk<RxStorageChangeEvent<Record<string, unknown>>, { id: string; lwt: number }>>
}

/**
 * Writes pages straight into the collection's IndexedDB table, as RxDB's Dexie storage stores
 * documents (booleans of indexed fields as '0'/'1'), with `add` in one transaction per page: the
 * storage's own bulkWrite first reads every id to look for conflicts, which on a new device is
 * wasted work (0.6 s of a 50,000-document download), and waits for that read before it can queue
 * the next page. An id that is already there fails its own `add` only (its error is handled, so the
 * transaction goes on) and is settled through RxDB afterwards (`settleExisting`). Once the page
 * has committed, its documents are announced on the storage's change stream like any write, so
 * open screens, RxDB's caches and the other tabs see them.
 */
async function pageAdder(storage: Storage, hash: string, addsPerTask: number) {
  const { dexieDb, dexieTable, booleanIndexes } = await storage.internals
  const idb = dexieDb.backendDB()
  return async (docs: Received[]): Promise<void> => {
    const stored = docs.map((doc) => snapshotDoc(doc, 1, hash))
    const transaction = idb.transaction(dexieTable.name, 'readwrite')
    const table = transaction.objectStore(dexieTable.name)
    const existing = new Set<number>()
    // A chunk's adds are one task; the next chunk is queued once IndexedDB answered the chunk's
    // first add (the transaction stays open while it has requests), with the rest still to write.
    const queue = (from: number) => {
      const end = Math.min(from + addsPerTask, stored.length)
      for (let i = from; i < end; i++) {
        const request = table.add(fromStorageToDexie(booleanIndexes, stored[i]!))
        const next = i === from && end < stored.length ? () => queue(end) : undefined
        if (next) request.onsuccess = next
        request.onerror = (event) => {
          if (request.error?.name !== 'ConstraintError') return
          event.preventDefault() // keeps the transaction (and the page's other documents) going
          event.stopPropagation()
          existing.add(i)
          next?.()
        }
      }
    }
    queue(0)
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onabort = () => reject(transaction.error ?? new Error('First download: a page was not written'))
    })
    const added = stored.filter((_, i) => !existing.has(i))
    announce(storage, added)
    if (existing.size > 0)
      await settleExisting(
        storage,
        [...existing].map((i) => docs[i]!),
        hash,
      )
  }
}

/** Emits the added documents as RxDB's storage emits a write (deleted ones make no event). */
function announce(storage: Storage, added: StoredDoc[]): void {
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
async function settleExisting(storage: Storage, docs: Received[], hash: string): Promise<void> {
  const rows = docs.map((doc) => ({ document: snapshotDoc(doc, 1, hash) }))
  const result: RxStorageBulkWriteResponse<unknown> = await storage.bulkWrite(rows, WRITE_CONTEXT)
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]))
  const replace = []
  for (const error of result.error) {
    const inDb = error.status === 409 ? (error.documentInDb as StoredDoc | undefined) : undefined
    if (!inDb) throw new Error(`First download of a document failed (${error.status})`)
    if (inDb._meta.lwt !== SNAPSHOT_LWT) continue
    const height = Number.parseInt(inDb._rev, 10) + 1
    replace.push({ previous: inDb, document: snapshotDoc(byId.get(error.documentId)!, height, hash) })
  }
  if (replace.length > 0) await storage.bulkWrite(replace, WRITE_CONTEXT)
}
