import { updateSync } from './sync-state'

/**
 * Whether the browser keeps this site's data (IndexedDB with entries not pushed yet among it) when
 * storage runs low, and how much it uses. No rxdb here: the sync indicator reads the answer.
 */

type StorageManagerLike = Pick<StorageManager, 'persisted' | 'persist' | 'estimate'>

function manager(): Partial<StorageManagerLike> | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage
}

/** Reads whether the data is kept, without asking for anything. */
export async function readStorageKept(): Promise<boolean | null> {
  const storage = manager()
  const kept = storage?.persisted ? await storage.persisted().catch(() => null) : null
  updateSync({ storageKept: kept })
  return kept
}

let asked: Promise<boolean | null> | null = null

/**
 * Asks the browser to keep this site's data, once per page load of a signed-in user (Chrome grants
 * it to installed apps and engaged sites without a prompt; Firefox asks the person once and remembers
 * the answer). Resolves with whether it is kept, or null where the browser cannot say.
 */
export function keepStorage({ again = false } = {}): Promise<boolean | null> {
  if (asked && !again) return asked
  asked = (async () => {
    const storage = manager()
    if (!storage?.persist) return readStorageKept()
    if ((await readStorageKept()) === true) return true
    const kept = await storage.persist().catch(() => false)
    updateSync({ storageKept: kept })
    return kept
  })()
  return asked
}

export interface StorageUse {
  /** Bytes this site stores. */
  usage: number
  /** Bytes the browser allows it. */
  quota: number
}

/** How much this site stores and may store (`navigator.storage.estimate()`), or null where unknown. */
export async function storageUse(): Promise<StorageUse | null> {
  const storage = manager()
  if (!storage?.estimate) return null
  const estimate = await storage.estimate().catch(() => null)
  if (typeof estimate?.usage !== 'number' || typeof estimate.quota !== 'number') return null
  return { usage: estimate.usage, quota: estimate.quota }
}
