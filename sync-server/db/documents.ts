import { and, asc, count, eq, gt, max, sql } from 'drizzle-orm'
import type { StreamEvent, PushRow } from '../../schema/api/sync'
import { COLLECTIONS } from '../../schema/collections'
import type { CollectionName, DocOf } from '../../schema/collections'
import { FORBIDDEN_DOCUMENT, HttpError } from '../http-error'
import { parseDocument, stateKey } from '../modules/sync/document-state'
import type { DocumentData, WireDocument } from '../modules/sync/document-state'
import type { StreamBus } from '../modules/sync/stream-bus'
import type { AppDatabase } from './database'
import { documents } from './tables'
import type { DocumentRow } from './tables'

/**
 * The stream-bus channel of admin-scope collections (business_entries): every admin's streams
 * listen on it besides their own id.
 */
export const ADMIN_CHANNEL = 'scope:admin'

/** Admin-scope rows are shared by all admins: any admin reads and edits them (the route checks the role). */
const isShared = (collection: CollectionName): boolean => COLLECTIONS[collection].scope === 'admin'

/**
 * How the server folds a pushed document into its own copy for a collection it partly owns
 * (tickets: the number, the status and admin replies are the server's). The result is written
 * as is; no conflict is reported, and the merged state reaches the pushing device by the stream.
 */
export type PushMerge = (
  current: StoredDocument | undefined,
  incoming: DocumentData,
  context: { ownerId: string; nextSeq: number },
) => DocumentData

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
) => DocumentData

/**
 * Whether a pushed document may replace the stored one whose state the device assumed; false
 * answers the row as a conflict with the stored document, as a stale assumed state is.
 */
export type PushGuard = (stored: StoredDocument, incoming: DocumentData) => boolean

/** Told about an owner's committed writes of a collection, after they are announced. */
export type WriteListener = (ownerId: string, written: readonly StoredDocument[]) => void

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
interface HeldAnnouncement {
  ownerId: string
  collection: CollectionName
  written: StoredDocument[]
}

/** Reads and writes inside `DocumentsRepository.transact`. */
export interface DocumentTransaction {
  get(collection: CollectionName, id: string): StoredDocument | undefined
  /** Validates with the collection's entity (HttpError 400) and stamps the next seq. */
  write(collection: CollectionName, ownerId: string, data: DocumentData, deleted?: boolean): StoredDocument
}

/**
 * The one data access path for replicated documents, used by the sync routes, the REST mirror
 * and (later) WhatsApp and jobs. Every accepted write takes the next value of one server-wide
 * sequence and is announced on the stream bus after its transaction commits.
 */
export class DocumentsRepository {
  /** Last sequence value handed out. Single process: the counter lives here, not in SQLite. */
  #seq: number
  readonly #merges = new Map<CollectionName, PushMerge>()
  readonly #rules = new Map<CollectionName, PushRule>()
  readonly #guards = new Map<CollectionName, PushGuard>()
  readonly #listeners = new Map<CollectionName, WriteListener>()
  /** Announcements held back while a unit of work is open; null outside one. */
  #held: Map<string, HeldAnnouncement> | null = null

