import { map, type Subscription } from 'rxjs'
import { addRxPlugin, type RxCollection, type WithDeleted } from 'rxdb/plugins/core'
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import {
  ADMIN_COLLECTIONS,
  entityOf,
  readByFirstScreen,
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
import { whenIdle } from '../lib/idle'
import { pushHandler } from './push-answer'
import type { UserData } from './database'
import { openCollection } from './open-collection'
import { apiFetch } from './http'
import { PendingCount } from './pending'
import { readSession } from './session'
import { SyncStream, type StreamItem } from './sync-stream'
import { StreamResync } from './stream-resync'
import { AFTER_SNAPSHOT } from './rxdb-internals'
import { downloadHead, downloadSnapshot, fetchHead, type HeadRequest } from './snapshot'
import { getSyncSnapshot, indicatorState, subscribeSync, updateSync } from './sync-state'
import { shareSyncState } from './sync-tabs'

const PULL_BATCH = 500
const PUSH_BATCH = 100
const RETRY_MS = 5_000

addRxPlugin(RxDBLeaderElectionPlugin)

export const replicationIdentifier = (name: CollectionName) => `hisaab-${name}-v1`

/** What the app does with a running replication (the same for every collection). */
type ReplicationControl = Pick<
  RxReplicationState<unknown, SyncCheckpoint>,
  'active$' | 'awaitInitialReplication' | 'awaitInSync' | 'cancel'
> & { reSync(): void }

/** A received document, checked by its collection's entity (a malformed one fails the batch). */
function fromWire<N extends CollectionName>(name: N, wire: WireDocument): WithDeleted<DocOf<N>> {
  const { _deleted, ...fields } = wire
  return { ...entityOf(name).parse(fields), _deleted }
}

export interface ReplicationHandle {
  /** The collections replicating in this tab (only the leader tab replicates; filled as each starts). */
  states: Map<CollectionName, ReplicationControl>
  /** Resolves when every collection finished its first pull and push (in the leader tab). */
  initialSync: Promise<void>
  /**
   * Resolves once this device holds the server's documents of `name`: at once on a device that
   * finished its first download, else when the leader tab finished that collection.
   */
  collectionSynced(name: CollectionName): Promise<void>
  reSync(): void
  /** Waits for local changes to be pushed; resolves with what is still unpushed after at most `timeoutMs`. */
  untilPushed(timeoutMs: number): Promise<number>
  stop(): Promise<void>
}

/** A collection of the database being replicated, once it is open. */
type OpenCollection = <N extends CollectionName>(name: N) => Promise<RxCollection<DocOf<N>>>

interface StartOptions extends Pick<UserData, 'db' | 'whole'> {
  dbName: string
  userId: string
  getToken: () => string | null
  /** The newest transactions, asked for while the database opened (signing in on a new device). */
  head?: HeadRequest
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

type PageReport = NonNullable<CollectionContext['onPage']>

/** Pulls after the first download has ended are not part of it: a late page would bring its bar back. */
function reportUntil(report: PageReport, ended: () => boolean): PageReport {
  return (name, page) => {
    if (!ended()) report(name, page)
  }
}

interface CollectionContext {
  collection: OpenCollection
  stream: SyncStream
  getToken: () => string | null
  /** Counts what each replication has not pushed yet (for the sync indicator). */
  pending: PendingCount
  /** Called with each pulled page while a new device downloads, else null. */
  onPage: ((name: string, page: { pulled: number; remaining: number; done: boolean }) => void) | null
  /** Called with the ids of documents a push met conflicts on (see `restampWhenIdle`). */
  onConflicts: (name: CollectionName, ids: string[]) => void
  /** Resolves when the collections `name`'s pushes are judged against have pushed (see `pushAfter`). */
  pushedFirst: (name: CollectionName) => Promise<void>
  /** True once replication is being stopped (sign-out): a push stops waiting out a 429. */
  isStopped: () => boolean
}

/**
 * The server judges some pushes against other collections: a loan payment against what its loan
 * owes, an allocation against this month's income and the planned income. Collections replicate
 * independently, so a device that added an income and allocated it offline could push the allocation
 * first and have it refused. These pushes therefore wait until what they depend on has pushed, at
 * most PUSH_AFTER_WAIT_MS, so a collection that cannot push never holds another back for long.
 */
const PUSH_AFTER: Partial<Record<CollectionName, readonly CollectionName[]>> = {
  loan_payments: ['loans'],
  budgets: ['transactions', 'profile'],
}
const PUSH_AFTER_WAIT_MS = 3_000

function pushAfter(states: Map<CollectionName, ReplicationControl>) {
  return async (name: CollectionName): Promise<void> => {
    const first = (PUSH_AFTER[name] ?? []).flatMap((dependency) => {
      const state = states.get(dependency)
      return state ? [state.awaitInSync()] : []
    })
    if (first.length === 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUSH_AFTER_WAIT_MS)))
    await Promise.race([Promise.all(first).catch(() => undefined), waited])
    clearTimeout(timer)
  }
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

/** A full page's end and how many rows it said follow: the pull that continues from there passes it on. */
export interface Continuation {
  seq: number
  remaining: number
}

/** What a pull answer leaves for the next pull: a continuation after a full page, nothing after a short one. */
export function continuationOf(page: PullResponse, batchSize: number): Continuation | null {
  return page.documents.length < batchSize ? null : { seq: page.checkpoint.seq, remaining: page.remaining }
}

/**
 * The pull's query from `checkpoint` (none: from the start). It passes on the count of the page it
 * continues, so the server need not count again (PullQuery's `remaining`); any other start
 * (a stream event moved the checkpoint, a resync) lets the server count.
 */
export function pullQuery(
  checkpoint: SyncCheckpoint | undefined,
  batchSize: number,
  continued: Continuation | null,
): URLSearchParams {
  const query = new URLSearchParams({ limit: String(batchSize) })
  if (!checkpoint) return query
  query.set('seq', String(checkpoint.seq))
  if (continued?.seq === checkpoint.seq) query.set('remaining', String(continued.remaining))
  return query
}

/** One collection's replication; every document received is parsed with its entity. */
function replicateCollection<N extends CollectionName>(
  name: N,
  collection: RxCollection<DocOf<N>>,
  context: CollectionContext,
  /** The pull checkpoint a first download reached (see snapshot.ts), or null on a synced device. */
  snapshotSeq: number | null,
): ReplicationControl {
  const { stream, getToken, pending, onPage, onConflicts, pushedFirst, isStopped } = context
  const received = (documents: readonly WireDocument[]) => documents.map((doc) => fromWire(name, doc))
  // RxDB 17.6 can drop a 'RESYNC' queued behind stream events (stream-resync.ts).
  const resync = new StreamResync()
  let continued: Continuation | null = null
  const state = replicateRxCollection<DocOf<N>, SyncCheckpoint>({
    collection,
    replicationIdentifier: replicationIdentifier(name),
    live: true,
    retryTime: RETRY_MS,
    waitForLeadership: true,
    autoStart: true,
    pull: {
      batchSize: PULL_BATCH,
      initialCheckpoint: snapshotSeq === null ? undefined : { seq: snapshotSeq },
      stream$: resync
        .stream(stream.events(name))
        .pipe(map((item) => (item === 'RESYNC' ? item : { ...item, documents: received(item.documents) }))),
      handler: async (checkpoint, batchSize) => {
        const query = pullQuery(checkpoint, batchSize, continued)
        const body = await resync.pull(() =>
          apiFetch(`/sync/${name}/pull?${query}`, PullResponse, { token: getToken() }),
        )
        updateSync({ lastSyncedAt: Date.now() })
        const pulled = body.documents.length
        continued = continuationOf(body, batchSize)
        onPage?.(name, { pulled, remaining: body.remaining, done: pulled < batchSize })
        return {
          documents: received(body.documents),
          checkpoint: pulled > 0 ? body.checkpoint : (checkpoint ?? body.checkpoint),
        }
      },
    },
    push: {
      batchSize: PUSH_BATCH,
      initialCheckpoint: snapshotSeq === null ? undefined : AFTER_SNAPSHOT,
      handler: pushHandler({
        before: () => pushedFirst(name),
        name,
        collection,
        send: async (body) => {
          const answer = await apiFetch(`/sync/${name}/push`, PushConflicts, {
            method: 'POST',
            body,
            token: getToken(),
          })
          updateSync({ lastSyncedAt: Date.now() })
          return answer
        },
        received,
        onResend: (ids) => onConflicts(name, ids),
        retryMs: RETRY_MS,
        isStopped,
      }),
    },
  })
  state.error$.subscribe((error) => {
    // Handler failures are retried after RETRY_MS; the sync indicator shows them as offline.
    if (import.meta.env.DEV) console.warn(`[sync] ${name}`, error)
  })
  resync.watch(state.active$)
  pending.watch(name, state as RxReplicationState<unknown, unknown>)
  return {
    active$: state.active$,
    awaitInitialReplication: () => state.awaitInitialReplication(),
    awaitInSync: () => state.awaitInSync(),
    cancel: () => state.cancel(),
    reSync: () => resync.reSync(),
  }
}

interface Progress {
  key: string
  read(): number
  save(seq: number): void
}

/** Where a first download of one collection got to (a reload resumes it), in localStorage. */
function progressOf(dbName: string, name: CollectionName): Progress {
  const key = `hisaab.snapshot.${dbName}.${name}`
  return {
    key,
    read: () => Number(localStorage.getItem(key) ?? 0) || 0,
    save: (seq) => localStorage.setItem(key, String(seq)),
  }
}

/** Where localStorage says this device holds the server's documents (its first download finished). */
export const syncedKeyOf = (dbName: string) => `hisaab.synced.${dbName}`

/** True once this device's first download of the database finished. */
export const firstDownloadDone = (dbName: string) => localStorage.getItem(syncedKeyOf(dbName)) === '1'

/** The pull checkpoint a first download of `name` reached so far (0 before it starts). */
export const firstDownloadSeq = (dbName: string, name: CollectionName) => progressOf(dbName, name).read()

/** Forgets a first download's progress (the database is being removed: a new one starts over). */
export function forgetFirstDownload(dbName: string): void {
  const prefix = `hisaab.snapshot.${dbName}.`
  for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key)
}

