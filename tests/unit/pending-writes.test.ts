import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import fc from 'fast-check'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb/plugins/core'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { invertTime } from '../../schema/entities/common'
import type { Transaction } from '../../schema/entities/transaction'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins, toWire } from '../../src/data/conflict'
import { countUnpushed, PendingCount } from '../../src/data/pending'

// Transactions are at schema version 1: RxDB needs the migration plugin and its strategies.
addRxPlugin(RxDBMigrationSchemaPlugin)
const migrationStrategies = migrationStrategiesOf('transactions')

/**
 * The pending count is derived from the database (RxDB's replication meta
 * store), so what the sync indicator shows is what a push still has to send: never a marker a
 * refused write left behind, still there after a crash before the push, gone once pushed.
 */

type Doc = Transaction & { _deleted?: boolean }

/** A stand-in for the sync server: holds pushed documents; `down` makes every request fail. */
class FakeServer {
  docs = new Map<string, Doc>()
  down = true
}

interface Device {
  db: RxDatabase<{ transactions: RxCollection<Transaction> }>
  replication: RxReplicationState<Transaction, { seq: number }>
  total: () => number
  stop: () => Promise<void>
}

const opened: Device[] = []
afterEach(async () => {
  for (const device of opened.splice(0)) await device.stop()
})

let dbNumber = 0

/** Opens (or reopens: same storage and name = a reload of the page) a device replicating with `server`. */
async function openDevice(server: FakeServer, storage: RxStorage<unknown, unknown>, name: string): Promise<Device> {
  const db = await createRxDatabase<{ transactions: RxCollection<Transaction> }>({
    name,
    storage,
    multiInstance: false,
  })
  await db.addCollections({
    transactions: { schema: rxSchemaOf('transactions'), conflictHandler: lastWriterWins, migrationStrategies },
  })
  const replication = replicateRxCollection<Transaction, { seq: number }>({
    collection: db.transactions,
    replicationIdentifier: 'hisaab-transactions-v1',
    live: true,
    retryTime: 30,
    waitForLeadership: false,
    pull: {
      handler: (checkpoint) => {
        if (server.down) return Promise.reject(new Error('server down'))
        const all = [...server.docs.values()].map((doc) => ({ _deleted: false, ...doc }))
        const documents = checkpoint ? [] : all
        return Promise.resolve({ documents, checkpoint: { seq: all.length } })
      },
    },
    push: {
      handler: (rows) => {
        if (server.down) return Promise.reject(new Error('server down'))
        for (const row of rows) server.docs.set(row.newDocumentState.id, toWire(row.newDocumentState))
        return Promise.resolve([])
      },
    },
  })
  let total = 0
  const pending = new PendingCount((n) => (total = n))
  pending.watch('transactions', replication as RxReplicationState<unknown, unknown>)
  const device = {
    db,
    replication,
    total: () => total,
    async stop() {
      pending.stop()
      if (!db.closed) await db.close()
    },
  }
  opened.push(device)
  return device
}

function transaction(id: string, amount: number, updatedAt = Date.now()): Transaction {
  const date = Date.UTC(2026, 10, 20)
  return {
    id,
    ownerId: 'u1',
    updatedAt,
    type: 'expense',
    amount,
    category: 'Food & Dining',
    description: '',
    date,
    dateDesc: invertTime(date),
    origin: 'app',
  }
}

/** The count the indicator shows, once it settled, and the count read straight from the database. */
async function expectPending(device: Device, count: number) {
  await vi.waitFor(() => expect(device.total()).toBe(count), { timeout: 5_000 })
  expect(await countUnpushed(device.replication as RxReplicationState<unknown, unknown>)).toBe(count)
}

const fresh = () => ({ server: new FakeServer(), storage: getRxStorageMemory(), name: `pending${++dbNumber}` })

