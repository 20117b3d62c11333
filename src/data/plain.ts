import type { RxDocument } from 'rxdb/plugins/core'

/**
 * The documents' data for screens, without a copy: RxDB keeps each document's data immutable,
 * so handing out `_data` is safe, while `toJSON()` cloned every row on every change (on /home
 * with 50k stored, thousands of rows per insert was the largest cost of a live update).
 * The objects also carry RxDB's `_meta`/`_rev` fields; screens only read schema fields.
 */
export function plainDocs<T>(docs: readonly RxDocument<T>[]): T[] {
  return docs.map((doc) => doc._data as unknown as T)
}

export function plainDoc<T>(doc: RxDocument<T> | null): T | null {
  return doc ? doc._data : null
}
