import Database from 'better-sqlite3'
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { backupDatabase } from '../../sync-server/backup'
import { ServerProcess } from '../e2e/support/server'
import { createTestApp, register, transactionDoc, TEST_DATABASE_URL } from './helpers'

// `npm run backup` and its documented restore, and a crash (SIGKILL) in the
// middle of pushes leaving a consistent database in which every push is all or nothing.
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('backup and restore', () => {
  // About the SQLite file itself: the SQLite run of the suite covers it.
  it.skipIf(TEST_DATABASE_URL)(
    'copies a running database into one private file that a server restored from serves as before',
    async () => {
      const t = await createTestApp()
      const s = await register(t.app, { email: 'backup@example.com', password: 'secret123' })
      const docs = Array.from({ length: 300 }, () => ({
        newDocumentState: { ...transactionDoc(s.user.id), _deleted: false },
      }))
      const pushed = await t.app.inject({
        method: 'POST',
        url: '/api/sync/transactions/push',
        headers: s.headers,
        payload: docs,
      })
      expect(pushed.statusCode).toBe(200)

      const backupDir = mkdtempSync(join(tmpdir(), 'hisaab-backup-'))
      dirs.push(backupDir)
      const file = join(backupDir, 'copy.sqlite')
      await backupDatabase(t.dir, file) // while the server is open
      expect(statSync(file).mode & 0o777).toBe(0o600)
      await t.close()

      // The README's restore: put the copy in place as DATA_DIR/app.sqlite (with the jwt-secret).
      const restoredDir = mkdtempSync(join(tmpdir(), 'hisaab-restored-'))
      dirs.push(restoredDir)
      copyFileSync(file, join(restoredDir, 'app.sqlite'))
      const restored = await createTestApp({ DATA_DIR: restoredDir })
      try {
        const login = await restored.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'backup@example.com', password: 'secret123' },
        })
        expect(login.statusCode).toBe(200)
        const token = login.json<{ token: string }>().token
        const pull = await restored.app.inject({
          url: '/api/sync/transactions/pull?seq=0&limit=1000',
          headers: { authorization: `Bearer ${token}` },
        })
        const ids = pull.json<{ documents: { id: string }[] }>().documents.map((d) => d.id)
        expect(ids.sort()).toEqual(docs.map((d) => d.newDocumentState.id).sort())
      } finally {
        await restored.close()
      }
    },
  )
})

describe('a crash in the middle of pushes', () => {
  it('leaves every push whole or absent, and the database intact, across 3 SIGKILLs', async () => {
    // The push quota is kept in the database and outlives a crash: out of the way of this many pushes.
    const server = await ServerProcess.create({ SYNC_PUSH_MAX_PER_MINUTE: '1000000000' })
    dirs.push(server.dataDir)
    const reg = await server.api<{ token: string; user: { id: string } }>('POST', '/auth/register', undefined, {
      email: 'crash@example.com',
      password: 'secret123',
    })
    const { token, user } = reg.body
    const batchSize = 400
    let batches = 0
    const pushBatch = () => {
      batches += 1
      const rows = Array.from({ length: batchSize }, () => ({
        newDocumentState: { ...transactionDoc(user.id, { description: `batch ${batches}` }), _deleted: false },
      }))
      return server.api('POST', '/sync/transactions/push', token, rows).then(
        (res) => res.status === 200,
        () => false,
      )
    }
    for (let round = 0; round < 3; round++) {
      // Pushes keep coming; once one has committed, the server is killed with others in flight.
      let committed = false
      let stop = false
      const inFlight: Promise<boolean>[] = []
      const sender = (async () => {
        while (!stop) {
          const push = pushBatch()
          inFlight.push(push)
          void push.then((ok) => (committed ||= ok))
          await new Promise((r) => setTimeout(r, 15))
        }
      })()
      await expect.poll(() => committed, { timeout: 30_000 }).toBe(true)
      await new Promise((r) => setTimeout(r, 10 + round * 20))
      await server.kill()
      stop = true
      await sender
      await Promise.all(inFlight)
      await server.start()
    }
    // Still a working server after the crashes: a new push lands after everything before it.
    expect(await pushBatch()).toBe(true)
    await server.stop()

    const db = new Database(join(server.dataDir, 'app.sqlite'), { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const counts = db
        .prepare(
          `SELECT json_extract(data, '$.description') AS batch, count(*) AS n FROM documents
           WHERE collection = 'transactions' GROUP BY batch`,
        )
        .all() as { batch: string; n: number }[]
      expect(counts.length).toBeGreaterThan(3)
      for (const { batch, n } of counts) expect(n, batch).toBe(batchSize)
      const last = db
        .prepare(`SELECT json_extract(data, '$.description') AS batch FROM documents ORDER BY seq DESC LIMIT 1`)
        .get() as { batch: string }
      expect(last.batch).toBe(`batch ${batches}`)
    } finally {
      db.close()
    }
  }, 90_000)
})
