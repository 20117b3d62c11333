import { IDBIndex, IDBKeyRange, indexedDB } from 'fake-indexeddb'
import {
  createRxDatabase,
  fillWithDefaultSettings,
  getChangedDocumentsSince,
  type MangoQuery,
  type RxCollection,
  type RxJsonSchema,
} from 'rxdb/plugins/core'
import { fromDexieToStorage, getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  fromFreshDexieRow,
  inOneRequest,
  readStored,
  readStoredInPages,
  readsInOneRequest,
} from '../../src/data/rxdb-internals'

interface Entry {
  id: string
  type: 'expense' | 'income'
  date: number
  amount: number
  done: boolean
}

const schema: RxJsonSchema<Entry> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    type: { type: 'string', enum: ['expense', 'income'], maxLength: 10 },
    date: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    amount: { type: 'number' },
    done: { type: 'boolean' },
  },
  required: ['id', 'type', 'date', 'amount', 'done'],
  indexes: ['date', ['type', 'date'], ['done', 'date']],
}

let dbNumber = 0
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const close of closers.splice(0).reverse()) await close()
})

// Dates repeat (ten entries a day): the index's order is settled by the id RxDB appends to it.
const entries: Entry[] = Array.from({ length: 120 }, (_, i) => ({
  id: `e${String(i).padStart(3, '0')}`,
  type: i % 4 === 0 ? 'income' : 'expense',
  date: 1_000 + Math.floor(((i * 37) % 120) / 10),
  amount: i * 3,
  done: i % 3 === 0,
}))

async function collection(oneRequest: boolean): Promise<RxCollection<Entry>> {
  const dexie = getRxStorageDexie({ indexedDB, IDBKeyRange })
  const db = await createRxDatabase<{ entries: RxCollection<Entry> }>({
    name: `onerequest${++dbNumber}`,
    storage: oneRequest ? readsInOneRequest(dexie) : dexie,
    multiInstance: false,
  })
  closers.push(() => db.remove())
  await db.addCollections({ entries: { schema } })
  await db.entries.bulkInsert(entries)
  // Tombstones are in the index too, and never in an answer.
  const gone = await db.entries.findByIds(['e005', 'e050']).exec()
  await Promise.all([...gone.values()].map((doc) => doc.remove()))
  return db.entries
}

const QUERIES: MangoQuery<Entry>[] = [
  { selector: { date: { $gte: 1_003, $lt: 1_008 } }, sort: [{ date: 'asc' }] },
  { selector: { date: { $gte: 0 } }, sort: [{ date: 'asc' }], limit: 7 },
  { selector: { date: { $gte: 0 } }, sort: [{ date: 'asc' }], skip: 5, limit: 9 },
  { selector: { type: 'expense', date: { $gte: 1_002, $lt: 1_010 } }, sort: [{ type: 'asc' }, { date: 'asc' }] },
  { selector: { done: true, date: { $gt: 1_001 } }, sort: [{ done: 'asc' }, { date: 'asc' }], limit: 4 },
  // Not in the index's order: read whole, then sorted.
  { selector: { date: { $gte: 1_002, $lte: 1_009 } }, sort: [{ date: 'desc' }], limit: 6 },
  // Needs the matcher (amount is in no index): RxDB's own cursor answers.
  { selector: { date: { $gte: 1_000 }, amount: { $gt: 200 } }, sort: [{ date: 'asc' }], limit: 5 },
]

