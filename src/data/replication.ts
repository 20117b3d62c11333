import { combineLatest, map, type Subscription } from 'rxjs'
import type { RxCollection, WithDeleted } from 'rxdb/plugins/core'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import {
  ADMIN_COLLECTIONS,
  entityOf,
  SYNCED_COLLECTIONS,
  type CollectionName,
  type DocOf,
} from '../../schema/collections'
import {
  PullResponse,
  PushConflicts,
  RestampResponse,
  type SyncCheckpoint,
  type WireDocument,
} from '../../schema/api/sync'
import { toWire } from './conflict'
import type { HisaabDatabase } from './database'
import { apiFetch } from './http'
import type { PendingWrites } from './pending'
import { readSession } from './session'
import { SyncStream, type StreamItem } from './sync-stream'
import { updateSync } from './sync-state'

const PULL_BATCH = 500
const PUSH_BATCH = 100
const RETRY_MS = 5_000

/** What the app does with a running replication (the same for every collection). */
type ReplicationControl = Pick<
  RxReplicationState<unknown, SyncCheckpoint>,
  'active$' | 'awaitInitialReplication' | 'awaitInSync' | 'reSync' | 'cancel'
>

/** A received document, checked by its collection's entity (a malformed one fails the batch). */
function fromWire<N extends CollectionName>(name: N, wire: WireDocument): WithDeleted<DocOf<N>> {
  const { _deleted, ...fields } = wire
  return { ...entityOf(name).parse(fields), _deleted }
}

