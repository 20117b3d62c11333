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

/** An amount's own currency and its rate to the home currency (entries, budgets, recurring, loans). */
export const CURRENCY_FIELDS: LateFields = { marker: 'currency', fields: ['currency', 'fxRate', 'fxHome'] }
export const RECEIPT_FIELDS: LateFields = { marker: 'receipt', fields: ['receipt'] }

/** Keeps the stored `groups` an older device leaves out, then hands the document to `next` if given. */
export function keepLateFields(groups: readonly LateFields[], next?: PushRule): PushRule {
  return (incoming, context) => {
    const { current } = context
    let kept = incoming
    if (current && !current.deleted)
      for (const { marker, fields } of groups) {
        if (incoming[marker] !== undefined || current.data[marker] === undefined) continue
        for (const field of fields)
          if (current.data[field] !== undefined) kept = { ...kept, [field]: current.data[field] }
      }
    return next ? next(kept, context) : Promise.resolve(kept)
  }
}
