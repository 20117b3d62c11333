import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { StreamEvent } from '../../schema/api/sync'
import type { Household } from '../../schema/entities/household'
import { newTransaction } from '../../schema/entities/transaction'
import { createTestApp, register } from './helpers'
import type { TestApp } from './helpers'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({}, {}, { jobs: false })
})
afterEach(async () => {
  await t.close()
})

/** Every stream event `channel` gets from now on. */
function listen(channel: string): StreamEvent[] {
  const events: StreamEvent[] = []
  t.app.streamBus.subscribe(channel, (event) => event !== 'RESYNC' && events.push(event))
  return events
}

const expense = (ownerId: string, id: string, amount: number) =>
  newTransaction(
    { type: 'expense', amount, category: 'Food', date: 1_700_000_000_000, origin: 'app' },
    { id, ownerId, updatedAt: 1_700_000_000_000 },
  )

describe('the one write path (DocumentsRepository.write)', () => {
  it('announces a unit once, after its commit, one event per collection with what it wrote', async () => {
    const a = await register(t.app)
    const events = listen(a.user.id)
    const seqBefore = t.app.documents.lastSeq
    await t.app.documents.write(async (unit) => {
      await unit.put('transactions', a.user.id, expense(a.user.id, 'tx-1', 100))
      await unit.put('transactions', a.user.id, expense(a.user.id, 'tx-2', 200))
      await unit.put('profile', a.user.id, { id: a.user.id, ownerId: a.user.id, updatedAt: 1 })
      // Nothing is announced while the unit is open.
      expect(events).toEqual([])
    })
    expect(events.map((e) => [e.collection, e.documents.map((d) => (d as Record<string, unknown>).id)])).toEqual([
      ['transactions', ['tx-1', 'tx-2']],
      ['profile', [a.user.id]],
    ])
    expect(events[0]!.checkpoint.seq).toBe(seqBefore + 2)
    expect(events[1]!.checkpoint.seq).toBe(seqBefore + 3)
  })

  it('a unit that throws writes nothing, announces nothing and gives its sequence values back', async () => {
    const a = await register(t.app)
    const events = listen(a.user.id)
    const seqBefore = t.app.documents.lastSeq
    await expect(
      t.app.documents.write(async (unit) => {
        await unit.put('transactions', a.user.id, expense(a.user.id, 'tx-1', 100))
        throw new Error('crash between two writes')
      }),
    ).rejects.toThrow('crash between two writes')
    expect(events).toEqual([])
    expect(t.app.documents.lastSeq).toBe(seqBefore)
    expect(await t.app.documents.get('transactions', 'tx-1')).toBeUndefined()
  })

  it('a write inside another joins it: one commit, one announcement', async () => {
    const a = await register(t.app)
    const events = listen(a.user.id)
    await t.app.documents.write(async (unit) => {
      await unit.put('transactions', a.user.id, expense(a.user.id, 'tx-1', 100))
      await t.app.documents.write(async (inner) =>
        inner.put('transactions', a.user.id, expense(a.user.id, 'tx-2', 200)),
      )
    })
    expect(events).toHaveLength(1)
    expect(events[0]!.documents).toHaveLength(2)
  })

  it("a household row written through it reaches every member's streams, with no announcing of its own", async () => {
    const [a, b] = [await register(t.app), await register(t.app)]
    const { households } = t.app
    const created = await households.create(a.user.id, {
      name: 'Flat 4B',
      description: '',
      icon: 'home',
      color: '#10b981',
      monthlyBudget: 0,
      reviewPeriodHours: 24,
    })
    await households.invite(a.user.id, created.id, b.user.email)
    await households.accept(b.user.id, (await households.invitations(b.user.id))[0]!.invitation.id)
    const [toA, toB] = [listen(a.user.id), listen(b.user.id)]
    const stored = (await t.app.documents.get('households', created.id))!
    const renamed: Household = { ...(stored.data as Household), name: 'Flat 5C', updatedAt: Date.now() }
    await t.app.documents.write(async (unit) => unit.putAllowed('households', stored.ownerId, renamed))
    for (const events of [toA, toB]) {
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({ collection: 'households', documents: [{ id: created.id, name: 'Flat 5C' }] })
    }
  })
})
