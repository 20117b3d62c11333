import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { addRxPlugin, createRxDatabase, type RxCollection } from 'rxdb/plugins/core'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { invertTime } from '../../schema/entities/common'
import type { WireDocument } from '../../schema/api/sync'
import { Transaction } from '../../schema/entities/transaction'
import { migrationStrategiesOf, rxSchemaOf } from '../../schema/rx-schema'
import { lastWriterWins } from '../../src/data/conflict'
import { SNAPSHOT_LWT } from '../../src/data/rxdb-internals'
import { downloadHead, downloadSnapshot, fetchHead, type HeadRequest } from '../../src/data/snapshot'

// Transactions are at schema version 1: RxDB needs the migration plugin and its strategies.
addRxPlugin(RxDBMigrationSchemaPlugin)
const migrationStrategies = migrationStrategiesOf('transactions')

/**
 * A new device's first download writes pages straight into RxDB's Dexie tables
 * (src/data/snapshot.ts). Run here against RxDB's real Dexie storage on an in-memory IndexedDB,
 * with the pull route served from an in-memory server that can change between two pages.
 */

type Doc = Transaction & { _deleted: boolean }

/** Smaller than the app's pages (the in-memory IndexedDB is slow); each page spans several tasks. */
const PAGE = 1_000
const ADDS_PER_TASK = 300
/** How the app checks a received transaction (replication.ts `fromWire`). */
const parse = (wire: WireDocument) => ({ ...Transaction.parse(wire), _deleted: wire._deleted })

const OWNER = 'u1'
let dbNumber = 0
const closers: (() => Promise<unknown>)[] = []

function expense(i: number, amount = 1_000 + i, updatedAt = 1_000): Doc {
  const date = 1_700_000_000_000 - i * 60_000
  return {
    id: `doc-${String(i).padStart(6, '0')}`,
    ownerId: OWNER,
    updatedAt,
    type: 'expense',
    amount,
    category: 'Food & Dining',
    description: `seeded ${i}`,
    date,
    dateDesc: invertTime(date),
    origin: 'app',
    _deleted: false,
  }
}

/** The pull route over rows in seq order; `write` changes a row as an edit on another device does. */
function server(docs: Doc[]) {
  let seq = 0
  const rows = docs.map((doc) => ({ doc, seq: ++seq }))
  const pulls: number[] = []
  let beforePull: (n: number) => void = () => undefined
  const write = (doc: Doc) => {
    const at = rows.findIndex((row) => row.doc.id === doc.id)
    if (at >= 0) rows.splice(at, 1)
    rows.push({ doc, seq: ++seq })
  }
  /** The route's `order=newest`: live documents after `from`, newest date first; the checkpoint stays. */
  const heads: number[] = []
  const newest = (from: number, limit: number) => {
    heads.push(from)
    const live = rows.filter((row) => row.seq > from && !row.doc._deleted).map((row) => row.doc)
    const documents = live.sort((a, b) => b.date - a.date).slice(0, limit)
    const body = { documents, checkpoint: { seq: from }, remaining: rows.filter((row) => row.seq > from).length }
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
  }
  const passedOn: (number | null)[] = []
  vi.stubGlobal('fetch', (url: string) => {
    const query = new URL(url, 'http://device').searchParams
    const from = Number(query.get('seq'))
    const limit = Number(query.get('limit'))
    if (query.get('order') === 'newest') return newest(from, limit)
    beforePull(pulls.length)
    pulls.push(from)
    passedOn.push(query.has('remaining') ? Number(query.get('remaining')) : null)
    const after = rows.filter((row) => row.seq > from)
    const page = after.slice(0, limit)
    const body = {
      documents: page.map((row) => row.doc),
      checkpoint: { seq: page.at(-1)?.seq ?? from },
      remaining: after.length - page.length,
    }
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
  })
  return {
    write,
    pulls,
    /** The checkpoint each newest-first request was made after. */
    heads,
    /** Per pull, the count it passed on from the page before (null: the server counts). */
    passedOn,
    lastSeq: () => seq,
    /** Runs `hook(n)` before the n-th pull (from 0) is answered. */
    onPull: (hook: (n: number) => void) => (beforePull = hook),
  }
}