describe('readsInOneRequest', () => {
  it('answers every storage read as RxDB own Dexie storage does', async () => {
    const [plain, oneRequest] = await Promise.all([collection(false), collection(true)])
    for (const query of QUERIES) {
      const expected = (await plain.find(query).exec()).map((d) => d.id)
      const got = (await readStored(oneRequest, oneRequest.find(query))).map((d) => d.id)
      expect(got, JSON.stringify(query)).toEqual(expected)
      expect(got.length, JSON.stringify(query)).toBeGreaterThan(0)
    }
  })

  it('reads an index range with one getAll, not a cursor step per row', async () => {
    const entries = await collection(true)
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll')
    const openCursor = vi.spyOn(IDBIndex.prototype, 'openCursor')
    const docs = await readStored(
      entries,
      entries.find({ selector: { date: { $gte: 1_000 } }, sort: [{ date: 'asc' }] }),
    )
    expect(docs).toHaveLength(118)
    expect(getAll).toHaveBeenCalledTimes(1)
    expect(openCursor).not.toHaveBeenCalled()
  })

  it('keeps an opted-in live query equal to RxDB own through writes, reading with getAll', async () => {
    const [plain, oneRequest] = await Promise.all([collection(false), collection(true)])
    const query: MangoQuery<Entry> = {
      selector: { type: 'expense', date: { $gte: 0 } },
      sort: [{ type: 'asc' }, { date: 'asc' }],
      limit: 7,
    }
    const latest = (entries: RxCollection<Entry>, optIn: boolean) => {
      const ids: string[][] = []
      const found = entries.find(query)
      const subscription = (optIn ? inOneRequest(found) : found).$.subscribe((docs) => ids.push(docs.map((d) => d.id)))
      closers.push(() => Promise.resolve(subscription.unsubscribe()))
      return ids
    }
    const expected = latest(plain, false)
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll')
    const got = latest(oneRequest, true)
    const settle = () => vi.waitFor(() => expect(got.at(-1)).toEqual(expected.at(-1)))
    await vi.waitFor(() => expect(got.length * expected.length).toBeGreaterThan(0))
    await settle()
    expect(getAll).toHaveBeenCalled()
    // A row before the first, one of the seven removed, one moved out of the window by its type.
    for (const change of [
      (c: RxCollection<Entry>) => c.insert({ id: 'a000', type: 'expense', date: 999, amount: 1, done: false }),
      (c: RxCollection<Entry>) =>
        c
          .findOne('e001')
          .exec()
          .then((d) => d?.remove()),
      (c: RxCollection<Entry>) =>
        c
          .findOne('e002')
          .exec()
          .then((d) => d?.incrementalPatch({ type: 'income' })),
    ]) {
      await Promise.all([change(plain), change(oneRequest)])
      await settle()
    }
    expect(got.at(-1)).toHaveLength(7)
  })

  it("leaves every other query on RxDB's cursor: live queries, and the same query RxDB caches", async () => {
    const entries = await collection(true)
    const query = entries.find({ selector: { date: { $gte: 1_000 } }, sort: [{ date: 'asc' }], limit: 5 })
    await readStored(entries, query)
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll')
    const openCursor = vi.spyOn(IDBIndex.prototype, 'openCursor')
    expect((await query.exec()).map((d) => d.id)).toHaveLength(5)
    const live = await new Promise<number>((resolve) => {
      const subscription = entries
        .find({ selector: { type: 'income' }, sort: [{ type: 'asc' }, { date: 'asc' }] })
        .$.subscribe((docs) => {
          subscription.unsubscribe()
          resolve(docs.length)
        })
    })
    expect(live).toBeGreaterThan(0)
    expect(openCursor).toHaveBeenCalledTimes(2)
    expect(getAll).not.toHaveBeenCalled()
  })
})

describe('readStoredInPages', () => {
  it('hands over every answer of RxDB own storage, in order, in pages of at most the page size', async () => {
    const [plain, oneRequest] = await Promise.all([collection(false), collection(true)])
    for (const pageSize of [1, 7, 10, 500]) {
      for (const query of QUERIES) {
        const expected = (await plain.find(query).exec()).map((d) => d.id)
        const pages: string[][] = []
        await readStoredInPages(oneRequest, oneRequest.find(query), pageSize, (docs) =>
          pages.push(docs.map((d) => d.id)),
        )
        const label = `${pageSize}: ${JSON.stringify(query)}`
        expect(pages.flat(), label).toEqual(expected)
        // Skip, limit, another order or the matcher: read whole, as one page.
        const ordered = !query.skip && query.limit === undefined && query.sort?.[0]?.date !== 'desc'
        const whole = !ordered || query.selector?.amount !== undefined
        if (whole) expect(pages, label).toHaveLength(1)
        else for (const page of pages) expect(page.length, label).toBeLessThanOrEqual(pageSize)
        if (!whole && pageSize < expected.length) expect(pages.length, label).toBeGreaterThan(1)
      }
    }
  })

  it('reads each page with one getAll, and gives plain documents as RxDB would', async () => {
    const [plain, oneRequest] = await Promise.all([collection(false), collection(true)])
    const query: MangoQuery<Entry> = {
      selector: { done: true, date: { $gte: 0 } },
      sort: [{ done: 'asc' }, { date: 'asc' }],
    }
    const expected = (await plain.find(query).exec()).map((d) => d.toMutableJSON(true))
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll')
    const openCursor = vi.spyOn(IDBIndex.prototype, 'openCursor')
    const got: Entry[] = []
    await readStoredInPages(oneRequest, oneRequest.find(query), 6, (docs) => got.push(...docs))
    expect(got.map((d) => ({ ...d, _meta: undefined, _rev: undefined }))).toEqual(
      expected.map((d) => ({ ...d, _meta: undefined, _rev: undefined })),
    )
    expect(got.every((d) => (d as { _deleted?: unknown })._deleted === false && d.done === true)).toBe(true)
    expect(getAll).toHaveBeenCalledTimes(Math.floor(expected.length / 6) + 1)
    expect(openCursor).not.toHaveBeenCalled()
  })
})

