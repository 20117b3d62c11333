import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticket } from '../../schema/entities/ticket'
import { buildApp } from '../../sync-server/app'
import { openDatabase } from '../../sync-server/db/database'
import { createTestApp, register, transactionDoc, TEST_DATABASE_URL } from './helpers'
import type { Session, TestApp } from './helpers'

let t: TestApp
let alice: Session
let bob: Session

beforeAll(async () => {
  t = await createTestApp()
  alice = await register(t.app)
  bob = await register(t.app)
})
afterAll(async () => {
  await t.close()
})

const restTicket = async (s: Session, subject: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: s.headers,
    payload: { category: 'bug', subject, description: 'It broke' },
  })
  expect(res.statusCode).toBe(201)
  const id = res.json<{ ticket_id: string }>().ticket_id
  return (await t.app.documents.getOwned('tickets', s.user.id, id))!.data.ticketNumber
}

const ticketDoc = (s: Session, subject: string): Ticket => ({
  id: `ticket-${subject}-${Date.now()}`,
  ownerId: s.user.id,
  updatedAt: Date.now(),
  ticketNumber: '',
  subject,
  description: 'Written offline',
  category: 'question',
  priority: 'medium',
  status: 'open',
  messages: [],
  createdAt: Date.now(),
})

const push = async (s: Session, doc: Ticket) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/tickets/push',
    headers: s.headers,
    payload: [{ assumedMasterState: null, newDocumentState: doc }],
  })
  expect(res.statusCode).toBe(200)
  return (await t.app.documents.getOwned('tickets', s.user.id, doc.id))!.data.ticketNumber
}

const pushedTicket = (s: Session, subject: string) => push(s, ticketDoc(s, subject))

describe('ticket numbers', () => {
  it('start at TKT-000001 per deployment, whatever else was written before, and count up by one', async () => {
    // Plenty of other writes first: the number is not the server's document sequence.
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/transactions/push',
        headers: alice.headers,
        payload: [{ assumedMasterState: null, newDocumentState: transactionDoc(alice.user.id) }],
      })
      expect(res.statusCode).toBe(200)
    }
    expect(t.app.documents.lastSeq).toBeGreaterThanOrEqual(30)
    expect(await restTicket(alice, 'First')).toBe('TKT-000001')
    // Written offline and pushed, from another account: the same counter.
    expect(await pushedTicket(bob, 'Second')).toBe('TKT-000002')
    expect(await restTicket(bob, 'Third')).toBe('TKT-000003')
    expect(await pushedTicket(alice, 'Fourth')).toBe('TKT-000004')
  })

  it('a retried push of the same ticket keeps its number and takes none', async () => {
    const doc = ticketDoc(alice, 'Retried')
    const number = await push(alice, doc)
    expect(await push(alice, doc)).toBe(number)
    const next = `TKT-${String(Number(number.slice(4)) + 1).padStart(6, '0')}`
    expect(await restTicket(alice, 'After')).toBe(next)
    const all = (await t.app.documents.listByOwner('tickets', alice.user.id)).map((d) => d.data.ticketNumber)
    expect(new Set(all).size).toBe(all.length)
  })

  it('come from the database, not process memory: two instances on one database never repeat one', async () => {
    const second = await buildApp(t.config, { print: () => {} })
    try {
      const taken = [] as number[]
      for (let i = 0; i < 10; i += 1) {
        taken.push(await t.app.documents.write(async (unit) => unit.nextNumber('ticket')))
        taken.push(await second.documents.write(async (unit) => unit.nextNumber('ticket')))
      }
      const first = taken[0]!
      expect(taken).toEqual(taken.map((_, i) => first + i))
    } finally {
      await second.close()
    }
  })

  // About the SQLite file itself: the SQLite run of the suite covers it.
  it.skipIf(TEST_DATABASE_URL)(
    'an existing deployment goes on after its highest number (numbers were sequence values before)',
    async () => {
      const old = await createTestApp()
      try {
        const owner = await register(old.app)
        await old.app.documents.write(async (unit) =>
          unit.put('tickets', owner.user.id, {
            ...ticketDoc(owner, 'Legacy'),
            ticketNumber: 'TKT-000088',
          }),
        )
        await old.app.close()
        // The migration's statement on that data, as an upgrade runs it.
        const { sqlite, close } = openDatabase(old.dir)
        const migration = readFileSync(
          new URL('../../sync-server/db/migrations/0011_counters.sql', import.meta.url),
          'utf8',
        )
        sqlite.exec("DELETE FROM counters WHERE name = 'ticket'")
        sqlite.exec(migration.split('--> statement-breakpoint')[1]!)
        await close()
        const reopened = await buildApp(old.config, { print: () => {} })
        expect(await reopened.documents.write(async (unit) => unit.nextNumber('ticket'))).toBe(89)
        await reopened.close()
      } finally {
        await rm(old.dir, { recursive: true, force: true })
      }
    },
  )
})
