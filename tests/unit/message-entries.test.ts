/**
 * Entries from pasted or shared bank messages on the device, on RxDB's real storage code (memory
 * storage): booked once under the payment's id, a removed one brought back, history learned from,
 * refunds linked; and a device database of schema version 0 migrated to version 1 untouched.
 */
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb/plugins/core'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DocOf } from '../../schema/collections'
import { invertTime } from '../../schema/entities/common'
import { RATE_GIVING_COLLECTIONS, type FxDay } from '../../schema/money/fx-source'
import type * as FxRatesModule from '../../src/data/fx-rates'
import { paymentEntryId } from '../../schema/parse/dedupe'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'

addRxPlugin(RxDBMigrationSchemaPlugin)

const USER = 'user-asha'
type Db = RxDatabase<{ transactions: RxCollection<DocOf<'transactions'>> }>
let db: Db

vi.mock('../../src/data/database', () => ({ userData: () => ({ userId: USER, db, whole: Promise.resolve(db) }) }))
/** The daily rates the device holds (GET /api/fx/latest), null until a test gives some. */
let fxDay: FxDay | null = null
vi.mock('../../src/data/fx-rates', async (actual) => ({
  ...(await actual<typeof FxRatesModule>()),
  refreshFxRates: () => Promise.resolve(fxDay),
}))
const { expenseToReverse, merchantHistory, messageCurrency, priorEntry, saveMessageEntry } =
  await import('../../src/data/message-entries')

const migrationStrategies = migrationStrategiesOf('transactions')

/** A collection the test database holds besides transactions. */
function other<N extends 'budgets' | 'household_expenses'>(name: N): RxCollection<DocOf<N>> {
  return (db.collections as unknown as Record<N, RxCollection<DocOf<N>>>)[name]
}

let dbNumber = 0
async function open(name: string, schema = rxSchemaOf('transactions')): Promise<Db> {
  const opened: Db = await createRxDatabase({ name, storage: getRxStorageMemory(), multiInstance: false })
  await opened.addCollections({ transactions: { schema, conflictHandler: lastWriterWins, migrationStrategies } })
  // The other entries a rate may have been typed on (rate-offer.ts reads them too).
  await opened.addCollections(
    Object.fromEntries(RATE_GIVING_COLLECTIONS.map((name) => [name, { schema: rxSchemaOf(name) }])),
  )
  return opened
}

beforeEach(async () => {
  db = await open(`message-entries-${dbNumber++}`)
})
afterEach(async () => {
  fxDay = null
  if (!db.closed) await db.remove()
})

const DATE = new Date(2026, 10, 24, 9, 30).getTime()
const swiggy = {
  type: 'expense' as const,
  amount: 45_000,
  category: 'Food & Dining',
  description: 'Swiggy · HDFC Bank',
  date: DATE,
  merchant: 'Swiggy',
  paymentKey: 'expense:ref:433018765432',
}

describe('saveMessageEntry', () => {
  it('books under the payment id, and priorEntry then says it is booked', async () => {
    expect(await priorEntry(swiggy.paymentKey)).toEqual({ state: 'new' })
    const saved = await saveMessageEntry(swiggy)
    expect(saved.id).toBe(paymentEntryId(USER, swiggy.paymentKey))
    expect(saved).toMatchObject({ origin: 'message', merchant: 'Swiggy', paymentKey: swiggy.paymentKey })
    expect(await priorEntry(swiggy.paymentKey)).toMatchObject({ state: 'booked', entry: { id: saved.id } })
  })

  it('an account-and-time key is only similar, and "again" books a second entry', async () => {
    const key = 'expense:acct:5402:129900:20261123:decathlon'
    const first = await saveMessageEntry({ ...swiggy, paymentKey: key })
    expect(await priorEntry(key)).toMatchObject({ state: 'similar', entry: { id: first.id } })
    const second = await saveMessageEntry({ ...swiggy, paymentKey: key }, true)
    expect(second.id).not.toBe(first.id)
    expect(await db.transactions.count().exec()).toBe(2)
  })

  it('brings a removed entry back under the same id, newer than its tombstone', async () => {
    const saved = await saveMessageEntry(swiggy)
    const doc = await db.transactions.findOne(saved.id).exec()
    const removedAt = Date.now() + 60_000
    await doc!.incrementalModify((d) => ({ ...d, updatedAt: removedAt, _deleted: true }))
    expect(await priorEntry(swiggy.paymentKey)).toEqual({ state: 'new' })
    const back = await saveMessageEntry(swiggy)
    expect(back.id).toBe(saved.id)
    expect(back.updatedAt).toBeGreaterThan(removedAt)
    expect(await db.transactions.count().exec()).toBe(1)
  })
})

