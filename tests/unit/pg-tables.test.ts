import { is, SQL, StringChunk } from 'drizzle-orm'
import type { Column } from 'drizzle-orm'
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import * as pg from '../../sync-server/db/tables-pg'
import * as sqlite from '../../sync-server/db/tables'

/** Counters that stay far below 2^31; every other integer is a ms time, a seq or an amount. */
const SMALL_INTEGERS = new Set([
  'users.token_version',
  'phone_claims.wrong_codes',
  'password_failures.failures',
  'notification_log.attempts',
  'receipts.size',
])

/** What a column holds, in words both engines share. */
const KINDS: Record<string, string> = {
  SQLiteText: 'text',
  SQLiteInteger: 'integer',
  SQLiteBoolean: 'boolean',
  SQLiteTextJson: 'json',
  SQLiteBlobBuffer: 'bytes',
  PgText: 'text',
  PgInteger: 'integer',
  PgBigInt53: 'integer',
  PgBoolean: 'boolean',
  PgJsonb: 'json',
}

function kindOf(column: Column): string {
  if (column.columnType === 'PgCustomColumn' && column.getSQLType() === 'bytea') return 'bytes'
  const kind = KINDS[column.columnType]
  if (!kind) throw new Error(`No kind for ${column.columnType} (${column.name})`)
  return kind
}

/** A default as text: a value as JSON, hand-written SQL as its text (the columns it names by name). */
function defaultOf(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (!is(value, SQL)) return JSON.stringify(value)
  return value.queryChunks.map((c) => (is(c, StringChunk) ? c.value.join('') : '?')).join('')
}

type Config = ReturnType<typeof pgConfig> | ReturnType<typeof sqliteConfig>

/** Everything the two engines must agree on about a table, in a form that compares with toEqual. */
function describeTable(config: Config) {
  const names = (columns: readonly (Column | SQL)[]) => columns.map((c) => (is(c, SQL) ? '(expression)' : c.name))
  return {
    columns: config.columns.map((c) => ({
      name: c.name,
      kind: kindOf(c),
      notNull: c.notNull,
      primary: c.primary,
      unique: c.isUnique ? c.uniqueName : false,
      default: defaultOf(c.default),
      enum: (c.enumValues as readonly string[] | undefined) ?? null,
    })),
    primaryKeys: config.primaryKeys.map((k) => names(k.columns)),
    uniqueConstraints: config.uniqueConstraints.map((u) => ({ name: u.name, columns: names(u.columns) })),
    indexes: config.indexes
      .map((i) => ({
        name: i.config.name ?? '',
        unique: i.config.unique,
        columns: names(i.config.columns as (Column | SQL)[]),
        partial: i.config.where !== undefined,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference()
        return {
          name: fk.getName(),
          columns: names(ref.columns),
          table: (ref.foreignTable as unknown as { [k: symbol]: string })[Symbol.for('drizzle:Name')],
          foreignColumns: names(ref.foreignColumns),
          onDelete: fk.onDelete ?? 'no action',
          onUpdate: fk.onUpdate ?? 'no action',
        }
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}

const sqliteTables: SQLiteTable[] = Object.values<unknown>(sqlite).flatMap((v) => (is(v, SQLiteTable) ? [v] : []))
const pgTables: PgTable[] = Object.values<unknown>(pg).flatMap((v) => (is(v, PgTable) ? [v] : []))

describe('the PostgreSQL tables', () => {
  it('are the SQLite tables, by name', () => {
    const names = (list: Config[]) => list.map((c) => c.name).sort()
    expect(names(pgTables.map(pgConfig))).toEqual(names(sqliteTables.map(sqliteConfig)))
    expect(sqliteTables.length).toBeGreaterThan(15)
  })

  it.each(sqliteTables.map((t) => [sqliteConfig(t).name, t] as const))(
    '%s has the same columns, keys, indexes and foreign keys on both engines',
    (name, table) => {
      const twin = pgTables.find((t) => pgConfig(t).name === name)
      expect(twin, name).toBeDefined()
      expect(describeTable(pgConfig(twin!))).toEqual(describeTable(sqliteConfig(table)))
    },
  )

  it('keep every integer that can pass 2^31 (ms times, sequence values, amounts) as a bigint', () => {
    for (const table of pgTables) {
      const config = pgConfig(table)
      for (const column of config.columns.filter((c) => kindOf(c) === 'integer')) {
        const key = `${config.name}.${column.name}`
        expect([key, column.columnType]).toEqual([key, SMALL_INTEGERS.has(key) ? 'PgInteger' : 'PgBigInt53'])
      }
    }
  })
})
