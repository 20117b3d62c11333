import { is, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase } from './db/database'
import * as sqliteTables from './db/tables'
import * as pgTables from './db/tables-pg'

const PG_MIGRATIONS = fileURLToPath(new URL('./db/migrations-pg', import.meta.url))
/** PostgreSQL binds at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000

export interface CopiedTable {
  table: string
  rows: number
}

/** The table pairs of both engines, keyed by the export name both files give them. */
function tablePairs(): { name: string; from: SQLiteTable; to: PgTable }[] {
  const pairs: { name: string; from: SQLiteTable; to: PgTable }[] = []
  for (const [name, to] of Object.entries(pgTables)) {
    if (!is(to, PgTable)) continue
    const from: unknown = (sqliteTables as Record<string, unknown>)[name]
    if (!is(from, SQLiteTable)) throw new Error(`tables.ts has no table ${name}`)
    pairs.push({ name, from, to })
  }
  return pairs
}

/** Referenced tables before the tables that reference them, so every foreign key finds its row. */
function inReferenceOrder<T extends { to: PgTable }>(pairs: T[]): T[] {
  const ordered: T[] = []
  const placed = new Set<PgTable>()
  const place = (pair: T, path: Set<PgTable>) => {
    if (placed.has(pair.to)) return
    if (path.has(pair.to)) throw new Error(`Foreign keys form a cycle at ${getTableConfig(pair.to).name}`)
    path.add(pair.to)
    for (const fk of getTableConfig(pair.to).foreignKeys) {
      const target = fk.reference().foreignTable
      const parent = pairs.find((p) => p.to === target)
      if (parent && parent !== pair) place(parent, path)
    }
    placed.add(pair.to)
    ordered.push(pair)
  }
  for (const pair of pairs) place(pair, new Set())
  return ordered
}

async function isEmpty(db: NodePgDatabase, tables: PgTable[]): Promise<boolean> {
  for (const table of tables) {
    const rows = await db
      .select({ one: sql`1` })
      .from(table)
      .limit(1)
    if (rows.length > 0) return false
  }
  return true
}

/**
 * Copies every row of the SQLite file into the PostgreSQL database at `url`: the pg migrations
 * are applied first, the database must hold no rows (nothing is merged or overwritten), and the
 * copy is one transaction (all of it or nothing). Rows go through drizzle's table objects of both
 * engines, so each column is read and written in its own engine's type (flags, JSON, bytes);
 * sequence values are copied as they are, so devices continue from their checkpoints. The SQLite
 * file is first brought to the current schema, as starting the server would.
 */
export async function migrateSqliteToPg(sqliteFile: string, url: string): Promise<CopiedTable[]> {
  const source = openDatabase(dirname(sqliteFile), sqliteFile)
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    const target = drizzle(pool)
    await migrate(target, { migrationsFolder: PG_MIGRATIONS })
    const pairs = inReferenceOrder(tablePairs())
    if (
      !(await isEmpty(
        target,
        pairs.map((p) => p.to),
      ))
    )
      throw new Error('The PostgreSQL database already holds data')
    return await target.transaction(async (tx) => {
      const copied: CopiedTable[] = []
      for (const { from, to } of pairs) {
        const rows = source.db.select().from(from).all() as Record<string, unknown>[]
        const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(getTableConfig(to).columns).length))
        for (let i = 0; i < rows.length; i += perStatement) await tx.insert(to).values(rows.slice(i, i + perStatement))
        copied.push({ table: getTableConfig(to).name, rows: rows.length })
      }
      return copied
    })
  } finally {
    await source.close()
    await pool.end()
  }
}

// `npm run migrate:pg -- FILE`: copies FILE (an app.sqlite) into the empty database at DATABASE_URL.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const file = process.argv[2]
  const url = process.env.DATABASE_URL
  if (!file || !url?.startsWith('postgres')) {
    console.error('Usage: DATABASE_URL=postgres://… npm run migrate:pg -- path/to/app.sqlite')
    process.exit(2)
  }
  migrateSqliteToPg(resolve(file), url).then(
    (copied) => {
      for (const { table, rows } of copied) console.log(`${table}: ${rows} rows`)
      console.log(`Copied ${resolve(file)} into PostgreSQL`)
    },
    (err: unknown) => {
      console.error(`Migration failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    },
  )
}
