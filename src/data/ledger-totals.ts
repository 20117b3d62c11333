import { BehaviorSubject, combineLatest, filter, map, of, type Observable } from 'rxjs'
import type { RxChangeEventBulk, RxCollection } from 'rxdb/plugins/core'
import { sumTotals, totalsOf, type Totals } from '../../schema/calc/totals'
import { INVERTED_BASE } from '../../schema/entities/common'
import type { HomeCurrency } from '../../schema/money/currency'
import { whenIdle } from '../lib/idle'
import { userData } from './database'
import { MonthTotals, splitWindow, type MonthEntry } from './month-totals'
import { readStoredInPages } from './rxdb-internals'
import { transactionsBetween$, type TransactionDoc } from './transactions'
import { stateAfter } from './window-docs'

type Transactions = RxCollection<TransactionDoc>

/** Rows per read of the first totals: a few milliseconds of work each on a slow phone. */
const READ_PAGE_ROWS = 500
/** The longest a page of that read waits for the browser to be idle. */
const PAGE_WAIT_MS = 500

/**
 * The per-month totals of one open database, kept in memory: one storage-level read of every
 * row (plain data, no RxDB documents) when first needed, then each change event of any tab
 * (RxDB's multi-instance events included) updates them, so all-time totals never rescan.
 */
class LedgerTotals {
  readonly changes = new BehaviorSubject<MonthTotals | null>(null)

  constructor(collection: Transactions, home?: HomeCurrency) {
    const totals = new MonthTotals(home)
    let buffered: [string, MonthEntry | null][] | null = []
    // Subscribed before the read: a change racing it is applied after it (last state wins). One
    // emission per write's bulk of events: a first download's page is 5,000 of them.
    collection.eventBulks$.subscribe(({ events }: RxChangeEventBulk<TransactionDoc>) => {
      for (const event of events) {
        const data = stateAfter(event)
        if (buffered) buffered.push([event.documentId, data])
        else totals.set(event.documentId, data)
      }
      if (!buffered) this.changes.next(totals)
    })
    // Read once the screen is idle (its first rows come first), a page at a time, each when the
    // page is idle again: a scroll or a tap goes first.
    const read = () => {
      const all = collection.find({ selector: { date: { $gte: 0 } }, sort: [{ date: 'asc' }] })
      readStoredInPages(
        collection,
        all,
        READ_PAGE_ROWS,
        (documents) => {
          for (const doc of documents) totals.set(doc.id, doc)
        },
        () => new Promise<void>((resolve) => whenIdle(resolve, PAGE_WAIT_MS)),
      )
        .then(() => {
          for (const [id, doc] of buffered ?? []) totals.set(id, doc)
          buffered = null
          this.changes.next(totals)
        })
        .catch((error: unknown) => this.changes.error(error))
    }
    whenIdle(read, 1000)
  }
}

/** One store per collection and home currency: a change of home currency reads the rows once more. */
const stores = new WeakMap<Transactions, Map<string, LedgerTotals>>()

/** The open database's month totals in the home currency, live; emits once they are known. */
export function monthTotals$(home?: HomeCurrency): Observable<MonthTotals> {
  return monthTotalsOf(userData().db.transactions, home)
}

/** A transactions collection's month totals (in `home`, when given), live. */
export function monthTotalsOf(collection: Transactions, home?: HomeCurrency): Observable<MonthTotals> {
  let byHome = stores.get(collection)
  if (!byHome) stores.set(collection, (byHome = new Map<string, LedgerTotals>()))
  const key = home ? `${home.currency}/${home.legacyCurrency ?? ''}` : ''
  let store = byHome.get(key)
  if (!store) byHome.set(key, (store = new LedgerTotals(collection, home)))
  return store.changes.pipe(filter((t): t is MonthTotals => t !== null))
}

/**
 * Totals of the transactions dated in `window` (all time when null) in the home currency, live: whole local months
 * from the month totals, the partial months at the edges from indexed date-range queries.
 */
export function windowTotals$(window: { start: number; end: number } | null, home?: HomeCurrency): Observable<Totals> {
  if (!window) return monthTotals$(home).pipe(map((months) => months.between()))
  const split = splitWindow(Math.max(0, window.start), Math.min(window.end, INVERTED_BASE))
  const edges: Observable<TransactionDoc[]>[] = split.edges.map((e) => transactionsBetween$(e.start, e.end))
  const whole = split.fromKey < split.toKey ? monthTotals$(home) : of(null)
  return combineLatest([whole, ...edges]).pipe(
    map(([months, ...parts]) =>
      sumTotals([
        months ? months.between(split.fromKey, split.toKey) : totalsOf([]),
        ...parts.map((part) => totalsOf(part, home)),
      ]),
    ),
  )
}
