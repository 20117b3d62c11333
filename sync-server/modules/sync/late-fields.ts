import type { PushRule } from '../../db/documents'

/**
 * Fields a collection gained after devices shipped without them, in groups a device writes
 * together. A device that knows a group always writes its `marker` (null to clear it), so its
 * choice stands; a pushed document without the marker comes from a device older than the group,
 * and what it does not know it cannot clear: the stored values of the group are kept.
 */
export interface LateFields {
  marker: string
  fields: readonly string[]
}

export function keepLateFields(...groups: readonly LateFields[]): PushRule {
  return (incoming, { current }) => {
    if (!current || current.deleted) return Promise.resolve(incoming)
    let kept = incoming
    for (const { marker, fields } of groups) {
      if (incoming[marker] !== undefined || current.data[marker] === undefined) continue
      for (const field of fields)
        if (current.data[field] !== undefined) kept = { ...kept, [field]: current.data[field] }
    }
    return Promise.resolve(kept)
  }
}
