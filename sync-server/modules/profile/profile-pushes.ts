import type { DocumentsRepository } from '../../db/documents'

/**
 * A pushed profile replaces the server's only when it is a newer version: every edit is stamped
 * after the version it started from (`nextVersion`), so an older or equal one is a state the device
 * did not build on the server's, such as defaults it made up itself (stamped 0). The device gets the
 * server's profile back as a conflict and keeps it (last-writer-wins, profileMerge).
 *
 * The legacy currency, once pinned, stays: a device older than it pushes no such field, and a newer
 * one never changes a pin (schema/profile-merge.ts).
 */
export function guardProfilePushes(documents: DocumentsRepository): void {
  documents.setPushGuard('profile', (stored, incoming) =>
    Promise.resolve(Number(incoming.updatedAt) > stored.updatedAt),
  )
  documents.setPushRule('profile', (incoming, { current }) => {
    const pinned = current && !current.deleted ? current.data.legacyCurrency : undefined
    return Promise.resolve(pinned === undefined ? incoming : { ...incoming, legacyCurrency: pinned })
  })
}
