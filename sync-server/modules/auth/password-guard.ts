import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm'
import { lockForUnit } from '../../db/dialect'
import { first } from '../../db/rows'
import type { AppDatabase } from '../../db/database'
import type { UnitOfWork } from '../../db/unit-of-work'
import { passwordFailures, signInAddresses } from '../../db/tables'
import { HttpError } from '../../http-error'
import { DeviceCookies } from './device-cookies'

/** Wrong passwords one source (a device, else an address) may send for an account before it waits. */
export const FREE_FAILURES = 5
/** Wrong passwords for an account from sources it never signed in from, before all of them wait. */
export const ACCOUNT_FREE_FAILURES = 50
const FIRST_WAIT_MS = 30_000
const LONGEST_WAIT_MS = 15 * 60_000
/** A count with no new failure for this long starts again from zero (and its row may go). */
const FORGET_AFTER_MS = 24 * 3_600_000
/** An address stays known this long after the account's last sign-in from it. */
const KNOWN_FOR_MS = 90 * 24 * 3_600_000
/** Known addresses kept per account, newest first. */
const KNOWN_ADDRESSES = 20
const SWEEP_EVERY_MS = 60_000
const ACCOUNT_WIDE = '*'

/** One password check: who it is for and where it comes from. */
export interface PasswordAttempt {
  /** The e-mail as typed, lowercase, whether or not an account has it. */
  account: string
  /** The client's address. */
  address: string
  /** The account's id, when the e-mail has one. */
  userId: string | null
  /** A device the account signed in from, proven by its cookie (device-cookies.ts); else null. */
  device: string | null
}

interface Counter {
  source: string
  free: number
}

/** The database or a transaction on it. */
type Db = Pick<AppDatabase, 'select' | 'insert' | 'update' | 'delete'>

/** What the guard reads of a request. */
export interface ClientRequest {
  ip: string
  protocol: string
  headers: { cookie?: string | undefined }
}

export interface PasswordGuardOptions {
  db: AppDatabase
  units: UnitOfWork
  now: () => number
  /** Signs the device cookies (the server's secret). */
  secret: string
  /** Device cookies only over HTTPS (the server's public URL is https) even when TLS ends before it. */
  secureCookies: boolean
}

/**
 * The guessing limit of every password check (sign-in, the admin's too; change-password; account
 * deletion), on top of the per-address request rate limit. Wrong passwords are counted per account
 * and source: a device the account signed in from (its cookie) or else the address. After
 * FREE_FAILURES the source waits 30 s, then twice as long after each further failure, at most 15
 * minutes. Sources the account never signed in from also share one account-wide count with a much
 * higher allowance, which stops guessing spread over many addresses without letting a stranger
 * lock the owner out of a device or address she used before. A right password clears its own
 * source's count; the account-wide one only fades (a day without failures), so the owner's
 * sign-ins do not hand a guesser a fresh allowance. Counts live in the database, shared by every
 * server process, and an attempt is counted before the password is compared, so parallel guesses
 * cannot all slip through one free try.
 */
export class PasswordGuard {
  #lastSweep = Number.NEGATIVE_INFINITY
  readonly #devices: DeviceCookies
  readonly #db: AppDatabase
  readonly #units: UnitOfWork
  readonly #now: () => number
  readonly #secureCookies: boolean

  constructor(options: PasswordGuardOptions) {
    this.#devices = new DeviceCookies(options.secret)
    this.#db = options.db
    this.#units = options.units
    this.#now = options.now
    this.#secureCookies = options.secureCookies
  }

  /** A check of `account`'s password from `request`: its address, and its device cookie for the account. */
  attempt(request: ClientRequest, account: string, userId: string | null): PasswordAttempt {
    const device = userId ? this.#devices.read(request.headers.cookie, userId) : null
    return { account, address: request.ip, userId, device }
  }

  /** Runs `check` unless the attempt must wait (429, Retry-After seconds in `details`); true when it matched. */
  async verify(attempt: PasswordAttempt, check: () => Promise<boolean>): Promise<boolean> {
    const counters = await this.#reserve(attempt)
    const ok = await check()
    if (ok) await this.#succeeded(attempt, counters)
    return ok
  }

  /**
   * The Set-Cookie that remembers this browser for the account, after a sign-in that proved the
   * password (registration included), which also makes the address known.
   */
  async signedIn(request: ClientRequest, userId: string, device: string | null): Promise<string> {
    await this.#remember(this.#db, userId, request.ip, this.#now())
    return this.#devices.cookie(userId, device, this.#secureCookies || request.protocol === 'https')
  }

