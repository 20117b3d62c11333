import { PushRow } from '../../../schema/api/sync'
import type { PushRefusal } from '../../../schema/api/sync'
import type { CollectionName } from '../../../schema/collections'
import { MAX_DOCUMENT_BYTES } from '../../../schema/entities/common'
import { HttpError } from '../../http-error'
import { parseDocument, stateKey } from './document-state'
import type { DocumentData } from './document-state'

/** A pushed row as the push's transaction needs it: parsed and serialised beforehand. */
export interface PushedDocument {
  id: string
  data: DocumentData
  deleted: boolean
  /**
   * `stateKey` of the pushed state, and of the state the device assumed the server holds (null
   * for a document new to it). Computed beforehand for edits; for a new document only if the
   * server turns out to hold it already (a retried push), which most of a large push never needs.
   */
  keys(): { key: string; assumedKey: string | null }
  /** The pushed state as it would be stored (JSON of `data`). */
  json: string
}

/** CPU work between two turns of the event loop while a push is prepared. */
const SLICE_MS = 4

/** Lets whatever is queued (other requests, timers) run before the next slice of work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * `work` on each item in order, handing the event loop back every few milliseconds, so one large
 * request does not hold the process: other requests are served between the slices.
 */
export async function mapInSlices<T, R>(items: readonly T[], work: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = []
  let sliceStart = performance.now()
  for (const [index, item] of items.entries()) {
    out.push(work(item, index))
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToEventLoop()
      sliceStart = performance.now()
    }
  }
  return out
}

/**
 * A push's rows checked as PushRow, a slice at a time. Throws HttpError 400 (VALIDATION_ERROR,
 * with the issues) naming the first row that is not one.
 */
export function checkPushRows(body: readonly unknown[]): Promise<PushRow[]> {
  return mapInSlices(body, (raw, index) => {
    const row = PushRow.safeParse(raw)
    if (row.success) return row.data
    const issues = row.error.issues.map((i) => ({ path: [index, ...i.path].join('.'), message: i.message }))
    const first = issues[0]!
    throw new HttpError(400, `${first.path}: ${first.message}`, 'VALIDATION_ERROR', issues)
  })
}

/**
 * Runs pushes one at a time, in arrival order. Each push hands the event loop back between
 * slices of its work; with one push working at a time, another request waits behind one slice or
 * one short transaction, not behind one of each push in flight.
 */
export class PushLane {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work)
    this.#tail = result.catch(() => undefined)
    return result
  }
}

/**
 * Parses one pushed row with its collection's entity. `check` refuses (throws) a document the
 * caller may never push, whatever the server holds (another owner named); `maxUpdatedAt` bounds a
 * device clock that runs ahead. Throws HttpError 400 for an invalid document.
 */
export function parsePushRow(
  collection: CollectionName,
  row: PushRow,
  index: number,
  options: { check: (data: DocumentData) => void; maxUpdatedAt: number },
): PushedDocument {
  const next = parseDocument(collection, row.newDocumentState)
  if (!next.ok) {
    const text = next.issues.slice(0, 3).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    throw new HttpError(400, `Invalid document at index ${index}: ${text.join('; ')}`, 'INVALID_DOCUMENT', next.issues)
  }
  options.check(next.data)
  // A device clock far ahead would win every later last-writer-wins comparison (and lock the
  // document against REST edits): bound it to the server's clock plus a small skew.
  next.data.updatedAt = Math.min(Number(next.data.updatedAt), options.maxUpdatedAt)
  let keys: { key: string; assumedKey: string | null } | undefined
  const keysOf = () => {
    const assumed = row.assumedMasterState ? parseDocument(collection, row.assumedMasterState) : null
    keys ??= {
      key: stateKey(next.data, next.deleted),
      assumedKey: assumed?.ok ? stateKey(assumed.data, assumed.deleted) : null,
    }
    return keys
  }
  if (row.assumedMasterState) keysOf()
  return {
    id: String(next.data.id),
    data: next.data,
    deleted: next.deleted,
    keys: keysOf,
    json: JSON.stringify(next.data),
  }
}

export const ID_UNAVAILABLE = 'This id is already in use; the document was not saved'

/** The refusal of a document whose id the caller may not write: the same whoever holds it. */
export const idUnavailable = (id: string): PushRefusal => ({
  id,
  _refused: { code: 'ID_UNAVAILABLE', error: ID_UNAVAILABLE },
})

/** The message of a document over MAX_DOCUMENT_BYTES. */
export function tooLargeMessage(bytes: number): string {
  const kb = (n: number) => Math.ceil(n / 1024)
  return `This document is too large to save (${kb(bytes)} KB; at most ${kb(MAX_DOCUMENT_BYTES)} KB)`
}

/** The refusal of a document whose JSON is over MAX_DOCUMENT_BYTES, or null when it fits. */
export function sizeRefusal(id: string, json: string): PushRefusal | null {
  // Buffer.byteLength counts what utf8Length (schema) counts for JSON.stringify's output, natively.
  const bytes = Buffer.byteLength(json)
  return bytes > MAX_DOCUMENT_BYTES ? { id, _refused: { code: 'TOO_LARGE', error: tooLargeMessage(bytes) } } : null
}
