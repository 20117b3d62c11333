import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const PREFIX = 'hisaab_device_'
/** About a year; browsers cap cookies at 400 days. */
const MAX_AGE_S = 365 * 24 * 3600
const ID = /^[A-Za-z0-9_-]{22}$/

/**
 * "This browser signed in to this account before", as an HttpOnly cookie on /api/auth (the
 * browser sends it with sign-in by itself; scripts cannot read it). Its value is a random device
 * id and an HMAC binding it to the account, so it cannot be made up or moved to another account;
 * it grants nothing but being counted apart from strangers' wrong passwords. Each account has
 * its own cookie name, so every account used on a shared browser is remembered.
 */
export class DeviceCookies {
  readonly #key: Buffer

  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('hisaab device cookie').digest()
  }

  /** The device id in `cookieHeader` that this account's cookie proves, or null. */
  read(cookieHeader: string | undefined, userId: string): string | null {
    const name = this.#name(userId)
    for (const part of (cookieHeader ?? '').split(';')) {
      const [key, value] = part.trim().split('=', 2)
      if (key !== name || !value) continue
      const [id, mac] = value.split('.', 2)
      if (!id || !mac || !ID.test(id)) continue
      const expected = Buffer.from(this.#mac('device', userId, id))
      const given = Buffer.from(mac)
      if (given.length === expected.length && timingSafeEqual(given, expected)) return id
    }
    return null
  }

  /** Set-Cookie for this account: the device keeps its id (`device`), a new browser gets a fresh one. */
  cookie(userId: string, device: string | null, secure: boolean): string {
    const id = device ?? randomBytes(16).toString('base64url')
    const value = `${id}.${this.#mac('device', userId, id)}`
    return [
      `${this.#name(userId)}=${value}`,
      'Path=/api/auth',
      `Max-Age=${MAX_AGE_S}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; ')
  }

  #name(userId: string): string {
    return PREFIX + this.#mac('name', userId).slice(0, 16)
  }

  #mac(...parts: string[]): string {
    return createHmac('sha256', this.#key).update(parts.join('\n')).digest('base64url')
  }
}
