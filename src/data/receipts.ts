import type { Receipt, ReceiptType } from '../../schema/entities/receipt'
import { RECEIPT_TYPES } from '../../schema/entities/receipt'
import { readToken } from './session'

/**
 * Receipt photos on this device: a small IndexedDB database beside RxDB's (the bytes stay out of
 * the replicated documents, so pulls and first downloads stay small), with a queue of uploads
 * that survives reloads. A photo shows from here at once, offline too; another device's photo is
 * fetched from `/api/receipts/:id` when opened and kept.
 */
const DB_NAME = 'hisaab-receipts'
const PHOTOS = 'photos'
const UPLOADS = 'uploads'

export type ReceiptCollection = 'transactions' | 'household_expenses'

interface PendingUpload {
  id: string
  collection: ReceiptCollection
  documentId: string
  tries: number
}

let opening: Promise<IDBDatabase> | null = null

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore(PHOTOS)
      request.result.createObjectStore(UPLOADS, { keyPath: 'id' })
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'))
  })
  return opening
}

async function run<T>(store: string, mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database()
  return new Promise((resolve, reject) => {
    const request = act(db.transaction(store, mode).objectStore(store))
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'))
  })
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Keeps a reduced photo on this device and returns what the expense says about it. */
export async function keepReceiptPhoto(blob: Blob): Promise<Receipt> {
  const type = RECEIPT_TYPES.find<ReceiptType>((t): t is ReceiptType => t === blob.type)
  if (!type) throw new Error(`Unsupported receipt type ${blob.type}`)
  const receipt: Receipt = { id: crypto.randomUUID(), type, bytes: blob.size, sha256: await sha256Hex(blob) }
  await run(PHOTOS, 'readwrite', (s) => s.put(blob, receipt.id))
  return receipt
}

/** Uploads the photo once its expense is on the server; kept in the queue until then. */
export async function queueReceiptUpload(receipt: Receipt, collection: ReceiptCollection, documentId: string) {
  const pending: PendingUpload = { id: receipt.id, collection, documentId, tries: 0 }
  await run(UPLOADS, 'readwrite', (s) => s.put(pending))
  scheduleUploads(1_000)
}

/** The photo as an object URL: from this device, else fetched once and kept. Null when unavailable. */
export async function receiptPhotoUrl(receipt: Receipt): Promise<string | null> {
  const local = await run<Blob | undefined>(
    PHOTOS,
    'readonly',
    (s) => s.get(receipt.id) as IDBRequest<Blob | undefined>,
  )
  if (local) return URL.createObjectURL(local)
  const token = readToken()
  if (!token) return null
  const response = await fetch(`/api/receipts/${receipt.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    cache: 'no-store',
  }).catch(() => null)
  if (!response?.ok) return null
  const blob = await response.blob()
  await run(PHOTOS, 'readwrite', (s) => s.put(blob, receipt.id))
  return URL.createObjectURL(blob)
}

const PATHS: Record<ReceiptCollection, string> = {
  transactions: 'transactions',
  household_expenses: 'household-expenses',
}

/** How often a queued upload is tried before it is given up (the expense never reached the server). */
const MAX_TRIES = 50
let timer: ReturnType<typeof setTimeout> | null = null
let running = false

/** Runs the upload queue after `delayMs` (again every minute while something waits). */
export function scheduleUploads(delayMs = 0): void {
  if (timer) clearTimeout(timer)
  timer = setTimeout(() => void uploadQueued(), delayMs)
}

async function uploadQueued(): Promise<void> {
  timer = null
  if (running) return
  running = true
  let left = 0
  try {
    const queued = await run<PendingUpload[]>(UPLOADS, 'readonly', (s) => s.getAll() as IDBRequest<PendingUpload[]>)
    for (const item of queued) if (!(await uploadOne(item))) left += 1
  } finally {
    running = false
  }
  if (left > 0) scheduleUploads(navigator.onLine ? 15_000 : 60_000)
}

/** True when the item is done with (uploaded, or refused for good). */
async function uploadOne(item: PendingUpload): Promise<boolean> {
  const token = readToken()
  const blob = await run<Blob | undefined>(PHOTOS, 'readonly', (s) => s.get(item.id) as IDBRequest<Blob | undefined>)
  if (!token || !blob) return finish(item, !blob)
  const response = await fetch(`/api/receipts/${PATHS[item.collection]}/${item.documentId}/${item.id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': blob.type },
    body: blob,
  }).catch(() => null)
  if (response?.ok) return finish(item, true)
  // Offline, or the expense (or its receipt) has not reached the server yet: try again later.
  const later = !response || [404, 409, 429].includes(response.status) || response.status >= 500
  if (later && item.tries + 1 < MAX_TRIES) {
    await run(UPLOADS, 'readwrite', (s) => s.put({ ...item, tries: item.tries + 1 }))
    return false
  }
  return finish(item, true)
}

async function finish(item: PendingUpload, done: boolean): Promise<boolean> {
  if (done) await run(UPLOADS, 'readwrite', (s) => s.delete(item.id))
  return done
}

if (typeof window !== 'undefined') window.addEventListener('online', () => scheduleUploads(500))
