import { combineLatest, type Observable, type Subscription } from 'rxjs'
import type { RxReplicationPullStreamItem, WithDeleted } from 'rxdb/plugins/core'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { ADMIN_COLLECTIONS, SYNCED_COLLECTIONS, type CollectionName } from '../../schema/collections'
import type { PullResponse, SyncCheckpoint } from '../../schema/api/sync'
import { toWire } from './conflict'
import type { HisaabDatabase } from './database'
import { apiFetch } from './http'
import { readSession } from './session'
import type { PendingWrites } from './pending'
import { SyncStream, type StreamItem } from './sync-stream'
import { updateSync } from './sync-state'

const PULL_BATCH = 500
const PUSH_BATCH = 100
const RETRY_MS = 5_000

type Doc = { id: string; updatedAt: number } & Record<string, unknown>

export interface ReplicationHandle {
  states: Map<CollectionName, RxReplicationState<Doc, SyncCheckpoint>>
  /** Resolves when every collection finished its first pull and push. */
  initialSync: Promise<void>
  reSync(): void
  stop(): Promise<void>
}

interface StartOptions {
  db: HisaabDatabase
  dbName: string
  userId: string
  getToken: () => string | null
  pending: PendingWrites
}

/**
 * Replicates every personal and household collection with the server: paged pulls from a `seq`
 * checkpoint, pushes with the assumed master state, and live changes from one shared event
 * stream. Household rows come by membership; the server answers a household push with its own,
 * newer state where it decided something (status, reviews), which last-writer-wins then keeps.
 */
export function startReplication({ db, dbName, getToken, pending }: StartOptions): ReplicationHandle {
  // Admins also replicate the admin-scope collections (the server refuses them to anyone else).
  const names = readSession()?.user?.role === 'admin' ? [...SYNCED_COLLECTIONS, ...ADMIN_COLLECTIONS] : SYNCED_COLLECTIONS
  const stream = new SyncStream(getToken)
  const states = new Map<CollectionName, RxReplicationState<Doc, SyncCheckpoint>>()
  const syncedKey = `hisaab.synced.${dbName}`
  const firstDownload = localStorage.getItem(syncedKey) !== '1'
  const progress = new Map<string, { pulled: number; remaining: number; done: boolean }>()
  if (firstDownload) updateSync({ firstDownload: 0 })

  const reportProgress = () => {
    if (!firstDownload) return
    let pulled = 0
    let total = 0
    let done = 0
    for (const p of progress.values()) {
      pulled += p.pulled
      total += p.pulled + p.remaining
      if (p.done) done += 1
    }
    const fraction = total > 0 ? pulled / total : done / names.length
    updateSync({ firstDownload: Math.min(0.99, Math.max(0.02, fraction)) })
  }

  /**
   * After a push meets conflicts, ask the server to re-send those documents once replication is
   * idle (schema/api/sync.ts RestampBody says why): a newer server state that RxDB skipped while
   * the push was in flight then arrives when nothing is pending, and every device settles on it.
   */
  const conflicted = new Map<CollectionName, Set<string>>()
  const restampLater = (name: CollectionName, ids: string[]) => {
    const waiting = conflicted.get(name)
    if (waiting) {
      for (const id of ids) waiting.add(id)
      return
    }
    conflicted.set(name, new Set(ids))
    void (async () => {
      try {
        await states.get(name)?.awaitInSync()
        const all = [...(conflicted.get(name) ?? [])]
        conflicted.delete(name)
        for (let i = 0; i < all.length; i += 500) {
          await apiFetch(`/sync/${name}/restamp`, { method: 'POST', body: { ids: all.slice(i, i + 500) }, token: getToken() })
        }
      } catch {
        // Offline or stopped: the next conflict on these documents asks again.
        conflicted.delete(name)
      }
    })()
  }

  for (const name of names) {
    const state = replicateRxCollection<Doc, SyncCheckpoint>({
      collection: db[name] as never,
      replicationIdentifier: `hisaab-${name}-v1`,
      live: true,
      retryTime: RETRY_MS,
      waitForLeadership: false,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH,
        stream$: stream.events(name).asObservable() as unknown as Observable<RxReplicationPullStreamItem<Doc, SyncCheckpoint>>,
        handler: async (checkpoint, batchSize) => {
          const query = new URLSearchParams({ limit: String(batchSize) })
          if (checkpoint) query.set('seq', String(checkpoint.seq))
          const body = await apiFetch<PullResponse<Doc> & { remaining?: number }>(`/sync/${name}/pull?${query}`, { token: getToken() })
          updateSync({ lastSyncedAt: Date.now() })
          if (firstDownload) {
            const entry = progress.get(name) ?? { pulled: 0, remaining: 0, done: false }
            entry.pulled += body.documents.length
            entry.remaining = typeof body.remaining === 'number' ? body.remaining : 0
            entry.done = body.documents.length < batchSize
            progress.set(name, entry)
            reportProgress()
          }
          return {
            documents: body.documents,
            checkpoint: body.documents.length > 0 ? body.checkpoint : (checkpoint ?? body.checkpoint),
          }
        },
      },
      push: {
        batchSize: PUSH_BATCH,
        handler: async (rows) => {
          const wire = rows.map((row) => ({
            ...(row.assumedMasterState ? { assumedMasterState: toWire(row.assumedMasterState) } : {}),
            newDocumentState: toWire(row.newDocumentState),
          }))
          const conflicts = await apiFetch<WithDeleted<Doc>[]>(`/sync/${name}/push`, {
            method: 'POST',
            body: wire,
            token: getToken(),
          })
          updateSync({ lastSyncedAt: Date.now() })
          if (conflicts.length > 0) restampLater(name, conflicts.map((doc) => doc.id))
          // Pushed versions are acknowledged; a conflict is resolved by the handler above and, if
          // the local version wins, pushed again as a new write.
          pending.acknowledge(
            name,
            rows.map((row) => row.newDocumentState),
          )
          return conflicts
        },
      },
    })
    state.error$.subscribe((error) => {
      // Handler failures are retried after RETRY_MS; the sync indicator shows them as offline.
      if (import.meta.env.DEV) console.warn(`[sync] ${name}`, error)
    })
    states.set(name, state)
  }

  const active: Subscription = combineLatest([...states.values()].map((s) => s.active$)).subscribe((flags) => {
    updateSync({ active: flags.some(Boolean) })
  })

  const initialSync = Promise.all([...states.values()].map((s) => s.awaitInitialReplication())).then(() => {
    if (firstDownload) {
      localStorage.setItem(syncedKey, '1')
      updateSync({ firstDownload: null })
    }
  })
  initialSync.catch(() => undefined)

  const reSync = () => {
    for (const state of states.values()) state.reSync()
  }
  window.addEventListener('online', reSync)
  stream.start()

  return {
    states,
    initialSync,
    reSync,
    async stop() {
      window.removeEventListener('online', reSync)
      active.unsubscribe()
      stream.stop()
      await Promise.all([...states.values()].map((s) => s.cancel()))
      updateSync({ active: false, firstDownload: null })
    },
  }
}

export type { StreamItem }
