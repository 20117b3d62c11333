import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NOTIFICATION_MESSAGES } from '../../schema/api/notifications'
import { loadConfig } from '../../sync-server/config'
import { notificationLog, notificationSettings, pushSubscriptions } from '../../sync-server/db/tables'
import { endpointProblem, validSubscriptionKeys } from '../../sync-server/modules/notifications/push-endpoints'
import { call, ok, register, reminderWorld, subscribeDevice } from './reminders-support'
import type { ReminderWorld } from './reminders-support'

// /api/notifications: settings and the devices' push subscriptions (and the VAPID keys behind them).

let w: ReminderWorld
afterEach(async () => {
  await w?.close()
})

interface SettingsView {
  settings: Record<string, unknown>
  default_time_zone: string
  vapid_public_key: string
  devices: number
  whatsapp: { linked: boolean; available: boolean }
}

describe('settings', () => {
  it('start all on in the server’s zone, change one at a time, and refuse what is not a setting', async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    const view = await ok<SettingsView>(w.app, asha, 'GET', '/api/notifications/settings')
    expect(view).toEqual({
      settings: {
        payments: true,
        budgets: true,
        reviews: true,
        settlements: true,
        tickets: true,
        whatsapp: true,
        time_zone: null,
      },
      default_time_zone: 'Asia/Kolkata',
      vapid_public_key: w.t.config.reminders.vapid.publicKey,
      devices: 0,
      whatsapp: { linked: false, available: false },
    })
    const changed = await ok<SettingsView>(w.app, asha, 'PUT', '/api/notifications/settings', {
      tickets: false,
      time_zone: 'Europe/London',
    })
    expect(changed.settings).toMatchObject({ tickets: false, payments: true, time_zone: 'Europe/London' })
    for (const body of [{ time_zone: 'Mars/Olympus' }, { payments: 'yes' }, { colour: 'blue' }]) {
      const res = await call(w.app, asha, 'PUT', '/api/notifications/settings', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json<{ error: string }>().error).toMatch(/\S/)
    }
    expect((await ok<SettingsView>(w.app, asha, 'GET', '/api/notifications/settings')).settings).toEqual(
      changed.settings,
    )
    expect((await call(w.app, null, 'GET', '/api/notifications/settings')).statusCode).toBe(401)
  })
})

