import type { z } from 'zod'
import { COLLECTIONS } from '../../../schema/collections'
import type { CollectionName } from '../../../schema/collections'

export type DocumentData = Record<string, unknown>

/** A document as replication sends it: schema fields plus RxDB's `_deleted`. */
export type WireDocument<D = DocumentData> = D & { _deleted: boolean }

export type ParseResult =
  { ok: true; data: DocumentData; deleted: boolean } | { ok: false; issues: { path: string; message: string }[] }

/**
 * Parses a pushed document with its collection's entity. RxDB's own fields (`_rev`, `_meta`,
 * `_attachments`…) are dropped first; `_deleted` becomes the returned flag. The result holds
 * schema fields only (zod strips the rest and fills defaults).
 */
export function parseDocument(collection: CollectionName, raw: Record<string, unknown>): ParseResult {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) if (!key.startsWith('_')) fields[key] = value
  const entity: z.ZodType = COLLECTIONS[collection].entity
  const result = entity.safeParse(fields)
  if (!result.success) {
    return { ok: false, issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) }
  }
  return { ok: true, data: result.data as DocumentData, deleted: raw._deleted === true }
}

/** JSON with object keys sorted at every level, so equal documents give equal strings. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key]
      if (v !== undefined) out[key] = sortKeys(v)
    }
    return out
  }
  return value
}

/** The canonical form of a (data, deleted) state, for the push conflict check. */
export function stateKey(data: DocumentData, deleted: boolean): string {
  return canonicalJson({ ...data, _deleted: deleted })
}
