import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { BusRelay, RelayMessage } from '../modules/sync/stream-bus'

/** The NOTIFY channel every instance listens on. */
const CHANNEL = 'hisaab_changes'
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900
const RECONNECT_MS = { first: 500, max: 15_000 }

interface Envelope {
  from: string
  message: RelayMessage
}

/**
 * The stream bus's relay between instances on one PostgreSQL database, by LISTEN/NOTIFY on two
 * connections of its own: one listens, one sends (one connection keeps the messages in the order
 * they were sent; a pool would not). An event too big for a NOTIFY payload goes as "resync" for
 * its channel: the devices listening there pull it. When the listening connection drops, it
 * reconnects with backoff and tells the bus messages may be lost, so every stream re-pulls.
 */
export class PgRelay implements BusRelay {
  readonly #instance = randomUUID()
  #sender: Promise<pg.Client> | null = null
  #queue: Promise<void> = Promise.resolve()
  #listener: pg.Client | null = null
  #listening: Promise<void> = Promise.resolve()
  #closed = false

  constructor(
    private readonly url: string,
    private readonly log: (message: string) => void,
  ) {}

  send(message: RelayMessage): void {
    const payload = this.#payload(message)
    this.#queue = this.#queue.then(() => this.#notify(payload))
  }

  listen(handlers: { receive: (message: RelayMessage) => void; lost: () => void }): void {
    this.#listening = this.#connectListener(handlers, RECONNECT_MS.first, false)
  }

  /** Settles once this instance listens (and after every message sent so far has gone). */
  async ready(): Promise<void> {
    await this.#listening
    await this.#queue
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#queue
    const sender = await this.#sender?.catch(() => null)
    for (const client of [sender, this.#listener]) await client?.end().catch(() => undefined)
  }

  #payload(message: RelayMessage): string {
    const payload = JSON.stringify({ from: this.#instance, message } satisfies Envelope)
    if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES || message.kind !== 'event') return payload
    const resync: RelayMessage = { kind: 'resync', channel: message.channel }
    return JSON.stringify({ from: this.#instance, message: resync } satisfies Envelope)
  }

  /** Sends on the sending connection; a broken one is replaced and the message tried once more. */
  async #notify(payload: string): Promise<void> {
    for (let attempt = 0; attempt < 2 && !this.#closed; attempt += 1) {
      try {
        this.#sender ??= this.#connect()
        await (await this.#sender).query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
        return
      } catch (error) {
        const dropped = this.#sender
        this.#sender = null
        void dropped?.then((client) => client.end()).catch(() => undefined)
        if (attempt === 1) this.log(`Could not tell other instances of a change: ${describe(error)}`)
      }
    }
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url })
    client.on('error', () => undefined) // the next query on it fails and replaces it
    await client.connect()
    return client
  }

  async #connectListener(
    handlers: { receive: (message: RelayMessage) => void; lost: () => void },
    delay: number,
    reconnecting: boolean,
  ): Promise<void> {
    if (this.#closed) return
    try {
      const client = await this.#connect()
      if (this.#closed) return void (await client.end())
      client.on('notification', ({ payload }) => this.#deliver(payload, handlers.receive))
      const again = () => {
        if (this.#closed || this.#listener !== client) return
        this.#listener = null
        this.log('Lost the connection that hears other instances; reconnecting')
        void this.#connectListener(handlers, RECONNECT_MS.first, true)
      }
      client.on('error', again)
      client.on('end', again)
      await client.query(`LISTEN ${CHANNEL}`)
      this.#listener = client
      if (reconnecting) handlers.lost()
    } catch (error) {
      this.log(`Could not listen for other instances' changes: ${describe(error)}; retrying`)
      await new Promise((resolve) => setTimeout(resolve, delay).unref())
      return this.#connectListener(handlers, Math.min(delay * 2, RECONNECT_MS.max), true)
    }
  }

  #deliver(payload: string | undefined, receive: (message: RelayMessage) => void): void {
    if (!payload) return
    try {
      const { from, message } = JSON.parse(payload) as Envelope
      if (from !== this.#instance) receive(message)
    } catch (error) {
      this.log(`Ignored a change notice that could not be read: ${describe(error)}`)
    }
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