/**
 * A new device first downloads the collection (snapshot.ts) and then replicates from there; if
 * the download fails (offline, server gone) replication continues from the last written page.
 */
async function startCollection(
  name: CollectionName,
  context: CollectionContext & { dbName: string; firstDownload: boolean },
): Promise<ReplicationControl | null> {
  const collection = await context.collection(name)
  if (context.isStopped()) return null
  if (!context.firstDownload) return replicateCollection(name, collection, context, null)
  const progress = progressOf(context.dbName, name)
  let seq = progress.read()
  try {
    seq = await downloadSnapshot({
      name,
      collection,
      identifier: `rxdbreplication${replicationIdentifier(name)}`,
      getToken: context.getToken,
      fromSeq: seq,
      parse: (doc) => fromWire(name, doc),
      onPage: (page, reached) => {
        progress.save(reached)
        context.onPage?.(name, page)
        updateSync({ lastSyncedAt: Date.now() })
      },
      isStopped: context.isStopped,
    })
  } catch (error) {
    seq = progress.read()
    if (import.meta.env.DEV) console.warn(`[sync] first download of ${name}`, error)
  }
  if (context.isStopped()) return null
  return replicateCollection(name, collection, context, seq)
}

/** Asks for the newest transactions a new device downloads first (`downloadHead`), checked as they arrive. */
export const requestHead = (dbName: string, getToken: () => string | null): HeadRequest =>
  fetchHead(firstDownloadSeq(dbName, 'transactions'), getToken, (doc) => fromWire('transactions', doc))

