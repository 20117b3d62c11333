/**
 * Web Push, wrapped where the server touches it: the web-push library builds each request
 * (VAPID JWT, RFC 8291 aes128gcm encryption of the payload with the subscription's keys) and
 * this module sends it with fetch, so the transport has a timeout and works for http origins in
 * tests (the library's own transport is https only).
 */
import { createHash } from 'node:crypto'
import webpush from 'web-push'
import type { VapidDetails } from './vapid'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushMessage {
  /** JSON the service worker reads: title, body, url, tag. */
  payload: string
  /** The push service keeps an undelivered message this long (seconds). */
  ttlSeconds: number
  urgency: 'normal' | 'high'
  /** Messages with the same topic replace each other while undelivered (a retried send). */
  topic: string
}

/**
 * sent: the push service took it; gone: the subscription no longer exists (404, 410); retry:
 * try again later (429, 5xx, no answer); rejected: this message cannot be delivered (any other
 * 4xx: a payload too large, or a 401/403 that says the server's VAPID key is not the one the
 * browser subscribed with; the subscription is kept, the device subscribes again when Settings
 * opens).
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'rejected'; error: string }

export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>
}

const TIMEOUT_MS = 15_000

/** A Topic header value (at most 32 URL-safe base64 characters) for an event key. */
export function topicOf(eventKey: string): string {
  return createHash('sha256').update(eventKey).digest('base64url').slice(0, 32)
}

export function createPushSender(vapid: VapidDetails, fetchImpl: typeof fetch = fetch): PushSender {
  return {
    async send(target, message) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message.payload,
        {
          vapidDetails: vapid,
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          topic: message.topic,
          contentEncoding: 'aes128gcm',
        },
      )
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]))
      let response: Response
      try {
        response = await fetchImpl(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        // The answer's body is never needed; drop it so the connection is freed.
        await response.body?.cancel()
      } catch (error) {
        return { kind: 'retry', error: `push service unreachable: ${(error as Error).message}` }
      }
      return outcomeOf(response.status, response.headers.get('retry-after'))
    },
  }
}

function outcomeOf(status: number, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  if (status === 429 || status >= 500) {
    const seconds = Number(retryAfter)
    return {
      kind: 'retry',
      error: `push service answered ${status}`,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: Math.min(seconds, 86_400) * 1000 } : {}),
    }
  }
  return { kind: 'rejected', error: `push service answered ${status}` }
}
