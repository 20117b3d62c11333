import type { RxCollection, RxStorageBulkWriteResponse, RxStorageInstance } from 'rxdb/plugins/core'
import { z } from 'zod'
import { PullResponse, type WireDocument } from '../../schema/api/sync'
import { apiFetch } from './http'

/**
 * A new device's first download of one collection (issue #15): pages of 2,000 documents from
 * the pull route, the next page fetched and checked while the previous one is written, each written
 * with one storage bulkWrite and no replication metadata (RxDB's own pull writes every document twice, to
 * the collection and to its meta store, one 500-document page at a time). Replication then starts
 * from the snapshot's checkpoints (`pull.initialCheckpoint`, `push.initialCheckpoint`).
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
 */
export const SNAPSHOT_LWT = 1
export const AFTER_SNAPSHOT = { id: '', lwt: SNAPSHOT_LWT + 1 }
/**
 * Each page is written in one task: 5,000 held the main thread for 600–700 ms at a time, 2,000 for
 * 250–290 ms with the same throughput (1,000: 190 ms, 10 % slower).
 */
export const SNAPSHOT_PAGE = 2000

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
  /** Checks and converts one received document (throws on a malformed one). */
  parse: (doc: WireDocument) => Record<string, unknown> & { _deleted: boolean }
  /** After each written page, with the pull checkpoint reached so far. */
  onPage: (page: SnapshotPage, seq: number) => void
  isStopped: () => boolean
}

type StoredDoc = Record<string, unknown> & { _rev: string; _meta: { lwt: number; o?: { _rev: number; hash: string } } }

/** Downloads and writes the collection's documents after `fromSeq`; returns the pull checkpoint reached. */
export async function downloadSnapshot(options: SnapshotOptions): Promise<number> {
  const { name, getToken, isStopped } = options
  // The collection's own storage instance: RxDB's wrapper around it would stamp the current time.
  const storage = options.collection.internalStorageInstance
  const hash = await options.collection.database.hashFunction(options.identifier)
  const fetchPage = (seq: number) => {
    const query = new URLSearchParams({ seq: String(seq), limit: String(SNAPSHOT_PAGE) })
    const page = apiFetch(`/sync/${name}/pull?${query}`, SnapshotResponse, { token: getToken() })
    page.catch(() => undefined) // awaited below; a prefetch failing while a page is written is not unhandled
    return page
  }
  let seq = options.fromSeq
  let next = fetchPage(seq)
  // Page n is checked while page n - 1 is being written (one write at a time, in order).
  let writing = Promise.resolve()
  for (;;) {
    const page = await next
    const pulled = page.documents.length
    const done = pulled < SNAPSHOT_PAGE
    if (!done) next = fetchPage(page.checkpoint.seq)
    const docs = page.documents.map((doc) => options.parse(wireDocument(doc)))
    await writing
    if (isStopped()) return seq
    const reached = pulled > 0 ? page.checkpoint.seq : seq
    writing = (pulled > 0 ? writePage(storage, docs, hash) : Promise.resolve()).then(() => {
      seq = reached
      options.onPage({ pulled, remaining: page.remaining, done }, seq)
    })
    writing.catch(() => undefined) // awaited on the next page or below
    if (done) {
      await writing
      return seq
    }
  }
}

/** The pull route's answer with each document checked once, by `wireDocument` and the entity. */
const SnapshotResponse = PullResponse.extend({ documents: z.array(z.unknown()) })

function wireDocument(doc: unknown): WireDocument {
  const deleted = typeof doc === 'object' && doc !== null ? (doc as { _deleted?: unknown })._deleted : undefined
  if (typeof deleted !== 'boolean') throw new Error('A downloaded document has no _deleted flag')
  return doc as WireDocument
}

function snapshotDoc(doc: Record<string, unknown>, height: number, hash: string): StoredDoc {
  return {
    ...doc,
    _attachments: {},
    _rev: `${height}-snapshot`,
    _meta: { lwt: SNAPSHOT_LWT, o: { _rev: height, hash } },
  }
}

type Storage = RxStorageInstance<unknown, unknown, unknown>

/**
 * Inserts a page. A document already there is either an earlier page's version of one changed on
 * the server since (replaced by this newer one) or a local edit made during the download (kept:
 * the upstream pushes it and last-writer-wins decides).
 */
async function writePage(storage: Storage, docs: Record<string, unknown>[], hash: string): Promise<void> {
  const rows = docs.map((doc) => ({ document: snapshotDoc(doc, 1, hash) }))
  const result: RxStorageBulkWriteResponse<unknown> = await storage.bulkWrite(rows as never, WRITE_CONTEXT)
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]))
  const replace = []
  for (const error of result.error) {
    const inDb = error.status === 409 ? (error.documentInDb as StoredDoc | undefined) : undefined
    if (!inDb) throw new Error(`First download of a document failed (${error.status})`)
    if (inDb._meta.lwt !== SNAPSHOT_LWT) continue
    const height = Number.parseInt(inDb._rev, 10) + 1
    replace.push({ previous: inDb, document: snapshotDoc(byId.get(error.documentId)!, height, hash) })
  }
  if (replace.length > 0) await storage.bulkWrite(replace as never, WRITE_CONTEXT)
}