/**
 * The order of a new device's first download: what the first screen reads comes first. The newest
 * transactions by date (`downloadHead`) come first, alone: one request and one write, and on screen
 * (`afterFirstScreen`) before the rest competes for the CPU. Then the small collections the home
 * screen reads (FIRST_SCREEN_COLLECTIONS). Every other collection starts once the screen has shown
 * those (`afterFirstScreen`), and the whole of the transactions, the one large collection, after
 * them: their pages and replications keep the main thread busy in short slices, and the screen's
 * render, which yields to them, otherwise took up to a second more on a slow phone. A head that
 * fails (offline) holds nothing back: the download then brings everything in seq order as before.
 */
function firstDownloadOrder(
  names: readonly CollectionName[],
  context: CollectionContext & { dbName: string; firstDownload: boolean; head?: HeadRequest },
): Map<CollectionName, Promise<ReplicationControl | null>> {
  const controls = new Map<CollectionName, Promise<ReplicationControl | null>>()
  const large: CollectionName = 'transactions'
  if (!context.firstDownload || !names.includes(large)) {
    for (const name of names) controls.set(name, startCollection(name, context))
    return controls
  }
  const head = context
    .collection(large)
    .then((collection) =>
      downloadHead({
        collection,
        identifier: `rxdbreplication${replicationIdentifier(large)}`,
        getToken: context.getToken,
        fromSeq: firstDownloadSeq(context.dbName, large),
        parse: (doc) => fromWire(large, doc),
        requested: context.head,
      }),
    )
    .catch((error: unknown) => {
      if (import.meta.env.DEV) console.warn('[sync] first download of the newest transactions', error)
    })
  const firstScreen = names.filter((name) => name !== large && readByFirstScreen(name))
  const headShown = head.then(afterFirstScreen)
  for (const name of firstScreen)
    controls.set(
      name,
      headShown.then(() => startCollection(name, context)),
    )
  const shown = Promise.all([head, ...firstScreen.map((name) => controls.get(name))]).then(afterFirstScreen)
  const rest = names.filter((name) => !readByFirstScreen(name))
  for (const name of rest)
    controls.set(
      name,
      shown.then(() => startCollection(name, context)),
    )
  controls.set(
    large,
    Promise.all([shown, ...rest.map((name) => controls.get(name))]).then(() =>
      context.isStopped() ? null : startCollection(large, context),
    ),
  )
  return controls
}

