import { distinctUntilChanged, filter, map, merge, Subject, type Observable, type Subscription } from 'rxjs'

type Item<E> = E | 'RESYNC'

/**
 * Makes sure a 'RESYNC' given to RxDB's `pull.stream$` ends in a pull (convergence).
 *
 * RxDB 17.6's downstream (replication-protocol/downstream.ts, `addNewTask`) takes its queued
 * stream items in batches and stops a batch at a 'RESYNC'; but when documents come first in the
 * batch it has already shifted the 'RESYNC' off the queue, so it is dropped and no pull runs.
 * Stream items wait in that queue while the downstream is busy (a pull whose answer is on its
 * way, which after a crash waits for the server to come back), so the document events held since
 * then and the reconnect's 'RESYNC' meet in one batch (tests/unit/stream-resync.test.ts replays
 * it). The changes made while the device was disconnected were then never pulled, and the next
 * stream event moved the checkpoint past them: the device kept an old state of those documents
 * for good (a reload did not help), while every later change arrived.
 *
 * Here a 'RESYNC' stays owed until a pull that was sent after it has been answered: meanwhile
 * document events are passed on as 'RESYNC' (the pull brings their documents), and each time
 * the replication goes idle with the pull still owed, 'RESYNC' is sent again.
 */
export class StreamResync {
  #clock = 0
  /** When the owed catch-up was asked for (#clock), or 0 when nothing is owed. */
  #owedSince = 0
  readonly #again = new Subject<'RESYNC'>()

  /** The items for `pull.stream$`. */
  stream<E>(items: Observable<Item<E>>): Observable<Item<E>> {
    const passed = items.pipe(
      map((item): Item<E> => {
        if (item === 'RESYNC') return this.#ask()
        return this.#owedSince ? 'RESYNC' : item
      }),
    )
    return merge(passed, this.#again)
  }

  /** A 'RESYNC' from outside the stream (the browser came back online). */
  reSync(): void {
    this.#again.next(this.#ask())
  }

  /** Runs one pull request; its answer settles the owed catch-up when it was sent after the ask. */
  async pull<R>(request: () => Promise<R>): Promise<R> {
    const sentAt = ++this.#clock
    const answer = await request()
    if (this.#owedSince && sentAt > this.#owedSince) this.#owedSince = 0
    return answer
  }

  /** Asks again whenever the replication (its `active$`) goes idle while the pull is still owed. */
  watch(active$: Observable<boolean>): Subscription {
    return active$
      .pipe(
        distinctUntilChanged(),
        filter((active) => !active && this.#owedSince > 0),
      )
      .subscribe(() => this.#again.next('RESYNC'))
  }

  #ask(): 'RESYNC' {
    this.#owedSince = ++this.#clock
    return 'RESYNC'
  }
}