describe('pending writes, derived from the database', () => {
  it('a write that throws leaves nothing pending; a stored one is pending until pushed', async () => {
    const { server, storage, name } = fresh()
    const device = await openDevice(server, storage, name)
    await device.db.transactions.insert(transaction('t1', 100))
    await expectPending(device, 1)
    // Refused inside the write path: a duplicate insert and an edit whose modifier throws.
    await expect(device.db.transactions.insert(transaction('t1', 200))).rejects.toThrow()
    const doc = await device.db.transactions.findOne('t1').exec()
    await expect(
      doc!.incrementalModify(() => {
        throw new Error('refused by the entity')
      }),
    ).rejects.toThrow('refused by the entity')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expectPending(device, 1)
    server.down = false
    await expectPending(device, 0)
    expect(server.docs.get('t1')?.amount).toBe(100)
  })

  it('a local write counts at once, before any recount; writing the same document again counts once', async () => {
    const { server, storage, name } = fresh()
    const device = await openDevice(server, storage, name)
    await expectPending(device, 0)
    await device.db.transactions.insert(transaction('t1', 100))
    expect(device.total()).toBe(1) // no waiting: a logout or the indicator right after it sees it
    const doc = await device.db.transactions.findOne('t1').exec()
    await doc!.incrementalPatch({ amount: 150 })
    await device.db.transactions.insert(transaction('t2', 200))
    expect(device.total()).toBe(2)
    await expectPending(device, 2)
    server.down = false
    await expectPending(device, 0)
  })

  it('a crash between the write and its push keeps it pending after reload; the push clears it', async () => {
    const { server, storage, name } = fresh()
    const first = await openDevice(server, storage, name)
    await first.db.transactions.insert(transaction('t1', 100))
    await first.db.transactions.insert(transaction('t2', 200))
    await expectPending(first, 2)
    await first.stop() // the page is closed before any push reached the server
    const reloaded = await openDevice(server, storage, name)
    await expectPending(reloaded, 2)
    server.down = false
    await expectPending(reloaded, 0)
    expect([...server.docs.keys()].sort()).toEqual(['t1', 't2'])
    // And after another reload nothing comes back as pending.
    await reloaded.stop()
    await expectPending(await openDevice(server, storage, name), 0)
  })

  it('documents pulled from the server are not pending; a local edit of one is, until pushed', async () => {
    const { server, storage, name } = fresh()
    server.docs.set('s1', transaction('s1', 700, 1000))
    server.down = false
    const device = await openDevice(server, storage, name)
    await device.replication.awaitInitialReplication()
    expect(await device.db.transactions.count().exec()).toBe(1)
    await expectPending(device, 0)
    server.down = true
    const doc = await device.db.transactions.findOne('s1').exec()
    await doc!.incrementalModify((current) => ({ ...current, amount: 800, updatedAt: current.updatedAt + 1 }))
    await expectPending(device, 1)
    server.down = false
    await expectPending(device, 0)
    expect(server.docs.get('s1')?.amount).toBe(800)
  })

  it('whatever writes succeed or fail offline, pending = the documents stored and not pushed', async () => {
    const op = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      kind: fc.constantFrom('insert', 'edit', 'delete', 'refused'),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const { server, storage, name } = fresh()
        const device = await openDevice(server, storage, name)
        const written = new Set<string>()
        let version = Date.now()
        for (const { id, kind } of ops) {
          version += 1
          const doc = await device.db.transactions.findOne(id).exec()
          const write =
            kind === 'insert'
              ? device.db.transactions.insert(transaction(id, 100, version))
              : kind === 'edit' && doc
                ? doc.incrementalModify((d) => ({ ...d, amount: d.amount + 1, updatedAt: version }))
                : kind === 'delete' && doc
                  ? doc.remove()
                  : Promise.reject(new Error('refused'))
          if (await write.then(() => true).catch(() => false)) written.add(id)
        }
        await expectPending(device, written.size)
        server.down = false
        await expectPending(device, 0)
        expect(new Set(server.docs.keys())).toEqual(written)
        await device.stop()
      }),
      { seed: 914, numRuns: 12 },
    )
  })
})
