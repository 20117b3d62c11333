import { useSyncExternalStore } from 'react'

/**
 * The sync indicator's store (DESIGN §4): online/offline, syncing, pending changes, last synced
 * time and the first-download progress of a new device. A tiny external store for
 * `useSyncExternalStore`; no rxdb here.
 */
export interface SyncSnapshot {
  /** navigator.onLine */
  browserOnline: boolean
  /** false after a request to the server failed at the network level, true after one succeeded. */
  serverReachable: boolean
  /** Some replication is pulling or pushing right now. */
  active: boolean
  /** Documents written locally and not yet acknowledged by a successful push. */
  pending: number
  /** ms of the last successful pull or push, or null. */
  lastSyncedAt: number | null
  /** 0..1 while a fresh database does its first download, otherwise null. */
  firstDownload: number | null
  /**
   * Whether the browser keeps this site's data under storage pressure (`navigator.storage.persisted()`);
   * null until asked or where the browser cannot say.
   */
  storageKept: boolean | null
}

export type SyncIndicatorState = 'offline' | 'syncing' | 'synced'

let snapshot: SyncSnapshot = {
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverReachable: true,
  active: false,
  pending: 0,
  lastSyncedAt: null,
  firstDownload: null,
  storageKept: null,
}
const listeners = new Set<() => void>()

export function getSyncSnapshot(): SyncSnapshot {
  return snapshot
}

export function subscribeSync(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The snapshot as React state; the shell's indicator reads it without loading the data layer. */
export function useSyncState(): SyncSnapshot {
  return useSyncExternalStore(subscribeSync, getSyncSnapshot, getSyncSnapshot)
}

export function updateSync(patch: Partial<SyncSnapshot>): void {
  let changed = false
  for (const key of Object.keys(patch) as (keyof SyncSnapshot)[]) {
    if (patch[key] !== snapshot[key]) changed = true
  }
  if (!changed) return
  snapshot = { ...snapshot, ...patch }
  for (const listener of [...listeners]) listener()
}

/** Until a pull or push has answered since the page opened, the device does not know it is in step. */
export function indicatorState(s: SyncSnapshot): SyncIndicatorState {
  if (!s.browserOnline || !s.serverReachable) return 'offline'
  if (s.active || s.pending > 0 || s.firstDownload !== null || s.lastSyncedAt === null) return 'syncing'
  return 'synced'
}

export function indicatorText(s: SyncSnapshot): string {
  const state = indicatorState(s)
  const pending = s.pending > 0 ? ` · ${s.pending} pending` : ''
  if (state === 'offline') return `Offline${pending}`
  if (state === 'syncing') return `Syncing…${pending}`
  return 'Synced'
}

/**
 * What the bar under the sync indicator says, if anything: a first download that is waiting for
 * the server, or entries waiting to go up in a browser that may clear its data to free space.
 */
export type SyncNotice = { kind: 'download-waiting' } | { kind: 'at-risk'; pending: number } | null

export function syncNotice(s: SyncSnapshot): SyncNotice {
  if (indicatorState(s) !== 'offline') return null
  if (s.storageKept === false && s.pending > 0) return { kind: 'at-risk', pending: s.pending }
  if (s.firstDownload !== null) return { kind: 'download-waiting' }
  return null
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => updateSync({ browserOnline: true }))
  window.addEventListener('offline', () => updateSync({ browserOnline: false }))
}
