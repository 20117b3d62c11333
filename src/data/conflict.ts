import type { RxConflictHandler } from 'rxdb/plugins/core'
import { deepEqual } from 'rxdb/plugins/utils'
import type { Profile } from '../../schema/entities/profile'
import { mergeProfile } from '../../schema/profile-merge'

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

/**
 * The profile (one document per user, edited field by field from many screens) merges instead:
 * what the device changed since the server's version it started from is kept, everything else is
 * the server's. A profile this device made itself starts from the defaults, so a default it filled
 * in never replaces the server's value (schema/profile-merge.ts).
 */
export const profileMerge: RxConflictHandler<Doc> = {
  isEqual: lastWriterWins.isEqual,
  resolve: (input) => {
    const server = input.realMasterState
    const merged = mergeProfile({
      local: toWire(input.newDocumentState) as unknown as Profile,
      server: toWire(server) as unknown as Profile,
      base: input.assumedMasterState ? (toWire(input.assumedMasterState) as unknown as Profile) : null,
    })
    return Promise.resolve({ ...server, ...merged })
  },
}

/** Each collection's conflict handler: the profile merges, every other document is last-writer-wins. */
export const conflictHandlerOf = (name: string): RxConflictHandler<Doc> =>
  name === 'profile' ? profileMerge : lastWriterWins
