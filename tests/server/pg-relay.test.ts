import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import type { StreamEvent } from '../../schema/api/sync'
import { PgRelay } from '../../sync-server/db/pg-relay'
import { StreamBus, type StreamItem } from '../../sync-server/modules/sync/stream-bus'

/**
 * Streams across instances: two buses, each with its own relay on one PostgreSQL database, stand
 * for two server instances. Needs TEST_DATABASE_URL (scripts/pg-test-cluster.sh).
 */
const URL_ = process.env.TEST_DATABASE_URL ?? ''
const relays: PgRelay[] = []
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.close()))
})

async function instance(): Promise<{ bus: StreamBus; relay: PgRelay; logs: string[] }> {
  const logs: string[] = []
  const relay = new PgRelay(URL_, (line) => logs.push(line))
  relays.push(relay)
  const bus = new StreamBus(relay)
  await relay.ready()
  return { bus, relay, logs }
}

const event = (description: string): StreamEvent<{ id: string; description: string }> => ({
  collection: 'transactions',
  documents: [{ id: 'd1', description, _deleted: false }],
  checkpoint: { seq: 7 },
})

function heard(bus: StreamBus, channel: string): StreamItem[] {
  const items: StreamItem[] = []
  bus.subscribe(channel, (item) => items.push(item))
  return items
}

const until = (check: () => boolean) => expect.poll(check, { timeout: 5_000, interval: 20 }).toBe(true)

describe.skipIf(!URL_)('the stream bus across instances (LISTEN/NOTIFY)', () => {
  it('carries events, in order, to the other instance only once; a big one as a resync', async () => {
    const [a, b] = [await instance(), await instance()]
    const onA = heard(a.bus, 'user-1')
    const onB = heard(b.bus, 'user-1')
    const elsewhere = heard(b.bus, 'user-2')
    const started = Date.now()
    for (let i = 0; i < 20; i += 1) a.bus.publish('user-1', event(`edit ${i}`))
    await until(() => onB.length === 20)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(onB).toEqual(onA)
    expect(onA).toHaveLength(20)
    expect(elsewhere).toEqual([])

    a.bus.publish('user-1', event('x'.repeat(20_000)))
    await until(() => onB.length === 21)
    expect(onB.at(-1)).toBe('RESYNC')
    expect(a.logs.concat(b.logs)).toEqual([])
  })

  it('ends a user’s streams on every instance (logout everywhere, suspension)', async () => {
    const [a, b] = [await instance(), await instance()]
    const ended: string[] = []
    b.bus.subscribe(
      'user-1',
      () => {},
      () => ended.push('old token'),
      1,
    )
    b.bus.subscribe(
      'user-1',
      () => {},
      () => ended.push('new token'),
      2,
    )
    a.bus.endStreams('user-1', 2)
    await until(() => ended.length === 1)
    expect(ended).toEqual(['old token'])
    a.bus.endStreams('user-1')
    await until(() => ended.length === 3)
  })

  it('after its listening connection drops, reconnects and tells every local stream to pull', async () => {
    const [a, b] = [await instance(), await instance()]
    const onB = heard(b.bus, 'user-1')
    const admin = new pg.Client({ connectionString: URL_ })
    await admin.connect()
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    )
    await admin.end()
    await until(() => onB.includes('RESYNC'))
    a.bus.publish('user-1', event('after the reconnect'))
    await until(() => onB.some((item) => JSON.stringify(item).includes('after the reconnect')))
  })
})
