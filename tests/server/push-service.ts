/**
 * A local HTTP server that plays a browser's push service for the reminders tests: it answers
 * like FCM or Mozilla's autopush would (201, or the status a test sets: 404, 410, 429, 500…),
 * checks each request's VAPID JWT (RFC 8292) against the server's public key, and decrypts the
 * aes128gcm payload (RFC 8188) with the subscription's own private key and auth secret (RFC 8291),
 * exactly as the browser would. Nothing of web-push is used on this side.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import type { ECDH } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'

export interface TestSubscription {
  name: string
  endpoint: string
  keys: { p256dh: string; auth: string }
  /** The browser side's key pair. */
  ecdh: ECDH
  authSecret: Buffer
}

export interface VapidClaims {
  aud: string
  exp: number
  sub: string
  /** The `k=` public key the request was signed with (base64url). */
  publicKey: string
}

export interface PushDelivery {
  subscription: string
  status: number
  headers: IncomingHttpHeaders
  vapid: VapidClaims
  /** The decrypted payload, as the service worker would read it. */
  payload: string
}

const b64url = (buf: Buffer) => buf.toString('base64url')

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of one aes128gcm message body. */
export function decryptPayload(body: Buffer, sub: Pick<TestSubscription, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  const senderPublic = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  if (ciphertext.length > recordSize) throw new Error('more than one record: not what web push sends')
  const receiverPublic = sub.ecdh.getPublicKey()
  const shared = sub.ecdh.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02 and then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}

/** Verifies `Authorization: vapid t=<JWT>, k=<key>` (ES256 over the raw P-256 key) and returns its claims. */
export function verifyVapid(authorization: string | undefined): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`)
  const [token, key] = [match[1]!, match[2]!]
  const [head, body, signature] = token.split('.') as [string, string, string]
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }
  if (header.alg !== 'ES256') throw new Error(`VAPID alg ${header.alg}`)
  const point = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  })
  const signed = Buffer.from(`${head}.${body}`)
  const ok = verify(
    'sha256',
    signed,
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('VAPID signature does not verify')
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Omit<VapidClaims, 'publicKey'>
  return { ...claims, publicKey: key }
}

export class TestPushService {
  readonly deliveries: PushDelivery[] = []
  /** Requests it could not read (bad signature, bad encryption): a test expects none. */
  readonly errors: string[] = []
  readonly #subscriptions = new Map<string, TestSubscription>()
  readonly #answers = new Map<string, (n: number) => number>()
  /** Subscriptions whose answers wait until `release` (a push service that has not answered yet). */
  readonly #held = new Map<string, (() => void)[]>()
  readonly #arrivals = new Map<string, (() => void)[]>()
  #server: Server | null = null
  origin = ''
  /** How long each answer takes (a slow push service keeps a job round busy). */
  delayMs = 0

  static async start(): Promise<TestPushService> {
    const service = new TestPushService()
    await service.#listen()
    return service
  }

  /** A new browser subscription at this service (fresh P-256 keys and auth secret). */
  subscribe(name: string): TestSubscription {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const authSecret = randomBytes(16)
    const sub: TestSubscription = {
      name,
      endpoint: `${this.origin}/push/${name}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
      ecdh,
      authSecret,
    }
    this.#subscriptions.set(name, sub)
    return sub
  }

  /** How the service answers for a subscription: a status, or one per delivery attempt (0, 1, 2…). */
  answer(name: string, status: number | ((n: number) => number)): void {
    this.#answers.set(name, typeof status === 'number' ? () => status : status)
  }

  /** From now on, answers for `name` wait until `release(name)`. */
  hold(name: string): void {
    this.#held.set(name, [])
  }

  /** Sends the answers held for `name`, and answers at once again. */
  release(name: string): void {
    const waiting = this.#held.get(name) ?? []
    this.#held.delete(name)
    for (const answer of waiting) answer()
  }

  /** Resolves when the next request for `name` has arrived (and been read). */
  arrival(name: string): Promise<void> {
    return new Promise((resolve) => this.#arrivals.set(name, [...(this.#arrivals.get(name) ?? []), resolve]))
  }

  /** The decrypted payloads the service accepted (2xx) for a subscription, parsed as JSON. */
  accepted<T = { title: string; body: string; url: string; tag: string }>(name: string): T[] {
    return this.deliveries
      .filter((d) => d.subscription === name && d.status < 300)
      .map((d) => JSON.parse(d.payload) as T)
  }

  close(): Promise<void> {
    for (const name of [...this.#held.keys()]) this.release(name)
    const server = this.#server
    if (!server) return Promise.resolve()
    return new Promise((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  }

  async #listen(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const status = this.#receive(req.url ?? '', req.headers, Buffer.concat(chunks))
        const name = this.#nameOf(req.url ?? '')
        const answer = () => setTimeout(() => res.writeHead(status).end(), this.delayMs)
        const held = this.#held.get(name)
        if (held) held.push(answer)
        else answer()
        for (const arrived of this.#arrivals.get(name) ?? []) arrived()
        this.#arrivals.delete(name)
      })
    })
    this.#server = server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (!address || typeof address === 'string') throw new Error('no address')
    this.origin = `http://127.0.0.1:${address.port}`
  }

  #nameOf(url: string): string {
    return decodeURIComponent(url.replace(/^\/push\//, ''))
  }

  #receive(url: string, headers: IncomingHttpHeaders, body: Buffer): number {
    const name = this.#nameOf(url)
    const sub = this.#subscriptions.get(name)
    if (!sub) return 404
    try {
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
      const vapid = verifyVapid(headers.authorization)
      const payload = decryptPayload(body, sub)
      const attempt = this.deliveries.filter((d) => d.subscription === name).length
      const status = this.#answers.get(name)?.(attempt) ?? 201
      this.deliveries.push({ subscription: name, status, headers, vapid, payload })
      return status
    } catch (error) {
      this.errors.push(`${name}: ${(error as Error).message}`)
      return 400
    }
  }
}
