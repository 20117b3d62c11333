import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { BusRelay } from '../modules/sync/stream-bus'
import { PgRelay } from './pg-relay'
import { registerEngine, type Engine } from './engine'
import { PgUnitOfWork, routedPool } from './pg-unit-of-work'
import { MemorySeq, PgSeq, type SeqSource } from './sequence'
import * as tables from './tables'
import { SqliteUnitOfWork, type UnitOfWork } from './unit-of-work'

/**
 * The database the repositories are written against, on either engine. Queries are built from
 * the table objects of tables.ts on both: they give drizzle the table and column names, which
 * are the same on PostgreSQL (tables-pg.ts describes its DDL and migrations; tests/unit/pg-tables
 * proves the two agree), and their value codecs, which PostgreSQL's driver is set up to meet
 * (`openPgDatabase`). So a repository has one type and one query per job on both engines; what
 * differs between them is in dialect.ts.
 */
export type AppDatabase = BetterSQLite3Database<typeof tables>

export interface OpenDatabase {
  db: AppDatabase
  engine: Engine
  /** Transactions: the only way to group statements (see UnitOfWork). */
  units: UnitOfWork
  /** The replication sequence of DocumentsRepository. */
  seq: SeqSource
  /** How the stream bus reaches other instances on the same database (none with SQLite: one process). */
  relay?: BusRelay
  close: () => Promise<void>
}

export interface SqliteDatabase extends OpenDatabase {
  sqlite: Database.Database
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))
const PG_MIGRATIONS = fileURLToPath(new URL('./migrations-pg', import.meta.url))

/**
 * PostgreSQL when `databaseUrl` is given (postgres://…), else the SQLite file in `dataDir`; `log`
 * hears of trouble reaching other instances.
 */
export function connectDatabase(
  config: { dataDir: string; databaseUrl?: string | undefined },
  log: (message: string) => void = console.warn,
): Promise<OpenDatabase> {
  return config.databaseUrl ? openPgDatabase(config.databaseUrl, log) : Promise.resolve(openDatabase(config.dataDir))
}

/**
 * Opens DATA_DIR/app.sqlite (or `file` when given, e.g. ':memory:') and applies the committed
 * migrations. WAL lets readers run beside the one writer; busy_timeout covers a second process
 * (a backup, the CLI) holding the lock briefly.
 */
export function openDatabase(dataDir: string, file = join(dataDir, 'app.sqlite')): SqliteDatabase {
  if (file !== ':memory:') restrictToOwner(dataDir, file)
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const units = new SqliteUnitOfWork(sqlite)
  // Every statement drizzle runs first checks that it does not land inside another caller's unit.
  const db = drizzle(sqlite, { schema: tables, logger: { logQuery: () => units.assertOutsideOthers() } })
  registerEngine(db, 'sqlite')
  migrate(db, { migrationsFolder: MIGRATIONS })
  if (file !== ':memory:') for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600)
  const start = sqlite.prepare('SELECT coalesce(max(seq), 0) AS value FROM documents').get() as { value: number }
  const close = () => {
    sqlite.close()
    return Promise.resolve()
  }
  return { db, engine: 'sqlite', sqlite, units, seq: new MemorySeq(start.value), close }
}

/**
 * Opens a pool on the PostgreSQL database at `url` and applies the committed pg migrations.
 * Its statements read bigint (ms timestamps, seq values, amounts) and sums as JS numbers and jsonb
 * as text, which the JSON columns of tables.ts parse (routedPool): the values repositories see
 * are the ones SQLite gives them.
 */
export async function openPgDatabase(url: string, log: (message: string) => void): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client's connection error (the server restarted) must not end the process.
  pool.on('error', () => {})
  const units = new PgUnitOfWork(pool)
  const pgDb = drizzlePg(routedPool(pool, units), { schema: tables })
  try {
    await migratePg(pgDb, { migrationsFolder: PG_MIGRATIONS })
  } catch (error) {
    await pool.end()
    throw error
  }
  // The one place the engines meet: see AppDatabase.
  const db = pgDb as unknown as AppDatabase
  registerEngine(db, 'pg')
  const relay = new PgRelay(url, log)
  const close = async () => {
    await relay.close()
    await pool.end()
  }
  return { db, engine: 'pg', units, seq: new PgSeq(db), relay, close }
}

/**
 * The ledger is private: the data folder is 700 and the database file 600 before SQLite opens it
 * (SQLite gives its -wal and -shm files the database file's permissions).
 */
function restrictToOwner(dataDir: string, file: string): void {
  chmodSync(dataDir, 0o700)
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600))
  chmodSync(file, 0o600)
}
