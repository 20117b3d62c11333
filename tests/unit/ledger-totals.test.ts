import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import fc from 'fast-check'
import { IDBIndex, IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb/plugins/core'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { firstValueFrom, skip } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { totalsOf } from '../../schema/calc/totals'
import { invertTime } from '../../schema/entities/common'
import type { Transaction } from '../../schema/entities/transaction'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { monthTotalsOf } from '../../src/data/ledger-totals'
import type { MonthTotals } from '../../src/data/month-totals'
import { readsInOneRequest } from '../../src/data/rxdb-internals'

// Transactions are at schema version 1: RxDB needs the migration plugin and its strategies.
addRxPlugin(RxDBMigrationSchemaPlugin)
const migrationStrategies = migrationStrategiesOf('transactions')

/**
 * The all-time and per-month totals of /transactions and the reports come from month totals kept
 * by change events (src/data/ledger-totals.ts). They must equal a full recount after any writes,
 * and a bulk write (a first download's page is 5,000 documents) must update them once, not once
 * per document.
 */

type Db = RxDatabase<{ transactions: RxCollection<Transaction> }>
const opened: Db[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const db of opened.splice(0)) await db.close()
})

let dbNumber = 0
async function openTransactions(storage: RxStorage<unknown, unknown> = getRxStorageMemory()) {
  const db: Db = await createRxDatabase({
    name: `ledger_totals_${dbNumber++}`,
    storage,
    multiInstance: false,
  })
  opened.push(db)
  await db.addCollections({ transactions: { schema: rxSchemaOf('transactions'), migrationStrategies } })
  return db.transactions
}

const DAY = 86_400_000
const START = new Date(2025, 0, 1).getTime()

function tx(id: number, type: 'expense' | 'income', amount: number, day: number): Transaction {
  const date = START + day * DAY
  return {
    id: `t${id}`,
    ownerId: 'u1',
    updatedAt: 1,
    type,
    amount,
    category: type === 'income' ? 'Salary' : 'Food & Dining',
    description: '',
    date,
    dateDesc: invertTime(date),
    origin: 'app',
  }
}

async function recount(collection: RxCollection<Transaction>) {
  const docs = await collection.find().exec()
  return totalsOf(docs.map((d) => d.toJSON() as Transaction))
}

describe('month totals kept by change events', () => {
  it('count what was there before the first read, then each bulk write once', async () => {
    const collection = await openTransactions()
    await collection.bulkInsert([tx(1, 'expense', 500, 0), tx(2, 'income', 9_876_543_21, 40)])
    const totals$ = monthTotalsOf(collection)
    const first = await firstValueFrom(totals$)
    expect(first.between()).toEqual(await recount(collection))

    const emissions: MonthTotals[] = []
    const subscription = totals$.pipe(skip(1)).subscribe((t) => emissions.push(t))
    const page = Array.from({ length: 2000 }, (_, i) => tx(100 + i, i % 10 ? 'expense' : 'income', 1 + i, i % 700))
    await collection.bulkInsert(page)
    expect(emissions).toHaveLength(1)
    expect(emissions[0]!.between()).toEqual(await recount(collection))
    subscription.unsubscribe()
  })

  it('equal a full recount after any inserts, edits and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom('put', 'delete'),
            id: fc.integer({ min: 0, max: 15 }),
            type: fc.constantFrom('expense' as const, 'income' as const),
            amount: fc.integer({ min: 1, max: 10_000_000_000 }),
            day: fc.integer({ min: 0, max: 800 }),
          }),
          { maxLength: 25 },
        ),
        async (ops) => {
          const collection = await openTransactions()
          const totals$ = monthTotalsOf(collection)
          await firstValueFrom(totals$)
          for (const { op, id, type, amount, day } of ops) {
            if (op === 'put') await collection.upsert(tx(id, type, amount, day))
            else await (await collection.findOne(`t${id}`).exec())?.remove()
          }
          const latest = await firstValueFrom(totals$)
          expect(latest.between()).toEqual(await recount(collection))
          // Open-source RxDB allows 13 open collections: each run closes its own.
          await opened.pop()!.close()
        },
      ),
      { numRuns: 30, seed: 20261125 },
    )
  })

  it("read the app's Dexie storage a page at a time, and stay exact through writes racing the pages", async () => {
    const collection = await openTransactions(readsInOneRequest(getRxStorageDexie({ indexedDB, IDBKeyRange })))
    // Days repeat (pages end inside a day) and the first rows are the oldest.
    const stored = Array.from({ length: 1_300 }, (_, i) => tx(i, i % 7 ? 'expense' : 'income', 100 + i, i % 90))
    await collection.bulkInsert(stored)
    // Once the first page is asked for: an old row moved to the newest day, a new row, a removal, an edit.
    let writes: Promise<unknown> | undefined
    const write = async () => {
      await collection.upsert({ ...tx(3, 'expense', 7_777, 89) })
      await collection.insert(tx(5_000, 'income', 1_234_567, 1))
      await (await collection.findOne('t10').exec())?.remove()
      await collection.upsert(tx(1_299, 'income', 42, 0))
    }
    const getAll = Reflect.get<IDBIndex, 'getAll'>(IDBIndex.prototype, 'getAll')
    const pages = vi.spyOn(IDBIndex.prototype, 'getAll').mockImplementation(function (this: IDBIndex, ...args) {
      if (args[1] === 500) writes ??= write()
      return getAll.apply(this, args)
    })
    const totals$ = monthTotalsOf(collection)
    const first = await firstValueFrom(totals$)
    await writes
    const settled = await firstValueFrom(totals$)
    expect(first.between().incomeCount + first.between().expenseCount).toBeGreaterThan(0)
    expect(settled.between()).toEqual(await recount(collection))
    // Three pages of 500 rows for 1,300 rows (RxDB reads its own single documents with get, not getAll).
    expect(pages.mock.calls.filter(([, count]) => count === 500)).toHaveLength(3)
  })
})
