import Database from 'better-sqlite3'
import { chmodSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

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

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
}

// `npm run backup [-- <file>]`: DATA_DIR/backups/app-YYYYMMDD-HHMMSS.sqlite by default.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const destination = resolve(process.argv[2] ?? join(dataDir, 'backups', `app-${timestamp(new Date())}.sqlite`))
  backupDatabase(dataDir, destination).then(
    ({ file, pages }) => console.log(`Backed up ${pages} pages to ${file}`),
    (err: unknown) => {
      console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    },
  )
}