  constructor(
    private readonly db: AppDatabase,
    private readonly bus: StreamBus,
    private readonly now: () => number = Date.now,
  ) {
    const row = db
      .select({ value: max(documents.seq) })
      .from(documents)
      .get()
    this.#seq = row?.value ?? 0
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

  /**
   * `listener` hears of every committed write to `collection` (pushes, REST, restamps), after the
   * commit, so it may write other documents of its own (a profile's UPI ID into member lists).
   */
  setWriteListener(collection: CollectionName, listener: WriteListener): void {
    this.#listeners.set(collection, listener)
  }

  /** Highest sequence value handed out so far (0 on an empty database). */
  get lastSeq(): number {
    return this.#seq
  }

  /**
   * The owner's rows of `collection` with seq > sinceSeq, oldest first, at most `limit`, as the
   * JSON body of a pull response ({documents, checkpoint, remaining}). The checkpoint is the
   * last returned row's seq, or `sinceSeq` when nothing is newer. The stored JSON is spliced in
   * as is: parsing and re-serialising every document made pulls ~40 % slower than a bare select.
   */
  pullJson(collection: CollectionName, ownerId: string, sinceSeq: number, limit: number): string {
    const rows = this.db
      .select({ data: documents.data, deleted: documents.deleted, seq: documents.seq })
      .from(documents)
      .where(and(scopeOf(collection, ownerId), gt(documents.seq, sinceSeq)))
      .orderBy(asc(documents.seq))
      .limit(limit)
      .all()
    const seq = rows.at(-1)?.seq ?? sinceSeq
    // Only a full page can have more behind it; the count drives a new device's progress bar.
    const remaining = rows.length < limit ? 0 : this.countAfter(collection, ownerId, seq)
    // `data` is always a non-empty JSON object (it holds at least the id): close it with _deleted.
    const docs = rows.map((r) => `${r.data.slice(0, -1)},"_deleted":${r.deleted ? 'true' : 'false'}}`)
    return `{"documents":[${docs.join(',')}],"checkpoint":{"seq":${seq}},"remaining":${remaining}}`
  }

  private countAfter(collection: CollectionName, ownerId: string, seq: number): number {
    const row = this.db
      .select({ n: count() })
      .from(documents)
      .where(and(scopeOf(collection, ownerId), gt(documents.seq, seq)))
      .get()
    return row?.n ?? 0
  }

  /**
   * Applies one replication push in one transaction (RxDB protocol) and returns the conflicts:
   * the current server state of each row whose `assumedMasterState` was stale. A row already
   * equal to `newDocumentState` is a success without a new seq (pushes are retried).
   * Throws HttpError 400 (invalid document) or 403 (not the caller's); then nothing is written.
   */
  push(collection: CollectionName, ownerId: string, rows: PushRow[]): WireDocument[] {
    const parsed = rows.map((row, index) => {
      const next = parseDocument(collection, row.newDocumentState)
      if (!next.ok)
        throw new HttpError(
          400,
          `Invalid document at index ${index}: ${describe(next.issues)}`,
          'INVALID_DOCUMENT',
          next.issues,
        )
      if (!isShared(collection)) assertOwnedByCaller(collection, ownerId, next.data)
      // A device clock far ahead would win every later last-writer-wins comparison (and lock the
      // document against REST edits): bound it to the server's clock plus a small skew.
      next.data.updatedAt = Math.min(Number(next.data.updatedAt), this.now() + MAX_CLOCK_SKEW_MS)
      const assumed = row.assumedMasterState ? parseDocument(collection, row.assumedMasterState) : null
      return { next, assumedKey: assumed?.ok ? stateKey(assumed.data, assumed.deleted) : null }
    })

    const written: StoredDocument[] = []
    const conflicts = this.db.transaction((tx) => {
      const found: WireDocument[] = []
      // Ownership first, for every row: a push touching another user's id changes nothing.
      const current = parsed.map(({ next }) => this.#getRow(tx, collection, String(next.data.id)))
      current.forEach((row, i) => assertWritable(collection, ownerId, row, parsed[i]!.next.data))

      const merge = this.#merges.get(collection)
      const rule = this.#rules.get(collection)
      for (const { next, assumedKey } of parsed) {
        const id = String(next.data.id)
        // Re-read: an earlier row of this push may have written the same id.
        const existing = this.#getRow(tx, collection, id)
        if (merge) {
          const stored = existing ? toStored(existing) : undefined
          const data = merge(stored, next.data, { ownerId, nextSeq: this.#seq + 1 })
          if (stored && stateKey(stored.data, stored.deleted) === stateKey(data, next.deleted)) continue
          written.push(this.#write(tx, collection, ownerId, data, next.deleted))
          continue
        }
        if (existing) {
          const stored = toStored(existing)
          const currentKey = stateKey(stored.data, stored.deleted)
          if (currentKey === stateKey(next.data, next.deleted)) continue
          if (assumedKey !== currentKey || this.#guards.get(collection)?.(stored, next.data) === false) {
            found.push(toWire(stored))
            continue
          }
        }
        const owner = existing?.ownerId ?? ownerId
        const current = existing ? toStored(existing) : undefined
        const data = rule && !next.deleted ? rule(next.data, { ownerId: owner, current }) : next.data
        written.push(this.#write(tx, collection, owner, data, next.deleted))
      }
      return found
    })
    this.#announce(ownerId, collection, written)
    return conflicts
  }

  /**
   * Writes one document outside replication (REST, WhatsApp, jobs): validates it with the
   * collection's entity, stamps the next seq, and announces it. Last write wins; callers decide
   * beforehand whether the write is allowed. Throws HttpError 400/403 like `push`.
   */
  writeDocument<N extends CollectionName>(
    collection: N,
    ownerId: string,
    doc: DocOf<N> | DocumentData,
    deleted = false,
  ): StoredDocument<DocOf<N>> {
    const next = parseDocument(collection, doc)
    if (!next.ok)
      throw new HttpError(400, `Invalid document: ${describe(next.issues)}`, 'INVALID_DOCUMENT', next.issues)
    assertOwnedByCaller(collection, ownerId, next.data)
    const stored = this.db.transaction((tx) => {
      const existing = this.#getRow(tx, collection, String(next.data.id))
      if (existing && existing.ownerId !== ownerId) throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
      return this.#write(tx, collection, ownerId, next.data, deleted)
    })
    this.#announce(ownerId, collection, [stored])
    return stored as StoredDocument<DocOf<N>>
  }

  /**
   * Gives the owner's rows with these ids the next seq values, content unchanged, and announces
   * them to every open stream of the owner, the asking device's included (RestampBody). Ids the
   * owner does not have are ignored. Returns how many were re-sent.
   */
  restamp(collection: CollectionName, ownerId: string, ids: readonly string[]): number {
    const written = this.db.transaction((tx) => {
      const out: StoredDocument[] = []
      for (const id of new Set(ids)) {
        const row = this.#getRow(tx, collection, id)
        // Admins share the admin collections; everything else is the owner's alone.
        if (!row || (!isShared(collection) && row.ownerId !== ownerId)) continue
        const stored = toStored(row)
        out.push(this.#write(tx, collection, row.ownerId, stored.data, stored.deleted))
      }
      return out
    })
    this.#announce(ownerId, collection, written)
    return written.length
  }

  /**
   * Runs `fn` in one SQLite transaction whose writes take the next sequence values; announces
   * nothing. For household rows, which go to every member: the households module checks
   * membership, writes through here and announces to the members itself.
   */
  transact<T>(fn: (tx: DocumentTransaction) => T): T {
    return this.db.transaction((db) =>
      fn({
        get: (collection, id) => {
          const row = this.#getRow(db, collection, id)
          return row ? toStored(row) : undefined
        },
        write: (collection, ownerId, data, deleted = false) => {
          const next = parseDocument(collection, data)
          if (!next.ok)
            throw new HttpError(400, `Invalid document: ${describe(next.issues)}`, 'INVALID_DOCUMENT', next.issues)
          return this.#write(db, collection, ownerId, next.data, deleted)
        },
      }),
    )
  }

  /**
   * Runs `fn` as one unit of work: every write inside it (documents through this repository, and
   * plain table rows through the other repositories, which share the one SQLite connection, so
   * better-sqlite3 runs their statements inside this transaction) commits together or not at all.
   * Stream announcements wait until the commit and are dropped on a rollback. Nested units join
   * the outer one.
   */
  unitOfWork<T>(fn: () => T): T {
    if (this.#held) return fn()
    const seqBefore = this.#seq
    this.#held = new Map()
    let held: Map<string, HeldAnnouncement>
    let result: T
    try {
      result = this.db.transaction(() => fn())
    } catch (error) {
      this.#seq = seqBefore
      throw error
    } finally {
      held = this.#held
      this.#held = null
    }
    for (const { ownerId, collection, written } of held.values()) this.#announce(ownerId, collection, written)
    return result
  }

  /**
   * Several documents of one owner (any collections) written all or nothing in one transaction,
   * each with the next seq, then announced per collection. Checks like `writeDocument`.
   */
  writeDocuments(
    ownerId: string,
    entries: readonly { collection: CollectionName; doc: DocumentData | DocOf<CollectionName>; deleted?: boolean }[],
  ): StoredDocument[] {
    return this.unitOfWork(() =>
      entries.map(({ collection, doc, deleted }) => this.writeDocument(collection, ownerId, doc, deleted)),
    )
  }

  /** Any row with this id, whoever owns it. For authorisation checks; never send it unchecked. */
  get(collection: CollectionName, id: string): StoredDocument | undefined {
    const row = this.#getRow(this.db, collection, id)
    return row ? toStored(row) : undefined
  }

  /** The row only when `ownerId` owns it (tombstones included). */
  getOwned<N extends CollectionName>(collection: N, ownerId: string, id: string): StoredDocument<DocOf<N>> | undefined {
    const row = this.#getRow(this.db, collection, id)
    if (!row || row.ownerId !== ownerId) return undefined
    return toStored(row) as StoredDocument<DocOf<N>>
  }

  /** All of the owner's rows of a collection in seq order; tombstones only when asked. */
  listByOwner<N extends CollectionName>(
    collection: N,
    ownerId: string,
    options: { includeDeleted?: boolean } = {},
  ): StoredDocument<DocOf<N>>[] {
    const conditions = [eq(documents.collection, collection), eq(documents.ownerId, ownerId)]
    if (!options.includeDeleted) conditions.push(eq(documents.deleted, false))
    const rows = this.db
      .select()
      .from(documents)
      .where(and(...conditions))
      .orderBy(asc(documents.seq))
      .all()
    return rows.map((r) => toStored(r) as StoredDocument<DocOf<N>>)
  }

  /** The owner's live rows whose JSON field `field` equals `value` (a loan's payments by `loanId`), in seq order. */
  listByOwnerWhere<N extends CollectionName>(
    collection: N,
    ownerId: string,
    field: string,
    value: string,
  ): StoredDocument<DocOf<N>>[] {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field)) throw new Error(`Invalid field name: ${field}`)
    const rows = this.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.collection, collection),
          eq(documents.ownerId, ownerId),
          eq(documents.deleted, false),
          sql`json_extract(${documents.data}, ${`$.${field}`}) = ${value}`,
        ),
      )
      .orderBy(asc(documents.seq))
      .all()
    return rows.map((r) => toStored(r) as StoredDocument<DocOf<N>>)
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
  ): StoredDocument<DocOf<N>>[] {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field)) throw new Error(`Invalid field name: ${field}`)
    const value = sql`json_extract(${documents.data}, ${`$.${field}`})`
    const rows = this.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.collection, collection),
          eq(documents.ownerId, ownerId),
          eq(documents.deleted, false),
          sql`${value} >= ${start}`,
          sql`${value} < ${end}`,
        ),
      )
      .orderBy(asc(documents.seq))
      .all()
    return rows.map((r) => toStored(r) as StoredDocument<DocOf<N>>)
  }

  #getRow(db: Pick<AppDatabase, 'select'>, collection: CollectionName, id: string): DocumentRow | undefined {
    return db
      .select()
      .from(documents)
      .where(and(eq(documents.collection, collection), eq(documents.id, id)))
      .get()
  }

  #write(
    db: Pick<AppDatabase, 'insert'>,
    collection: CollectionName,
    ownerId: string,
    data: DocumentData,
    deleted: boolean,
  ): StoredDocument {
    const seq = ++this.#seq
    const row = {
      collection,
      id: String(data.id),
      ownerId,
      householdId: typeof data.householdId === 'string' ? data.householdId : null,
      seq,
      deleted,
      updatedAt: typeof data.updatedAt === 'number' ? data.updatedAt : Date.now(),
      data: JSON.stringify(data),
    }
    db.insert(documents)
      .values(row)
      .onConflictDoUpdate({
        target: [documents.collection, documents.id],
        set: { householdId: row.householdId, seq, deleted, updatedAt: row.updatedAt, data: row.data },
      })
      .run()
    return { ...row, data, householdId: row.householdId }
  }

  #announce(ownerId: string, collection: CollectionName, written: StoredDocument[]): void {
    const last = written.at(-1)
    if (!last) return
    if (this.#held) {
      // One event per owner and collection, as a single write of several documents would send.
      const key = `${ownerId}\u0000${collection}`
      const held = this.#held.get(key)
      if (held) held.written.push(...written)
      else this.#held.set(key, { ownerId, collection, written: [...written] })
      return
    }
    const event: StreamEvent = { collection, documents: written.map(toWire), checkpoint: { seq: last.seq } }
    this.bus.publish(isShared(collection) ? ADMIN_CHANNEL : ownerId, event)
    this.#listeners.get(collection)?.(ownerId, written)
  }
}

/** The rows a caller pulls: their own, or every row of an admin-scope collection. */
function scopeOf(collection: CollectionName, ownerId: string) {
  return isShared(collection)
    ? eq(documents.collection, collection)
    : and(eq(documents.collection, collection), eq(documents.ownerId, ownerId))
}

/**
 * A pushed row may change an existing one only when the caller owns it; in an admin-scope
 * collection any admin may, but the document keeps its creator as owner, and a new one must
 * name the caller.
 */
function assertWritable(
  collection: CollectionName,
  callerId: string,
  row: DocumentRow | undefined,
  data: DocumentData,
) {
  const owner = row?.ownerId ?? callerId
  if (isShared(collection) ? data.ownerId !== owner : row && row.ownerId !== callerId)
    throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
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
