import type { RxCollection } from 'rxdb/plugins/core'
import { z } from 'zod'
import { PullResponse, type WireDocument } from '../../schema/api/sync'
import { apiFetch } from './http'
import { snapshotPageWriter, type Received } from './rxdb-internals'

/**
 * A new device's first download of one collection: pages of SNAPSHOT_PAGE documents
 * from the pull route, written straight into the collection's IndexedDB table (`snapshotPageWriter`) with no
 * replication metadata (RxDB's own pull writes every document twice, to the collection and to
 * its meta store, 500 at a time, each write after a read of every id). Page n is fetched, checked
 * and queued while the pages before it commit. Replication then starts from the snapshot's
 * checkpoints (`pull.initialCheckpoint`, `push.initialCheckpoint`).
 *
 * How the written documents stay correct with RxDB's replication protocol (rxdb-internals.ts):
 * - `_meta.lwt` is SNAPSHOT_LWT, below every real write time, and the push checkpoint is
 *   AFTER_SNAPSHOT, so the upstream never pushes them back while every local write (the app is
 *   usable during the download; its writes take the current time) is pushed as usual.
 * - `_meta.o` names the replication exactly as the downstream marks documents it wrote itself, so
 *   later server changes to them are applied instead of being mistaken for unpushed local edits.
 * - With no meta document, the first local edit of such a document is pushed without an
 *   assumed master state; the server answers with a conflict and last-writer-wins settles it.
 * - A page never overwrites a stored document: one already there (a local edit, or an earlier
 *   page's version) is settled through RxDB's own write.
 *
 * Pages of 1,000: every page is read and announced to the live queries at once, which on a phone's
 * slower CPU made a page of 5,000 one long task; a local write or a screen's query made during the
 * download waits behind the smaller pages in flight.
 */
export const SNAPSHOT_PAGE = 1000
/** Two keep IndexedDB busy: the next page is fetched, checked and queued while one commits. */
const PAGES_IN_FLIGHT = 2
/** Adds queued in one task at most (each add copies its document on the main thread; see ADD_SLICE_MS). */
const ADDS_PER_TASK = 500
/** Documents are checked in slices of at most this long, with the main thread free between. */
const SLICE_MS = 12
/**
 * The newest transactions a new device fetches first (`downloadHead`): /transactions' first page,
 * several of a phone's screens and more than /home's recent rows. Every one is written and
 * announced before any shows: a few milliseconds each on a phone's CPU.
 */
export const HEAD_SIZE = 100

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

/** Downloads and writes the collection's documents after `fromSeq`; returns the pull checkpoint reached. */
export async function downloadSnapshot(options: SnapshotOptions): Promise<number> {
  const { name, getToken, isStopped, pageSize = SNAPSHOT_PAGE } = options
  const addPage = await snapshotPageWriter(options.collection, options.identifier, options.addsPerTask ?? ADDS_PER_TASK)
  // A page after the first sends the remaining count its page before gave: the server does not count again.
  const fetchPage = (seq: number, remaining?: number) => {
    const query = new URLSearchParams({ seq: String(seq), limit: String(pageSize) })
    if (remaining !== undefined) query.set('remaining', String(remaining))
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
    if (!done) next = fetchPage(page.checkpoint.seq, page.remaining)
    const docs = await parseInSlices(page.documents, (doc) => options.parse(wireDocument(doc)))
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

/** The newest transactions, asked for after `fromSeq` (see `fetchHead`). */
export interface HeadRequest {
  fromSeq: number
  /** The page's documents, each checked and converted. */
  docs: Promise<Received[]>
}

/**
 * Asks for the newest transactions after `fromSeq` and checks them as they arrive. Signing in on
 * a new device asks while its database opens, so they are in and checked when `downloadHead`
 * wants them.
 */
export function fetchHead(
  fromSeq: number,
  getToken: () => string | null,
  parse: SnapshotOptions['parse'],
  headSize = HEAD_SIZE,
): HeadRequest {
  const query = new URLSearchParams({ seq: String(fromSeq), limit: String(headSize), order: 'newest' })
  const docs = apiFetch(`/sync/transactions/pull?${query}`, SnapshotResponse, { token: getToken() }).then((page) =>
    parseInSlices(page.documents, (doc) => parse(wireDocument(doc))),
  )
  docs.catch(() => undefined) // awaited by downloadHead; one never awaited (another tab leads) is not unhandled
  return { fromSeq, docs }
}

export type HeadOptions = Pick<SnapshotOptions, 'collection' | 'identifier' | 'getToken' | 'fromSeq' | 'parse'> & {
  addsPerTask?: number
  headSize?: number
  /** Asked for already (signing in); used only if it was asked after the same checkpoint. */
  requested?: HeadRequest
}

/**
 * A new device's first screen before the rest: the newest transactions by date (the pull route's
 * `order=newest`), written like a page of the download. Its checkpoint moves nothing: the
 * download that follows starts from `fromSeq` and delivers these again, which changes nothing
 * (`snapshotPageWriter` leaves a stored download's identical document alone).
 */
export async function downloadHead(options: HeadOptions): Promise<void> {
  const addPage = await snapshotPageWriter(options.collection, options.identifier, options.addsPerTask ?? ADDS_PER_TASK)
  const request =
    options.requested?.fromSeq === options.fromSeq
      ? options.requested
      : fetchHead(options.fromSeq, options.getToken, options.parse, options.headSize)
  const docs = await request.docs
  if (docs.length > 0) await addPage(docs)
}

/** `items.map(parse)`, a slice of at most SLICE_MS at a time, the main thread free between slices. */
async function parseInSlices<R>(items: readonly unknown[], parse: (item: unknown) => R): Promise<R[]> {
  const out: R[] = []
  let sliceStart = performance.now()
  for (const item of items) {
    out.push(parse(item))
    if (performance.now() - sliceStart < SLICE_MS) continue
    await new Promise((resolve) => setTimeout(resolve, 0))
    sliceStart = performance.now()
  }
  return out
}

/** The pull route's answer with each document checked once, by `wireDocument` and the entity. */
const SnapshotResponse = PullResponse.extend({ documents: z.array(z.unknown()) })

function wireDocument(doc: unknown): WireDocument {
  const deleted = typeof doc === 'object' && doc !== null ? (doc as { _deleted?: unknown })._deleted : undefined
  if (typeof deleted !== 'boolean') throw new Error('A downloaded document has no _deleted flag')
  return doc as WireDocument
}
