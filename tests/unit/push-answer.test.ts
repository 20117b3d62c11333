import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb/plugins/core'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { Subject } from 'rxjs'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PullResponse, PushConflicts, type WireDocument } from '../../schema/api/sync'
import { entityOf } from '../../schema/collections'
import type { Transaction } from '../../schema/entities/transaction'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'
import { ApiError } from '../../src/data/http'
import { countUnpushed } from '../../src/data/pending'
import { pushHandler, withBackoff } from '../../src/data/push-answer'
import { findStoredWithDeleted, keepPullMarks, readsInOneRequest } from '../../src/data/rxdb-internals'
import { createTestApp, register, transactionDoc, type Session, type TestApp } from '../server/helpers'

// Transactions are at schema version 1: RxDB needs the migration plugin and its strategies.
addRxPlugin(RxDBMigrationSchemaPlugin)
const migrationStrategies = migrationStrategiesOf('transactions')

/**
 * The device's side of a push answered per document: a real RxDB replication (memory storage)
 * with the app's push handler, against the real server (app.inject on a temp SQLite file).
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

interface Device {
  db: RxDatabase<{ transactions: RxCollection<Transaction> }>
  replication: RxReplicationState<Transaction, { seq: number }>
}
const opened: Device[] = []
afterEach(async () => {
  for (const device of opened.splice(0)) {
    await device.replication.cancel()
    await device.db.close()
  }
})

let dbNumber = 0
const IDENT = 'hisaab-transactions-v1'
const received = (docs: readonly WireDocument[]) =>
  docs.map(({ _deleted, ...fields }) => ({ ...entityOf('transactions').parse(fields), _deleted }))

/** A request of `session` to the test server; anything but 200 is thrown as the app's ApiError. */
async function inject(session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) })
  if (res.statusCode !== 200) throw new ApiError(res.statusCode, res.body)
  return res.json<unknown>()
}