/** Tells the sync indicator whether any collection's replication is pulling or pushing. */
function activityOf(subscriptions: Subscription[]) {
  const flags = new Map<CollectionName, boolean>()
  return (name: CollectionName, state: ReplicationControl) => {
    subscriptions.push(
      state.active$.subscribe((flag) => {
        flags.set(name, flag)
        updateSync({ active: [...flags.values()].some(Boolean) })
      }),
    )
  }
}

/**
 * Waits until every collection is in sync (what was just written has gone up), at most
 * `timeoutMs` and not once the server is found unreachable, then counts what is still unpushed;
 * A tab that does not replicate answers with the leader's count.
 */
async function untilPushed(
  states: Map<CollectionName, ReplicationControl>,
  pending: PendingCount,
  timeoutMs: number,
): Promise<number> {
  if (states.size === 0) return getSyncSnapshot().pending
  const offline = () => indicatorState(getSyncSnapshot()) === 'offline'
  let unsubscribe = () => undefined as unknown
  const wentOffline = new Promise((resolve) => {
    unsubscribe = subscribeSync(() => offline() && resolve(undefined))
  })
  if (!offline()) {
    const inSync = Promise.all([...states.values()].map((state) => state.awaitInSync()))
    await Promise.race([inSync, wentOffline, new Promise((resolve) => setTimeout(resolve, timeoutMs))])
  }
  unsubscribe()
  return pending.total()
}

