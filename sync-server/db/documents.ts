import { AsyncLocalStorage } from 'node:async_hooks'
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm'
import type { PushAnswer, PushRefusal, PushRow, StreamEvent } from '../../schema/api/sync'
import { COLLECTIONS } from '../../schema/collections'
import type { CollectionName, DocOf } from '../../schema/collections'
import { MAX_DOCUMENT_BYTES } from '../../schema/entities/common'
import { FORBIDDEN_DOCUMENT, HttpError } from '../http-error'
import { parseDocument, stateKey } from '../modules/sync/document-state'
import type { DocumentData, WireDocument } from '../modules/sync/document-state'
import { idUnavailable, mapInSlices, parsePushRow, sizeRefusal, tooLargeMessage } from '../modules/sync/push-rows'
import type { PushedDocument } from '../modules/sync/push-rows'
import type { StreamBus } from '../modules/sync/stream-bus'
import type { AppDatabase } from './database'
import { execute, inJsonArray, jsonField, jsonNumber, pgPrepared } from './dialect'
import { engineOf } from './engine'
import { first, only, settle } from './rows'
import type { SeqAllocation, SeqSource, UnitMode } from './sequence'
import { counters, documents } from './tables'
import type { DocumentRow } from './tables'
import type { UnitOfWork } from './unit-of-work'

/**
 * The stream-bus channel of admin-scope collections (business_entries): every admin's streams
 * listen on it besides their own id.
 */
export const ADMIN_CHANNEL = 'scope:admin'

/** Admin-scope rows are shared by all admins: any admin reads and edits them (the route checks the role). */
const isShared = (collection: CollectionName): boolean => COLLECTIONS[collection].scope === 'admin'

/**
 * How the server folds a pushed document into its own copy for a collection it partly owns
 * (tickets: the number, the status and admin replies are the server's). The result is checked
 * with the entity and the size cap, then written; no conflict is reported, and the merged state
 * reaches the pushing device by the stream. An HttpError (4xx) it throws refuses that document.
 */
export type PushMerge = (
  current: StoredDocument | undefined,
  incoming: DocumentData,
  context: PushMergeContext,
) => Promise<DocumentData>

/**
 * How the server judges a pushed document against other documents it holds (a loan payment
 * against what its loan still owes): returns the document to store, which may carry the server's
 * verdict (a payment marked as not counted). Runs in the push's transaction after the conflict
 * check, so it sees the rows written earlier in the same push; not called for deletions. The
 * stored state reaches the pushing device by the stream, as a merge does.
 */
export type PushRule = (
  incoming: DocumentData,
  context: { ownerId: string; current: StoredDocument | undefined },
) => Promise<DocumentData>

/**
 * Whether a pushed document may replace the stored one whose state the device assumed; false
 * answers the row as a conflict with the stored document, as a stale assumed state is.
 */
export type PushGuard = (stored: StoredDocument, incoming: DocumentData) => Promise<boolean>

export interface PushMergeContext {
  ownerId: string
  /** Takes the next number of a deployment counter inside the push's transaction (see `nextNumber`). */
  nextNumber: (counter: CounterName) => Promise<number>
}

/** The deployment counters (table `counters`). */
export type CounterName = 'ticket'

/** Told about an owner's committed writes of a collection, after they are announced. */
export type WriteListener = (ownerId: string, written: readonly StoredDocument[]) => Promise<void>

/**
 * Who hears of a collection's writes: each written document belongs to a group (one stream event
 * per group and collection per commit), and a group's stream channels are read after the commit.
 * Personal documents: the owner; admin-scope ones: every admin; household ones: its members.
 */
export interface Audience {
  groupOf(doc: StoredDocument): string
  channels(group: string): Promise<readonly string[]>
}

export interface StoredDocument<D = DocumentData> {
  collection: CollectionName
  id: string
  ownerId: string
  householdId: string | null
  seq: number
  deleted: boolean
  updatedAt: number
  /** The zod-parsed document as written (schema fields only). */
  data: D
}

/** How far ahead of the server's clock a pushed `updatedAt` may be (device clocks drift). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000

/**
 * Reads and writes inside one `DocumentsRepository.write`: everything done through it (and any
 * plain table row written meanwhile through the same connection) commits together or not at all.
 */
