import { z } from 'zod'
import { COLLECTIONS, type CollectionName } from './collections'

type JsonSchema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>>; required?: string[] }

/**
 * The RxDB JSON schema of a collection, derived from its zod entity so the two never disagree.
 * RxDB's Dexie storage needs bounds on indexed fields: strings get maxLength, numbers
 * multipleOf/minimum/maximum. Bump `version` (and add a migration strategy) when an entity changes.
 */
export function rxSchemaOf(name: CollectionName) {
  const { entity, indexes } = COLLECTIONS[name]
  const json = z.toJSONSchema(entity, { io: 'output', unrepresentable: 'any' }) as JsonSchema
  delete json.$schema
  for (const field of new Set<string>([...indexes.flat(), 'id'])) {
    const prop = json.properties[field]
    if (!prop) throw new Error(`index field ${name}.${field} is not in the entity`)
    if (prop.type === 'string') prop.maxLength ??= 64
    if (prop.type === 'number' || prop.type === 'integer') {
      prop.type = 'number'
      prop.multipleOf = 1
      prop.minimum ??= 0
      prop.maximum ??= 1e14
    }
  }
  return {
    ...json,
    title: name,
    version: 0,
    primaryKey: 'id',
    type: 'object' as const,
    required: json.required ?? [],
    indexes: indexes.map((i) => (i.length === 1 ? i[0] : [...i])),
  }
}
