import { RATE_GIVING_COLLECTIONS } from '../../schema/money/fx-source'
import fc from 'fast-check'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CollectionName, DocOf } from '../../schema/collections'
import { RecurringPayment } from '../../schema/entities/recurring'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'

addRxPlugin(RxDBMigrationSchemaPlugin)

const USER = 'user-asha'
const NAMES = ['transactions', ...RATE_GIVING_COLLECTIONS] as const satisfies readonly CollectionName[]
type Collections = { [N in (typeof NAMES)[number]]: RxCollection<DocOf<N>> }
let db: RxDatabase<Collections>

vi.mock('../../src/data/database', () => ({ userData: () => ({ userId: USER, db, whole: Promise.resolve(db) }) }))
// No daily rates on this device: the offer is the user's own last rate.
vi.mock('../../src/data/fx-rates', () => ({ refreshFxRates: () => Promise.resolve(null), dailyRateOffer: () => null }))
vi.stubGlobal('localStorage', { getItem: () => null })
const { markRecurringPaid } = await import('../../src/data/recurring')
const { addBusinessEntry } = await import('../../src/data/business')
const { lastRateGiven } = await import('../../src/data/rate-offer')

const collection = (name: CollectionName) => ({
  schema: rxSchemaOf(name),
  conflictHandler: lastWriterWins,
  migrationStrategies: migrationStrategiesOf(name),
})

let dbNumber = 0
beforeEach(async () => {
  db = await createRxDatabase({ name: `rate-offer-${dbNumber++}`, storage: getRxStorageMemory(), multiInstance: false })
  await db.addCollections(Object.fromEntries(NAMES.map((n) => [n, collection(n)])))
})
afterEach(async () => {
  await db.remove()
})

const spotify = (rate: number, updatedAt: number) =>
  RecurringPayment.parse({
    id: 'spotify-1',
    ownerId: USER,
    updatedAt,
    name: 'Spotify Family',
    amount: 11_80,
    category: 'Entertainment',
    frequency: 'monthly',
    dueDate: '2026-01-31',
    nextDueDate: '2026-01-31',
    currency: 'USD',
    fxRate: rate,
    fxHome: 'INR',
  })

describe('the last rate the user gave', () => {
  it('is the one typed at Mark Paid, not the payment’s own that Mark Paid re-saved', async () => {
    const rates = fc.double({ min: 0.01, max: 500, noNaN: true }).map((r) => Math.round(r * 100) / 100)
    await fc.assert(
      fc.asyncProperty(rates, rates, async (own, typed) => {
        await db.recurring_payments.find().remove()
        await db.transactions.find().remove()
        const payment = spotify(own, 1_000)
        await db.recurring_payments.insert(payment)
        await markRecurringPaid(payment, Date.now(), { fxRate: typed, home: 'INR' })
        expect((await lastRateGiven('USD', 'INR'))?.rate).toBe(typed)
      }),
      { numRuns: 15 },
    )
  })

  it('is the payment’s own once its rate is edited after Mark Paid', async () => {
    const payment = spotify(83.25, 1_000)
    await db.recurring_payments.insert(payment)
    const paidAt = Date.now() - 3_600_000
    await markRecurringPaid(payment, paidAt, { fxRate: 84, home: 'INR' })
    const stored = await db.recurring_payments.findOne(payment.id).exec()
    await stored!.incrementalPatch({ fxRate: 85, updatedAt: Date.now() })
    expect((await lastRateGiven('USD', 'INR'))?.rate).toBe(85)
  })

  it('includes a business entry the admin typed it on', async () => {
    expect(await lastRateGiven('USD', 'INR')).toBeNull()
    await addBusinessEntry({
      kind: 'revenue',
      amount: 1_000_00,
      category: 'Subscription',
      description: '',
      date: Date.now(),
      currency: 'USD',
      fxRate: 83.25,
    })
    expect((await lastRateGiven('USD', 'INR'))?.rate).toBe(83.25)
  })
})
