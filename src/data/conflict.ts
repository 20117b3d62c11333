import type { RxConflictHandler } from 'rxdb/plugins/core'
import { deepEqual } from 'rxdb/plugins/utils'

type Doc = { updatedAt: number } & Record<string, unknown>

/** RxDB's own fields that never go over the wire (the server accepts schema fields + _deleted). */
export function toWire<T extends Record<string, unknown>>(doc: T): T {
  const { _rev, _meta, _attachments, ...rest } = doc as Record<string, unknown>
  void _rev
  void _meta
  void _attachments
  return rest as T
}

/**
 * Personal documents resolve last-writer-wins on `updatedAt` (DESIGN §4): when a push meets a
 * newer server state, the newer edit survives on every device, whichever reached the server
 * first. On a tie the server's state wins, so all devices converge to the same document.
 * (RxDB's default would always keep the server's state and drop a newer offline edit.)
 */
export const lastWriterWins: RxConflictHandler<Doc> = {
  isEqual: (a, b) => a.updatedAt === b.updatedAt && deepEqual(toWire(a), toWire(b)),
  resolve: (input) =>
    Promise.resolve(
      input.newDocumentState.updatedAt > input.realMasterState.updatedAt
        ? input.newDocumentState
        : input.realMasterState,
    ),
}
