import { createHash, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openPgDatabase } from '../../sync-server/db/database'

/**
 * Fresh PostgreSQL databases for server tests (TEST_DATABASE_URL names the server): each one a
 * copy of a template the committed migrations were applied to once, shared by every test process
 * and named after the migrations, so a changed migration gets a new template.
 */
const MIGRATIONS = fileURLToPath(new URL('../../sync-server/db/migrations-pg', import.meta.url))

let template: Promise<string> | null = null

/** The server's URL with another database name. */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

function templateName(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS, { recursive: true }).map(String).sort())
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(`${MIGRATIONS}/${file}`))
  return `hisaab_template_${hash.digest('hex').slice(0, 12)}`
}

/** Creates and migrates the template once (a session lock keeps other test processes waiting meanwhile). */
function ensureTemplate(serverUrl: string): Promise<string> {
  template ??= onServer(serverUrl, async (client) => {
    const name = templateName()
    await client.query('SELECT pg_advisory_lock(4242)')
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (found.rowCount === 0) {
        await client.query(`CREATE DATABASE ${name}`)
        const db = await openPgDatabase(withDatabase(serverUrl, name), console.warn)
        await db.close()
      }
      return name
    } finally {
      await client.query('SELECT pg_advisory_unlock(4242)')
    }
  })
  return template
}

/**
 * A new database with every table and no rows (`empty`: not even the tables, for a restore or
 * a migration into it); `drop` removes it.
 */
export async function freshDatabase(
  serverUrl: string,
  { empty = false } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = empty ? 'template0' : await ensureTemplate(serverUrl)
  const name = `hisaab_test_${randomUUID().replaceAll('-', '')}`
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`))
  return {
    url: withDatabase(serverUrl, name),
    drop: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(),
  }
}
