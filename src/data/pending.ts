import type { Subscription } from 'rxjs'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { replicationWrites, unpushedIds } from './rxdb-internals'

/**
 * The pending count is read from the database, not kept beside it. A document
 * is pending while RxDB's upstream still has to push it: its local state differs from the state
 * the replication's meta store records as the server's (written only after a push succeeded).
 * So a write that throws leaves nothing, a write and its pending state are one storage write,
 * A crash before the push keeps it pending after reload, and a push clears it.
 *
 * Only documents changed after the upstream checkpoint can be pending (the upstream saves its
 * checkpoint only once it pushed or skipped everything before it), so a count reads a handful of
 * documents, not the collection. What it reads of RxDB's records is in rxdb-internals.ts.
 */

/** Lets a burst of writes settle (and the screen show a new entry first) before recounting. */
const SETTLE_MS = 100

type Replication = RxReplicationState<unknown, unknown>

/** How many documents of one running replication are written locally and not yet pushed. */
export async function countUnpushed(replication: Replication): Promise<number> {
  return (await unpushedIds(replication)).size
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
    void replicationWrites(replication).then((writes) => {
      if (!writes || this.stopped) return
      // The pull never changes what is pending (it leaves unpushed documents alone); local writes
      // and the upstream's record of a push (or of a resolved conflict) do.
      this.subscriptions.push(writes.local$.subscribe(written), writes.pushed$.subscribe(later))
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