describe('subscriptions', () => {
  it("store this device, take the device's zone when none was chosen, and count devices", async () => {
    w = await reminderWorld()
    const asha = await register(w.app)
    await subscribeDevice(w, asha, 'phone', 'Asia/Dubai')
    const again = w.push.subscribe('laptop')
    const body = { endpoint: again.endpoint, keys: again.keys, time_zone: 'Europe/Paris' }
    const first = await call(w.app, asha, 'POST', '/api/notifications/subscriptions', body)
    expect(first.statusCode).toBe(201)
    // The same device again (Settings opened later): stored once.
    const second = await call(w.app, asha, 'POST', '/api/notifications/subscriptions', body)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual({ subscribed: true, devices: 2 })
    const view = await ok<SettingsView>(w.app, asha, 'GET', '/api/notifications/settings')
    expect(view.settings.time_zone).toBe('Asia/Dubai') // the first device's; the second does not move it
    expect(view.devices).toBe(2)
  })

  it('refuse endpoints outside the push services, broken keys, and another account’s device', async () => {
    w = await reminderWorld()
    const [asha, bob] = [await register(w.app), await register(w.app)]
    const sub = w.push.subscribe('phone')
    const post = (endpoint: string, keys = sub.keys, who = asha) =>
      call(w.app, who, 'POST', '/api/notifications/subscriptions', { endpoint, keys })
    const refusals: [string, typeof sub.keys, string][] = [
      ['http://169.254.169.254/latest/meta-data', sub.keys, NOTIFICATION_MESSAGES.endpointNotAllowed],
      ['https://evil.example.com/fcm.googleapis.com', sub.keys, NOTIFICATION_MESSAGES.endpointNotAllowed],
      ['https://fcm.googleapis.com:8443/fcm/send/x', sub.keys, NOTIFICATION_MESSAGES.endpointNotAllowed],
      ['not a url', sub.keys, NOTIFICATION_MESSAGES.endpointInvalid],
      [sub.endpoint, { p256dh: 'BAAA', auth: sub.keys.auth }, NOTIFICATION_MESSAGES.keysInvalid],
      // 65 bytes starting with 4, but not a point on P-256.
      [
        sub.endpoint,
        { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: sub.keys.auth },
        NOTIFICATION_MESSAGES.keysInvalid,
      ],
      [sub.endpoint, { p256dh: sub.keys.p256dh, auth: 'c2hvcnQ' }, NOTIFICATION_MESSAGES.keysInvalid],
    ]
    for (const [endpoint, keys, message] of refusals) {
      const res = await post(endpoint, keys)
      expect(res.statusCode, endpoint).toBe(400)
      expect(res.json<{ error: string }>().error).toBe(message)
    }
    expect(await w.app.db.select().from(pushSubscriptions)).toEqual([])

    expect((await post(sub.endpoint)).statusCode).toBe(201)
    const taken = await post(sub.endpoint, sub.keys, bob)
    expect(taken.statusCode).toBe(409)
    expect(taken.json<{ error: string }>().error).toBe(NOTIFICATION_MESSAGES.endpointTaken)
    // Bob cannot remove Asha's device either.
    const removed = await call(w.app, bob, 'DELETE', '/api/notifications/subscriptions', { endpoint: sub.endpoint })
    expect(removed.statusCode).toBe(404)
    expect((await w.app.db.select().from(pushSubscriptions)).map((s) => s.userId)).toEqual([asha.user.id])
  })

  it('go on logout (DELETE) and with the account, its settings and sent-log rows too', async () => {
    w = await reminderWorld()
    const asha = await register(w.app, { password: 'secret123' })
    const phone = await subscribeDevice(w, asha, 'phone')
    await subscribeDevice(w, asha, 'laptop')
    await ok(w.app, asha, 'PUT', '/api/notifications/settings', { budgets: false })
    await ok(w.app, asha, 'POST', '/api/recurring-payments', {
      name: 'Rent',
      amount: 100,
      frequency: 'monthly',
      due_date: '2026-11-21',
    })
    await w.app.reminders.check()
    expect(await w.app.db.select().from(notificationLog)).toHaveLength(2)

    await ok(w.app, asha, 'DELETE', '/api/notifications/subscriptions', { endpoint: phone.endpoint })
    expect(await w.app.db.select().from(notificationLog)).toHaveLength(1)
    const gone = await call(w.app, asha, 'DELETE', '/api/notifications/subscriptions', { endpoint: phone.endpoint })
    expect(gone.statusCode).toBe(404)

    await ok(w.app, asha, 'DELETE', '/api/auth/account', { password: 'secret123' })
    expect(await w.app.db.select().from(pushSubscriptions)).toEqual([])
    expect(await w.app.db.select().from(notificationSettings)).toEqual([])
    expect(await w.app.db.select().from(notificationLog)).toEqual([])
  })
})

describe('the push services allowed', () => {
  it('are the browsers’ (https, default port) and the configured extra origins', () => {
    const extra = ['http://127.0.0.1:9999']
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', extra)).toBeNull()
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/abc', extra)).toBeNull()
    expect(endpointProblem('https://wns2-par02p.notify.windows.com/w/?token=abc', extra)).toBeNull()
    expect(endpointProblem('https://web.push.apple.com/QGs', extra)).toBeNull()
    expect(endpointProblem('http://127.0.0.1:9999/push/x', extra)).toBeNull()
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', extra)).toBe('not-allowed')
    expect(endpointProblem('https://fcm.googleapis.com.evil.net/x', extra)).toBe('not-allowed')
    expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', extra)).toBe('invalid')
    expect(endpointProblem('http://127.0.0.1:9998/push/x', extra)).toBe('not-allowed')
    expect(validSubscriptionKeys('', '')).toBe(false)
  })
})

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR (owner-only) and kept, or taken from the environment', async () => {
    w = await reminderWorld()
    const file = join(w.t.dir, 'vapid.json')
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
    expect(stored.publicKey).toBe(w.t.config.reminders.vapid.publicKey)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const again = loadConfig({ DATA_DIR: w.t.dir })
    expect(again.reminders.vapid).toMatchObject(stored)
    const given = loadConfig({
      DATA_DIR: w.t.dir,
      VAPID_PUBLIC_KEY: stored.publicKey,
      VAPID_PRIVATE_KEY: stored.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    })
    expect(given.reminders.vapid).toEqual({ ...stored, subject: 'mailto:ops@example.com' })
    expect(() => loadConfig({ DATA_DIR: w.t.dir, VAPID_PUBLIC_KEY: stored.publicKey })).toThrow(/together/)
    expect(() => loadConfig({ DATA_DIR: w.t.dir, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/)
    // The private key is never in an answer.
    const asha = await register(w.app)
    const res = await call(w.app, asha, 'GET', '/api/notifications/settings')
    expect(res.body).not.toContain(stored.privateKey)
  })
})
