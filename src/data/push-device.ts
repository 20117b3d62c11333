import {
  NotificationSettingsResponse,
  SubscribeResponse,
  type NotificationSettingsResponse as SettingsView,
  type ReminderSettingsPatch,
} from '../../schema/api/notifications'
import { SuccessBody } from '../../schema/api/admin'
import { apiFetch, ApiError } from './http'
import { readToken } from './session'
import { currentZoneName } from '../../schema/calc/zoned-time'

/**
 * This device's Web Push subscription and the account's reminder settings (README "Reminders").
 * The browser's PushManager holds the subscription; the server keeps a copy per device and sends
 * to it. Loaded by Settings and by logout only; the service worker shows what arrives
 * (public/sw-push.js).
 */

function token(): string {
  const value = readToken()
  if (!value) throw new ApiError(401, 'Not signed in')
  return value
}

/** The zone this device runs in: the account's day and quiet hours follow it unless one was chosen. */
export function deviceTimeZone(): string | undefined {
  try {
    return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone)
  } catch {
    return undefined
  }
}

export function fetchReminderSettings(signal?: AbortSignal): Promise<SettingsView> {
  return apiFetch('/notifications/settings', NotificationSettingsResponse, { token: token(), signal })
}

export function saveReminderSettings(patch: ReminderSettingsPatch): Promise<SettingsView> {
  return apiFetch('/notifications/settings', NotificationSettingsResponse, {
    method: 'PUT',
    token: token(),
    body: patch,
  })
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null
  return (await navigator.serviceWorker.getRegistration()) ?? null
}

/** The browser's subscription on this device, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration()
  return reg ? reg.pushManager.getSubscription() : null
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** True when the subscription was made with this server key (a key changed on the server needs a new one). */
function madeWith(sub: PushSubscription, serverKey: string): boolean {
  const key = sub.options.applicationServerKey
  if (!key) return false
  const a = new Uint8Array(key)
  const b = keyBytes(serverKey)
  return a.length === b.length && a.every((v, i) => v === b[i])
}

async function post(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON()
  const timeZone = deviceTimeZone()
  await apiFetch('/notifications/subscriptions', SubscribeResponse, {
    method: 'POST',
    token: token(),
    body: { endpoint: json.endpoint, keys: json.keys, ...(timeZone ? { time_zone: timeZone } : {}) },
  })
}

/**
 * Subscribes this device with the server's key and stores the subscription on the server. A
 * subscription made with another key, or one the server says belongs to another account (a
 * logout that could not reach it), is replaced by a fresh one. Needs permission already granted.
 */
export async function subscribeDevice(serverKey: string): Promise<void> {
  const reg = await registration()
  if (!reg) throw new Error('No service worker')
  const fresh = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(serverKey) })
  let sub = await reg.pushManager.getSubscription()
  if (sub && !madeWith(sub, serverKey)) {
    await sub.unsubscribe()
    sub = null
  }
  sub ??= await fresh()
  try {
    await post(sub)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error
    await sub.unsubscribe()
    await post(await fresh())
  }
}

/** Stops push on this device: the server forgets it, the browser drops the subscription. */
export async function unsubscribeDevice(): Promise<void> {
  const sub = await currentSubscription()
  if (!sub) return
  try {
    await apiFetch('/notifications/subscriptions', SuccessBody, {
      method: 'DELETE',
      token: token(),
      body: { endpoint: sub.endpoint },
    })
  } catch (error) {
    // Already forgotten (404) is what was wanted.
    if (!(error instanceof ApiError) || error.status !== 404) throw error
  }
  await sub.unsubscribe()
}

/**
 * At logout and account deletion: drops this device's subscription in the browser (the push
 * service then answers 410 and the server removes its copy, even when it cannot be told now) and
 * tells the server when it can. Never throws and never waits more than `timeoutMs`.
 */
export async function forgetDevice(sessionToken: string | null, timeoutMs = 2000): Promise<void> {
  const work = (async () => {
    const sub = await currentSubscription()
    if (!sub) return
    const endpoint = sub.endpoint
    await sub.unsubscribe().catch(() => false)
    if (sessionToken)
      await apiFetch('/notifications/subscriptions', SuccessBody, {
        method: 'DELETE',
        token: sessionToken,
        body: { endpoint },
      }).catch(() => undefined)
  })()
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs))])
}