/**
 * Once the page is idle (at most half a second on). On a device that holds its data, replication
 * starts then: its start-up reads of every collection's checkpoints and changes otherwise compete
 * with the first screen's queries on a cold start.
 */
function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => void whenIdle(resolve, 500))
}

/**
 * Replicates every personal and household collection with the server (admins also the admin-scope
 * ones): paged pulls from a `seq` checkpoint, pushes with the assumed master state, and live
 * changes from one shared event stream. Household rows come by membership; the server answers a
 * household push with its own, newer state where it decided something (status, reviews), which
 * last-writer-wins then keeps. Only one tab of the browser replicates (RxDB's leader election);
 * the others see its writes through RxDB's multi-instance events and its status through
 * sync-tabs.ts.
 */
export function startReplication({ db, whole, dbName, getToken, head }: StartOptions): ReplicationHandle {
  const stream = new SyncStream(getToken)
  const states = new Map<CollectionName, ReplicationControl>()
  const syncedKey = syncedKeyOf(dbName)
  const isSynced = () => firstDownloadDone(dbName)
  const firstDownload = !isSynced()
  if (firstDownload) updateSync({ firstDownload: 0 })
  // Admins also replicate the admin-scope collections (the server refuses them to anyone else).
  const names =
    readSession()?.user?.role === 'admin' ? [...SYNCED_COLLECTIONS, ...ADMIN_COLLECTIONS] : SYNCED_COLLECTIONS
  let stopped = false
  let downloadEnded = false
  const subscriptions: Subscription[] = []
  const watchActive = activityOf(subscriptions)
  const context = {
    collection: <N extends CollectionName>(name: N) => openCollection({ db, whole }, name),
    dbName,
    firstDownload,
    isStopped: () => stopped,
    stream,
    getToken,
    pending: new PendingCount((pending) => updateSync({ pending })),
    onPage: firstDownload ? reportUntil(downloadProgress(names.length), () => downloadEnded) : null,
    onConflicts: restampWhenIdle(states, getToken),
    pushedFirst: pushAfter(states),
    head,
  }
  const tabs = shareSyncState(dbName, db)
  const reSync = () => {
    for (const state of states.values()) state.reSync()
  }
  const started = new Map<CollectionName, Promise<void>>()
  const leading = db
    .waitForLeadership()
    .then(firstDownload ? undefined : afterFirstScreen)
    .then(() => {
      if (stopped) return
      window.addEventListener('online', reSync)
      stream.start()
      for (const [name, control] of firstDownloadOrder(names, context)) {
        const ready = control.then(async (state) => {
          if (!state) return
          states.set(name, state)
          watchActive(name, state)
          await state.awaitInitialReplication()
        })
        started.set(name, ready)
      }
    })
  const initialSync = leading
    .then(() => Promise.all(started.values()))
    .then(() => {
      if (stopped || !firstDownload) return
      downloadEnded = true
      localStorage.setItem(syncedKey, '1')
      for (const name of names) localStorage.removeItem(progressOf(dbName, name).key)
      updateSync({ firstDownload: null })
    })
  initialSync.catch(() => undefined)

  return {
    states,
    initialSync,
    // Asked before this tab knows whether it leads: whichever comes first, its own replication
    // (once it leads) or the leader tab's word that the first download is done.
    collectionSynced: (name) =>
      isSynced() ? Promise.resolve() : Promise.race([leading.then(() => started.get(name)), tabs.synced(isSynced)]),
    reSync,
    untilPushed: (timeoutMs) => untilPushed(states, context.pending, timeoutMs),
    async stop() {
      stopped = true
      context.pending.stop()
      tabs.stop()
      window.removeEventListener('online', reSync)
      for (const subscription of subscriptions) subscription.unsubscribe()
      stream.stop()
      await Promise.all([...states.values()].map((s) => s.cancel()))
      updateSync({ active: false, firstDownload: null })
    },
  }
}

export type { StreamItem }
