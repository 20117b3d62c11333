import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as tables from './tables'
import { UnitOfWork } from './unit-of-work'

export type AppDatabase = BetterSQLite3Database<typeof tables>

export interface OpenDatabase {
  db: AppDatabase
  sqlite: Database.Database
  /** Transactions: the only way to group statements (see UnitOfWork). */
  units: UnitOfWork
  close: () => void
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens DATA_DIR/app.sqlite (or `file` when given, e.g. ':memory:') and applies the committed
 * migrations. WAL lets readers run beside the one writer; busy_timeout covers a second process
 * (a backup, the CLI) holding the lock briefly.
 */
export function openDatabase(dataDir: string, file = join(dataDir, 'app.sqlite')): OpenDatabase {
  if (file !== ':memory:') restrictToOwner(dataDir, file)
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const units = new UnitOfWork(sqlite)
  // Every statement drizzle runs first checks that it does not land inside another caller's unit.
  const db = drizzle(sqlite, { schema: tables, logger: { logQuery: () => units.assertOutsideOthers() } })
  migrate(db, { migrationsFolder: MIGRATIONS })
  if (file !== ':memory:') for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600)
  return { db, sqlite, units, close: () => sqlite.close() }
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