describe('messageCurrency', () => {
  it("another currency takes the user's latest rate for the pair to the home currency, else none", async () => {
    expect(await messageCurrency('USD', 'INR')).toEqual({ currency: 'USD', fxRate: null })
    const rated = (amount: number, date: number, fx: { currency: string; fxRate: number; fxHome: string }) =>
      saveMessageEntry({ ...swiggy, paymentKey: `expense:ref:${date}`, amount, date, ...fx })
    await rated(2000, DATE - 5_000, { currency: 'USD', fxRate: 80, fxHome: 'INR' })
    await rated(2000, DATE - 1_000, { currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    await rated(2000, DATE, { currency: 'USD', fxRate: 3.67, fxHome: 'AED' })
    expect(await messageCurrency('USD', 'INR')).toEqual({ currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    expect(await messageCurrency('USD', 'AED')).toEqual({ currency: 'USD', fxRate: 3.67, fxHome: 'AED' })
    expect(await messageCurrency('EUR', 'INR')).toEqual({ currency: 'EUR', fxRate: null })
  })

  it("takes the daily rate when it is for a later day than the user's own, as the forms do", async () => {
    fxDay = { base: 'USD', date: '2026-11-25', rates: { USD: 1, INR: 84.1, AED: 3.6725 } }
    expect(await messageCurrency('USD', 'INR')).toEqual({ currency: 'USD', fxRate: 84.1, fxHome: 'INR' })
    // The user's own rate on 24 Nov is older than the daily one of 25 Nov; on the same day theirs wins.
    await saveMessageEntry({ ...swiggy, currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    expect(await messageCurrency('USD', 'INR')).toMatchObject({ fxRate: 84.1 })
    fxDay = { ...fxDay, date: '2026-11-24' }
    expect(await messageCurrency('USD', 'INR')).toMatchObject({ fxRate: 83.25 })
  })

  it('takes a rate typed more recently on a budget, a recurring payment, a loan or a household entry', async () => {
    await saveMessageEntry({ ...swiggy, currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    const later = DATE + 60_000
    const base = {
      id: 'b1',
      ownerId: USER,
      updatedAt: later,
      category: 'Travel',
      amount: 500_00,
      period: 'monthly' as const,
    }
    await other('budgets').insert({
      ...base,
      allocated: 0,
      refusedAllocation: 0,
      createdAt: later,
      currency: 'USD',
      fxRate: 84.5,
      fxHome: 'INR',
    })
    expect(await messageCurrency('USD', 'INR')).toMatchObject({ fxRate: 84.5 })
    // Another member's household expense is theirs to rate, not a rate this user gave.
    await other('household_expenses').insert({
      id: 'he1',
      ownerId: 'someone-else',
      updatedAt: later + 1,
      householdId: 'h1',
      amount: 1000,
      description: '',
      category: 'Rent',
      date: later + 1,
      paidBy: 'someone-else',
      splitMethod: 'equal',
      splits: [{ userId: USER, amount: 1000, weight: 0 }],
      reviews: [],
      status: 'pending',
      deadline: 0,
      createdAt: 0,
      currency: 'USD',
      fxRate: 90,
      fxHome: 'INR',
    })
    expect(await messageCurrency('USD', 'INR')).toMatchObject({ fxRate: 84.5 })
  })

  it('no currency named, or the home one, is the home currency with no rate', async () => {
    expect(await messageCurrency(undefined, 'AED')).toEqual({ currency: 'AED', fxRate: null })
    expect(await messageCurrency('INR', 'INR')).toEqual({ currency: 'INR', fxRate: null })
  })

  it('a pasted dollar entry is saved in dollars at that rate', async () => {
    await saveMessageEntry({ ...swiggy, paymentKey: 'expense:ref:1', currency: 'USD', fxRate: 83.25, fxHome: 'INR' })
    const saved = await saveMessageEntry({ ...swiggy, amount: 1180, ...(await messageCurrency('USD', 'INR')) })
    expect(saved).toMatchObject({ amount: 1180, currency: 'USD', fxRate: 83.25, fxHome: 'INR', origin: 'message' })
  })
})

describe('merchantHistory and expenseToReverse', () => {
  it('the latest category given to a merchant, by its key', async () => {
    await saveMessageEntry({ ...swiggy, paymentKey: 'expense:ref:1', category: 'Others' })
    const refiled = await saveMessageEntry({ ...swiggy, paymentKey: 'expense:ref:2', category: 'Eating out' })
    const learned = await merchantHistory()
    expect(learned('swiggy')).toEqual({ type: 'expense', category: 'Eating out' })
    expect(learned('zomato')).toBeUndefined()
    expect(refiled.category).toBe('Eating out')
  })

  it('finds the expense a refund reverses by reference, else by merchant and amount', async () => {
    const paid = await saveMessageEntry(swiggy)
    expect(await expenseToReverse('433018765432', undefined, 45_000)).toBe(paid.id)
    expect(await expenseToReverse(undefined, 'SWIGGY', 45_000)).toBe(paid.id)
    expect(await expenseToReverse(undefined, 'Swiggy', 1)).toBeUndefined()
  })
})

describe('transactions schema version 1', () => {
  it('a device on version 0 keeps its entries when it opens version 1', async () => {
    await db.remove()
    const name = `message-entries-migrate-${dbNumber++}`
    const current = rxSchemaOf('transactions')
    const { merchant: _m, paymentKey: _k, reverses: _r, ...properties } = current.properties
    const origin = { ...properties.origin, enum: ['app', 'rest', 'whatsapp', 'recurring', 'onboarding', 'demo'] }
    const v0 = { ...current, version: 0, properties: { ...properties, origin } }
    const old: Db = await createRxDatabase({ name, storage: getRxStorageMemory(), multiInstance: false })
    await old.addCollections({ transactions: { schema: v0 } })
    const doc = {
      id: 'tx-old',
      ownerId: USER,
      updatedAt: 5,
      type: 'expense' as const,
      amount: 12_300,
      category: 'Food & Dining',
      description: 'chai',
      date: DATE,
      dateDesc: invertTime(DATE),
      origin: 'app' as const,
    }
    await old.transactions.insert(doc)
    await old.close()
    db = await open(name)
    expect((await db.transactions.findOne('tx-old').exec())?.toJSON()).toMatchObject(doc)
  })
})
