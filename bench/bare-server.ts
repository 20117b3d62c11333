import Database from 'better-sqlite3'
import Fastify from 'fastify'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'

/**
 * The baselines of (c) pull and (n) push: a bare Fastify server with no auth, no validation and no
 * repository, over the same database as the server process: a pull is one select of the same
 * rows; a push is one transaction of upserts into a copy of the documents table (its own, so the
 * server's sequence never meets the baseline's rows).
 */
interface BareRow {
  data: string
  deleted: boolean
  seq: number
}

interface BareStore {
  select(ownerId: string, seq: number, limit: number): Promise<BareRow[]>
  insert(ownerId: string, docs: Record<string, unknown>[]): Promise<void>
  close(): Promise<void>
}

const SELECT =
  'SELECT data, deleted, seq FROM documents WHERE collection = $1 AND owner_id = $2 AND seq > $3 ORDER BY seq LIMIT $4'

/** A document as the baseline stores it: the state without `_deleted`, which is its own column. */
function stored(doc: Record<string, unknown>) {
  const { _deleted, ...data } = doc
  return {
    id: String(data.id),
    deleted: _deleted === true,
    updatedAt: Number(data.updatedAt),
    data: JSON.stringify(data),
  }
}

/** SQLite: the server's file read-only for pulls; a file of its own, with the same table, for pushes. */
function sqliteStore(serverDataDir: string, bareDir: string): BareStore {
  const source = new Database(join(serverDataDir, 'app.sqlite'), { readonly: true })
  const select = source.prepare(SELECT.replace(/\$\d/g, '?'))
  const ddl = source
    .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'documents' AND sql IS NOT NULL")
    .all() as { sql: string }[]
  const target = new Database(join(bareDir, `bare-${randomUUID()}.sqlite`))
  target.pragma('journal_mode = WAL')
  target.pragma('synchronous = NORMAL')
  // The copy has no users table to point at.
  target.pragma('foreign_keys = OFF')
  for (const { sql } of ddl) target.exec(sql)
  const upsert = target.prepare(
    `INSERT INTO documents (collection, id, owner_id, seq, deleted, updated_at, data)
     VALUES ('transactions', @id, @ownerId, @seq, @deleted, @updatedAt, @data)
     ON CONFLICT (collection, id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted,
       updated_at = excluded.updated_at, data = excluded.data`,
  )
  let seq = 0
  const insertAll = target.transaction((ownerId: string, docs: Record<string, unknown>[]) => {
    for (const doc of docs) {
      const row = stored(doc)
      upsert.run({ ...row, ownerId, seq: ++seq, deleted: row.deleted ? 1 : 0 })
    }
  })
  return {
    select: (ownerId, after, limit) => {
      const rows = select.all('transactions', ownerId, after, limit) as { data: string; deleted: number; seq: number }[]
      return Promise.resolve(rows.map((r) => ({ ...r, deleted: r.deleted === 1 })))
    },
    insert: (ownerId, docs) => Promise.resolve(insertAll(ownerId, docs)),
    close: () => {
      source.close()
      target.close()
      return Promise.resolve()
    },
  }
}

/** PostgreSQL: one pool; pulls read `documents`, pushes write `bench_bare_documents`, one statement each. */
async function pgStore(databaseUrl: string): Promise<BareStore> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  await pool.query('CREATE TABLE IF NOT EXISTS bench_bare_documents (LIKE documents INCLUDING ALL)')
  const { rows: top } = await pool.query<{ seq: string }>(
    'SELECT coalesce(max(seq), 0) AS seq FROM bench_bare_documents',
  )
  let seq = Number(top[0]?.seq ?? 0)
  return {
    select: async (ownerId, after, limit) => {
      const { rows } = await pool.query<{ data: string; deleted: boolean; seq: string }>(SELECT, [
        'transactions',
        ownerId,
        after,
        limit,
      ])
      return rows.map((r) => ({ ...r, seq: Number(r.seq) }))
    },
    insert: async (ownerId, docs) => {
      const rows = docs.map(stored)
      await pool.query(
        `INSERT INTO bench_bare_documents (collection, id, owner_id, seq, deleted, updated_at, data)
         SELECT 'transactions', id, $1, seq, deleted, updated_at, data
         FROM unnest($2::text[], $3::bigint[], $4::boolean[], $5::bigint[], $6::text[])
           AS t(id, seq, deleted, updated_at, data)
         ON CONFLICT (collection, id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted,
           updated_at = excluded.updated_at, data = excluded.data`,
        [
          ownerId,
          rows.map((r) => r.id),
          rows.map(() => ++seq),
          rows.map((r) => r.deleted),
          rows.map((r) => r.updatedAt),
          rows.map((r) => r.data),
        ],
      )
    },
    close: () => pool.end(),
  }
}

export interface BareServer {
  url: string
  close(): Promise<void>
}

/**
 * The bare server for one owner: `GET /pull?seq&limit` answers `{documents, checkpoint}` and
 * `POST /push` takes the push route's body and answers `[]`. `databaseUrl` selects PostgreSQL;
 * otherwise the server's SQLite file in `serverDataDir` (`bareDir` holds the push copy).
 */
export async function startBareServer(
  ownerId: string,
  engine: { databaseUrl: string } | { serverDataDir: string; bareDir: string },
): Promise<BareServer> {
  const store =
    'databaseUrl' in engine ? await pgStore(engine.databaseUrl) : sqliteStore(engine.serverDataDir, engine.bareDir)
  const bare = Fastify({ bodyLimit: 5 * 1024 * 1024 })
  bare.get<{ Querystring: { seq?: string; limit?: string } }>('/pull', async (request) => {
    const rows = await store.select(ownerId, Number(request.query.seq ?? 0), Number(request.query.limit ?? 1000))
    return {
      documents: rows.map((r) => ({ ...(JSON.parse(r.data) as object), _deleted: r.deleted })),
      checkpoint: { seq: rows.at(-1)?.seq ?? 0 },
    }
  })
  bare.post<{ Body: { newDocumentState: Record<string, unknown> }[] }>('/push', async (request) => {
    await store.insert(
      ownerId,
      request.body.map((row) => row.newDocumentState),
    )
    return []
  })
  const url = await bare.listen({ port: 0, host: '127.0.0.1' })
  return {
    url,
    close: async () => {
      await bare.close()
      await store.close()
    },
  }
}
