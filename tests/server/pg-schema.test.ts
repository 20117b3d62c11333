import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../sync-server/db/database'

/**
 * The committed PostgreSQL migrations build the same database as SQLite's: a fresh database gets
 * db/migrations-pg applied by drizzle's migrator, and its catalogue is compared with a SQLite file
 * after its own migrations. Needs a PostgreSQL server (scripts/pg-test-cluster.sh; .ci/run
 * starts one): without TEST_DATABASE_URL it is skipped.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL
const PG_MIGRATIONS = fileURLToPath(new URL('../../sync-server/db/migrations-pg', import.meta.url))

/** One table as both engines can say it: types in SQLite's classes, keys and indexes by column. */
interface TableShape {
  columns: { name: string; type: string; notNull: boolean; default: string | null }[]
  primaryKey: string[]
  indexes: { name: string; unique: boolean; columns: string[]; partial: boolean }[]
  foreignKeys: { columns: string[]; table: string; to: string[]; onDelete: string; onUpdate: string }[]
}
type Schema = Record<string, TableShape>

/** SQLite keeps booleans as integers, JSON as text and bytes as blobs: PostgreSQL's types in those classes. */
const TYPE_CLASS: Record<string, string> = {
  text: 'text',
  integer: 'integer',
  bigint: 'integer',
  boolean: 'integer',
  jsonb: 'text',
  bytea: 'blob',
  blob: 'blob',
}

function typeClass(type: string): string {
  const found = TYPE_CLASS[type.toLowerCase()]
  if (!found) throw new Error(`No type class for ${type}`)
  return found
}

/** 'user'::text → 'user'; true/false → 1/0 (SQLite's booleans). */
function normalDefault(value: string | null): string | null {
  if (value === null) return null
  const bare = value.replace(/::[a-z ]+$/, '')
  return bare === 'true' ? '1' : bare === 'false' ? '0' : bare
}

const ACTIONS: Record<string, string> = { a: 'NO ACTION', c: 'CASCADE', n: 'SET NULL', r: 'RESTRICT', d: 'SET DEFAULT' }

const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name))

