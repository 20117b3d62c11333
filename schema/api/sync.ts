import { z } from 'zod'

/** Replication wire contract (DESIGN §4). */
export const SyncCheckpoint = z.object({ seq: z.number().int().min(0) })
export type SyncCheckpoint = z.infer<typeof SyncCheckpoint>

export const PullQuery = z.object({
  seq: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
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

/** A push's answer: the server's state of each document that conflicted. */
export const PushConflicts = z.array(WireDocument)

export const PushRow = z.object({
  assumedMasterState: z.record(z.string(), z.unknown()).nullish(),
  newDocumentState: z.record(z.string(), z.unknown()),
})
export const PushBody = z.array(PushRow).max(1000)
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
