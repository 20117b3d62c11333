import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COLLECTION_NAMES, type CollectionName } from '../../schema/collections'
import { migrateDocument, rxSchemaOf, shippedRxSchemaOf, type RxSchema } from '../../schema/rx-schema'

/**
 * Devices keep their database between app versions, and RxDB refuses to open a collection whose
 * schema changed under the same version number. The shipped schemas (what the app opens its
 * collections with) record what was shipped; changing an entity without bumping its SCHEMA_VERSIONS
 * entry fails here, and so does an entity whose shipped schema was not rewritten by `npm run schema:lock`.
 */
const SHIPPED = 'schema/rx-schemas.json'
type Shipped = Record<CollectionName, RxSchema>

const current = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, rxSchemaOf(name)])) as Shipped
if (process.env.UPDATE_SCHEMA_LOCK === '1') writeFileSync(SHIPPED, JSON.stringify(current, null, 2) + '\n')
const shipped = JSON.parse(readFileSync(SHIPPED, 'utf8')) as Partial<Shipped>

describe('RxDB schema versions', () => {
  it.each(COLLECTION_NAMES)('%s: a changed schema has a new version number', (name) => {
    const before = shipped[name]
    const now = current[name]
    expect(before, `${name} is not in ${SHIPPED}: run npm run schema:lock`).toBeDefined()
    if (JSON.stringify(now) !== JSON.stringify(before))
      expect(now.version, `${name}'s schema changed: bump SCHEMA_VERSIONS.${name}, then npm run schema:lock`).toBe(
        before!.version + 1,
      )
    else expect(now.version).toBe(before!.version)
  })

  it.each(COLLECTION_NAMES)('%s: the app opens it with the schema its entity gives, key for key', (name) => {
    expect(JSON.stringify(shippedRxSchemaOf(name)), `run npm run schema:lock`).toBe(JSON.stringify(rxSchemaOf(name)))
  })

  it('gives each caller its own copy (RxDB may fill in a schema it is given)', () => {
    const first = shippedRxSchemaOf('budgets')
    first.properties.category!.maxLength = 1
    expect(shippedRxSchemaOf('budgets').properties.category!.maxLength).not.toBe(1)
  })

  it('migrates an old document to the current entity, filling defaults and keeping _deleted', () => {
    const old = { id: 'b1', ownerId: 'u1', updatedAt: 5, category: 'Food', amount: 100, createdAt: 1, _deleted: true }
    expect(migrateDocument('budgets', old)).toEqual({ ...old, period: 'monthly', allocated: 0, refusedAllocation: 0 })
  })

  it('keeps a document the entity refuses rather than dropping it', () => {
    const odd = { id: 'b2', ownerId: 'u1', updatedAt: 5, category: '', amount: -1, createdAt: 1, _deleted: false }
    expect(migrateDocument('budgets', odd)).toEqual(odd)
  })
})