function sqliteSchema(sqlite: Database.Database): Schema {
  const tables = sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`,
    )
    .all() as { name: string }[]
  const schema: Schema = {}
  for (const { name } of tables) schema[name] = sqliteTable(sqlite, name)
  return schema
}

function sqliteTable(sqlite: Database.Database, table: string): TableShape {
  type Info = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }
  const info = sqlite.pragma(`table_info(${table})`) as Info[]
  type IndexRow = { name: string; unique: number; origin: string; partial: number }
  const indexes = (sqlite.pragma(`index_list(${table})`) as IndexRow[]).filter((i) => i.origin !== 'pk')
  type Fk = { id: number; table: string; from: string; to: string; on_update: string; on_delete: string }
  const fks = new Map<number, TableShape['foreignKeys'][number]>()
  for (const fk of sqlite.pragma(`foreign_key_list(${table})`) as Fk[]) {
    const entry = fks.get(fk.id) ?? {
      columns: [],
      table: fk.table,
      to: [],
      onDelete: fk.on_delete,
      onUpdate: fk.on_update,
    }
    entry.columns.push(fk.from)
    entry.to.push(fk.to)
    fks.set(fk.id, entry)
  }
  return {
    columns: byName(
      info.map((c) => ({
        name: c.name,
        type: typeClass(c.type),
        notNull: c.notnull === 1 || c.pk > 0,
        default: normalDefault(c.dflt_value),
      })),
    ),
    primaryKey: info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name),
    indexes: byName(
      indexes.map((i) => ({
        name: i.name,
        unique: i.unique === 1,
        columns: (sqlite.pragma(`index_info(${i.name})`) as { name: string | null }[]).map(
          (c) => c.name ?? '(expression)',
        ),
        partial: i.partial === 1,
      })),
    ),
    foreignKeys: [...fks.values()].sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  }
}

async function pgSchema(client: pg.Client): Promise<Schema> {
  const schema: Schema = {}
  const columns = await client.query<{
    table_name: string
    column_name: string
    data_type: string
    is_nullable: string
    column_default: string | null
  }>(`SELECT table_name, column_name, data_type, is_nullable, column_default
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`)
  for (const c of columns.rows) {
    schema[c.table_name] ??= { columns: [], primaryKey: [], indexes: [], foreignKeys: [] }
    schema[c.table_name]!.columns.push({
      name: c.column_name,
      type: typeClass(c.data_type),
      notNull: c.is_nullable === 'NO',
      default: normalDefault(c.column_default),
    })
  }
  for (const shape of Object.values(schema)) byName(shape.columns)
  await addPgIndexes(client, schema)
  await addPgForeignKeys(client, schema)
  return schema
}

/** The primary key and the other indexes of every table, columns in index order. */
async function addPgIndexes(client: pg.Client, schema: Schema): Promise<void> {
  const indexes = await client.query<{
    table: string
    name: string
    primary: boolean
    unique: boolean
    partial: boolean
    columns: (string | null)[]
  }>(`SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique,
        x.indpred IS NOT NULL AS partial,
        array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
              LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace s ON s.oid = t.relnamespace WHERE s.nspname = 'public'`)
  for (const i of indexes.rows) {
    const shape = schema[i.table]!
    const columns = i.columns.map((c) => c ?? '(expression)')
    if (i.primary) shape.primaryKey = columns
    else shape.indexes.push({ name: i.name, unique: i.unique, columns, partial: i.partial })
  }
  for (const shape of Object.values(schema)) byName(shape.indexes)
}

async function addPgForeignKeys(client: pg.Client, schema: Schema): Promise<void> {
  const fks = await client.query<{
    table: string
    columns: string[]
    target: string
    to: string[]
    on_delete: string
    on_update: string
  }>(`SELECT t.relname AS table, f.relname AS target, c.confdeltype AS on_delete, c.confupdtype AS on_update,
        array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
        array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = f.oid AND a.attnum = k.attnum ORDER BY k.n) AS to
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
      JOIN pg_namespace s ON s.oid = t.relnamespace WHERE c.contype = 'f' AND s.nspname = 'public'`)
  for (const fk of fks.rows) {
    schema[fk.table]!.foreignKeys.push({
      columns: fk.columns,
      table: fk.target,
      to: fk.to,
      onDelete: ACTIONS[fk.on_delete]!,
      onUpdate: ACTIONS[fk.on_update]!,
    })
  }
  for (const shape of Object.values(schema))
    shape.foreignKeys.sort((a, b) => a.columns.join().localeCompare(b.columns.join()))
}

/** A fresh database on the test server with the committed pg migrations applied; dropped by `drop`. */
async function migratedPgDatabase(serverUrl: string) {
  const name = `hisaab_schema_${randomUUID().replace(/-/g, '')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  const drop = async () => {
    await client.end()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
  try {
    await migrate(drizzle(client), { migrationsFolder: PG_MIGRATIONS })
  } catch (error) {
    await drop()
    throw error
  }
  return { client, drop }
}

describe('the PostgreSQL migrations', () => {
  it.skipIf(!SERVER_URL)(
    'build the same tables, columns, keys, indexes and foreign keys as SQLite’s (needs TEST_DATABASE_URL)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'paisa-schema-'))
      const sqlite = openDatabase(dir)
      const { client, drop } = await migratedPgDatabase(SERVER_URL!)
      try {
        const expected = sqliteSchema(sqlite.sqlite)
        const actual = await pgSchema(client)
        expect(Object.keys(expected).length).toBeGreaterThan(15)
        expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort())
        for (const table of Object.keys(expected))
          expect({ table, ...actual[table] }).toEqual({ table, ...expected[table] })
      } finally {
        await drop()
        await sqlite.close()
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})
