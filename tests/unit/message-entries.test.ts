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
import { paymentEntryId } from '../../schema/parse/dedupe'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'

addRxPlugin(RxDBMigrationSchemaPlugin)

const USER = 'user-asha'
type Db = RxDatabase<{ transactions: RxCollection<DocOf<'transactions'>> }>
let db: Db

vi.mock('../../src/data/database', () => ({ userData: () => ({ userId: USER, db }) }))
const { expenseToReverse, merchantHistory, messageCurrency, priorEntry, saveMessageEntry } =
  await import('../../src/data/message-entries')

const migrationStrategies = migrationStrategiesOf('transactions')

let dbNumber = 0
async function open(name: string, schema = rxSchemaOf('transactions')): Promise<Db> {
  const opened: Db = await createRxDatabase({ name, storage: getRxStorageMemory(), multiInstance: false })
  await opened.addCollections({ transactions: { schema, conflictHandler: lastWriterWins, migrationStrategies } })
  return opened
}

beforeEach(async () => {
  db = await open(`message-entries-${dbNumber++}`)
})
afterEach(async () => {
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
