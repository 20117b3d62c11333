import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Receipt } from '../../schema/entities/receipt'

/** What the entry names on this device, by document id (the local database's answer). */
const named = new Map<string, Receipt | null>()
vi.mock('../../src/data/database', () => {
  const collection = {
    findOne: (id: string) => ({ exec: () => Promise.resolve(named.has(id) ? { receipt: named.get(id) } : null) }),
  }
  const db = { transactions: collection, household_expenses: collection }
  return { userData: () => ({ db, whole: Promise.resolve(db) }) }
})
vi.mock('../../src/data/session', () => ({ readToken: () => 'token' }))

const receipts = await import('../../src/data/receipts')
const store = await import('../../src/data/receipt-store')

const photo = (fill: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, fill, 1, 2, 3])], { type: 'image/jpeg' })
const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let answers: Response[] = []
const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(answers.shift() ?? answer(500)))

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  vi.stubGlobal('fetch', fetchMock)
  await store.forgetReceiptPhotos()
  named.clear()
  answers = []
  fetchMock.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function queued(documentId: string, fill = 1): Promise<Receipt> {
  const receipt = await receipts.keepReceiptPhoto(photo(fill))
  named.set(documentId, receipt)
  await receipts.queueReceiptUpload(receipt, 'transactions', documentId)
  return receipt
}

describe('the receipt upload queue', () => {
  it('keeps a photo the server cannot place yet (409) and uploads it on a later pass', async () => {
    const receipt = await queued('tx-1')
    answers = [answer(409, { error: 'not yet' })]
    await receipts.runReceiptUploads()
    expect((await store.readUploads()).map((u) => [u.id, u.tries, u.refused])).toEqual([[receipt.id, 1, undefined]])
    answers = [answer(201, receipt)]
    await receipts.runReceiptUploads()
    expect(await store.readUploads()).toEqual([])
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/receipts/transactions/tx-1/${receipt.id}`)
    // The photo stays on the device: it shows offline.
    expect((await store.readPhoto(receipt.id))?.size).toBe(receipt.bytes)
  })

  it.each([413, 415, 422])(
    'keeps a %i refusal with the server message instead of dropping the photo',
    async (status) => {
      const receipt = await queued('tx-2')
      answers = [answer(status, { error: 'This photo is too large to keep as a receipt (the limit is 300 KB).' })]
      await receipts.runReceiptUploads()
      const [item] = await store.readUploads()
      expect(item).toMatchObject({
        id: receipt.id,
        refused: 'This photo is too large to keep as a receipt (the limit is 300 KB).',
      })
      expect(await store.readPhoto(receipt.id)).toBeDefined()
      // A refused photo is not sent again.
      await receipts.runReceiptUploads()
      expect(fetchMock).toHaveBeenCalledTimes(1)
    },
  )

  it('drops a photo its entry no longer names (removed, replaced or deleted) without sending it', async () => {
    const removed = await queued('tx-3', 1)
    const deleted = await queued('tx-4', 2)
    named.set('tx-3', null)
    named.delete('tx-4')
    await receipts.runReceiptUploads()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(await store.readUploads()).toEqual([])
    expect(await store.readPhoto(removed.id)).toBeUndefined()
    expect(await store.readPhoto(deleted.id)).toBeUndefined()
  })

  it('leaves nothing after the photo store is forgotten (logout)', async () => {
    const receipt = await queued('tx-5')
    await store.forgetReceiptPhotos()
    expect(await store.readUploads()).toEqual([])
    expect(await store.readPhoto(receipt.id)).toBeUndefined()
  })
})
