import { useSyncExternalStore } from 'react'
import { z } from 'zod'
import type { Receipt, ReceiptType } from '../../schema/entities/receipt'
import { RECEIPT_TYPES } from '../../schema/entities/receipt'
import { collectionOf } from './collections'
import {
  deletePhoto,
  deleteUpload,
  readPhoto,
  readUploads,
  writePhoto,
  writeUpload,
  type PendingUpload,
  type ReceiptCollection,
} from './receipt-store'
import { readToken } from './session'
import { getSyncSnapshot, subscribeSync } from './sync-state'

export type { ReceiptCollection } from './receipt-store'

/**
 * Receipt photos: kept on this device at once (they show offline), uploaded once the expense
 * naming them is on the server. The queue survives reloads and is retried with a growing pause,
 * at once when the device is back online or a push went through; the server's refusal (too large,
 * not a photo, out of space) stays on the entry with its message. Another device's photo is
 * fetched from `/api/receipts/:id` when opened and kept.
 */

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Keeps a reduced photo on this device and returns what the expense says about it. */
export async function keepReceiptPhoto(blob: Blob): Promise<Receipt> {
  const type = RECEIPT_TYPES.find<ReceiptType>((t): t is ReceiptType => t === blob.type)
  if (!type) throw new Error(`Unsupported receipt type ${blob.type}`)
  const receipt: Receipt = { id: crypto.randomUUID(), type, bytes: blob.size, sha256: await sha256Hex(blob) }
  await writePhoto(receipt.id, blob)
  return receipt
}

/** Uploads the photo once its expense is on the server; kept in the queue until then. */
export async function queueReceiptUpload(receipt: Receipt, collection: ReceiptCollection, documentId: string) {
  await writeUpload({ id: receipt.id, collection, documentId, tries: 0 })
  await refreshStatus()
  scheduleUploads(500)
}

/** Forgets a photo on this device (removed or replaced on its entry, or the entry deleted). */
export async function dropReceiptPhoto(id: string): Promise<void> {
  await Promise.all([deletePhoto(id), deleteUpload(id)])
  await refreshStatus()
}

/** The photo as an object URL: from this device, else fetched once and kept. Null when unavailable. */
export async function receiptPhotoUrl(receipt: Receipt): Promise<string | null> {
  const local = await readPhoto(receipt.id)
  if (local) return URL.createObjectURL(local)
  const token = readToken()
  if (!token) return null
  const response = await fetch(`/api/receipts/${receipt.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    cache: 'no-store',
  }).catch(() => null)
  if (!response?.ok) return null
  const blob = await response.blob()
  await writePhoto(receipt.id, blob)
  return URL.createObjectURL(blob)
}

// ---- upload status, for the entry's indicator and the form's field ----

export type UploadStatus = { state: 'waiting' } | { state: 'refused'; message: string }

let statuses = new Map<string, UploadStatus>()
const listeners = new Set<() => void>()

async function refreshStatus(): Promise<void> {
  const items = await readUploads().catch(() => [] as PendingUpload[])
  statuses = new Map(
    items.map((item): [string, UploadStatus] => [
      item.id,
      item.refused ? { state: 'refused', message: item.refused } : { state: 'waiting' },
    ]),
  )
  for (const listener of [...listeners]) listener()
}

function subscribeStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether this device still has the receipt to upload (or the server refused it); null once uploaded. */
export function useReceiptUpload(id: string | null | undefined): UploadStatus | null {
  const get = () => (id ? (statuses.get(id) ?? null) : null)
  return useSyncExternalStore(subscribeStatus, get, get)
}

// ---- the upload queue ----

const PATHS: Record<ReceiptCollection, string> = {
  transactions: 'transactions',
  household_expenses: 'household-expenses',
}
/** Refusals that trying again cannot change: shown on the entry instead. */
const REFUSED = new Set([400, 403, 413, 415, 422])
const MAX_PAUSE_MS = 5 * 60_000
const ErrorBody = z.object({ error: z.string() })

let timer: ReturnType<typeof setTimeout> | null = null
let running = false
let again = false
let started = false

/** Runs the upload queue after `delayMs`. */
export function scheduleUploads(delayMs = 0): void {
  if (timer) clearTimeout(timer)
  timer = setTimeout(() => void runReceiptUploads(), delayMs)
}

/** Starts the queue for the signed-in user: now, when back online, and after each push that went through. */
export function startReceiptUploads(): void {
  void refreshStatus()
  scheduleUploads(0)
  if (started) return
  started = true
  window.addEventListener('online', () => scheduleUploads(500))
  let was = getSyncSnapshot()
  subscribeSync(() => {
    const now = getSyncSnapshot()
    const reached = now.serverReachable && !was.serverReachable
    if (reached || (now.pending === 0 && was.pending > 0)) scheduleUploads(300)
    was = now
  })
}

/** One pass over the queue (exported for tests); schedules the next while something waits. */
export async function runReceiptUploads(): Promise<void> {
  timer = null
  if (running) {
    again = true
    return
  }
  running = true
  let fewestTries: number | null = null
  try {
    for (const item of await readUploads()) {
      if (item.refused || (await uploadOne(item))) continue
      fewestTries = Math.min(fewestTries ?? item.tries, item.tries)
    }
  } catch (error) {
    console.warn('Receipt uploads', error)
    fewestTries = 0
  } finally {
    running = false
    await refreshStatus()
  }
  if (again) {
    again = false
    scheduleUploads(0)
  } else if (fewestTries !== null) scheduleUploads(Math.min(MAX_PAUSE_MS, 2_000 * 2 ** fewestTries))
}

/** The receipt the entry names on this device now; undefined when the entry is gone. */
async function namedReceipt(item: PendingUpload): Promise<Receipt | null | undefined> {
  const doc = await (await collectionOf(item.collection)).findOne(item.documentId).exec()
  return doc ? (doc.receipt ?? null) : undefined
}

/** True when the item is done with (uploaded, refused, or no longer named by its entry). */
async function uploadOne(item: PendingUpload): Promise<boolean> {
  if ((await namedReceipt(item))?.id !== item.id) {
    await dropReceiptPhoto(item.id)
    return true
  }
  const token = readToken()
  const blob = await readPhoto(item.id)
  if (!blob) {
    await deleteUpload(item.id)
    return true
  }
  if (!token) return false
  const response = await fetch(`/api/receipts/${PATHS[item.collection]}/${item.documentId}/${item.id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': blob.type },
    body: blob,
  }).catch(() => null)
  if (response?.ok) {
    await deleteUpload(item.id)
    return true
  }
  if (response && REFUSED.has(response.status)) {
    const body = ErrorBody.safeParse(await response.json().catch(() => null))
    const message = body.success ? body.data.error : `The server refused this photo (${response.status}).`
    await writeUpload({ ...item, refused: message })
    return true
  }
  // Offline, or the expense (or its receipt) has not reached the server yet (404, 409): later.
  await writeUpload({ ...item, tries: item.tries + 1 })
  return false
}
