import { z } from 'zod'

/** Replication wire contract (DESIGN §4). */
export const SyncCheckpoint = z.object({ seq: z.number().int().min(0) })
export type SyncCheckpoint = z.infer<typeof SyncCheckpoint>

export const PullQuery = z.object({
  seq: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  /**
   * `newest` (transactions only): a new device's head, the `limit` newest live documents after
   * `seq` by date, newest first; its checkpoint is `seq` as sent, so the seq-ordered pull that
   * follows skips nothing (and delivers these again).
   */
  order: z.enum(['seq', 'newest']).default('seq'),
  /**
   * A pull that continues a full page sends that page's `remaining` (the rows after `seq`, as
   * counted then): the answer's `remaining` is then that minus this page, not counted again. A
   * count of everything after `seq` costs each page as much as the rest of the download is long.
   */
  remaining: z.coerce.number().int().min(0).optional(),
})

/** A replicated document on the wire: its entity's fields plus `_deleted` (checked per collection). */
export const WireDocument = z.looseObject({ _deleted: z.boolean() })
export type WireDocument = z.infer<typeof WireDocument>

export const PullResponse = z.object({
  documents: z.array(WireDocument),
  checkpoint: SyncCheckpoint,
  /** How many rows of the caller's scope follow this page (0 on a short page). */
  remaining: z.number().int().min(0).default(0),
})
export type PullResponse = z.infer<typeof PullResponse>

/**
 * Why the server refused one pushed document while applying the rest of the push. Codes:
 * `ID_UNAVAILABLE` (the id is taken; the same answer whoever holds it, so it names no one),
 * `TOO_LARGE` (over MAX_DOCUMENT_BYTES), `LIMIT_REACHED` (e.g. a full ticket thread). A device
 * files an ID_UNAVAILABLE document again under a new id and takes the server's state for the others.
 */
export const PushRefusal = z.object({
  id: z.string(),
  _refused: z.object({ code: z.string(), error: z.string() }),
})
export type PushRefusal = z.infer<typeof PushRefusal>

/**
 * A push's answer, RxDB's conflicts array: the server's state of each document that conflicted,
 * and a refusal for each document it did not take (never a whole push failing for one of them).
 */
export const PushConflicts = z.array(z.union([PushRefusal, WireDocument]))
export type PushAnswer = z.infer<typeof PushConflicts>

/** True for an entry of a push's answer that refuses a document rather than carrying its server state. */
export const isRefusal = (entry: PushAnswer[number]): entry is PushRefusal => '_refused' in entry

export const PushRow = z.object({
  assumedMasterState: z.record(z.string(), z.unknown()).nullish(),
  newDocumentState: z.record(z.string(), z.unknown()),
})
/**
 * A push's body: at most 1,000 rows. The route checks only this much at once; each row is checked
 * as a PushRow while the push is parsed in slices (a thousand rows in one go held the server).
 */
export const PushBody = z.array(z.unknown()).max(1000)
export type PushRow = z.infer<typeof PushRow>

/**
 * Asks the server to send the current state of documents again (a new seq, content unchanged),
 * to every device of the user. A device does this after a push met conflicts: RxDB may skip a
 * newer server state that arrives while that push is in flight and then settle on the older one
 * the conflict carried (rxdb#5571, #7804); the re-sent state arrives when nothing is in flight.
 */
export const RestampBody = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(500) })
export type RestampBody = z.infer<typeof RestampBody>
export const RestampResponse = z.object({ restamped: z.number().int().min(0) })

/** One server-sent event on /api/sync/stream. */
export interface StreamEvent<D = unknown> {
  collection: string
  documents: (D & { _deleted: boolean })[]
  checkpoint: SyncCheckpoint
}

/** The single error body of every API error. */
export const ErrorBody = z.object({ error: z.string(), code: z.string().optional(), details: z.unknown().optional() })
export type ErrorBody = z.infer<typeof ErrorBody>
