import { getSyncSnapshot, subscribeSync, updateSync, type SyncSnapshot } from './sync-state'

/** What the replicating (leader) tab knows and the other tabs cannot: the rest is per tab. */
type SharedState = Pick<SyncSnapshot, 'serverReachable' | 'active' | 'pending' | 'lastSyncedAt' | 'firstDownload'>
type Message = { type: 'hello' } | { type: 'state'; state: SharedState }

function shared(s: SyncSnapshot): SharedState {
  return {
    serverReachable: s.serverReachable,
    active: s.active,
    pending: s.pending,
    lastSyncedAt: s.lastSyncedAt,
    firstDownload: s.firstDownload,
  }
}

/**
 * Only the leader tab replicates, so only it knows whether the server answers, whether a pull or
 * push is running, how many local writes it has not pushed yet (pending.ts) and how far a first
 * download got. It sends that to the other tabs of the browser on a BroadcastChannel, so the
 * sync indicator and the progress bar look the same in every tab.
 */
export function shareSyncState(dbName: string, db: { isLeader(): boolean }) {
  const channel = new BroadcastChannel(`hisaab.sync.${dbName}`)
  const waiting = new Set<() => void>()
  const send = () => {
    if (db.isLeader()) channel.postMessage({ type: 'state', state: shared(getSyncSnapshot()) } satisfies Message)
  }
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data
    if (message.type === 'hello') send()
    else if (!db.isLeader()) updateSync(message.state)
    for (const check of [...waiting]) check()
  }
  const unsubscribe = subscribeSync(send)
  channel.postMessage({ type: 'hello' } satisfies Message)
  return {
    /** Resolves when `isDone()` holds, checked on each message from the leader. */
    synced(isDone: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!isDone()) return
          waiting.delete(check)
          resolve()
        }
        waiting.add(check)
        check()
      })
    },
    stop() {
      unsubscribe()
      waiting.clear()
      channel.close()
    },
  }
}