async function device() {
  const db = await createRxDatabase<{ transactions: RxCollection<Transaction> }>({
    name: `firstdownload${++dbNumber}`,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    multiInstance: false,
  })
  await db.addCollections({
    transactions: { schema: rxSchemaOf('transactions'), conflictHandler: lastWriterWins, migrationStrategies },
  })
  closers.push(() => db.remove())
  const collection = db.transactions
  const download = (fromSeq = 0, afterFirstPage = () => {}) => {
    let pages = 0
    return downloadSnapshot({
      name: 'transactions',
      collection,
      identifier: 'rxdbreplicationhisaab-transactions-v1',
      getToken: () => 'token',
      fromSeq,
      pageSize: PAGE,
      addsPerTask: ADDS_PER_TASK,
      parse,
      onPage: () => {
        if (++pages === 1) afterFirstPage()
      },
      isStopped: () => false,
    })
  }
  const head = (headSize: number, fromSeq = 0, requested?: HeadRequest) =>
    downloadHead({
      collection,
      identifier: 'rxdbreplicationhisaab-transactions-v1',
      getToken: () => 'token',
      fromSeq,
      headSize,
      requested,
      addsPerTask: ADDS_PER_TASK,
      parse,
    })
  /** Every stored document (deleted ones too) as RxDB's storage returns it. */
  const stored = async () => {
    const ids = (await collection.find().exec()).map((doc) => doc.id)
    return collection.storageInstance.findDocumentsById(ids, true)
  }
  return { db, collection, download, head, stored }
}

afterEach(async () => {
  vi.unstubAllGlobals()
  for (const close of closers.splice(0)) await close()
})