export interface DocumentUnit {
  get(collection: CollectionName, id: string): Promise<StoredDocument | undefined>
  /**
   * A write on behalf of `ownerId`: validated with the collection's entity (HttpError 400), the
   * document must name `ownerId` as its owner and an existing row must be theirs (403).
   */
  put<N extends CollectionName>(
    collection: N,
    ownerId: string,
    doc: DocOf<N> | DocumentData,
    deleted?: boolean,
  ): Promise<StoredDocument<DocOf<N>>>
  /**
   * A write the calling module has already allowed (households decide by membership): validated
   * with the entity (400) and stored under `ownerId`, whoever the document names.
   */
  putAllowed(
    collection: CollectionName,
    ownerId: string,
    data: DocumentData,
    deleted?: boolean,
  ): Promise<StoredDocument>
  /** The next number of a deployment counter, given back if the unit rolls back. */
  nextNumber(name: CounterName): Promise<number>
  /** Sends `event` to `channel` after the commit too (a departed member's devices get tombstones). */
  tell(channel: string, event: StreamEvent): void
}

/** One stream event's documents and the channels that may hear of it. */
interface Announcement {
  written: StoredDocument[]
  channels: readonly string[]
}

/** What one commit changed, announced once after it. */
interface Changes {
  written: StoredDocument[]
  told: { channel: string; event: StreamEvent }[]
}

/** An open `write`: its unit, what it changed so far, and where its seq values come from. */
interface OpenWrite {
  unit: DocumentUnit
  changes: Changes
  seq: SeqAllocation
  /**
   * Rows written but not yet stamped and stored (a deferred allocation's) by collection and id, in
   * the order they were written, each with what `#write` returned for it.
   */
  pending: Map<string, { row: DocumentRow; stored: StoredDocument }>
}

/**
 * The one data access path for replicated documents. Every change goes through `write`: one
 * transaction whose writes take the next values of one server-wide sequence, announced on the
 * stream bus once it has committed (and never when it rolls back).
 */
export class DocumentsRepository {
  readonly #merges = new Map<CollectionName, PushMerge>()
  readonly #rules = new Map<CollectionName, PushRule>()
  readonly #guards = new Map<CollectionName, PushGuard>()
  readonly #listeners = new Map<CollectionName, WriteListener[]>()
  readonly #audiences = new Map<CollectionName, Audience>()
  /** The `write` the calling code runs in (PostgreSQL runs several at once, each in its own context). */
  readonly #context = new AsyncLocalStorage<OpenWrite>()
  readonly #statements: Statements

  constructor(
    private readonly db: AppDatabase,
    private readonly units: UnitOfWork,
    private readonly seq: SeqSource,
    private readonly bus: StreamBus,
    private readonly now: () => number = Date.now,
  ) {
    this.#statements = prepareStatements(db)
  }

