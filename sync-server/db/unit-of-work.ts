import { AsyncLocalStorage } from 'node:async_hooks'
import type Database from 'better-sqlite3'

/**
 * Transactions with an asynchronous callback, the same on both engines (SqliteUnitOfWork here,
 * PgUnitOfWork in pg-unit-of-work.ts): `run` commits what `fn` wrote when it resolves and rolls
 * all of it back when it throws; a `run` inside the open unit joins it.
 */
export interface UnitOfWork {
  /** Whether the calling code runs inside an open unit. */
  readonly inUnit: boolean
  run<T>(fn: () => Promise<T>, hooks?: UnitHooks): Promise<T>
}

export interface UnitHooks {
  committed?: () => void
  rolledBack?: () => void
}

/** One open transaction; `crossed` is set when it stayed open past the turn of the event loop it began in. */
interface OpenUnit {
  crossed: boolean
}

/**
 * Transactions over the one SQLite connection, with an asynchronous callback. better-sqlite3 is
 * synchronous, so a callback that only awaits repository calls runs to its end in microtasks,
 * before any other request's code can run: nothing else lands inside its BEGIN … COMMIT. Two
 * checks make a breach of that loud instead of silent:
 * - every statement asks `assertOutsideOthers` first (the drizzle logger hook): a statement from
 *   code outside the open unit would otherwise commit or roll back with it, so it throws;
 * - a unit still open when a macrotask runs (it awaited a timer, I/O or the network) is rolled
 *   back with an error when it ends.
 * Units never overlap: one started while another is open elsewhere waits for it to end; one
 * started inside the open unit joins it.
 */
export class SqliteUnitOfWork implements UnitOfWork {
  readonly #context = new AsyncLocalStorage<OpenUnit>()
  #open: OpenUnit | null = null
  /** Settles when the open unit ends: the queue of units waiting to begin. */
  #idle: Promise<void> = Promise.resolve()
  readonly #begin: Database.Statement
  readonly #commit: Database.Statement
  readonly #rollback: Database.Statement

  constructor(private readonly sqlite: Database.Database) {
    this.#begin = sqlite.prepare('BEGIN IMMEDIATE')
    this.#commit = sqlite.prepare('COMMIT')
    this.#rollback = sqlite.prepare('ROLLBACK')
  }

  /** Whether the calling code runs inside the open unit. */
  get inUnit(): boolean {
    return this.#open !== null && this.#context.getStore() === this.#open
  }

  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (the
   * error is rethrown). Inside the open unit, `fn` simply joins it, and `hooks` are not called.
   * `hooks` run before the next unit may begin: `committed` right after the COMMIT, `rolledBack`
   * after the ROLLBACK, so what they restore or announce is in order with the next unit.
   */
  async run<T>(fn: () => Promise<T>, hooks: UnitHooks = {}): Promise<T> {
    if (this.inUnit) return fn()
    while (this.#open) await this.#idle
    const unit: OpenUnit = { crossed: false }
    let end = () => {}
    // Waiting units begin on the next turn of the event loop: the code that ran this unit (its
    // write listeners, its other reads) finishes its microtasks first, outside any transaction.
    this.#idle = new Promise((resolve) => (end = () => setImmediate(resolve)))
    this.#open = unit
    const watchdog = setImmediate(() => (unit.crossed = true))
    // The unit ends (and the hooks run) in the same synchronous step as its COMMIT or ROLLBACK.
    const close = () => {
      clearImmediate(watchdog)
      this.#open = null
      end()
    }
    try {
      this.#begin.run()
      const result = await this.#context.run(unit, fn)
      if (unit.crossed) throw new UnitCrossedError()
      this.#commit.run()
      close()
      hooks.committed?.()
      return result
    } catch (error) {
      if (this.#open !== unit) throw error
      if (this.sqlite.inTransaction) this.#rollback.run()
      close()
      hooks.rolledBack?.()
      throw error
    }
  }

  /** Throws when a unit is open and the caller is not inside it (see the class comment). */
  assertOutsideOthers(): void {
    if (this.#open && this.#context.getStore() !== this.#open) throw new UnitInterleavedError()
  }
}

/** A unit awaited something other than the database (a timer, I/O): it was rolled back. */
export class UnitCrossedError extends Error {
  constructor() {
    super('A unit of work stayed open across a turn of the event loop; it was rolled back')
  }
}

/** A statement ran from outside the open unit while it was open. */
export class UnitInterleavedError extends Error {
  constructor() {
    super('A statement ran from outside the open unit of work while it was open')
  }
}
