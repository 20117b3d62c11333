import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { zonedTime } from '../../schema/calc/zoned-time'
import type { BuildOptions } from '../../sync-server/app'
import { bearer, createTestApp, register } from './helpers'
import type { Session, TestApp } from './helpers'
import { TestPushService } from './push-service'
import type { TestSubscription } from './push-service'

/** A wall-clock time in India (the tests' TZ and the default REPORT_TIME_ZONE); month 1–12. */
export const ist = (y: number, m: number, d: number, h: number, min = 0) =>
  zonedTime('Asia/Kolkata', y, m - 1, d, h, min)

export interface ReminderWorld {
  t: TestApp
  app: FastifyInstance
  push: TestPushService
  clock: { now: number }
  close: () => Promise<void>
}

/** A server on a temp SQLite file with a test clock, no job timers, and a local push service it may send to. */
export async function reminderWorld(
  env: Record<string, string> = {},
  options: BuildOptions = {},
  start = ist(2026, 11, 20, 10),
): Promise<ReminderWorld> {
  const push = await TestPushService.start()
  const clock = { now: start }
  const t = await createTestApp(
    { PUSH_SERVICE_ORIGINS: push.origin, ...env },
    {},
    { now: () => clock.now, jobs: false, monthlyReports: false, ...options },
  )
  return {
    t,
    app: t.app,
    push,
    clock,
    close: async () => {
      await t.close()
      await push.close()
    },
  }
}

/** A new device of `session` subscribed at the test push service under `name`. */
export async function subscribeDevice(
  w: ReminderWorld,
  session: Session,
  name: string,
  timeZone?: string,
): Promise<TestSubscription> {
  const sub = w.push.subscribe(name)
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/notifications/subscriptions',
    headers: session.headers,
    payload: { endpoint: sub.endpoint, keys: sub.keys, ...(timeZone ? { time_zone: timeZone } : {}) },
  })
  expect(res.statusCode, res.body).toBe(201)
  return sub
}

export async function call(
  app: FastifyInstance,
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: session ? bearer(session.token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

/** `call` that expects a 2xx and returns the JSON body. */
export async function ok<T>(
  app: FastifyInstance,
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await call(app, session, method, url, payload)
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res.json<T>()
}

/** A household of `admin` that `others` have joined (invited by e-mail, accepted). */
export async function household(
  app: FastifyInstance,
  admin: Session,
  others: Session[],
  name = 'Flat 4B',
  reviewHours = 24,
): Promise<string> {
  const created = await ok<{ household: { id: string } }>(app, admin, 'POST', '/api/households', {
    name,
    review_period_hours: reviewHours,
  })
  const id = created.household.id
  for (const member of others) {
    await ok(app, admin, 'POST', `/api/households/${id}/invite`, { email: member.user.email })
    const { invitations } = await ok<{ invitations: { id: string }[] }>(
      app,
      member,
      'GET',
      '/api/households/invitations',
    )
    await ok(app, member, 'POST', `/api/households/invitations/${invitations[0]!.id}/accept`)
  }
  return id
}

export { register }
export type { Session }
