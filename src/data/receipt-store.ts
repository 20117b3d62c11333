/**
 * Receipt photos on this device: a small IndexedDB database beside RxDB's (the bytes stay out of
 * the replicated documents, so pulls and first downloads stay small). `photos` holds the bytes by
 * receipt id; `uploads` the photos still to send, each with the server's refusal once it gave one.
 */
const DB_NAME = 'hisaab-receipts'
const PHOTOS = 'photos'
const UPLOADS = 'uploads'

export type ReceiptCollection = 'transactions' | 'household_expenses'

export interface PendingUpload {
  /** The receipt's id. */
  id: string
  collection: ReceiptCollection
  documentId: string
  tries: number
  /** The server's message when it refused the photo for good (413, 415, 422); the photo is kept. */
  refused?: string
}

let opening: Promise<IDBDatabase> | null = null

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore(PHOTOS)
      request.result.createObjectStore(UPLOADS, { keyPath: 'id' })
    }
    request.onsuccess = () => {
      // Another tab's logout deletes the database: let it, and open afresh next time.
      request.result.onversionchange = () => {
        request.result.close()
        opening = null
      }
      resolve(request.result)
    }
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'))
  }).catch((error: unknown) => {
    opening = null
    throw error
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

export const readPhoto = (id: string) =>
  run<Blob | undefined>(PHOTOS, 'readonly', (s) => s.get(id) as IDBRequest<Blob | undefined>)
export const writePhoto = (id: string, blob: Blob) => run(PHOTOS, 'readwrite', (s) => s.put(blob, id))
export const deletePhoto = (id: string) => run(PHOTOS, 'readwrite', (s) => s.delete(id))

export const readUploads = () =>
  run<PendingUpload[]>(UPLOADS, 'readonly', (s) => s.getAll() as IDBRequest<PendingUpload[]>)
export const writeUpload = (item: PendingUpload) => run(UPLOADS, 'readwrite', (s) => s.put(item))
export const deleteUpload = (id: string) => run(UPLOADS, 'readwrite', (s) => s.delete(id))

/** Deletes every photo and queued upload on this device (logout, account deletion). */
export async function forgetReceiptPhotos(): Promise<void> {
  const open = opening
  opening = null
  if (open) await open.then((db) => db.close()).catch(() => undefined)
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'))
    // Another tab still holds it open: it closes on `versionchange`, then this completes.
    request.onblocked = () => undefined
  })
}