describe('fromFreshDexieRow', () => {
  // Rows as RxDB's Dexie storage stores them: booleans of indexes as '1'/'0', keys starting with '|' as '__'.
  const stored = () => [
    { id: 'a', _deleted: '0', done: '1', date: 5, _meta: { lwt: 1 }, _attachments: {}, _rev: '1-x' },
    { id: 'b', _deleted: '1', done: '0', nested: { __pipe: 1, plain: [{ __deep: 'x', keep: 2 }, 3, null] } },
    { id: 'c', _deleted: '0', done: '0', __top: { 'a.__b': true }, after: 'kept in order', list: [] },
  ]

  it('gives exactly what RxDB own conversion gives, keys in the same order', () => {
    for (const booleanIndexes of [['_deleted'], ['_deleted', 'done'], []]) {
      const rxdb = stored().map((row) => fromDexieToStorage(booleanIndexes, row))
      const ours = stored().map((row) => fromFreshDexieRow(booleanIndexes, row))
      expect(ours).toEqual(rxdb)
      expect(ours.map((row) => JSON.stringify(row))).toEqual(rxdb.map((row) => JSON.stringify(row)))
    }
  })
})

describe('the change feed in one request', () => {
  it('gives what RxDB own query gives, batch by batch, where many rows share one write time', async () => {
    const storage = readsInOneRequest(getRxStorageDexie({ indexedDB, IDBKeyRange }))
    const instance = await storage.createStorageInstance<Entry>({
      databaseName: `changes${++dbNumber}`,
      collectionName: 'entries',
      schema: fillWithDefaultSettings(schema),
      options: {},
      multiInstance: false,
      devMode: false,
      databaseInstanceToken: 'test',
    })
    closers.push(() => instance.remove())
    // A first download's rows share one write time; later writes have their own, some twice.
    const writeTime = (i: number) => (i < 70 ? 1 : 1_000 + Math.floor(i / 2))
    await instance.bulkWrite(
      entries.map((entry, i) => ({
        document: { ...entry, _deleted: i % 9 === 0, _attachments: {}, _rev: '1-a', _meta: { lwt: writeTime(i) } },
      })),
      'test',
    )
    // RxDB's own answer: the same instance without the one-request read.
    const rxdbOwn = Object.create(instance, { getChangedDocumentsSince: { value: undefined } }) as typeof instance
    for (const limit of [1, 7, 50, 500]) {
      let ours: { id: string; lwt: number } | undefined
      let theirs: { id: string; lwt: number } | undefined
      const seen: string[] = []
      for (let batch = 0; batch < 200; batch++) {
        const got = await getChangedDocumentsSince(instance, limit, ours)
        const expected = await getChangedDocumentsSince(rxdbOwn, limit, theirs)
        expect(got.documents).toEqual(expected.documents)
        expect(got.checkpoint).toEqual(expected.checkpoint)
        if (got.documents.length === 0) break
        seen.push(...got.documents.map((d) => d.id))
        ours = got.checkpoint as typeof ours
        theirs = expected.checkpoint as typeof theirs
      }
      expect(seen).toHaveLength(entries.length)
    }
  })
})
