import { Observable, map } from 'rxjs'
import { INVERTED_BASE } from '../../schema/entities/common'
import { userData } from './database'
import { readStored } from './rxdb-internals'
import type { TransactionDoc } from './transactions'

/** One document's state after a change: its data, or null once deleted. */
export interface DocChange<T> {
  id: string
  data: T | null
}

export interface LiveSetSource<T> {
  /** Every change of the collection (this tab's and other tabs'), subscribed before `read`. */
  changes: Observable<DocChange<T>>
  /** The matching documents now. */
  read: () => Promise<readonly T[]>
  idOf: (doc: T) => string
  matches: (doc: T) => boolean
  /** Runs the coalesced emission later (default: the next task). */
  schedule?: (emit: () => void) => void
}

const nextTask = (emit: () => void) => void setTimeout(emit, 0)

/** A document's state after one of its change events: its data, or null once deleted. */
export function stateAfter<T>(event: { operation: string; documentData: T & { _deleted?: boolean } }): T | null {
  return event.operation === 'DELETE' || event.documentData._deleted ? null : event.documentData
}

/**
 * The matching documents of a collection, live, at O(1) per change: one read, then each change
 * event updates a map, and the set is emitted at most once per task, after the task of the write
 * (so a write's other live queries answer first). Changes racing the read are applied after it
 * (the last state of each document wins). The set is in no particular order.
 */
export function liveSet$<T>(source: LiveSetSource<T>): Observable<T[]> {
  const schedule = source.schedule ?? nextTask
  return new Observable<T[]>((subscriber) => {
    const docs = new Map<string, T>()
    let buffered: DocChange<T>[] | null = []
    let pending = false
    let closed = false
    const apply = ({ id, data }: DocChange<T>) => {
      if (data !== null && source.matches(data)) docs.set(id, data)
      else docs.delete(id)
    }
    const emit = () => {
      pending = false
      if (!closed) subscriber.next([...docs.values()])
    }
    const changes = source.changes.subscribe({
      next: (change) => {
        if (buffered) return void buffered.push(change)
        apply(change)
        if (!pending) {
          pending = true
          schedule(emit)
        }
      },
      error: (error: unknown) => subscriber.error(error),
    })
    source
      .read()
      .then((rows) => {
        for (const doc of rows) docs.set(source.idOf(doc), doc)
        for (const change of buffered ?? []) apply(change)
        buffered = null
        emit()
      })
      .catch((error: unknown) => subscriber.error(error))
    return () => {
      closed = true
      changes.unsubscribe()
    }
  })
}

/**
 * Transactions dated in [start, end) (of one type when given), for screens that only add them
 * up (home's figures and budgets, insights): a storage-level read over the date index, then
 * kept by change events. An RxDB live query over the same thousands of rows re-ran event-reduce
 * and rebuilt its result on every write before the other queries of the write (the recent rows)
 * could answer, and re-ran over the database after each page of a first download.
 */
export function transactionsIn$(start: number, end: number, type?: 'expense'): Observable<TransactionDoc[]> {
  const collection = userData().db.transactions
  const upTo = Math.min(end, INVERTED_BASE)
  const query = type
    ? collection.find({
        selector: { type, date: { $gte: start, $lt: upTo } },
        sort: [{ type: 'asc' }, { date: 'asc' }],
      })
    : collection.find({ selector: { date: { $gte: start, $lt: upTo } }, sort: [{ date: 'asc' }] })
  return liveSet$<TransactionDoc>({
    changes: collection.$.pipe(map((event) => ({ id: event.documentId, data: stateAfter(event) }))),
    read: () => readStored(collection, query),
    idOf: (doc) => doc.id,
    matches: (doc) => doc.date >= start && doc.date < upTo && (!type || doc.type === type),
  })
}
