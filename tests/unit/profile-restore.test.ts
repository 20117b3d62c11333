import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import {
  addRxPlugin,
  createRxDatabase,
  isRxDatabaseFirstTimeInstantiated,
  removeRxDatabase,
  type RxCollection,
  type RxDatabase,
} from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import type { Subscription } from 'rxjs'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DocOf } from '../../schema/collections'
import { Profile } from '../../schema/entities/profile'
import { rxSchemaOf } from '../../schema/rx-schema'
import { conflictHandlerOf, toWire } from '../../src/data/conflict'
import { createTestApp, register, type Session, type TestApp } from '../server/helpers'

/**
 * A device whose database is empty while the sign-in is kept (storage evicted, a restored browser
 * profile) must never replace the server's profile with defaults it made up. Run with RxDB's real
 * replication against the real server on a temp SQLite file.
 */

addRxPlugin(RxDBMigrationSchemaPlugin)

type ProfileDoc = DocOf<'profile'>
type Db = RxDatabase<{ profile: RxCollection<ProfileDoc> }>

let current: { userId: string; db: Db; replication: { collectionSynced: () => Promise<void> } | null }
vi.mock('../../src/data/database', () => ({ userData: () => current }))
const { patchProfile } = await import('../../src/data/writes')
const { addCustomCategory, profile$ } = await import('../../src/data/profile')

/** The browser's localStorage holds the session (the account's currency among it). */
const storage = new Map<string, string>()
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
  storage.clear()
})

let dbNumber = 0
async function emptyDevice(session: Session): Promise<Db> {
  const db: Db = await createRxDatabase({
    name: `profile-restore-${dbNumber++}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  closers.push(() => db.remove())
  await db.addCollections({ profile: { schema: rxSchemaOf('profile'), conflictHandler: conflictHandlerOf('profile') } })
  current = { userId: session.user.id, db, replication: null }
  storage.set('hisaab.token', session.token)
  storage.set('hisaab.user', JSON.stringify(session.user))
  return db
}

/** The app's replication of the profile, over the real pull and push routes. */
function replicate(db: Db, session: Session) {
  const state = replicateRxCollection<ProfileDoc, { seq: number }>({
    collection: db.profile,
    replicationIdentifier: 'profile-restore',
    live: true,
    retryTime: 50,
    waitForLeadership: false,
    pull: {
      handler: async (checkpoint, batchSize) => {
        const url = `/api/sync/profile/pull?seq=${checkpoint?.seq ?? 0}&limit=${batchSize}`
        const res = await t.app.inject({ url, headers: session.headers })
        return res.json<{ documents: (ProfileDoc & { _deleted: boolean })[]; checkpoint: { seq: number } }>()
      },
    },
    push: {
      handler: async (rows) => {
        const payload = rows.map((row) => ({
          ...(row.assumedMasterState ? { assumedMasterState: toWire(row.assumedMasterState) } : {}),
          newDocumentState: toWire(row.newDocumentState),
        }))
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/sync/profile/push',
          headers: session.headers,
          payload,
        })
        return res.json<(ProfileDoc & { _deleted: boolean })[]>()
      },
    },
  })
  closers.push(() => state.cancel())
  return state
}

/** The profile onboarding, Your Money and a custom category left on the server. */
async function userWithProfile(): Promise<{ session: Session; real: Profile }> {
  const session = await register(t.app)
  const real = Profile.parse({
    id: session.user.id,
    ownerId: session.user.id,
    updatedAt: Date.now() - 60_000,
    userType: 'type_a',
    monthlyIncome: 165_000_00,
    savings: 400_000_00,
    age: 38,
    customCategories: ['Chai tapri'],
    goals: ['Emergency Fund', 'Retirement', 'Investments', 'Car', 'House'].map((name, i) => ({
      name,
      category: i < 3 ? ('financial' as const) : ('material' as const),
      custom: false,
      amount: 0,
    })),
  })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/profile/push',
    headers: session.headers,
    payload: [{ newDocumentState: { ...real, _deleted: false } }],
  })
  expect(res.json()).toEqual([])
  return { session, real }
}

const onServer = async (session: Session) =>
  (await t.app.documents.getOwned('profile', session.user.id, session.user.id))?.data

describe('a device with an empty database', () => {
  it('keeps the server’s profile when its user changed settings before the server’s copy arrived', async () => {
    const { session, real } = await userWithProfile()
    const db = await emptyDevice(session)
    // Offline, before anything was pulled: the eye toggle on /home, an expense under a new category.
    await patchProfile({ hideBalance: true })
    await addCustomCategory('Pets')

    const replication = replicate(db, session)
    await replication.awaitInitialReplication()
    await replication.awaitInSync()

    const expected = { ...real, hideBalance: true, customCategories: ['Chai tapri', 'Pets'] }
    expect(await onServer(session)).toEqual({ ...expected, updatedAt: expect.any(Number) as number })
    const local = (await db.profile.findOne(session.user.id).exec())?.toJSON()
    expect(toWire(local ?? {})).toEqual(await onServer(session))
  })

  it('shows no profile until the server’s copy is on the device, then that copy', async () => {
    const { session, real } = await userWithProfile()
    const db = await emptyDevice(session)
    let arrived = () => undefined as void
    const known = new Promise<void>((resolve) => (arrived = resolve))
    current.replication = { collectionSynced: () => known }
    const seen: ProfileDoc[] = []
    const subscription: Subscription = profile$().subscribe((doc) => seen.push(doc))
    closers.push(() => Promise.resolve(subscription.unsubscribe()))

    const replication = replicate(db, session)
    await replication.awaitInitialReplication()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen).toEqual([])
    arrived()
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(toWire(seen[0] as unknown as Record<string, unknown>)).toEqual({ ...real, _deleted: false })
  })

  it('shows the defaults in the account’s currency once the server is known to have no profile', async () => {
    const session = await register(t.app)
    await emptyDevice(session)
    storage.set('hisaab.user', JSON.stringify({ ...session.user, currency: 'USD' }))
    current.replication = { collectionSynced: () => Promise.resolve() }
    const seen: ProfileDoc[] = []
    const subscription = profile$().subscribe((doc) => seen.push(doc))
    closers.push(() => Promise.resolve(subscription.unsubscribe()))
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]).toEqual(
      Profile.parse({ id: session.user.id, ownerId: session.user.id, updatedAt: 0, currency: 'USD' }),
    )
    // Shown, never stored: nothing of it can be pushed.
    expect(await current.db.profile.findOne(session.user.id).exec()).toBeNull()
  })
})

describe('RxDB 17.6 tells a database created just now from one opened again (pinned)', () => {
  it('on its Dexie storage: new, reopened, removed and created again', async () => {
    const storage = getRxStorageDexie({ indexedDB, IDBKeyRange })
    const open = () => createRxDatabase({ name: 'hisaab_fresh', storage, multiInstance: false })
    let db = await open()
    expect(await isRxDatabaseFirstTimeInstantiated(db)).toBe(true)
    await db.close()
    db = await open()
    expect(await isRxDatabaseFirstTimeInstantiated(db)).toBe(false)
    await db.close()
    await removeRxDatabase('hisaab_fresh', storage)
    db = await open()
    expect(await isRxDatabaseFirstTimeInstantiated(db)).toBe(true)
    await db.remove()
  })
})
