import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb/plugins/core'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PullResponse, PushConflicts, type WireDocument } from '../../schema/api/sync'
import { entityOf } from '../../schema/collections'
import type { Transaction } from '../../schema/entities/transaction'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'
import { ApiError } from '../../src/data/http'
import { countUnpushed } from '../../src/data/pending'
import { pushHandler, withBackoff } from '../../src/data/push-answer'
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
const received = (docs: readonly WireDocument[]) =>
  docs.map(({ _deleted, ...fields }) => ({ ...entityOf('transactions').parse(fields), _deleted }))

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
  const inject = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) })
    if (res.statusCode !== 200) throw new ApiError(res.statusCode, res.body)
    return res.json<unknown>()
  }
  const replication = replicateRxCollection<Transaction, { seq: number }>({
    collection: db.transactions,
    replicationIdentifier: 'hisaab-transactions-v1',
    live: false,
    retryTime: 50,
    waitForLeadership: false,
    pull: {
      handler: async (checkpoint, batchSize) => {
        const body = PullResponse.parse(
          await inject('GET', `/api/sync/transactions/pull?seq=${checkpoint?.seq ?? 0}&limit=${batchSize}`),
        )
        return { documents: received(body.documents), checkpoint: body.checkpoint }
      },
    },
    push: {
      handler: pushHandler({
        name: 'transactions',
        collection: db.transactions,
        send: async (rows) => PushConflicts.parse(await inject('POST', '/api/sync/transactions/push', rows)),
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