  /** The calling code's open write, inside its unit; undefined elsewhere. */
  get #open(): OpenWrite | undefined {
    return this.units.inUnit ? this.#context.getStore() : undefined
  }

  /** Pushes to `collection` are merged by `merge` instead of checked for conflicts. */
  setPushMerge(collection: CollectionName, merge: PushMerge): void {
    this.#merges.set(collection, merge)
  }

  /** Pushed documents of `collection` are judged by `rule` before they are stored. */
  setPushRule(collection: CollectionName, rule: PushRule): void {
    this.#rules.set(collection, rule)
  }

  /** Pushes to `collection` that `guard` refuses are answered as conflicts. */
  setPushGuard(collection: CollectionName, guard: PushGuard): void {
    this.#guards.set(collection, guard)
  }

  /** Writes of `collection` are announced to `audience` instead of their owner. */
  setAudience(collection: CollectionName, audience: Audience): void {
    this.#audiences.set(collection, audience)
  }

  /**
   * `listener` hears of every committed write to `collection` (pushes, REST, restamps), after the
   * commit, so it may write other documents of its own (a profile's UPI ID into member lists).
   * Listeners add up: every one registered for a collection hears each write.
   */
  addWriteListener(collection: CollectionName, listener: WriteListener): void {
    this.#listeners.set(collection, [...(this.#listeners.get(collection) ?? []), listener])
  }

  /**
   * Highest sequence value handed out so far (0 on an empty database): inside a write, the last
   * one it took (or the one before it); elsewhere the highest this process has seen.
   */
  get lastSeq(): number {
    return this.#open?.seq.last ?? this.seq.last
  }

  /**
   * Runs `fn` as one unit of work, the only way documents change: its writes commit together or
   * not at all, and once committed they are announced, exactly once, to every stream that should
   * hear of them. A `write` inside another joins it.
   */
  write<T>(fn: (unit: DocumentUnit) => Promise<T>): Promise<T> {
    return this.#run('exclusive', fn)
  }

  /**
   * `write` in either mode (sequence.ts): a shared unit must lock what it reads before reading it
   * (`#lockDocuments`), as other shared units run beside it.
   */
  async #run<T>(mode: UnitMode, fn: (unit: DocumentUnit) => Promise<T>): Promise<T> {
    const open = this.#open
    if (open) return fn(open.unit)
    if (this.units.inUnit) throw new Error('Documents are written in a unit of their own, not inside another')
    const changes: Changes = { written: [], told: [] }
    let seq: SeqAllocation | null = null
    let audiences: Announcement[] = []
    const result = await this.units.run(
      async () => {
        seq = await this.seq.open(mode)
        const write: OpenWrite = { unit: this.#unitFor(changes), changes, seq, pending: new Map() }
        const value = await this.#context.run(write, () => fn(write.unit))
        await this.#store(write)
        // Who hears of it is read inside the transaction: the state the commit makes visible.
        audiences = await this.#audiencesOf(changes)
        await seq.close()
        return value
      },
      {
        // Announced before the next unit begins, so streams hear of commits in seq order.
        committed: () => this.#publish(audiences, changes),
        // Rolled back: the values handed out were never committed.
        rolledBack: () => seq?.rolledBack(),
      },
    )
    await this.#tellListeners(changes)
    return result
  }

  #unitFor(changes: Changes): DocumentUnit {
    return {
      get: (collection, id) => this.get(collection, id),
      put: async <N extends CollectionName>(
        collection: N,
        ownerId: string,
        doc: DocOf<N> | DocumentData,
        deleted = false,
      ) => {
        const data = checked(collection, doc)
        assertOwnedByCaller(collection, ownerId, data)
        const existing = await this.#getRow(collection, String(data.id))
        if (existing && existing.ownerId !== ownerId) throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
        return (await this.#write(collection, ownerId, data, deleted)) as StoredDocument<DocOf<N>>
      },
      putAllowed: async (collection, ownerId, data, deleted = false) =>
        this.#write(collection, ownerId, checked(collection, data), deleted),
      nextNumber: (name) => this.#nextNumber(name),
      tell: (channel, event) => changes.told.push({ channel, event }),
    }
  }

  /**
   * The owner's rows of `collection` with seq > sinceSeq, oldest first, at most `limit`, as the
   * JSON body of a pull response ({documents, checkpoint, remaining}). The checkpoint is the
   * last returned row's seq, or `sinceSeq` when nothing is newer. The stored JSON is spliced in
   * as is: parsing and re-serialising every document made pulls ~40 % slower than a bare select.
   * `known`: how many rows the page before said follow `sinceSeq` (PullQuery's `remaining`), else counted.
   */
  async pullJson(
    collection: CollectionName,
    ownerId: string,
    sinceSeq: number,
    limit: number,
    known?: number,
  ): Promise<string> {
    const rows = await this.db
      .select({
        data: documents.data,
        deleted: documents.deleted,
        seq: documents.seq,
        after: known === undefined ? this.#countAfter(collection, ownerId, sinceSeq) : sql<number>`0`,
      })
      .from(documents)
      .where(and(scopeOf(collection, ownerId), gt(documents.seq, sinceSeq)))
      .orderBy(asc(documents.seq))
      .limit(limit)
    const seq = rows.at(-1)?.seq ?? sinceSeq
    // Only a full page can have more behind it; the count drives a new device's progress bar.
    const after = known ?? Number(rows[0]?.after ?? 0)
    const remaining = rows.length < limit ? 0 : Math.max(0, after - rows.length)
    // `data` is always a non-empty JSON object (it holds at least the id): close it with _deleted.
    const docs = rows.map((r) => `${r.data.slice(0, -1)},"_deleted":${r.deleted ? 'true' : 'false'}}`)
    return `{"documents":[${docs.join(',')}],"checkpoint":{"seq":${seq}},"remaining":${remaining}}`
  }

  /**
   * A new device's head of its transactions: the owner's `limit` newest live ones after `sinceSeq`
   * by date (newest first, the latest write first among equal dates), as a pull body whose
   * checkpoint is `sinceSeq` itself: it moves nothing, so the seq-ordered pull that follows
   * delivers every document, these again among them. `remaining` counts everything after `sinceSeq`.
   */
  async headJson(ownerId: string, sinceSeq: number, limit: number): Promise<string> {
    const rows = await this.db
      .select({ data: documents.data, after: this.#countAfter('transactions', ownerId, sinceSeq) })
      .from(documents)
      .where(and(scopeOf('transactions', ownerId), gt(documents.seq, sinceSeq), eq(documents.deleted, false)))
      .orderBy(desc(jsonNumber(this.db, documents.data, 'date')), desc(documents.seq))
      .limit(limit)
    // No live row to show: tombstones may still lie after sinceSeq.
    const remaining =
      rows.length > 0
        ? Number(rows[0]!.after)
        : ((await first(this.#countQuery('transactions', ownerId, sinceSeq)))?.n ?? 0)
    const docs = rows.map((r) => `${r.data.slice(0, -1)},"_deleted":false}`)
    return `{"documents":[${docs.join(',')}],"checkpoint":{"seq":${sinceSeq}},"remaining":${remaining}}`
  }

  /**
   * How many of the caller's rows lie after `seq`: a column of the page's own query (one
   * statement, one snapshot; an uncorrelated subquery is evaluated once).
   */
  #countAfter(collection: CollectionName, ownerId: string, seq: number): SQL<number> {
    return sql<number>`(${this.#countQuery(collection, ownerId, seq)})`
  }

  #countQuery(collection: CollectionName, ownerId: string, seq: number) {
    return this.db
      .select({ n: count() })
      .from(documents)
      .where(and(scopeOf(collection, ownerId), gt(documents.seq, seq)))
  }

  /**
   * Applies one replication push (RxDB protocol) and answers per document: the server's state of
   * each one whose `assumedMasterState` was stale (a conflict), and a refusal for each one the
   * caller may not write or that is over its limits (PushRefusal); everything else is written in
   * one short `write`. A document already equal to its pushed state is a success without a new
   * seq (pushes are retried). The documents are parsed a few milliseconds at a time with the event
   * loop free between, so a large push does not hold the process.
   * Throws HttpError 400 (an invalid document) or 403 (one naming another owner); then nothing is written.
   */
  async push(collection: CollectionName, ownerId: string, rows: PushRow[]): Promise<PushAnswer> {
    const options = {
      check: (data: DocumentData) => {
        if (!isShared(collection)) assertOwnedByCaller(collection, ownerId, data)
      },
      maxUpdatedAt: this.now() + MAX_CLOCK_SKEW_MS,
    }
    const pushed = await mapInSlices(rows, (row, index) => parsePushRow(collection, row, index, options))
    return this.#run('shared', async () => {
      await this.#lockDocuments(
        collection,
        ownerId,
        pushed.map((doc) => doc.id),
      )
      const current = await this.#getRows(
        collection,
        pushed.map((doc) => doc.id),
      )
      const answers: PushAnswer = []
      for (const doc of pushed) {
        const outcome = await this.#pushOne(collection, ownerId, doc, current.get(doc.id))
        if (!('row' in outcome)) {
          if (outcome.answer) answers.push(outcome.answer)
          continue
        }
        // A later row of this push with the same id meets this state.
        current.set(doc.id, outcome.row)
      }
      return answers
    })
  }

  /** One pushed document against the stored row: written, answered (conflict or refusal) or already there. */
  async #pushOne(
    collection: CollectionName,
    ownerId: string,
    doc: PushedDocument,
    existing: DocumentRow | undefined,
  ): Promise<{ row: DocumentRow } | { answer: PushAnswer[number] | null }> {
    if (existing && !mayWrite(collection, ownerId, existing, doc.data)) return { answer: idUnavailable(doc.id) }
    // A new admin-scope document must name its creator (personal ones were checked when parsed).
    if (!existing && isShared(collection) && doc.data.ownerId !== ownerId)
      throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
    const stored = existing ? toStored(existing) : undefined
    const merge = this.#merges.get(collection)
    let data = doc.data
    let json = doc.json
    if (merge) {
      try {
        data = await merge(stored, doc.data, { ownerId, nextNumber: (name) => this.#nextNumber(name) })
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return { answer: refusal(doc.id, error) }
        throw error
      }
      // The merge's result is what would be stored: it must pass the entity like any document.
      const result = parseDocument(collection, data)
      if (!result.ok) return { answer: refusal(doc.id, invalid(result.issues)) }
      data = result.data
      json = JSON.stringify(data)
      if (stored && stateKey(stored.data, stored.deleted) === stateKey(data, doc.deleted)) return { answer: null }
    } else if (stored && !(existing!.data === doc.json && existing!.deleted === doc.deleted)) {
      const { key, assumedKey } = doc.keys()
      const currentKey = stateKey(stored.data, stored.deleted)
      if (currentKey === key) return { answer: null }
      if (assumedKey !== currentKey || (await this.#guards.get(collection)?.(stored, doc.data)) === false)
        return { answer: toWire(stored) }
    } else if (stored) return { answer: null }
    const rule = this.#rules.get(collection)
    if (rule && !doc.deleted) {
      data = await rule(data, { ownerId: existing?.ownerId ?? ownerId, current: stored })
      json = JSON.stringify(data)
    }
    const tooLarge = sizeRefusal(doc.id, json)
    if (tooLarge) return { answer: tooLarge }
    const written = await this.#write(collection, existing?.ownerId ?? ownerId, data, doc.deleted, json)
    return { row: { ...written, data: json } }
  }

  /**
   * Gives the owner's rows with these ids the next seq values, content unchanged, and announces
   * them to every open stream of the owner, the asking device's included (RestampBody). Ids the
   * owner does not have are ignored. Returns how many were re-sent.
   */
  restamp(collection: CollectionName, ownerId: string, ids: readonly string[]): Promise<number> {
    return this.write(async () => {
      let restamped = 0
      for (const id of new Set(ids)) {
        const row = await this.#getRow(collection, id)
        // Admins share the admin collections; everything else is the owner's alone.
        if (!row || (!isShared(collection) && row.ownerId !== ownerId)) continue
        const stored = toStored(row)
        await this.#write(collection, row.ownerId, stored.data, stored.deleted)
        restamped++
      }
      return restamped
    })
  }

  /**
   * The next number of a deployment counter (1, 2, 3… from the first): one UPDATE … RETURNING on
   * its row, so it belongs to the transaction around it: a rollback gives the number back, and
   * instances sharing the database never hand out the same one.
   */
  async #nextNumber(name: CounterName): Promise<number> {
    const row = await only(
      this.db
        .insert(counters)
        .values({ name, value: 1 })
        .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
        .returning({ value: counters.value }),
    )
    return row.value
  }

  /** Any row with this id, whoever owns it. For authorisation checks; never send it unchecked. */
  async get(collection: CollectionName, id: string): Promise<StoredDocument | undefined> {
    const row = await this.#getRow(collection, id)
    return row ? toStored(row) : undefined
  }

  /** The row only when `ownerId` owns it (tombstones included). */
  async getOwned<N extends CollectionName>(
    collection: N,
    ownerId: string,
    id: string,
  ): Promise<StoredDocument<DocOf<N>> | undefined> {
    const row = await this.#getRow(collection, id)
    if (!row || row.ownerId !== ownerId) return undefined
    return toStored(row) as StoredDocument<DocOf<N>>
  }

  /** All of the owner's rows of a collection in seq order; tombstones only when asked. */
  listByOwner<N extends CollectionName>(
    collection: N,
    ownerId: string,
    options: { includeDeleted?: boolean } = {},
  ): Promise<StoredDocument<DocOf<N>>[]> {
    const conditions = [eq(documents.collection, collection), eq(documents.ownerId, ownerId)]
    if (!options.includeDeleted) conditions.push(eq(documents.deleted, false))
    return this.#listWhere<N>(conditions)
  }

  /** The owner's live rows whose JSON field `field` equals `value` (a loan's payments by `loanId`), in seq order. */
  listByOwnerWhere<N extends CollectionName>(
    collection: N,
    ownerId: string,
    field: string,
    value: string,
  ): Promise<StoredDocument<DocOf<N>>[]> {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field)) throw new Error(`Invalid field name: ${field}`)
    const equal = sql`${jsonField(this.db, documents.data, field)} = ${value}`
    return this.#listWhere<N>([...liveOf(collection, ownerId), equal])
  }

  /**
   * The owner's live rows whose numeric JSON field `field` lies in [start, end), in seq order:
   * e.g. a month of transactions by `date`. SQLite filters on the stored JSON, so rows outside
   * the window are never parsed (a long ledger stays cheap for WhatsApp summaries and alerts).
   */
  listByOwnerInRange<N extends CollectionName>(
    collection: N,
    ownerId: string,
    field: string,
    start: number,
    end: number,
  ): Promise<StoredDocument<DocOf<N>>[]> {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field)) throw new Error(`Invalid field name: ${field}`)
    const value = jsonNumber(this.db, documents.data, field)
    return this.#listWhere<N>([...liveOf(collection, ownerId), sql`${value} >= ${start}`, sql`${value} < ${end}`])
  }

  /** Rows matching every condition, in seq order. */
  async #listWhere<N extends CollectionName>(conditions: SQL[]): Promise<StoredDocument<DocOf<N>>[]> {
    await this.#storePending()
    const rows = await this.db
      .select()
      .from(documents)
      .where(and(...conditions))
      .orderBy(asc(documents.seq))
    return rows.map((r) => toStored(r) as StoredDocument<DocOf<N>>)
  }

  async #getRow(collection: CollectionName, id: string): Promise<DocumentRow | undefined> {
    await this.#storePending()
    return this.#statements.row({ collection, id })
  }

  /** The stored rows of these ids, in one query. */
  async #getRows(collection: CollectionName, ids: readonly string[]): Promise<Map<string, DocumentRow>> {
    await this.#storePending()
    const rows = await this.#statements.rows({ collection, ids: JSON.stringify(ids) })
    return new Map(rows.map((row) => [row.id, row]))
  }

  /**
   * Stamps the next seq and upserts the row, inside the open unit, which announces it after the
   * commit. `json` is `data` serialised when the caller has it. Throws HttpError 413 for a
   * document over MAX_DOCUMENT_BYTES (every write: push, REST, jobs).
   */
  async #write(
    collection: CollectionName,
    ownerId: string,
    data: DocumentData,
    deleted: boolean,
    json = JSON.stringify(data),
  ): Promise<StoredDocument> {
    const open = this.#open
    if (!open) throw new Error('Documents are written only inside DocumentsRepository.write')
    const bytes = Buffer.byteLength(json)
    if (bytes > MAX_DOCUMENT_BYTES) throw new HttpError(413, tooLargeMessage(bytes), 'TOO_LARGE')
    const row = {
      collection,
      id: String(data.id),
      ownerId,
      householdId: typeof data.householdId === 'string' ? data.householdId : null,
      seq: 0,
      deleted,
      updatedAt: typeof data.updatedAt === 'number' ? data.updatedAt : Date.now(),
      data: json,
    }
    const stored = { ...row, data }
    open.changes.written.push(stored)
    if (open.seq.deferred) {
      const key = `${collection}\u0000${row.id}`
      // One statement cannot write a row twice: the earlier state goes first, as it would have.
      if (open.pending.has(key)) await this.#store(open)
      open.pending.set(key, { row, stored })
      return stored
    }
    stored.seq = row.seq = await open.seq.next()
    await this.#statements.upsert(row)
    return stored
  }

  /** The open unit's pending rows, stamped and stored, before anything reads documents in it. */
  async #storePending(): Promise<void> {
    const open = this.#open
    if (open && open.pending.size > 0) await this.#store(open)
  }

  /**
   * Stamps the pending rows with the next seq values, in the order they were written, and
   * stores them in one statement. The first stamp orders the unit against every other (sequence.ts).
   */
  async #store(open: OpenWrite): Promise<void> {
    const pending = [...open.pending.values()]
    open.pending.clear()
    if (pending.length === 0) return
    const firstSeq = await open.seq.take(pending.length)
    pending.forEach((p, i) => (p.stored.seq = p.row.seq = firstSeq + i))
    await this.#statements.upsertMany(pending.map((p) => p.row))
  }

  /**
   * Makes the calling shared unit the only one deciding on these documents until it ends: two
   * pushes of one document would otherwise both read the same stored state and both be taken.
   * The owner's key too, as push rules judge a document by the owner's others (a loan payment by
   * the loan's other payments); an admin-scope collection is one key, as every admin writes it.
   * All keys in one statement, in one order (the hashes'), so two units never wait on each other.
   */
  async #lockDocuments(collection: CollectionName, ownerId: string, ids: readonly string[]): Promise<void> {
    if (engineOf(this.db) !== 'pg') return
    const scope = isShared(collection) ? `documents:collection:${collection}` : `documents:owner:${ownerId}`
    const keys = [scope, ...ids.map((id) => `documents:${collection}:${id}`)]
    await execute(
      this.db,
      sql`SELECT count(pg_advisory_xact_lock(k)) FROM (
        SELECT DISTINCT hashtextextended(key, 0) AS k
        FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS key
        ORDER BY k) AS sorted`,
    )
  }

  /** One group's documents of one collection and the channels of its audience. */
  async #audiencesOf(changes: Changes): Promise<Announcement[]> {
    const announcements: Announcement[] = []
    for (const written of this.#groups(changes)) {
      const head = written[0]!
      const audience = this.#audienceOf(head.collection)
      announcements.push({ written, channels: await audience.channels(audience.groupOf(head)) })
    }
    return announcements
  }

  /**
   * After a commit: one stream event per audience group and collection (as a single write of
   * several documents would send), then the extra events.
   */
  #publish(announcements: readonly Announcement[], changes: Changes): void {
    for (const { written, channels } of announcements) {
      const listening = channels.filter((channel) => this.bus.hasAudience(channel))
      // Nobody listening (no open stream): the event is not even built.
      if (listening.length === 0) continue
      const event: StreamEvent = {
        collection: written[0]!.collection,
        documents: written.map(toWire),
        checkpoint: { seq: written.at(-1)!.seq },
      }
      for (const channel of listening) this.bus.publish(channel, event)
    }
    for (const { channel, event } of changes.told) this.bus.publish(channel, event)
  }

  /** The written documents by collection and audience group, in the order they were written. */
  #groups(changes: Changes): StoredDocument[][] {
    const groups = new Map<string, StoredDocument[]>()
    for (const doc of changes.written) {
      const key = `${doc.collection}\u0000${this.#audienceOf(doc.collection).groupOf(doc)}`
      const group = groups.get(key)
      if (group) group.push(doc)
      else groups.set(key, [doc])
    }
    return [...groups.values()]
  }

  /** Then the write listeners, one after another, with each group's documents (as announced). */
  async #tellListeners(changes: Changes): Promise<void> {
    for (const written of this.#groups(changes)) {
      const head = written[0]!
      for (const listener of this.#listeners.get(head.collection) ?? []) await listener(head.ownerId, written)
    }
  }

  #audienceOf(collection: CollectionName): Audience {
    return this.#audiences.get(collection) ?? (isShared(collection) ? ADMIN_AUDIENCE : OWNER_AUDIENCE)
  }
}