describe('first download', () => {
  it.each([0, 1, PAGE - 1, PAGE, PAGE + 1, 2 * PAGE])(
    'stores %i documents and returns the last checkpoint, wherever the pages end',
    async (n) => {
      const remote = server(Array.from({ length: n }, (_, i) => expense(i)))
      const { collection, download, stored } = await device()
      expect(await download()).toBe(remote.lastSeq())
      expect(await collection.count().exec()).toBe(n)
      for (const doc of await stored()) {
        expect(doc._meta.lwt).toBe(SNAPSHOT_LWT)
        expect(doc.amount).toBe(1_000 + Number(doc.id.slice(4)))
      }
      // Whole pages only, then one short (or empty) page: nothing fetched twice.
      expect(remote.pulls).toEqual(Array.from({ length: Math.floor(n / PAGE) + 1 }, (_, i) => i * PAGE))
      // Each page after the first passes on what its page before said remains: the server counts once.
      expect(remote.passedOn).toEqual(remote.pulls.map((from, i) => (i === 0 ? null : n - from)))
    },
  )

  it('announces each written page to live queries subscribed before the download', async () => {
    server(Array.from({ length: PAGE + 10 }, (_, i) => expense(i)))
    const { collection, download } = await device()
    const seen: string[][] = []
    const newest = collection.find({ selector: { dateDesc: { $gte: 0 } }, sort: [{ dateDesc: 'asc' }], limit: 2 })
    const subscription = newest.$.subscribe((docs) => seen.push(docs.map((doc) => doc.id)))
    await download()
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['doc-000000', 'doc-000001']))
    subscription.unsubscribe()
  })

  it('keeps a local edit made during the download and takes newer server versions of downloaded ones', async () => {
    const remote = server(Array.from({ length: PAGE + 100 }, (_, i) => expense(i)))
    const { collection, download, stored } = await device()
    // While page two is asked for, another device changes two documents of page one: they come
    // again in page two. Once page one is written, this device edits one of them, later still.
    remote.onPull((n) => {
      if (n !== 1) return
      remote.write(expense(5, 55, 2_000))
      remote.write(expense(7, 70, 2_000))
    })
    let edit: Promise<unknown> = Promise.resolve()
    const firstPage = () => {
      edit = collection
        .findOne('doc-000007')
        .exec()
        .then((doc) => doc!.incrementalPatch({ amount: 71, updatedAt: 3_000 }))
    }
    await download(0, firstPage)
    await edit
    const byId = new Map((await stored()).map((doc) => [doc.id, doc]))
    expect(byId.size).toBe(PAGE + 100)
    expect(byId.get('doc-000005')!.amount).toBe(55)
    expect(byId.get('doc-000005')!._meta.lwt).toBe(SNAPSHOT_LWT)
    // The device's own edit has a real write time (the upstream pushes it) and is not replaced.
    expect(byId.get('doc-000007')!.amount).toBe(71)
    expect(byId.get('doc-000007')!._meta.lwt).toBeGreaterThan(SNAPSHOT_LWT)
  })

  it('stores deleted documents as deleted and resumes from a checkpoint', async () => {
    const docs = Array.from({ length: 30 }, (_, i) => expense(i))
    docs[3] = { ...docs[3]!, _deleted: true }
    const remote = server(docs)
    const { collection, download, stored } = await device()
    expect(await download(20)).toBe(30)
    expect(remote.pulls).toEqual([20])
    expect(await collection.count().exec()).toBe(10)
    expect((await download(0)) && (await collection.count().exec())).toBe(29)
    const deleted = await collection.storageInstance.findDocumentsById(['doc-000003'], true)
    expect(deleted[0]!._deleted).toBe(true)
    expect((await stored()).length).toBe(29)
  })

  it('shows the head first; the download after it leaves identical documents and stores the server state', async () => {
    // Seq order is oldest first (as a year of use adds entries): the newest are in the last page.
    const docs = Array.from({ length: PAGE + 50 }, (_, i) => expense(PAGE + 49 - i))
    docs[PAGE + 48] = { ...docs[PAGE + 48]!, _deleted: true } // doc-000001, the second newest, deleted
    const remote = server(docs)
    const { collection, download, head, stored } = await device()
    const seen: string[][] = []
    const newest = collection.find({ selector: { dateDesc: { $gte: 0 } }, sort: [{ dateDesc: 'asc' }], limit: 3 })
    const subscription = newest.$.subscribe((rows) => seen.push(rows.map((doc) => doc.id)))
    await head(20)
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['doc-000000', 'doc-000002', 'doc-000003']))
    expect(remote.pulls).toEqual([])
    expect(await collection.count().exec()).toBe(20)
    // Between the head and the download another device edits one of the head's documents.
    remote.write(expense(2, 22, 2_000))
    expect(await download()).toBe(remote.lastSeq())
    subscription.unsubscribe()
    const byId = new Map((await stored()).map((doc) => [doc.id, doc]))
    expect(byId.size).toBe(PAGE + 49)
    const [deleted] = await collection.storageInstance.findDocumentsById(['doc-000001'], true)
    expect(deleted!._deleted).toBe(true)
    expect(byId.get('doc-000002')!.amount).toBe(22)
    for (const doc of byId.values()) expect(doc._meta.lwt).toBe(SNAPSHOT_LWT)
    // A head document delivered again unchanged is left as it is; the edited one was replaced.
    expect(byId.get('doc-000000')!._rev).toBe('1-snapshot')
    expect(byId.get('doc-000002')!._rev).toBe('2-snapshot')
  })

  it('uses the head asked for while the database opened, unless it was asked after another checkpoint', async () => {
    const docs = Array.from({ length: 60 }, (_, i) => expense(59 - i))
    const remote = server(docs)
    const asked = fetchHead(0, () => 'token', parse, 20)
    const { collection, head } = await device()
    await head(20, 0, asked)
    expect(remote.heads).toEqual([0])
    const newestFirst = await collection
      .find({ selector: { dateDesc: { $gte: 0 } }, sort: [{ dateDesc: 'asc' }] })
      .exec()
    expect(newestFirst.map((doc) => doc.id)).toEqual(
      docs
        .slice(40)
        .reverse()
        .map((doc) => doc.id),
    )

    // The device's progress moved on (a resumed download): an answer for seq 0 is asked again.
    const stale = fetchHead(0, () => 'token', parse, 20)
    const second = await device()
    await second.head(20, 50, stale)
    expect(remote.heads).toEqual([0, 0, 50])
    expect(await second.collection.count().exec()).toBe(10)
  })
})