  /** Checks every count of the attempt and, when none must wait, counts the attempt as a failure. */
  async #reserve(attempt: PasswordAttempt): Promise<Counter[]> {
    const now = this.#now()
    await this.#sweep(now)
    return this.#units.run(async () => {
      const tx = this.#db
      // Concurrent guesses at one account are counted one after another (PostgreSQL runs units side by side).
      await lockForUnit(this.#db, `password-failures:${attempt.account}`)
      const counters = await this.#counters(tx, attempt, now)
      const counts = []
      for (const c of counters) counts.push({ counter: c, ...(await this.#count(tx, attempt.account, c.source, now)) })
      const waitMs = Math.max(0, ...counts.map((c) => c.lastFailureAt + waitAfter(c.failures, c.counter.free) - now))
      if (waitMs > 0) throw tooMany(waitMs)
      for (const { counter, failures } of counts) {
        const row = { account: attempt.account, source: counter.source, failures: failures + 1, lastFailureAt: now }
        await tx
          .insert(passwordFailures)
          .values(row)
          .onConflictDoUpdate({ target: [passwordFailures.account, passwordFailures.source], set: row })
      }
      return counters
    })
  }

  /** The source's own count, plus the account-wide one unless the source is known to the account. */
  async #counters(db: Db, attempt: PasswordAttempt, now: number): Promise<Counter[]> {
    const own = attempt.device ? `device:${attempt.device}` : `address:${attempt.address}`
    const counters = [{ source: own, free: FREE_FAILURES }]
    const known = attempt.device !== null || (attempt.userId !== null && (await this.#knownAddress(db, attempt, now)))
    if (!known) counters.push({ source: ACCOUNT_WIDE, free: ACCOUNT_FREE_FAILURES })
    return counters
  }

  async #knownAddress(db: Db, attempt: PasswordAttempt, now: number): Promise<boolean> {
    const row = await first(
      db
        .select({ at: signInAddresses.lastSignInAt })
        .from(signInAddresses)
        .where(and(eq(signInAddresses.userId, attempt.userId ?? ''), eq(signInAddresses.address, attempt.address))),
    )
    return row !== undefined && row.at > now - KNOWN_FOR_MS
  }

  async #count(db: Db, account: string, source: string, now: number) {
    const row = await first(
      db
        .select()
        .from(passwordFailures)
        .where(and(eq(passwordFailures.account, account), eq(passwordFailures.source, source))),
    )
    if (!row || row.lastFailureAt <= now - FORGET_AFTER_MS) return { failures: 0, lastFailureAt: now }
    return { failures: row.failures, lastFailureAt: row.lastFailureAt }
  }

  /** The password matched: its source starts afresh; the account-wide count takes back this attempt. */
  async #succeeded(attempt: PasswordAttempt, counters: Counter[]): Promise<void> {
    await this.#units.run(async () => {
      const tx = this.#db
      const [own, ...rest] = counters
      const row = (source: string) =>
        and(eq(passwordFailures.account, attempt.account), eq(passwordFailures.source, source))
      if (own) await tx.delete(passwordFailures).where(row(own.source))
      for (const counter of rest)
        await tx
          .update(passwordFailures)
          .set({ failures: sql`${passwordFailures.failures} - 1` })
          .where(and(row(counter.source), gt(passwordFailures.failures, 0)))
    })
  }

  async #remember(db: Db, userId: string, address: string, now: number): Promise<void> {
    await db
      .insert(signInAddresses)
      .values({ userId, address, lastSignInAt: now })
      .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastSignInAt: now } })
    const newest = (
      await db
        .select({ address: signInAddresses.address })
        .from(signInAddresses)
        .where(eq(signInAddresses.userId, userId))
        .orderBy(desc(signInAddresses.lastSignInAt))
        .limit(KNOWN_ADDRESSES)
    ).map((r) => r.address)
    await db
      .delete(signInAddresses)
      .where(and(eq(signInAddresses.userId, userId), notInArray(signInAddresses.address, newest)))
  }

  /** Drops counts and addresses too old to matter, at most once a minute per process. */
  async #sweep(now: number): Promise<void> {
    if (Math.abs(now - this.#lastSweep) < SWEEP_EVERY_MS) return
    this.#lastSweep = now
    await this.#db.delete(passwordFailures).where(lt(passwordFailures.lastFailureAt, now - FORGET_AFTER_MS))
    await this.#db.delete(signInAddresses).where(lt(signInAddresses.lastSignInAt, now - KNOWN_FOR_MS))
  }
}

/** How long a count of `failures` waits after its last failure. */
function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - free), LONGEST_WAIT_MS)
}

function tooMany(waitMs: number): HttpError {
  const seconds = Math.ceil(waitMs / 1000)
  const when = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`
  return new HttpError(429, `Too many wrong passwords. Try again in ${when}.`, 'TOO_MANY_ATTEMPTS', {
    retryAfterSeconds: seconds,
  })
}
