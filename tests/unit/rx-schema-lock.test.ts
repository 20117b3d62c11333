import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COLLECTION_NAMES } from '../../schema/collections'
import { migrateDocument, rxSchemaOf } from '../../schema/rx-schema'

/**
 * Devices keep their database between app versions, and RxDB refuses to open a collection whose
 * schema changed under the same version number. The lock records what was shipped; changing an
 * entity without bumping its SCHEMA_VERSIONS entry fails here. `npm run schema:lock` rewrites it.
 */
const LOCK = 'schema/rx-schema.lock.json'
type Lock = Record<string, { version: number; hash: string }>

const current: Lock = Object.fromEntries(
  COLLECTION_NAMES.map((name) => {
    const schema = rxSchemaOf(name)
    return [name, { version: schema.version, hash: createHash('sha256').update(JSON.stringify(schema)).digest('hex') }]
  }),
)

if (process.env.UPDATE_SCHEMA_LOCK === '1') writeFileSync(LOCK, JSON.stringify(current, null, 2) + '\n')
const locked: Lock = existsSync(LOCK) ? (JSON.parse(readFileSync(LOCK, 'utf8')) as Lock) : {}

describe('RxDB schema versions', () => {
  it.each(COLLECTION_NAMES)('%s: a changed schema has a new version number', (name) => {
    const before = locked[name]
    const now = current[name]!
    expect(before, `${name} is not in ${LOCK}: run npm run schema:lock`).toBeDefined()
    if (now.hash !== before!.hash)
      expect(now.version, `${name}'s schema changed: bump SCHEMA_VERSIONS.${name}, then npm run schema:lock`).toBe(
        before!.version + 1,
      )
    else expect(now.version).toBe(before!.version)
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
