import Database from 'better-sqlite3'
import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'

/**
 * A consistent copy of DATA_DIR/app.sqlite taken with SQLite's online backup API: safe while the
 * server runs (readers and the one writer carry on; WAL content is included). The copy is one
 * self-contained file, private like the original (600).
 */
export async function backupDatabase(dataDir: string, destination: string): Promise<{ file: string; pages: number }> {
  const source = new Database(join(dataDir, 'app.sqlite'), { readonly: true, fileMustExist: true })
  try {
    mkdirSync(dirname(destination), { recursive: true, mode: 0o700 })
    const { totalPages } = await source.backup(destination)
    chmodSync(destination, 0o600)
    const check = new Database(destination, { readonly: true })
    try {
      const result = check.pragma('integrity_check', { simple: true })
      if (result !== 'ok') throw new Error(`backup failed its integrity check: ${String(result)}`)
    } finally {
      check.close()
    }
    return { file: destination, pages: totalPages }
  } finally {
    source.close()
  }
}

/**
 * A consistent copy of the PostgreSQL database at `url` by `pg_dump` (one snapshot, safe while
 * instances run), in its custom format for `pg_restore`; private like the SQLite copy (600).
 */
export async function backupPgDatabase(url: string, destination: string): Promise<{ file: string }> {
  mkdirSync(dirname(destination), { recursive: true, mode: 0o700 })
  await promisify(execFile)('pg_dump', ['--format=custom', '--no-owner', `--file=${destination}`, url])
  chmodSync(destination, 0o600)
  return { file: destination }
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
}

// `npm run backup [-- <file>]`: DATA_DIR/backups/app-YYYYMMDD-HHMMSS.sqlite (.pgdump with a
// PostgreSQL DATABASE_URL) by default.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const url = process.env.DATABASE_URL
  const onPg = url?.startsWith('postgres') ?? false
  const name = `app-${timestamp(new Date())}.${onPg ? 'pgdump' : 'sqlite'}`
  const destination = resolve(process.argv[2] ?? join(dataDir, 'backups', name))
  const backup: Promise<{ file: string; pages?: number }> =
    url && onPg ? backupPgDatabase(url, destination) : backupDatabase(dataDir, destination)
  backup.then(
    ({ file, pages }) =>
      console.log(pages === undefined ? `Backed up to ${file}` : `Backed up ${pages} pages to ${file}`),
    (err: unknown) => {
      console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    },
  )
}
