/**
 * Where the replication sequence's values come from: one server-wide, strictly increasing
 * counter that a pull's checkpoint relies on ("everything up to seq N has been seen"). Each
 * document unit opens an allocation inside its transaction and closes it just before COMMIT.
 */
import { max, sql } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { execute } from './dialect'
import { first } from './rows'
import { counters, documents } from './tables'

/**
 * How a document unit runs beside others. `exclusive`: alone among document units from its start
 * to its COMMIT, so whatever it reads stays as it read it. `shared`: beside other shared units; it
 * serialises its own reads and writes (documents.ts locks the rows it decides on) and draws its
 * values at its first `next()`, as late as it can.
 */
export type UnitMode = 'exclusive' | 'shared'

export interface SeqSource {
  /** Called first inside a document unit's transaction. */
  open(mode?: UnitMode): Promise<SeqAllocation>
  /** The highest value this process has handed out or seen committed (0 on an empty database). */
  readonly last: number
}

export interface SeqAllocation {
  /** The next value, for one written row. */
  next(): Promise<number>
  /** The next `count` values at once (for rows written together); returns the first. */
  take(count: number): Promise<number>
  /**
   * Whether the unit should gather its rows and stamp them all at once, right before its COMMIT
   * (or before it reads documents again): true only where the first `next()` orders the unit
   * against every other (PostgreSQL's shared units).
   */
  readonly deferred: boolean
  /** The last value handed out in this unit, or the one before it when none was. */
  readonly last: number
  /** Inside the transaction, right before COMMIT. */
  close(): Promise<void>
  /** After a ROLLBACK: the values handed out were never committed. */
  rolledBack(): void
}

/**
 * SQLite: one process owns the file and its units never overlap, so the counter lives in memory,
 * read from max(seq) once when the database opens.
 */
export class MemorySeq implements SeqSource {
  #seq: number

  constructor(start: number) {
    this.#seq = start
  }

  get last(): number {
    return this.#seq
  }

  open(): Promise<SeqAllocation> {
    const before = this.#seq
    const take = (count: number) => {
      const firstValue = this.#seq + 1
      this.#seq += count
      return Promise.resolve(firstValue)
    }
    const last = () => this.#seq
    return Promise.resolve({
      next: () => take(1),
      take,
      deferred: false,
      get last() {
        return last()
      },
      close: () => Promise.resolve(),
      rolledBack: () => (this.#seq = before),
    })
  }
}

/** The advisory lock that orders exclusive units against every other document unit on PostgreSQL. */
export const SEQ_LOCK_KEY = 0x486973616162

/** The `counters` row of the replication sequence on PostgreSQL. */
const SEQ_COUNTER = 'documents_seq'

/**
 * PostgreSQL, one database shared by any number of instances. Values are allocated in one order
 * and committed in another unless something ties the two together: the counter is a `counters`
 * row, and a unit draws its values by one upsert of that row (its first `next()`), which locks the
 * row to the unit's COMMIT. The next unit's upsert waits for that commit and then reads the
 * committed value (the lock is released after the commit is visible). Seq order is therefore
 * commit order, and a pull that has seen N can never later be handed a row below N (README
 * "Sync", PostgreSQL).
 * Every unit also takes one transaction-level advisory lock first: `exclusive` units take it
 * exclusively and run alone among document units (they read and write at will, as on SQLite);
 * `shared` units (pushes) take it shared and run side by side, each serialising the documents it
 * decides on and drawing its values only once it has decided, so the row lock is held for its last
 * statements only. Nobody holding the counter row waits for another unit's lock: the row is taken
 * last.
 * The counter is never lowered (unlike max(seq), which falls when an account's rows are deleted)
 * and raised to max(seq) of a database copied from SQLite.
 */
export class PgSeq implements SeqSource {
  #last = 0

  constructor(private readonly db: AppDatabase) {}

  get last(): number {
    return this.#last
  }

  async open(mode: UnitMode = 'exclusive'): Promise<SeqAllocation> {
    const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'
    await execute(this.db, sql`SELECT ${sql.raw(lock)}(${sql.raw(String(SEQ_LOCK_KEY))})`)
    let current: number | null = null
    let base = this.#last
    /** What the counter row holds in this transaction once the unit has drawn. */
    let stored = 0
    // Draws the unit's first `count` values: the row is raised past them in the same statement.
    const draw = async (count: number): Promise<number> => {
      const row = await first(
        this.db
          .insert(counters)
          .values({
            name: SEQ_COUNTER,
            value: sql`(SELECT coalesce(max(${documents.seq}), 0) FROM ${documents}) + ${count}`,
          })
          .onConflictDoUpdate({
            target: counters.name,
            set: { value: sql`greatest(${counters.value}, excluded.value - ${count}) + ${count}` },
          })
          .returning({ value: counters.value }),
      )
      return row?.value ?? count
    }
    const take = async (count: number): Promise<number> => {
      if (current === null) {
        current = stored = await draw(count)
        base = current - count
        return base + 1
      }
      const firstValue = current + 1
      current += count
      return firstValue
    }
    const seen = (value: number) => (this.#last = Math.max(this.#last, value))
    return {
      next: () => take(1),
      take,
      deferred: mode === 'shared',
      get last() {
        return current ?? base
      },
      close: async () => {
        if (current === null) return
        if (current !== stored)
          await this.db
            .update(counters)
            .set({ value: current })
            .where(sql`${counters.name} = ${SEQ_COUNTER}`)
        seen(current)
      },
      rolledBack: () => {},
    }
  }
}

/** SQLite's start value: the highest seq in the file. */
export async function maxSeq(db: AppDatabase): Promise<number> {
  const row = await first(db.select({ value: max(documents.seq) }).from(documents))
  return row?.value ?? 0
}
