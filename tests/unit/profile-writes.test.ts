import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DocOf } from '../../schema/collections'
import { Profile } from '../../schema/entities/profile'
import { migrateDocument, rxSchemaOf, SCHEMA_VERSIONS } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'

addRxPlugin(RxDBMigrationSchemaPlugin)

const USER = 'user-asha'
let db: RxDatabase<{ profile: RxCollection<DocOf<'profile'>> }>

vi.mock('../../src/data/database', () => ({ userData: () => ({ userId: USER, db, whole: Promise.resolve(db) }) }))
// No session stored: a profile made here takes the default currency.
vi.stubGlobal('localStorage', { getItem: () => null })
const { patchProfile } = await import('../../src/data/writes')

let dbNumber = 0
beforeEach(async () => {
  db = await createRxDatabase({
    name: `profile-writes-${dbNumber++}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  const migrationStrategies = Object.fromEntries(
    Array.from({ length: SCHEMA_VERSIONS.profile }, (_, i) => [
      i + 1,
      (doc: Record<string, unknown>) => migrateDocument('profile', doc),
    ]),
  )
  await db.addCollections({
    profile: { schema: rxSchemaOf('profile'), conflictHandler: lastWriterWins, migrationStrategies },
  })
})
afterEach(async () => {
  await db.remove()
})

/** The server's copy of the profile, as a pull writes it. */
const serverCopy = () =>
  Profile.parse({ id: USER, ownerId: USER, updatedAt: 1_000, currency: 'USD', customCategories: ['Chai'] })

describe('patchProfile', () => {
  it('creates the profile with the patch when there is none', async () => {
    await patchProfile({ currency: 'EUR' })
    expect((await db.profile.findOne(USER).exec())?.currency).toBe('EUR')
  })

  it('patches the copy a pull brought in between its read and its insert, instead of failing', async () => {
    // The pull lands just before the insert's write (as a replication write would, mid-patch).
    let pulled = false
    db.profile.preInsert(async () => {
      if (pulled) return
      pulled = true
      await db.profile.insert(serverCopy())
    }, false)
    await patchProfile({ currency: 'GBP' })
    const stored = await db.profile.findOne(USER).exec()
    expect(stored?.currency).toBe('GBP')
    // The server's other fields are kept, and the change is a newer version that will be pushed.
    expect(stored?.customCategories).toEqual(['Chai'])
    expect(stored?.updatedAt).toBeGreaterThan(1_000)
  })

  it('still throws what it cannot fix (the entity refuses the patch)', async () => {
    await expect(patchProfile({ currency: 'not a code' })).rejects.toThrow()
    expect(await db.profile.findOne(USER).exec()).toBeNull()
  })
})
