import { filter, type Subscription } from 'rxjs'
import {
  getAssumedMasterState,
  getChangedDocumentsSince,
  getComposedPrimaryKeyOfDocumentData,
  getHeightOfRevision,
  writeDocToDocState,
  type RxDocumentData,
  type RxStorageInstanceReplicationState,
} from 'rxdb/plugins/core'
import type { RxReplicationState } from 'rxdb/plugins/replication'

/**
 * The pending count is read from the database, not kept beside it. A document
 * is pending while RxDB's upstream still has to push it: its local state differs from the state
 * the replication's meta store records as the server's (written only after a push succeeded).
 * So a write that throws leaves nothing, a write and its pending state are one storage write,
 * A crash before the push keeps it pending after reload, and a push clears it.
 *
 * Only documents changed after the upstream checkpoint can be pending (the upstream saves its
 * checkpoint only once it pushed or skipped everything before it), so a count reads a handful of
 * documents, not the collection. The tests mirror RxDB 17.6's upstream (`upstream.ts`
 * persistToMaster) and downstream (a fork state it wrote itself carries `_meta.o`).
 */

const PAGE = 500
/** Lets a burst of writes settle (and the screen show a new entry first) before recounting. */
const SETTLE_MS = 100

type Replication = RxReplicationState<unknown, unknown>
type InternalState = RxStorageInstanceReplicationState<unknown>
type ForkDoc = RxDocumentData<unknown> & { _meta: { o?: { _rev: number; hash: string } } }

/** A state the replication's own pull wrote (and nothing changed since): it came from the server. */
function writtenByPull(doc: ForkDoc, identifierHash: string): boolean {
  const origin = doc._meta.o
  return !!origin && origin.hash === identifierHash && origin._rev === getHeightOfRevision(doc._rev)
}

async function upstreamCheckpoint(state: InternalState): Promise<unknown> {
  const meta = state.input.metaInstance
  const id = getComposedPrimaryKeyOfDocumentData(meta.schema, { isCheckpoint: '1', itemId: 'up' })
  const [doc] = await meta.findDocumentsById([id], false)
  return doc?.checkpointData ?? state.input.initialCheckpoint?.upstream
}

/** How many documents of one running replication are written locally and not yet pushed. */
export async function countUnpushed(replication: Replication): Promise<number> {
  return (await unpushedIds(replication)).size
}

/** The ids of the documents of one running replication that are written locally and not yet pushed. */
async function unpushedIds(replication: Replication): Promise<Set<string>> {
  const ids = new Set<string>()
  await replication.startPromise
  const state = replication.internalReplicationState
  if (!state || replication.isStopped()) return ids
  const { forkInstance, conflictHandler, hashFunction, identifier } = state.input
  const identifierHash = await hashFunction(identifier)
  let checkpoint = await upstreamCheckpoint(state)
  for (;;) {
    const page = await getChangedDocumentsSince(forkInstance, PAGE, checkpoint)
    const local = (page.documents as ForkDoc[])
      .filter((doc) => !writtenByPull(doc, identifierHash))
      .map((doc) => ({ doc, id: String((doc as Record<string, unknown>)[state.primaryPath]) }))
    const assumed =
      local.length > 0
        ? await getAssumedMasterState(
            state,
            local.map(({ id }) => id),
          )
        : {}
    for (const { doc, id } of local) {
      const server = assumed[id]
      const pushed =
        !!server &&
        server.metaDocument.isResolvedConflict !== doc._rev &&
        conflictHandler.isEqual(
          server.docData,
          writeDocToDocState(doc, state.hasAttachments, !!state.input.keepMeta),
          'hisaab-pending-count',
        )
      if (!pushed) ids.add(id)
    }
    if (page.documents.length < PAGE) return ids
    checkpoint = page.checkpoint
  }
}

/**
 * Keeps the total of unpushed documents over the replicating collections of this (leader) tab:
 * A local write counts at once (until its push is recorded it is unpushed, whatever it was before),
 * and the collection is recounted from the database once a burst of writes or of the upstream's
 * records of a push (or of a resolved conflict) has settled; `publish` gets each total.
 */
export class PendingCount {
  private readonly pending = new Map<string, Set<string>>()
  private readonly subscriptions: Subscription[] = []
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()
  private readonly counters = new Set<() => Promise<void>>()
  private stopped = false

  constructor(private readonly publish: (total: number) => void) {}

  watch(name: string, replication: Replication): void {
    // What is written while a count reads the database (it may have read those before the write).
    const duringCounts = new Set<Set<string>>()
    const count = async () => {
      const writtenMeanwhile = new Set<string>()
      duringCounts.add(writtenMeanwhile)
      const ids = await unpushedIds(replication).finally(() => duringCounts.delete(writtenMeanwhile))
      for (const id of writtenMeanwhile) ids.add(id)
      if (this.stopped) return
      this.pending.set(name, ids)
      this.publish(this.sum())
    }
    this.counters.add(count)
    const recount = serialized(count)
    // One recount SETTLE_MS after the last of a burst of changes, not one per change.
    const later = () => {
      if (this.stopped) return
      clearTimeout(this.timers.get(name))
      this.timers.set(name, setTimeout(recount, SETTLE_MS))
    }
    const written = (ids: string[]) => {
      const set = this.pending.get(name) ?? new Set<string>()
      for (const id of ids) {
        set.add(id)
        for (const meanwhile of duringCounts) meanwhile.add(id)
      }
      this.pending.set(name, set)
      this.publish(this.sum())
      later()
    }
    void replication.startPromise.then(async () => {
      const state = replication.internalReplicationState
      if (!state || this.stopped) return
      const pulled = await state.downstreamBulkWriteFlag
      // The pull never changes what is pending (it leaves unpushed documents alone); local writes
      // and the upstream's record of a push (or of a resolved conflict) do.
      const local = state.input.forkInstance.changeStream().pipe(filter((bulk) => bulk.context !== pulled))
      const pushed = state.input.metaInstance
        .changeStream()
        .pipe(filter((bulk) => bulk.context.startsWith('replication-up')))
      if (this.stopped) return
      this.subscriptions.push(
        local.subscribe((bulk) => written(bulk.events.map((event) => event.documentId))),
        pushed.subscribe(later),
      )
      recount()
    })
  }

  /** Counts every watched collection now (failures count as before) and returns the total. */
  async total(): Promise<number> {
    await Promise.all([...this.counters].map((count) => count().catch(() => undefined)))
    return this.sum()
  }

  private sum(): number {
    let total = 0
    for (const ids of this.pending.values()) total += ids.size
    return total
  }

  stop(): void {
    this.stopped = true
    for (const subscription of this.subscriptions) subscription.unsubscribe()
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }
}

/**
 * Runs `task` once at a time; calls while it runs make one more run afterwards. Failures (a
 * closing database) are dropped: the next change counts again.
 */
function serialized(task: () => Promise<void>): () => void {
  let running = false
  let again = false
  return function run() {
    if (running) {
      again = true
      return
    }
    running = true
    again = false
    void task()
      .catch(() => undefined)
      .finally(() => {
        running = false
        if (again) run()
      })
  }
}

/** The localStorage pending store of earlier versions: its keys are dropped, nothing reads them. */
export function forgetOldPendingMarkers(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith('hisaab.pending.')) localStorage.removeItem(key)
}
