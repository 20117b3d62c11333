import { Subject } from 'rxjs'
import type { StreamEvent } from '../../schema/api/sync'
import { notifyUnauthorized } from './session'
import { sseEvents } from './sse'
import { updateSync } from './sync-state'

export type StreamItem = StreamEvent | 'RESYNC'

const MIN_BACKOFF_MS = 1_000
const MAX_BACKOFF_MS = 30_000

/**
 * One reader of `GET /api/sync/stream` per database, shared by every collection's replication.
 * `EventSource` cannot send an Authorization header, so the stream is read with fetch (`sseEvents`);
 * the server's `retry:` is left to our own backoff. The server opens each (re)connect with a
 * `"RESYNC"` frame (and may send one later): every collection then pulls what it missed.
 * Reconnects with exponential backoff (1 s … 30 s), waiting for the browser to come online first.
 */
export class SyncStream {
  private readonly subjects = new Map<string, Subject<StreamItem>>()
  private controller: AbortController | null = null
  private stopped = false
  private backoff = MIN_BACKOFF_MS
  private wakeUp: (() => void) | null = null
  private readonly onOnline = () => {
    this.backoff = MIN_BACKOFF_MS
    this.wakeUp?.()
  }

  constructor(private readonly getToken: () => string | null) {}

  /** The events of one collection (and 'RESYNC'), for `pull.stream$`. */
  events(collection: string): Subject<StreamItem> {
    let subject = this.subjects.get(collection)
    if (!subject) {
      subject = new Subject<StreamItem>()
      this.subjects.set(collection, subject)
    }
    return subject
  }

  start(): void {
    window.addEventListener('online', this.onOnline)
    void this.loop()
  }

  stop(): void {
    this.stopped = true
    window.removeEventListener('online', this.onOnline)
    this.controller?.abort()
    this.wakeUp?.()
    for (const subject of this.subjects.values()) subject.complete()
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      if (!navigator.onLine) {
        await this.sleep(MAX_BACKOFF_MS)
        continue
      }
      const token = this.getToken()
      if (!token) return
      const result = await this.connect(token)
      if (result === 'unauthorized') {
        notifyUnauthorized()
        return
      }
      if (this.stopped) return
      await this.sleep(this.backoff)
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS)
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wakeUp = done
    })
  }

  /** Reads the stream until it ends or fails. */
  private async connect(token: string): Promise<'ended' | 'unauthorized'> {
    this.controller = new AbortController()
    let response: Response
    try {
      response = await fetch('/api/sync/stream', {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: this.controller.signal,
        cache: 'no-store',
      })
    } catch {
      if (!this.stopped) updateSync({ serverReachable: false })
      return 'ended'
    }
    // 403 here means the account was suspended (the stream needs nothing else).
    if (response.status === 401 || response.status === 403) return 'unauthorized'
    if (!response.ok || !response.body) {
      if (response.status >= 502) updateSync({ serverReachable: false })
      return 'ended'
    }
    updateSync({ serverReachable: true })
    this.backoff = MIN_BACKOFF_MS

    const reader = sseEvents(response.body).getReader()
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        this.dispatch(value.data)
      }
    } catch {
      // Aborted or the connection dropped: reconnect unless stopped.
      if (!this.stopped) updateSync({ serverReachable: false })
    }
    return 'ended'
  }

  private dispatch(data: string): void {
    if (!data) return // an event whose data is empty
    if (data === '"RESYNC"') {
      for (const subject of this.subjects.values()) subject.next('RESYNC')
      return
    }
    let event: StreamEvent
    try {
      event = JSON.parse(data) as StreamEvent
    } catch {
      return
    }
    if (!event || typeof event.collection !== 'string' || !Array.isArray(event.documents)) return
    this.subjects.get(event.collection)?.next(event)
  }
}
