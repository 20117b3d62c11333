import type { RxCollection, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb/plugins/core'
import { isRefusal, type PushAnswer, type PushRefusal, type WireDocument } from '../../schema/api/sync'
import type { CollectionName } from '../../schema/collections'
import { nextVersion } from '../../schema/entities/common'
import { toWire } from './conflict'
import { ApiError } from './http'
import { findStoredWithDeleted } from './rxdb-internals'

/**
 * What a device does with a push's answer (schema/api/sync.ts PushConflicts). Conflicts go back
 * to RxDB, which resolves them. A refused document is never sent again as it was, and nothing the
 * user wrote is dropped unseen:
 * - ID_UNAVAILABLE: the id is taken on the server (an id made from a record's content, or guessed
 *   by someone else). The document is filed again under a new random id with its current content
 *   and the refused one is removed here; that removal's push is refused in turn and needs nothing.
 * - any other refusal (too large, a full ticket thread): the server keeps its state. The device
 *   asks for it again (restamp), and it replaces the local one; the screens say why (a ticket at
 *   its limit says so).
 */

export const ID_UNAVAILABLE = 'ID_UNAVAILABLE'

/** Collections a device may create documents in by push; a refused id is re-filed there. */
const refiled = (name: CollectionName) => name !== 'households' && name !== 'profile'

export function splitAnswer(answer: PushAnswer): { conflicts: WireDocument[]; refusals: PushRefusal[] } {
  const conflicts: WireDocument[] = []
  const refusals: PushRefusal[] = []
  for (const entry of answer) {
    if (isRefusal(entry)) refusals.push(entry)
    else conflicts.push(entry)
  }
  return { conflicts, refusals }
}

type Doc = { id: string; updatedAt: number }

/**
 * Files the local document `id` again under a new random id (where the collection allows it) and
 * removes it under the refused one. Nothing to do when it is already gone or deleted here.
 */
export async function refileUnderNewId<T extends Doc>(
  name: CollectionName,
  collection: RxCollection<T>,
  id: string,
): Promise<void> {
  const doc = await collection.findOne(id).exec()
  if (!doc || doc.deleted) return
  const updatedAt = nextVersion(Date.now(), doc.updatedAt)
  if (refiled(name)) await collection.insert({ ...doc.toMutableJSON(), id: crypto.randomUUID(), updatedAt })
  await doc.incrementalModify((current) => ({ ...current, updatedAt, _deleted: true }))
}

/**
 * Settles the refusals of one push: re-files ID_UNAVAILABLE documents, and returns the ids whose
 * server state the device should ask for again.
 */
export async function settleRefusals<T extends Doc>(
  name: CollectionName,
  collection: RxCollection<T>,
  refusals: readonly PushRefusal[],
): Promise<string[]> {
  const resend: string[] = []
  for (const { id, _refused } of refusals) {
    if (_refused.code === ID_UNAVAILABLE) await refileUnderNewId(name, collection, id)
    else resend.push(id)
    if (import.meta.env.DEV) console.warn(`[sync] ${name} ${id} refused: ${_refused.error}`)
  }
  return resend
}

/**
 * Calls `send`; while the server answers 429 (too many documents this minute), waits as long as it
 * asks (Retry-After, at most `maxMs`; `fallbackMs` when it does not say) and sends again. Any
 * other failure is thrown (RxDB retries it). Gives up waiting once `isStopped()`.
 */
export async function withBackoff<T>(
  send: () => Promise<T>,
  options: { fallbackMs: number; maxMs: number; isStopped: () => boolean },
): Promise<T> {
  for (;;) {
    try {
      return await send()
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429 || options.isStopped()) throw error
      const wait = Math.min(options.maxMs, error.retryAfterMs ?? options.fallbackMs)
      await new Promise((resolve) => setTimeout(resolve, wait))
      if (options.isStopped()) throw error
    }
  }
}

/** The longest a push waits on the server's word before trying again (it asks for less). */
const MAX_BACKOFF_MS = 60_000

export interface PushHandlerOptions<T extends Doc> {
  name: CollectionName
  collection: RxCollection<T>
  /** Sends one push (POST /api/sync/:collection/push) and returns the parsed answer. */
  send: (rows: { assumedMasterState?: unknown; newDocumentState: unknown }[]) => Promise<PushAnswer>
  /** Documents from the server, checked by the collection's entity. */
  received: (documents: readonly WireDocument[]) => WithDeleted<T>[]
  /** Ids whose server state the device should ask for again (conflicts and refusals). */
  onResend: (ids: string[]) => void
  /** When a push is refused with 429 and the server does not say how long to wait. */
  retryMs: number
  isStopped: () => boolean
  /** Waited for before each push (what the server judges this push against goes first). */
  before?: () => Promise<void>
}

/**
 * Splits RxDB's push rows into those still equal to the stored document and those whose document
 * changed since the upstream read them. RxDB's upstream reads a page of changed documents and
 * compares it with the server state it has recorded only when the page's turn to push comes
 * (after the pushes before it, after `before`). Meanwhile the pull may have written a newer server
 * state over a document that was in sync, and recorded it: the old state would go out with that
 * newer state as the one it replaces, and the server would take it back to the old one on every
 * device. A moved row is answered as a conflict with the stored state instead: RxDB's resolution
 * write fails on the changed revision and records nothing, and a local write that moved it is
 * pushed through its own change.
 */
async function splitMoved<T extends Doc>(
  collection: RxCollection<T>,
  rows: RxReplicationWriteToMasterRow<T>[],
): Promise<{ fresh: RxReplicationWriteToMasterRow<T>[]; moved: WithDeleted<T>[] }> {
  const stored = await findStoredWithDeleted(
    collection,
    rows.map((row) => row.newDocumentState.id),
  )
  const current = new Map(stored.map((doc) => [doc.id, doc]))
  const fresh: RxReplicationWriteToMasterRow<T>[] = []
  const moved: WithDeleted<T>[] = []
  for (const row of rows) {
    const now = current.get(row.newDocumentState.id)
    if (now && !collection.conflictHandler.isEqual(now, row.newDocumentState, 'hisaab-moved-row'))
      moved.push(toWire(now))
    else fresh.push(row)
  }
  return { fresh, moved }
}

/** RxDB's push handler for one collection: sends the rows, settles refusals, returns the conflicts. */
export function pushHandler<T extends Doc>(options: PushHandlerOptions<T>) {
  const { name, collection, received, onResend } = options
  return async (rows: RxReplicationWriteToMasterRow<T>[]): Promise<WithDeleted<T>[]> => {
    await options.before?.()
    const { fresh, moved } = await splitMoved(collection, rows)
    if (fresh.length === 0) return moved
    const wire = fresh.map((row) => ({
      ...(row.assumedMasterState ? { assumedMasterState: toWire(row.assumedMasterState) } : {}),
      newDocumentState: toWire(row.newDocumentState),
    }))
    // Past the account's documents per minute the server answers 429: wait as it asks.
    const backoff = { fallbackMs: options.retryMs, maxMs: MAX_BACKOFF_MS, isStopped: options.isStopped }
    const answer = await withBackoff(() => options.send(wire), backoff)
    const { conflicts, refusals } = splitAnswer(answer)
    const resend = await settleRefusals(name, collection, refusals)
    const ids = [...conflicts.map((doc) => String(doc.id)), ...resend]
    if (ids.length > 0) onResend(ids)
    return [...received(conflicts), ...moved]
  }
}