/** Personal documents reach their owner's streams. */
const OWNER_AUDIENCE: Audience = { groupOf: (doc) => doc.ownerId, channels: (ownerId) => Promise.resolve([ownerId]) }

/** Admin-scope documents reach every admin's streams. */
const ADMIN_AUDIENCE: Audience = { groupOf: () => ADMIN_CHANNEL, channels: () => Promise.resolve([ADMIN_CHANNEL]) }

/** The document as the collection's entity parses it; HttpError 400 when it does not. */
function checked(collection: CollectionName, doc: DocumentData | DocOf<CollectionName>): DocumentData {
  const next = parseDocument(collection, doc)
  if (!next.ok) throw invalid(next.issues)
  return next.data
}

/** The rows a caller pulls: their own, or every row of an admin-scope collection. */
function scopeOf(collection: CollectionName, ownerId: string) {
  return isShared(collection)
    ? eq(documents.collection, collection)
    : and(eq(documents.collection, collection), eq(documents.ownerId, ownerId))
}

/**
 * A pushed row may change an existing one only when the caller owns it; in an admin-scope
 * collection any admin may, but the document keeps its creator as owner.
 */
function mayWrite(collection: CollectionName, callerId: string, row: DocumentRow, data: DocumentData): boolean {
  return isShared(collection) ? data.ownerId === row.ownerId : row.ownerId === callerId
}