export interface ReplicationHandle {
  states: Map<CollectionName, ReplicationControl>
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
 * A new device's first download as one fraction for the progress bar: documents pulled over
 * pulled + remaining across all collections (kept between 2 % and 99 % until the end).
 */
function downloadProgress(collections: number) {
  const progress = new Map<string, { pulled: number; remaining: number; done: boolean }>()
  return (name: string, page: { pulled: number; remaining: number; done: boolean }) => {
    const entry = progress.get(name) ?? { pulled: 0, remaining: 0, done: false }
    progress.set(name, { pulled: entry.pulled + page.pulled, remaining: page.remaining, done: page.done })
    let pulled = 0
    let total = 0
    let done = 0
    for (const p of progress.values()) {
      pulled += p.pulled
      total += p.pulled + p.remaining
      if (p.done) done += 1
    }
    const fraction = total > 0 ? pulled / total : done / collections
    updateSync({ firstDownload: Math.min(0.99, Math.max(0.02, fraction)) })
  }
}

interface CollectionContext {
  db: HisaabDatabase
  stream: SyncStream
  getToken: () => string | null
  pending: PendingWrites
  /** Called with each pulled page while a new device downloads, else null. */
  onPage: ((name: string, page: { pulled: number; remaining: number; done: boolean }) => void) | null
  /** Called with the ids of documents a push met conflicts on (see `restampWhenIdle`). */
  onConflicts: (name: CollectionName, ids: string[]) => void
}

/**
 * After a push meets conflicts, asks the server to re-send those documents once the collection's
 * replication is idle (schema/api/sync.ts RestampBody says why): a newer server state that RxDB
 * skipped while the push was in flight then arrives when nothing is pending, and every device
 * settles on it.
 */
function restampWhenIdle(states: Map<CollectionName, ReplicationControl>, getToken: () => string | null) {
  const waiting = new Map<CollectionName, Set<string>>()
  return (name: CollectionName, ids: string[]) => {
    const queued = waiting.get(name)
    if (queued) {
      for (const id of ids) queued.add(id)
      return
    }
    waiting.set(name, new Set(ids))
    void (async () => {
      try {
        await states.get(name)?.awaitInSync()
        const all = [...(waiting.get(name) ?? [])]
        waiting.delete(name)
        for (let i = 0; i < all.length; i += 500) {
          const body = { ids: all.slice(i, i + 500) }
          await apiFetch(`/sync/${name}/restamp`, RestampResponse, { method: 'POST', body, token: getToken() })
        }
      } catch {
        // Offline or stopped: the next conflict on these documents asks again.
        waiting.delete(name)
      }
    })()
  }
}

/** One collection's replication; every document received is parsed with its entity. */
function replicateCollection<N extends CollectionName>(name: N, context: CollectionContext): ReplicationControl {
  const { db, stream, getToken, pending, onPage, onConflicts } = context
  const collection: RxCollection<DocOf<N>> = db.collections[name]
  const received = (documents: readonly WireDocument[]) => documents.map((doc) => fromWire(name, doc))
  const state = replicateRxCollection<DocOf<N>, SyncCheckpoint>({
    collection,
    replicationIdentifier: `hisaab-${name}-v1`,
    live: true,
    retryTime: RETRY_MS,
    waitForLeadership: false,
    autoStart: true,
    pull: {
      batchSize: PULL_BATCH,
      stream$: stream
        .events(name)
        .pipe(map((item) => (item === 'RESYNC' ? item : { ...item, documents: received(item.documents) }))),
      handler: async (checkpoint, batchSize) => {
        const query = new URLSearchParams({ limit: String(batchSize) })
        if (checkpoint) query.set('seq', String(checkpoint.seq))
        const body = await apiFetch(`/sync/${name}/pull?${query}`, PullResponse, { token: getToken() })
        updateSync({ lastSyncedAt: Date.now() })
        const pulled = body.documents.length
        onPage?.(name, { pulled, remaining: body.remaining, done: pulled < batchSize })
        return {
          documents: received(body.documents),
          checkpoint: pulled > 0 ? body.checkpoint : (checkpoint ?? body.checkpoint),
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
        const conflicts = await apiFetch(`/sync/${name}/push`, PushConflicts, {
          method: 'POST',
          body: wire,
          token: getToken(),
        })
        updateSync({ lastSyncedAt: Date.now() })
        if (conflicts.length > 0)
          onConflicts(
            name,
            conflicts.map((doc) => String(doc.id)),
          )
        // Pushed versions are acknowledged; a conflict is resolved by the handler above and, if
        // the local version wins, pushed again as a new write.
        pending.acknowledge(
          name,
          rows.map((row) => row.newDocumentState),
        )
        return received(conflicts)
      },
    },
  })
  state.error$.subscribe((error) => {
    // Handler failures are retried after RETRY_MS; the sync indicator shows them as offline.
    if (import.meta.env.DEV) console.warn(`[sync] ${name}`, error)
  })
  return state
}

/**
 * Replicates every personal and household collection with the server (admins also the admin-scope
 * ones): paged pulls from a `seq` checkpoint, pushes with the assumed master state, and live
 * changes from one shared event stream. Household rows come by membership; the server answers a
 * household push with its own, newer state where it decided something (status, reviews), which
 * last-writer-wins then keeps.
 */
export function startReplication({ db, dbName, getToken, pending }: StartOptions): ReplicationHandle {
  const stream = new SyncStream(getToken)
  const states = new Map<CollectionName, ReplicationControl>()
  const syncedKey = `hisaab.synced.${dbName}`
  const firstDownload = localStorage.getItem(syncedKey) !== '1'
  if (firstDownload) updateSync({ firstDownload: 0 })
  // Admins also replicate the admin-scope collections (the server refuses them to anyone else).
  const names =
    readSession()?.user?.role === 'admin' ? [...SYNCED_COLLECTIONS, ...ADMIN_COLLECTIONS] : SYNCED_COLLECTIONS
  const context: CollectionContext = {
    db,
    stream,
    getToken,
    pending,
    onPage: firstDownload ? downloadProgress(names.length) : null,
    onConflicts: restampWhenIdle(states, getToken),
  }
  for (const name of names) states.set(name, replicateCollection(name, context))

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
