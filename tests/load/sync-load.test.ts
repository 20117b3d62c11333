import { afterAll, beforeAll, expect, it } from 'vitest'
import { runSyncLoad } from '../../bench/load'
import { ServerProcess } from '../e2e/support/server'

// 200 concurrent syncing devices for 60 s on loopback with no error
// (LOAD_CLIENTS / LOAD_SECONDS change the size). `npm run bench` reports the same run's p99.
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)

let server: ServerProcess
beforeAll(async () => {
  server = await ServerProcess.create({ AUTH_RATE_LIMIT_MAX: '100000', STREAM_MAX_PER_ADDRESS: '1000' })
})
afterAll(async () => {
  await server?.dispose()
})

it(`${CLIENTS} devices syncing for ${SECONDS} s get no error`, async () => {
  const result = await runSyncLoad(server, CLIENTS, SECONDS)
  console.log(
    `sync load: ${result.clients} devices × ${result.seconds} s: ` +
      `${result.requests} requests, ${result.errors} errors, ` +
      `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ${result.streamEvents} stream events`,
  )
  expect(result.firstErrors).toEqual([])
  expect(result.errors).toBe(0)
  expect(result.requests).toBeGreaterThan(CLIENTS * SECONDS)
}, 300_000)
