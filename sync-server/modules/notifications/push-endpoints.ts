/**
 * Which push subscriptions the server accepts. The server POSTs to whatever endpoint a browser
 * gave, so endpoints are limited to the browsers' push services (https only) plus the origins
 * in PUSH_SERVICE_ORIGINS: a subscription cannot make the server call an address of the
 * sender's choosing.
 */
import { createECDH } from 'node:crypto'

/** Hosts (and their subdomains) of the push services of Chrome/Edge/Android, Firefox, Windows and Safari. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const

const MAX_ENDPOINT = 1000

export type EndpointProblem = 'invalid' | 'not-allowed'

/** Null when the server may send to `endpoint`; else why not. */
export function endpointProblem(endpoint: string, extraOrigins: readonly string[]): EndpointProblem | null {
  if (endpoint.length > MAX_ENDPOINT) return 'invalid'
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'invalid'
  }
  if (url.username || url.password) return 'invalid'
  if (extraOrigins.includes(url.origin)) return null
  if (url.protocol !== 'https:' || url.port !== '') return 'not-allowed'
  const host = url.hostname.toLowerCase()
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)) ? null : 'not-allowed'
}

/**
 * True when `p256dh` is a P-256 public key (65 bytes, uncompressed, on the curve) and `auth` a
 * 16-byte secret, both base64url: what RFC 8291 encryption needs, checked before it is stored.
 */
export function validSubscriptionKeys(p256dh: string, auth: string): boolean {
  const b64url = /^[A-Za-z0-9_-]+={0,2}$/
  if (!b64url.test(p256dh) || !b64url.test(auth)) return false
  const point = Buffer.from(p256dh, 'base64url')
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(auth, 'base64url').length !== 16) return false
  try {
    // Throws for a point that is not on the curve.
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(point)
    return true
  } catch {
    return false
  }
}
