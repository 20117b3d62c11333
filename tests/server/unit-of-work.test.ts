import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { StreamEvent } from '../../schema/api/sync'
import { newTransaction } from '../../schema/entities/transaction'
import { findLoginHelpRequest, insertLoginHelpRequest, listLoginHelpRequests } from '../../sync-server/db/login-help'
import { loginHelpRequests } from '../../sync-server/db/tables'
import { UnitCrossedError, UnitInterleavedError } from '../../sync-server/db/unit-of-work'
import { createTestApp, register, TEST_DATABASE_URL } from './helpers'
import type { TestApp } from './helpers'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({}, {}, { jobs: false })
})
afterEach(async () => {
  await t.close()
})

const help = (issue: string) => ({ email: 'someone@example.com', whatsapp: null, issue })

/** A promise the test settles by hand (resolving it only queues microtasks, no turn of the event loop). */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {}
  const wait = new Promise<void>((resolve) => (open = resolve))
  return { wait, open }
}

// PostgreSQL's units run side by side on pooled clients (pg-unit-of-work.test.ts): these guards are SQLite's.
describe.skipIf(TEST_DATABASE_URL)(
  'a unit of work on SQLite (BEGIN IMMEDIATE … COMMIT around an async callback)',
  () => {
    it('commits what the callback wrote, and rolls all of it back when the callback throws', async () => {
      const { db, units } = t.app
      const kept = await units.run(() => insertLoginHelpRequest(db, help('kept')))
      await expect(
        units.run(async () => {
          await insertLoginHelpRequest(db, help('dropped'))
          throw new Error('crash after the insert')
        }),
      ).rejects.toThrow('crash after the insert')
      expect((await listLoginHelpRequests(db)).map((r) => r.issue)).toEqual(['kept'])
      expect(await findLoginHelpRequest(db, kept.id)).toMatchObject({ issue: 'kept' })
    })

    it('is rolled back, loudly, when it stays open across a turn of the event loop', async () => {
      const { db, units } = t.app
      await expect(
        units.run(async () => {
          await insertLoginHelpRequest(db, help('written before a timer'))
          await sleep(5)
        }),
      ).rejects.toThrow(UnitCrossedError)
      expect(await listLoginHelpRequests(db)).toEqual([])
      // The connection is usable again: nothing was left open.
      await units.run(() => insertLoginHelpRequest(db, help('next')))
      expect(await listLoginHelpRequests(db)).toHaveLength(1)
    })

    it('refuses a statement from outside the open unit instead of letting it join the transaction', async () => {
      const { db, units } = t.app
      const inside = gate()
      const unit = units.run(async () => {
        await insertLoginHelpRequest(db, help('inside'))
        await inside.wait
      })
      // The unit is open and waiting on a microtask: code outside it must not write into its transaction.
      await Promise.resolve()
      expect(() => db.select().from(loginHelpRequests).all()).toThrow(UnitInterleavedError)
      inside.open()
      await unit
      expect((await listLoginHelpRequests(db)).map((r) => r.issue)).toEqual(['inside'])
    })

    it('never overlaps another unit: one begun meanwhile waits for the first to end', async () => {
      const { db, units } = t.app
      const steps: string[] = []
      const firstGate = gate()
      const first = units.run(async () => {
        steps.push('first begins')
        await insertLoginHelpRequest(db, help('first'))
        await firstGate.wait
        steps.push('first ends')
        throw new Error('the first rolls back')
      })
      const second = units.run(async () => {
        steps.push('second begins')
        await insertLoginHelpRequest(db, help('second'))
      })
      await Promise.resolve()
      firstGate.open()
      await expect(first).rejects.toThrow('the first rolls back')
      await second
      expect(steps).toEqual(['first begins', 'first ends', 'second begins'])
      // The rollback took only the first unit's row.
      expect((await listLoginHelpRequests(db)).map((r) => r.issue)).toEqual(['second'])
    })

    it('joins the open unit when called inside it: one transaction, rolled back as one', async () => {
      const { db, units } = t.app
      await expect(
        units.run(async () => {
          await units.run(() => insertLoginHelpRequest(db, help('inner')))
          throw new Error('the outer unit fails after the inner one returned')
        }),
      ).rejects.toThrow('the outer unit fails')
      expect(await listLoginHelpRequests(db)).toEqual([])
    })
  },
)

describe('documents.write over the unit of work', () => {
  const expense = (ownerId: string, id: string) =>
    newTransaction(
      { type: 'expense', amount: 100, category: 'Food', date: 1_700_000_000_000, origin: 'app' },
      { id, ownerId, updatedAt: 1_700_000_000_000 },
    )

  it('announces concurrent writes in the order of their sequence values', async () => {
    const a = await register(t.app)
    const events: StreamEvent[] = []
    t.app.streamBus.subscribe(a.user.id, (event) => event !== 'RESYNC' && events.push(event))
    const writes = ['w-1', 'w-2', 'w-3'].map((id) =>
      t.app.documents.write((unit) => unit.put('transactions', a.user.id, expense(a.user.id, id))),
    )
    await Promise.all(writes)
    const seqs = events.map((e) => e.checkpoint.seq)
    expect(seqs).toHaveLength(3)
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
  })

  it.skipIf(TEST_DATABASE_URL)(
    'a write that stays open across a timer is rolled back, announces nothing and gives its seq back',
    async () => {
      const a = await register(t.app)
      const events: StreamEvent[] = []
      t.app.streamBus.subscribe(a.user.id, (event) => event !== 'RESYNC' && events.push(event))
      const seqBefore = t.app.documents.lastSeq
      await expect(
        t.app.documents.write(async (unit) => {
          await unit.put('transactions', a.user.id, expense(a.user.id, 'slow'))
          await sleep(5)
        }),
      ).rejects.toThrow(UnitCrossedError)
      expect(events).toEqual([])
      expect(t.app.documents.lastSeq).toBe(seqBefore)
      expect(await t.app.documents.get('transactions', 'slow')).toBeUndefined()
    },
  )
})