const refusal = (id: string, error: HttpError): PushRefusal => ({
  id,
  _refused: { code: error.code ?? 'REFUSED', error: error.message },
})

const invalid = (issues: { path: string; message: string }[]) =>
  new HttpError(400, `Invalid document: ${describe(issues)}`, 'INVALID_DOCUMENT', issues)

type RowKey = { collection: string; id: string }

/**
 * The statements every write and push runs, prepared once (on SQLite, building each anew made a
 * 1,000-document push take about a second).
 */
interface Statements {
  row(key: RowKey): Promise<DocumentRow | undefined>
  /** `ids` is a JSON array of ids, whatever their number: one parameter. */
  rows(key: { collection: string; ids: string }): Promise<DocumentRow[]>
  upsert(row: DocumentRow): Promise<void>
  /** Several rows (distinct keys) in one statement. */
  upsertMany(rows: readonly DocumentRow[]): Promise<void>
}

function prepareStatements(db: AppDatabase): Statements {
  const param = (name: string) => sql.placeholder(name)
  const byCollection = eq(documents.collection, param('collection'))
  const row = db
    .select()
    .from(documents)
    .where(and(byCollection, eq(documents.id, param('id'))))
  const rows = db
    .select()
    .from(documents)
    .where(and(byCollection, inJsonArray(db, documents.id, param('ids'))))
  const upsert = db
    .insert(documents)
    .values({
      collection: param('collection'),
      id: param('id'),
      ownerId: param('ownerId'),
      householdId: param('householdId'),
      seq: param('seq'),
      deleted: param('deleted'),
      updatedAt: param('updatedAt'),
      data: param('data'),
    })
    .onConflictDoUpdate({
      target: [documents.collection, documents.id],
      set: {
        householdId: sql`excluded.household_id`,
        seq: sql`excluded.seq`,
        deleted: sql`excluded.deleted`,
        updatedAt: sql`excluded.updated_at`,
        data: sql`excluded.data`,
      },
    })
  if (engineOf(db) === 'pg') return pgStatements(db, row, rows, upsert)
  const [getRow, getRows, put] = [row.prepare(), rows.prepare(), upsert.prepare()]
  return {
    row: (key) => settle(() => getRow.get(key)),
    rows: (key) => settle(() => getRows.all(key)),
    upsert: (value) => settle(() => void put.run(value)),
    upsertMany: (values) => settle(() => values.forEach((value) => put.run(value))),
  }
}

