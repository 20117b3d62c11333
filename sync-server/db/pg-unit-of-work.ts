import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'

const pgTypes = pg.types
import type { UnitHooks, UnitOfWork } from './unit-of-work'

/**
 * Transactions on PostgreSQL: each unit takes one client from the pool and runs BEGIN … COMMIT
 * on it; every statement issued inside the unit (found through AsyncLocalStorage) goes to that
 * client, every other statement to the pool. Units of different requests run side by side, as
 * PostgreSQL isolates them; a unit started inside the open unit joins it.
 */
export class PgUnitOfWork implements UnitOfWork {
  readonly #context = new AsyncLocalStorage<pg.PoolClient>()

  constructor(private readonly pool: pg.Pool) {}

  get inUnit(): boolean {
    return this.#context.getStore() !== undefined
  }

  /** The open unit's client, or undefined outside a unit. */
  get client(): pg.PoolClient | undefined {
    return this.#context.getStore()
  }

  async run<T>(fn: () => Promise<T>, hooks: UnitHooks = {}): Promise<T> {
    if (this.inUnit) return fn()
    const client = await this.pool.connect()
    let broken = false
    try {
      await client.query('BEGIN')
      let result: T
      try {
        result = await this.#context.run(client, fn)
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true))
        hooks.rolledBack?.()
        throw error
      }
      hooks.committed?.()
      return result
    } finally {
      // A client whose ROLLBACK failed is in an unknown state: the pool closes it instead.
      client.release(broken)
    }
  }
}

type TypeParser = (text: string) => unknown
interface TypeParsers {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => TypeParser
}

const { builtins } = pgTypes
/** int8 and numeric as numbers (the values stay below 2^53), jsonb as its text. */
const OWN_PARSERS = new Map<number, TypeParser>([
  [builtins.INT8, Number],
  [builtins.NUMERIC, Number],
  [builtins.JSONB, (text) => text],
])

/** A query's own type parsers (drizzle sets some per query) with the app's on top. */
function withOwnParsers(types: TypeParsers | undefined): TypeParsers {
  const fallback: TypeParsers = types ?? pgTypes
  return { getTypeParser: (oid, format) => OWN_PARSERS.get(oid) ?? fallback.getTypeParser(oid, format) }
}

/**
 * The client drizzle is given: a pool whose `query` goes to the open unit's client inside a unit,
 * and reads values as the repositories expect them (OWN_PARSERS) without changing the pg
 * module's process-wide parsers. It keeps the pool as its prototype, so drizzle still treats it
 * as a pool.
 */
export function routedPool(pool: pg.Pool, units: PgUnitOfWork): pg.Pool {
  const query = (config: unknown, ...rest: unknown[]): unknown => {
    const target = units.client ?? pool
    const base: { types?: TypeParsers } = typeof config === 'string' ? { text: config } : (config as object)
    const withTypes = { ...base, types: withOwnParsers(base.types) }
    return (target.query as (...a: unknown[]) => unknown).apply(target, [withTypes, ...rest])
  }
  return Object.assign(Object.create(pool) as pg.Pool, { query })
}
