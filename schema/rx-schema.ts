import { z } from 'zod'
import { COLLECTIONS, type CollectionName } from './collections'
import shipped from './rx-schemas.json'

type JsonSchema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>>; required?: string[] }

/**
 * The RxDB schema version of each collection. A device keeps its database between app versions,
 * and RxDB refuses to open a collection whose schema changed under the same version: change an
 * entity, bump its number here and run `npm run schema:lock`, which rewrites schema/rx-schemas.json
 * (tests/unit/rx-schema-lock.test.ts fails until both are done). Devices then migrate their
 * documents (src/data/database.ts).
 */
export const SCHEMA_VERSIONS: Record<CollectionName, number> = {
  transactions: 3,
  budgets: 2,
  recurring_payments: 1,
  loans: 2,
  loan_payments: 2,
  households: 4,
  household_expenses: 3,
  settlements: 3,
  tickets: 0,
  profile: 3,
  business_entries: 1,
}

/**
 * A document stored under an older schema version, brought to the current entity: fields the
 * entity added get their defaults. A document the entity refuses is kept as it was rather than
 * dropped (it may hold a change not yet synced); the server validates it on push.
 */
export function migrateDocument(name: CollectionName, old: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(old)) if (!key.startsWith('_')) fields[key] = value
  const parsed = (COLLECTIONS[name].entity as z.ZodType).safeParse(fields)
  return parsed.success ? { ...(parsed.data as Record<string, unknown>), _deleted: old._deleted ?? false } : old
}

/** RxDB's migration strategies for a collection: every older version migrates straight to the current entity. */
export function migrationStrategiesOf(name: CollectionName) {
  const strategies: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {}
  for (let version = 1; version <= SCHEMA_VERSIONS[name]; version++)
    strategies[version] = (doc) => migrateDocument(name, doc)
  return strategies
}

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
    version: SCHEMA_VERSIONS[name],
    primaryKey: 'id',
    type: 'object' as const,
    required: json.required ?? [],
    indexes: indexes.map((i) => (i.length === 1 ? i[0] : [...i])),
  }
}

export type RxSchema = ReturnType<typeof rxSchemaOf>

/**
 * The schema the app creates a collection with: `rxSchemaOf`'s, as `npm run schema:lock` wrote it
 * (a test keeps the two equal), so opening the database converts no zod entity to JSON schema, a
 * long task on a slow phone. A copy each time: RxDB may fill in the schema it is given.
 */
export function shippedRxSchemaOf(name: CollectionName): RxSchema {
  return structuredClone((shipped as unknown as Record<CollectionName, RxSchema>)[name])
}
