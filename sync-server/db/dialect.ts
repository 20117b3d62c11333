/**
 * The SQL that differs between the engines, written once: repositories build their queries with
 * these (each takes the database it builds for), so everything else they write (drizzle's query
 * builder, RETURNING to count the rows a statement changed) reads the same on SQLite and
 * PostgreSQL. JSON documents are text on both; PostgreSQL reads them as jsonb.
 */
import { sql } from 'drizzle-orm'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { AppDatabase } from './database'
import { engineOf } from './engine'
import { settle } from './rows'

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * A top-level field name as an SQL literal, not a bound parameter: an expression index
 * (documents_transactions_merchant) is only used when the query spells it the same way.
 */
function fieldName(field: string): string {
  if (!FIELD.test(field)) throw new Error(`Not a JSON field name: ${field}`)
  return field
}

const isPg = (db: AppDatabase): boolean => engineOf(db) === 'pg'

/** The jsonb value of a top-level field (PostgreSQL). */
const pgJson = (column: SQLWrapper, field: string): SQL => sql`((${column})::jsonb -> ${sql.raw(`'${field}'`)})`

/** A top-level text field of a JSON column as stored, null when absent. */
export function jsonField<T = unknown>(db: AppDatabase, column: SQLWrapper, field: string): SQL<T> {
  const name = fieldName(field)
  return isPg(db)
    ? sql<T>`((${column})::jsonb ->> ${sql.raw(`'${name}'`)})`
    : sql<T>`json_extract(${column}, ${sql.raw(`'$.${name}'`)})`
}

/** A top-level numeric field of a JSON column as a number (compared and ordered as one), null when absent. */
export function jsonNumber(db: AppDatabase, column: SQLWrapper, field: string): SQL<number> {
  const name = fieldName(field)
  // Only where the field is a number: anything else is null, as a failed cast must not end the query.
  return isPg(db)
    ? sql<number>`(CASE WHEN jsonb_typeof(${pgJson(column, name)}) = 'number'
        THEN (${pgJson(column, name)})::float8 END)`
    : jsonField<number>(db, column, name)
}

/** True where a top-level boolean field of a JSON column is true. */
export function jsonIsTrue(db: AppDatabase, column: SQLWrapper, field: string): SQL {
  const name = fieldName(field)
  return isPg(db) ? sql`${pgJson(column, name)} = 'true'::jsonb` : sql`${jsonField(db, column, name)} = 1`
}

/** The length of a top-level array field of a JSON column (0 when absent or not an array). */
export function jsonArrayLength(db: AppDatabase, column: SQLWrapper, field: string): SQL<number> {
  const name = fieldName(field)
  if (isPg(db)) {
    const value = pgJson(column, name)
    return sql<number>`(CASE WHEN jsonb_typeof(${value}) = 'array' THEN jsonb_array_length(${value}) ELSE 0 END)`
  }
  return sql<number>`coalesce(json_array_length(${column}, ${sql.raw(`'$.${name}'`)}), 0)`
}

/** True where a text column holds `term` anywhere, ignoring case (SQLite's LIKE: ASCII case only). */
export function containsIgnoringCase(db: AppDatabase, column: SQLWrapper, term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return isPg(db) ? sql`${column} ILIKE ${pattern} ESCAPE '\\'` : sql`${column} LIKE ${pattern} ESCAPE '\\'`
}

/** True where `column` is one of the strings of a JSON array parameter (one parameter, any number of ids). */
export function inJsonArray(db: AppDatabase, column: SQLWrapper, ids: SQLWrapper): SQL {
  return isPg(db)
    ? sql`${column} IN (SELECT jsonb_array_elements_text((${ids})::jsonb))`
    : sql`${column} IN (SELECT value FROM json_each(${ids}))`
}

/**
 * The order rows were inserted in: the tie-break of rows with the same timestamp. SQLite's rowid;
 * PostgreSQL has none, so the inserting transaction's id stands in (rows written in one
 * transaction, or updated since, tie).
 */
export function insertionOrder(db: AppDatabase): SQL {
  return isPg(db) ? sql`(xmin::text)::bigint` : sql`rowid`
}

/** Runs a hand-written SELECT and returns its rows, keyed by the column names it selects. */
export async function selectRows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  if (!isPg(db)) return settle(() => db.all<T>(query))
  const result = await asPg(db).execute(query)
  return result.rows as T[]
}

/** Runs a statement for its effect. */
export async function execute(db: AppDatabase, query: SQL): Promise<void> {
  if (isPg(db)) await asPg(db).execute(query)
  else await settle(() => db.run(query))
}

/** What a query builder is on PostgreSQL at run time (see AppDatabase). */
interface PgPreparable<T> {
  prepare(name: string): { execute(params: Record<string, unknown>): Promise<T> }
}

/**
 * A query built with `db` prepared on PostgreSQL as a named statement (each pooled connection
 * prepares it on first use); `T` is what it returns there (the rows of a SELECT).
 */
export function pgPrepared<T>(builder: object, name: string): (params: Record<string, unknown>) => Promise<T> {
  const prepared = (builder as PgPreparable<T>).prepare(name)
  return (params) => prepared.execute(params)
}

/** The database object as what it is at run time on PostgreSQL (see AppDatabase). */
function asPg(db: AppDatabase): NodePgDatabase {
  return db as unknown as NodePgDatabase
}

/** SQLite's and PostgreSQL's codes of a unique key two writers raced for. */
const UNIQUE_VIOLATIONS = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505'])

/** Whether `error` (or the driver error drizzle wrapped in it) is a unique key violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && UNIQUE_VIOLATIONS.has(code)) return true
  }
  return false
}

/**
 * Makes the calling unit of work the only one holding `key` until it ends: for a read-then-write
 * that concurrent units must not interleave (a count checked and raised). SQLite's units never
 * overlap, so there it is nothing; PostgreSQL takes a transaction-level advisory lock on the
 * key's hash. Call it inside a unit, before the read.
 */
export async function lockForUnit(db: AppDatabase, key: string): Promise<void> {
  if (isPg(db)) await asPg(db).execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}
