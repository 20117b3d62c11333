import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findLoginHelpRequest, insertLoginHelpRequest, listLoginHelpRequests } from '../../sync-server/db/login-help'
import { createTestApp, PG_SERVER_URL } from './helpers'
import type { TestApp } from './helpers'

/**
 * A unit of work on PostgreSQL (pg-unit-of-work.ts): one pooled client per unit, every statement
 * inside it on that client, every other statement on the pool. Needs TEST_DATABASE_URL.
 */
let t: TestApp
beforeEach(async () => {
  if (PG_SERVER_URL) t = await createTestApp({}, {}, { jobs: false, engine: 'pg' })
})
afterEach(async () => {
  if (PG_SERVER_URL) await t.close()
})

const help = (issue: string) => ({ email: 'someone@example.com', whatsapp: null, issue })

describe.skipIf(!PG_SERVER_URL)('a unit of work on PostgreSQL', () => {
  it('commits what the callback wrote, and rolls all of it back when the callback throws', async () => {
    const { db, units } = t.app
    const kept = await units.run(() => insertLoginHelpRequest(db, help('kept')))
    await expect(
      units.run(async () => {
        await insertLoginHelpRequest(db, help('gone'))
        // Waiting on a timer is allowed here: other requests run on other clients meanwhile.
        await sleep(5)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect((await listLoginHelpRequests(db)).map((r) => r.issue)).toEqual([kept.issue])
  })

  it('runs every statement inside on its one transaction, unseen outside until the commit', async () => {
    const { db, units } = t.app
    let id = ''
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const unit = units.run(async () => {
      id = (await insertLoginHelpRequest(db, help('inside'))).id
      // Read back inside the unit: the same transaction sees its own row.
      expect(await findLoginHelpRequest(db, id)).toBeDefined()
      await held
    })
    while (!id) await sleep(1)
    // Outside the unit (the pool, another connection): not committed yet, so not there.
    expect(await findLoginHelpRequest(db, id)).toBeUndefined()
    release()
    await unit
    expect(await findLoginHelpRequest(db, id)).toBeDefined()
  })

  it('runs units side by side: one waiting on a timer does not hold up another', async () => {
    const { db, units } = t.app
    const order: string[] = []
    const slow = units.run(async () => {
      await insertLoginHelpRequest(db, help('slow'))
      await sleep(200)
      order.push('slow')
    })
    await sleep(20)
    await units.run(async () => {
      await insertLoginHelpRequest(db, help('fast'))
      order.push('fast')
    })
    await slow
    expect(order).toEqual(['fast', 'slow'])
    expect(units.inUnit).toBe(false)
  })

  it('joins the open unit when called inside it: one transaction, rolled back as one', async () => {
    const { db, units } = t.app
    await expect(
      units.run(async () => {
        await insertLoginHelpRequest(db, help('outer'))
        await units.run(() => insertLoginHelpRequest(db, help('inner')))
        throw new Error('both go')
      }),
    ).rejects.toThrow('both go')
    expect(await listLoginHelpRequests(db)).toEqual([])
  })
})
