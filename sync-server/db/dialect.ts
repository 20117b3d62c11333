/**
 * The SQL that differs between the engines, written once: repositories build their queries with
 * these, so a second engine adds its branch here and nowhere else. Everything else the
 * repositories write (drizzle's query builder, RETURNING to count the rows a statement changed)
 * reads the same on SQLite and PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { AppDatabase } from './database'
import { settle } from './rows'

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * The JSON path of a top-level field as an SQL literal, not a bound parameter: an expression
 * index (documents_transactions_merchant) is only used when the query spells it the same way.
 */
function fieldPath(field: string): SQL {
  if (!FIELD.test(field)) throw new Error(`Not a JSON field name: ${field}`)
  return sql.raw(`'$.${field}'`)
}

/** A top-level field of a JSON text column as stored (text, number), null when absent. */
export function jsonField<T = unknown>(column: SQLWrapper, field: string): SQL<T> {
  return sql<T>`json_extract(${column}, ${fieldPath(field)})`
}

/** True where a top-level boolean field of a JSON text column is true. */
export function jsonIsTrue(column: SQLWrapper, field: string): SQL {
  return sql`${jsonField(column, field)} = 1`
}

/** The length of a top-level array field of a JSON text column (0 when absent). */
export function jsonArrayLength(column: SQLWrapper, field: string): SQL<number> {
  return sql<number>`coalesce(json_array_length(${column}, ${fieldPath(field)}), 0)`
}

/** True where a text column holds `term` anywhere, ignoring ASCII case (SQLite's LIKE does). */
export function containsIgnoringCase(column: SQLWrapper, term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`
}

/** The order rows were inserted in: the tie-break of rows with the same timestamp. */
export const insertionOrder: SQL = sql`rowid`

/** Runs a hand-written SELECT and returns its rows, keyed by the column names it selects. */
export function selectRows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  return settle(() => db.all<T>(query))
}
