import fc from 'fast-check'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { markPaidEntryId } from '../../schema/calc/mark-paid'
import type { DocOf } from '../../schema/collections'
import { Id } from '../../schema/entities/common'
import { RecurringPayment } from '../../schema/entities/recurring'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'

addRxPlugin(RxDBMigrationSchemaPlugin)

const USER = 'user-asha'
type Collections = {
  transactions: RxCollection<DocOf<'transactions'>>
  recurring_payments: RxCollection<DocOf<'recurring_payments'>>
}
let db: RxDatabase<Collections>

vi.mock('../../src/data/database', () => ({ userData: () => ({ userId: USER, db, whole: Promise.resolve(db) }) }))
vi.stubGlobal('localStorage', { getItem: () => null })
const { markRecurringPaid } = await import('../../src/data/recurring')

const collection = (name: keyof Collections) => ({
  schema: rxSchemaOf(name),
  conflictHandler: lastWriterWins,
  migrationStrategies: migrationStrategiesOf(name),
})

let dbNumber = 0
beforeEach(async () => {
  db = await createRxDatabase({ name: `mark-paid-${dbNumber++}`, storage: getRxStorageMemory(), multiInstance: false })
  await db.addCollections({
    transactions: collection('transactions'),
    recurring_payments: collection('recurring_payments'),
  })
})
afterEach(async () => {
  await db.remove()
})

const NOW = Date.UTC(2026, 0, 31, 6)
const rent = RecurringPayment.parse({
  id: 'rent-1',
  ownerId: USER,
  updatedAt: 1_000,
  name: 'Rent',
  amount: 25_000_00,
  category: 'Housing',
  frequency: 'monthly',
  dueDate: '2026-01-31',
  nextDueDate: '2026-01-31',
})

const expenses = async () => (await db.transactions.find().exec()).map((d) => d.toJSON())
const stored = async () => (await db.recurring_payments.findOne(rent.id).exec())!.toJSON()

/** Fails the next write of a recurring payment, as a tab closed between the two writes would. */
function crashNextScheduleWrite() {
  let crash = true
  db.recurring_payments.preSave(() => {
    if (!crash) return
    crash = false
    throw new Error('tab closed')
  }, false)
}

describe('Mark Paid on the device', () => {
  it('books the instalment once under its own id and moves the schedule one period', async () => {
    await db.recurring_payments.insert(rent)
    const result = await markRecurringPaid(rent, NOW)
    expect(result.nextDueDate).toBe('2026-02-28')
    expect(result.transaction.id).toBe(markPaidEntryId(rent.id, '2026-01-31'))
    expect((await expenses()).map((t) => [t.amount, t.category, t.origin])).toEqual([
      [25_000_00, 'Housing', 'recurring'],
    ])
    expect((await stored()).nextDueDate).toBe('2026-02-28')
  })

  it('a retry after a crash between the two writes books nothing twice and loses nothing', async () => {
    await db.recurring_payments.insert(rent)
    crashNextScheduleWrite()
    await expect(markRecurringPaid(rent, NOW)).rejects.toThrow()
    // The expense is kept and the instalment is still due: nothing is lost.
    expect(await expenses()).toHaveLength(1)
    expect((await stored()).nextDueDate).toBe('2026-01-31')
    await markRecurringPaid(rent, NOW + 60_000)
    expect(await expenses()).toHaveLength(1)
    expect((await stored()).nextDueDate).toBe('2026-02-28')
  })

  it('an instalment another device already booked (its expense pulled first) is not booked again', async () => {
    await db.recurring_payments.insert(rent)
    const elsewhere = await markRecurringPaid(rent, NOW)
    // This device has the other's expense but not yet its moved schedule.
    await (await db.recurring_payments.findOne(rent.id).exec())!.incrementalPatch({
      nextDueDate: '2026-01-31',
      updatedAt: 5_000_000_000_000,
    })
    const here = await markRecurringPaid(rent, NOW + 3_600_000)
    expect(here.transaction.id).toBe(elsewhere.transaction.id)
    expect(await expenses()).toHaveLength(1)
    expect((await stored()).nextDueDate).toBe('2026-02-28')
  })

  it('each instalment has its own valid id, the same for the same payment and due day', () => {
    const day = fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
    const dayString = day.map((d) => d.toISOString().slice(0, 10))
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), dayString, dayString, (id, a, b) => {
        expect(Id.safeParse(markPaidEntryId(id, a)).success).toBe(true)
        expect(markPaidEntryId(id, a)).toBe(markPaidEntryId(id, a))
        if (a !== b) expect(markPaidEntryId(id, a)).not.toBe(markPaidEntryId(id, b))
      }),
    )
  })
})
