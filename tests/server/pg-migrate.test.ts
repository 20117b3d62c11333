import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { is } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { PgTable } from 'drizzle-orm/pg-core'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { backupPgDatabase } from '../../sync-server/backup'
import { openDatabase } from '../../sync-server/db/database'
import * as sqliteTables from '../../sync-server/db/tables'
import * as pgTables from '../../sync-server/db/tables-pg'
import { migrateSqliteToPg } from '../../sync-server/migrate-pg'
import { callAs, createTestApp, register, transactionDoc } from './helpers'
import type { TestApp } from './helpers'
import { freshDatabase } from './pg-databases'

/**
 * `npm run migrate:pg -- FILE` carries a SQLite file into an empty PostgreSQL database: every row
 * of every table arrives as it was (sequence values included, so devices keep their checkpoints),
 * and a database that holds data is refused. `npm run backup` of it (pg_dump) restores with
 * pg_restore. Needs TEST_DATABASE_URL (scripts/pg-test-cluster.sh).
 */
const SERVER_URL = process.env.TEST_DATABASE_URL

/** A table's rows in a form both engines give alike, in one order. */
const comparable = (rows: Record<string, unknown>[]) =>
  rows.map((row) => JSON.stringify(row, (_, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : v))).sort()

describe.skipIf(!SERVER_URL)('migrating a SQLite file into PostgreSQL', () => {
  it('copies every row of every table as it was, refuses a database that holds data; the copy backs up', async () => {
    const t = await createTestApp({}, {}, { engine: 'sqlite' })
    const [asha, ravi] = [await register(t.app), await register(t.app)]
    const rows = Array.from({ length: 30 }, (_, i) => ({
      newDocumentState: {
        ...transactionDoc(asha.user.id, { amount: 1_000 + i, currency: 'USD', fxRate: 83.25, fxHome: 'INR' }),
        _deleted: false,
      },
    }))
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: asha.headers,
      payload: rows,
    })
    expect(push.json()).toEqual([])
    expect(
      (await callAs(t.app, ravi, 'POST', '/api/expenses', { amount: 98_76_543.21, category: 'x'.repeat(60) })).status,
    ).toBe(201)
    expect((await callAs(t.app, asha, 'POST', '/api/households', { name: 'Flat 4B' })).status).toBe(201)
    const pullFrom = async (app: TestApp['app'], seq: number) =>
      (await app.inject({ url: `/api/sync/transactions/pull?seq=${seq}&limit=500`, headers: asha.headers })).json<{
        documents: { id: string }[]
        checkpoint: { seq: number }
      }>()
    // Asha's phone has pulled everything before the move.
    const { checkpoint } = await pullFrom(t.app, 0)
    await t.app.close()
    const file = join(t.dir, 'app.sqlite')
    const target = await freshDatabase(SERVER_URL ?? '', { empty: true })
    const pool = new pg.Pool({ connectionString: target.url, max: 1 })
    try {
      const copied = await migrateSqliteToPg(file, target.url)
      const documentRows = copied.find((c) => c.table === 'documents')?.rows
      expect(documentRows).toBeGreaterThanOrEqual(32)
      const source = openDatabase(t.dir, file)
      const copy = drizzle(pool)
      try {
        for (const [name, to] of Object.entries(pgTables)) {
          if (!is(to, PgTable)) continue
          const from: unknown = (sqliteTables as Record<string, unknown>)[name]
          if (!is(from, SQLiteTable)) throw new Error(name)
          const before = source.db.select().from(from).all() as Record<string, unknown>[]
          const after = (await copy.select().from(to)) as Record<string, unknown>[]
          expect(comparable(after), name).toEqual(comparable(before))
        }
      } finally {
        await source.close()
      }
      await expect(migrateSqliteToPg(file, target.url)).rejects.toThrow('already holds data')

      // The server on the copy: the phone's checkpoint still holds; it gets only what is new.
      const moved = await createTestApp({ DATABASE_URL: target.url, JWT_SECRET: t.config.jwtSecret })
      try {
        expect((await pullFrom(moved.app, checkpoint.seq)).documents).toEqual([])
        const next = transactionDoc(asha.user.id, { description: 'after the move' })
        const res = await moved.app.inject({
          method: 'POST',
          url: '/api/sync/transactions/push',
          headers: asha.headers,
          payload: [{ newDocumentState: { ...next, _deleted: false } }],
        })
        expect(res.json()).toEqual([])
        const after = await pullFrom(moved.app, checkpoint.seq)
        expect(after.documents.map((d) => d.id)).toEqual([next.id])
        expect(after.checkpoint.seq).toBeGreaterThan(checkpoint.seq)
      } finally {
        await moved.close()
      }

      // `npm run backup` on PostgreSQL, restored by pg_restore into an empty database as the README says.
      const dump = join(t.dir, 'backups', 'app.pgdump')
      await backupPgDatabase(target.url, dump)
      const restored = await freshDatabase(SERVER_URL ?? '', { empty: true })
      try {
        await promisify(execFile)('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump])
        const count = async (url: string) => {
          const client = new pg.Client({ connectionString: url })
          await client.connect()
          const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM documents')
          await client.end()
          return Number(rows[0]?.n)
        }
        expect(await count(restored.url)).toBe(documentRows! + 1) // and the one pushed after the move
      } finally {
        await restored.drop()
      }
    } finally {
      await pool.end()
      await target.drop()
      await rm(t.dir, { recursive: true, force: true })
    }
  }, 60_000)
})