/** A device of `session` replicating its transactions with the test server. */
async function device(session: Session): Promise<Device> {
  const db = await createRxDatabase<{ transactions: RxCollection<Transaction> }>({
    name: `push-answer${++dbNumber}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  await db.addCollections({
    transactions: { schema: rxSchemaOf('transactions'), conflictHandler: lastWriterWins, migrationStrategies },
  })
  const replication = replicateRxCollection<Transaction, { seq: number }>({
    collection: db.transactions,
    replicationIdentifier: IDENT,
    live: false,
    retryTime: 50,
    waitForLeadership: false,
    pull: {
      handler: async (checkpoint, batchSize) => {
        const body = PullResponse.parse(
          await inject(session, 'GET', `/api/sync/transactions/pull?seq=${checkpoint?.seq ?? 0}&limit=${batchSize}`),
        )
        return { documents: received(body.documents), checkpoint: body.checkpoint }
      },
    },
    push: {
      handler: pushHandler({
        name: 'transactions',
        collection: db.transactions,
        send: async (rows) => PushConflicts.parse(await inject(session, 'POST', '/api/sync/transactions/push', rows)),
        received,
        onResend: () => undefined,
        retryMs: 50,
        isStopped: () => false,
      }),
    },
  })
  const opened_ = { db, replication }
  opened.push(opened_)
  return opened_
}

/** Runs one replication cycle to its end (or fails the test after a few seconds of retrying). */
async function syncOnce(d: Device) {
  const done = d.replication.awaitInitialReplication()
  const stuck = new Promise((_, reject) => setTimeout(() => reject(new Error('the push never settled')), 8_000))
  await Promise.race([done, stuck])
}

describe('a push answered per document', () => {
  it('files a document whose id another account holds under a new id; the rest goes up; none pending', async () => {
    const [alice, bob] = [await register(t.app), await register(t.app)]
    const theirs = transactionDoc(alice.user.id, { id: 'imp-guessed', description: 'alice private' })
    await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: alice.headers,
      payload: [{ newDocumentState: theirs }],
    })
    const bobs = await device(bob)
    const clash = transactionDoc(bob.user.id, { id: 'imp-guessed', amount: 12_345, description: 'bob lunch' })
    const other = transactionDoc(bob.user.id, { amount: 777 })
    await bobs.db.transactions.bulkInsert([clash, other])

    await syncOnce(bobs)
    await vi.waitFor(
      async () => expect(await countUnpushed(bobs.replication as RxReplicationState<unknown, unknown>)).toBe(0),
      { timeout: 8_000 },
    )

    const onServer = await t.app.documents.listByOwner('transactions', bob.user.id)
    expect(onServer.map((d) => [d.data.amount, d.data.description]).sort()).toEqual([
      [12_345, 'bob lunch'],
      [777, ''],
    ])
    const refiled = onServer.find((d) => d.data.amount === 12_345)!
    expect(refiled.id).not.toBe('imp-guessed')
    // On the device: the same two records, the refused id gone, nothing left to push.
    const local = await bobs.db.transactions.find().exec()
    expect(local.map((d) => d.id).sort()).toEqual([refiled.id, other.id].sort())
    // Alice's document is untouched.
    expect((await t.app.documents.get('transactions', 'imp-guessed'))?.data).toMatchObject({
      ownerId: alice.user.id,
      description: 'alice private',
    })
  })
})

describe('a push past the account limit', () => {
  it('waits as long as the 429 asks, then sends again; other errors are not retried here', async () => {
    vi.useFakeTimers()
    try {
      let calls = 0
      const send = () => {
        calls += 1
        if (calls < 3) return Promise.reject(new ApiError(429, 'Too many', 'RATE_LIMITED', 2_000))
        return Promise.resolve('ok')
      }
      const result = withBackoff(send, { fallbackMs: 5_000, maxMs: 60_000, isStopped: () => false })
      await vi.advanceTimersByTimeAsync(1_999)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toBe(2)
      await vi.advanceTimersByTimeAsync(2_000)
      await expect(result).resolves.toBe('ok')

      const failing = withBackoff(() => Promise.reject(new ApiError(500, 'boom')), {
        fallbackMs: 5_000,
        maxMs: 60_000,
        isStopped: () => false,
      })
      await expect(failing).rejects.toThrow('boom')
    } finally {
      vi.useRealTimers()
    }
  })
})

// A live device on the app's own storage stack (database.ts replicatedStorage), on fake-indexeddb.
const dexieStorage = keepPullMarks(readsInOneRequest(getRxStorageDexie({ indexedDB, IDBKeyRange })), (name) =>
  name === 'transactions' ? `rxdbreplication${IDENT}` : null,
)

type Db = RxDatabase<{ transactions: RxCollection<Transaction> }>
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function liveDevice(
  db: Db,
  session: Session,
  options: {
    stream?: Subject<'RESYNC'>
    pushDown?: boolean
    holdFirstPush?: Promise<void>
    holdFirstPull?: Promise<void>
  },
): RxReplicationState<Transaction, { seq: number }> {
  let pushes = 0
  let pulls = 0
  const handler = pushHandler<Transaction>({
    name: 'transactions',
    collection: db.transactions,
    send: async (rows) => {
      if (options.pushDown) throw new Error('server down')
      if (pushes++ === 0 && options.holdFirstPush) await options.holdFirstPush
      return PushConflicts.parse(await inject(session, 'POST', '/api/sync/transactions/push', rows))
    },
    received,
    onResend: () => undefined,
    retryMs: 20,
    isStopped: () => false,
  })
  return replicateRxCollection<Transaction, { seq: number }>({
    collection: db.transactions,
    replicationIdentifier: IDENT,
    live: true,
    retryTime: 20,
    waitForLeadership: false,
    pull: {
      batchSize: 100,
      ...(options.stream ? { stream$: options.stream } : {}),
      handler: async (checkpoint, batchSize) => {
        if (pulls++ === 0 && options.holdFirstPull) await options.holdFirstPull
        const body = PullResponse.parse(
          await inject(session, 'GET', `/api/sync/transactions/pull?seq=${checkpoint?.seq ?? 0}&limit=${batchSize}`),
        )
        return {
          documents: received(body.documents),
          checkpoint: body.documents.length > 0 ? body.checkpoint : (checkpoint ?? body.checkpoint),
        }
      },
    },
    push: {
      // One row a page: the upstream's initial sync then needs two pages for two documents (the
      // app's PUSH_BATCH is 100: the same happens with more than 100 changed documents).
      batchSize: 1,
      handler,
    },
  })
}

type Moved = { updatedAt: number; deleted: boolean }

/**
 * Device D holds document X in sync (state F, pulled) and an unpushed local write A made before
 * it, so RxDB's upstream reads [A] in one page and [X] in the next. A's push takes a while (the
 * network, the wait for the collections it depends on, a server restart); meanwhile `move`
 * changes X (on the server, then D's pull writes it over X, which was in sync; or on D itself).
 * Then X's page gets its turn with the state F it read before.
 */
async function scenario(
  move: (x: { db: Db; alice: Session; F: Transaction; releasePull: () => void }) => Promise<Moved>,
) {
  const alice = await register(t.app)
  const t0 = Date.now()
  const F = transactionDoc(alice.user.id, { id: `x-${++dbNumber}`, amount: 901_172, updatedAt: t0 })
  // Another device of alice created X (state F).
  await inject(alice, 'POST', '/api/sync/transactions/push', [{ newDocumentState: { ...F, _deleted: false } }])

  const db: Db = await createRxDatabase({
    name: `moved-push-rows-${dbNumber}`,
    storage: dexieStorage,
    multiInstance: false,
  })
  await db.addCollections({
    transactions: { schema: rxSchemaOf('transactions'), conflictHandler: lastWriterWins as never, migrationStrategies },
  })
  // A: a local write D has not pushed yet (made before X arrived).
  await db.transactions.insert(
    transactionDoc(alice.user.id, { id: `a-${dbNumber}`, amount: 1_234, updatedAt: t0 + 10 }),
  )

  // Session 1: pushes fail (server unreachable for them); the pull brings X: in sync, after A.
  const first = liveDevice(db, alice, { pushDown: true })
  await vi.waitFor(async () => expect(await db.transactions.findOne(F.id).exec()).not.toBeNull())
  await sleep(50)
  await first.cancel()

  // Session 2 (the page reloaded, or the server came back): A's push is slow; the pull is held too.
  let releasePush = () => undefined as void
  let releasePull = () => undefined as void
  const holdFirstPush = new Promise<void>((r) => (releasePush = r))
  const holdFirstPull = new Promise<void>((r) => (releasePull = r))
  // The stream: here only its RESYNC (a reconnect), so every change arrives by pull.
  const stream = new Subject<'RESYNC'>()
  const second = liveDevice(db, alice, { holdFirstPush, holdFirstPull, stream })
  await sleep(200) // the upstream has read both pages; A's push is on its way

  const newest = await move({ db, alice, F, releasePull })
  releasePull()
  // A's push goes; then X's page.
  releasePush()
  await second.awaitInSync()
  await sleep(300)
  await second.awaitInSync()
  // The stream reconnects (or the server's echo of the push arrives): the device pulls what the server holds.
  stream.next('RESYNC')
  await sleep(300)
  await second.awaitInSync()

  const onServer = await t.app.documents.get('transactions', F.id)
  const local = (await findStoredWithDeleted(db.transactions, [F.id]))[0]
  await second.cancel()
  await db.remove()
  return {
    server: { updatedAt: onServer?.updatedAt, deleted: onServer?.deleted },
    device: { updatedAt: local?.updatedAt, deleted: local?._deleted },
    newest,
  }
}

describe("RxDB's upstream pushes a page it read before the document changed", () => {
  it("another device's newer delete, pulled meanwhile, stays on the server and on this device", async () => {
    const { server, device, newest } = await scenario(async ({ db, alice, F, releasePull }) => {
      const deleted = { ...F, updatedAt: F.updatedAt + 3_000, _deleted: true }
      const answer = await inject(alice, 'POST', '/api/sync/transactions/push', [
        { assumedMasterState: { ...F, _deleted: false }, newDocumentState: deleted },
      ])
      expect(answer).toEqual([])
      // D's pull brings the delete: X was in sync, so it is written over it (and recorded as the server's).
      releasePull()
      await vi.waitFor(async () => expect(await db.transactions.findOne(F.id).exec()).toBeNull())
      return { updatedAt: deleted.updatedAt, deleted: true }
    })
    expect(server).toEqual(newest)
    expect(device).toEqual(newest)
  })

  it("this device's own newer edit, made meanwhile, reaches the server", async () => {
    const { server, device, newest } = await scenario(async ({ db, F }) => {
      const updatedAt = F.updatedAt + 2_000
      const doc = await db.transactions.findOne(F.id).exec()
      await doc!.incrementalModify((d) => ({ ...d, amount: 5_000, updatedAt }))
      return { updatedAt, deleted: false }
    })
    expect(server).toEqual(newest)
    expect(device).toEqual(newest)
  })
})