/** PostgreSQL: named prepared statements, and one column array a field for many rows. */
function pgStatements(db: AppDatabase, row: object, rows: object, upsert: object): Statements {
  const getRow = pgPrepared<DocumentRow[]>(row, 'documents_row')
  const getRows = pgPrepared<DocumentRow[]>(rows, 'documents_rows')
  const put = pgPrepared<unknown>(upsert, 'documents_upsert')
  const column = <K extends keyof DocumentRow>(values: readonly DocumentRow[], key: K) =>
    sql.param(values.map((value) => value[key]))
  return {
    row: (key) => first(getRow(key)),
    rows: (key) => getRows(key),
    upsert: async (value) => void (await put(value)),
    upsertMany: (values) =>
      execute(
        db,
        sql`INSERT INTO documents (collection, id, owner_id, household_id, seq, deleted, updated_at, data)
        SELECT * FROM unnest(${column(values, 'collection')}::text[], ${column(values, 'id')}::text[],
          ${column(values, 'ownerId')}::text[], ${column(values, 'householdId')}::text[],
          ${column(values, 'seq')}::bigint[], ${column(values, 'deleted')}::boolean[],
          ${column(values, 'updatedAt')}::bigint[], ${column(values, 'data')}::text[])
        ON CONFLICT (collection, id) DO UPDATE SET household_id = excluded.household_id, seq = excluded.seq,
          deleted = excluded.deleted, updated_at = excluded.updated_at, data = excluded.data`,
      ),
  }
}

/** The server sets the owner from the token; a document naming someone else is refused. */
function assertOwnedByCaller(collection: CollectionName, ownerId: string, data: DocumentData): void {
  if (data.ownerId !== ownerId) throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
  // The profile is one document per user, keyed by the user's id.
  if (collection === 'profile' && data.id !== ownerId) throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
}

function toStored(row: DocumentRow): StoredDocument {
  return {
    collection: row.collection as CollectionName,
    id: row.id,
    ownerId: row.ownerId,
    householdId: row.householdId,
    seq: row.seq,
    deleted: row.deleted,
    updatedAt: row.updatedAt,
    data: JSON.parse(row.data) as DocumentData,
  }
}

export function toWire<D>(doc: StoredDocument<D>): WireDocument<D> {
  return { ...doc.data, _deleted: doc.deleted }
}

function describe(issues: { path: string; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ')
}

/** An owner's live (not deleted) rows of one collection. */
function liveOf(collection: CollectionName, ownerId: string): SQL[] {
  return [eq(documents.collection, collection), eq(documents.ownerId, ownerId), eq(documents.deleted, false)]
}
