import { updateSync } from './sync-state'

/**
 * Ids written locally and not yet acknowledged by a successful push, per database, persisted in
 * localStorage so the count survives reloads. Each entry keeps the `updatedAt` of the newest local
 * write, so a push of an older version does not clear a newer edit.
 */
export class PendingWrites {
  private entries: Record<string, number>

  /** `storageKey` null: the demo's database, which never syncs: nothing is kept or shown. */
  constructor(private readonly storageKey: string | null) {
    this.entries = storageKey ? readEntries(localStorage.getItem(storageKey)) : {}
    this.publish()
    // Tabs share one database and only the leader tab pushes: follow the other tabs' changes.
    if (storageKey && typeof window !== 'undefined')
      window.addEventListener('storage', (event) => {
        if (event.key !== storageKey) return
        this.entries = readEntries(event.newValue)
        this.publish()
      })
  }

  get count(): number {
    return Object.keys(this.entries).length
  }

  /**
   * Runs a local write counted as pending. The entry goes in before the write (a push may be
   * acknowledged before the write's promise settles) and is taken back when the write throws,
   * so a refused write never leaves a pending marker that no push will ever clear.
   */
  async track<T>(collection: string, id: string, updatedAt: number, write: () => Promise<T>): Promise<T> {
    const key = `${collection}/${id}`
    const before = this.entries[key]
    this.entries[key] = Math.max(before ?? 0, updatedAt)
    this.save()
    try {
      return await write()
    } catch (error) {
      if (this.entries[key] === Math.max(before ?? 0, updatedAt)) {
        if (before === undefined) delete this.entries[key]
        else this.entries[key] = before
        this.save()
      }
      throw error
    }
  }

  /** The server accepted (or answered with a conflict for) these documents. */
  acknowledge(collection: string, docs: readonly { id: string; updatedAt: number }[]): void {
    let changed = false
    for (const doc of docs) {
      const key = `${collection}/${doc.id}`
      const pendingAt = this.entries[key]
      if (pendingAt !== undefined && doc.updatedAt >= pendingAt) {
        delete this.entries[key]
        changed = true
      }
    }
    if (changed) this.save()
  }

  clear(): void {
    this.entries = {}
    if (this.storageKey) localStorage.removeItem(this.storageKey)
    this.publish()
  }

  private save(): void {
    if (!this.storageKey) return
    localStorage.setItem(this.storageKey, JSON.stringify(this.entries))
    this.publish()
  }

  private publish(): void {
    if (this.storageKey) updateSync({ pending: this.count })
  }
}

function readEntries(json: string | null): Record<string, number> {
  let parsed: unknown = null
  try {
    parsed = JSON.parse(json ?? 'null')
  } catch {
    parsed = null
  }
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {}
}
