import { randomInt } from 'node:crypto'
import { first } from '../../db/rows'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { AUTH_MESSAGES } from '../../../schema/api/auth'
import type { PhoneClaim } from '../../../schema/api/auth'
import { LINK_CODE_TRIES } from '../../../schema/api/whatsapp'
import type { VoidedClaim } from '../../../schema/api/whatsapp'
import type { AppDatabase } from '../../db/database'
import type { DocumentsRepository } from '../../db/documents'
import { phoneClaims, users } from '../../db/tables'
import type { UserRow } from '../../db/tables'
import type { UsersRepository } from '../../db/users'
import { HttpError } from '../../http-error'

/** How long a code stays good. */
export const PHONE_CODE_TTL_MS = 15 * 60_000
/** How long Settings tells the user that wrong codes voided their claim. */
export const VOIDED_NOTICE_MS = 24 * 3_600_000

/** `link 123456` (any case, spaces around); `code` is what follows `link`, possibly not six digits. */
export function parseLinkCommand(body: string): { code: string } | null {
  const match = /^\s*link\b\s*(.*?)\s*$/is.exec(body)
  return match ? { code: match[1]!.replace(/\s+/g, '') } : null
}

export interface PhoneProofDeps {
  db: AppDatabase
  users: UsersRepository
  documents: DocumentsRepository
  now: () => number
}

/**
 * Who owns a WhatsApp number: a user claims it (a six-digit code, one pending claim per user), and
 * the number becomes theirs only when `link <code>` arrives from it (Twilio vouches for the
 * sender). A number proven by someone is taken from whoever held it unproven.
 *
 * Guessing: a code is only ever compared with the claims of the number the message came from, so
 * only that number can prove, or spend the tries of, a claim on it (a stranger's number can do
 * neither, so it cannot void other people's codes either). Each wrong code from a number counts
 * against every live claim of that number (it cannot tell which one was meant), and
 * LINK_CODE_TRIES of them void the claim: one in 200,000 for a guesser instead of the sender rate
 * limit's 450 tries in a code's life. The count lives in the database, like the claim.
 */
export class PhoneProof {
  constructor(private readonly deps: PhoneProofDeps) {}

  /**
   * Starts (or restarts) the caller's claim of `phone`; null when it is already their proven
   * number. Someone else's proven number answers 409.
   */
  async claim(user: UserRow, phone: string): Promise<PhoneClaim | null> {
    if (user.phoneNumber === phone && user.phoneVerified) return null
    const holder = await this.deps.users.findByVerifiedPhone(phone)
    if (holder && holder.id !== user.id) throw new HttpError(409, AUTH_MESSAGES.phoneTaken, 'PHONE_TAKEN')
    const now = this.deps.now()
    const row = {
      userId: user.id,
      phone,
      code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      expiresAt: now + PHONE_CODE_TTL_MS,
      createdAt: now,
      wrongCodes: 0,
      voidedAt: null,
    }
    await this.deps.db.insert(phoneClaims).values(row).onConflictDoUpdate({ target: phoneClaims.userId, set: row })
    return toClaim(row)
  }

  /** The caller's claim that can still be proven, or null. */
  async pending(userId: string): Promise<PhoneClaim | null> {
    const row = await first(
      this.deps.db
        .select()
        .from(phoneClaims)
        .where(and(eq(phoneClaims.userId, userId), this.#live())),
    )
    return row ? toClaim(row) : null
  }

  /** The caller's claim that wrong codes voided in the last VOIDED_NOTICE_MS, or null. */
  async voided(userId: string): Promise<VoidedClaim | null> {
    const since = this.deps.now() - VOIDED_NOTICE_MS
    const row = await first(
      this.deps.db
        .select()
        .from(phoneClaims)
        .where(and(eq(phoneClaims.userId, userId), gt(phoneClaims.voidedAt, since))),
    )
    return row?.voidedAt ? { phone_number: row.phone, voided_at: new Date(row.voidedAt).toISOString() } : null
  }

  /**
   * `link <code>` from `phone`: links the number to the claimer whose live code matches, in one
   * unit of work, and answers that user; undefined for a wrong, expired or voided code, which
   * (unless empty) is counted against the number's live claims.
   */
  async prove(phone: string, code: string): Promise<UserRow | undefined> {
    const { db, documents } = this.deps
    const claim = await first(
      db
        .select()
        .from(phoneClaims)
        .where(and(eq(phoneClaims.phone, phone), eq(phoneClaims.code, code), this.#live())),
    )
    if (!claim) {
      if (code !== '') await this.#countWrongCode(phone)
      return undefined
    }
    return documents.write(async () => {
      // Whoever held the number (unproven, or proven earlier by a former owner) lets it go.
      await db
        .update(users)
        .set({ phoneNumber: null, phoneVerified: false, updatedAt: Date.now() })
        .where(and(eq(users.phoneNumber, phone), ne(users.id, claim.userId)))
      // Every claim of the number ends: the owner's choice stands until they change it.
      await db.delete(phoneClaims).where(eq(phoneClaims.phone, phone))
      await db.delete(phoneClaims).where(eq(phoneClaims.userId, claim.userId))
      return this.deps.users.update(claim.userId, { phoneNumber: phone, phoneVerified: true })
    })
  }

  /** One statement, so concurrent wrong codes (even on several server processes) are all counted. */
  async #countWrongCode(phone: string): Promise<void> {
    const tries = sql`${phoneClaims.wrongCodes} + 1`
    await this.deps.db
      .update(phoneClaims)
      .set({
        wrongCodes: tries,
        voidedAt: sql`CASE WHEN ${tries} >= ${LINK_CODE_TRIES} THEN CAST(${this.deps.now()} AS bigint) ELSE NULL END`,
      })
      .where(and(eq(phoneClaims.phone, phone), this.#live()))
  }

  #live() {
    return and(gt(phoneClaims.expiresAt, this.deps.now()), isNull(phoneClaims.voidedAt))
  }

  /** Removes the caller's link and any pending claim. */
  async unlink(userId: string): Promise<UserRow> {
    return this.deps.documents.write(async () => {
      await this.deps.db.delete(phoneClaims).where(eq(phoneClaims.userId, userId))
      return this.deps.users.update(userId, { phoneNumber: null, phoneVerified: false })
    })
  }
}

function toClaim(row: { phone: string; code: string; expiresAt: number }): PhoneClaim {
  return { phone_number: row.phone, code: row.code, expires_at: new Date(row.expiresAt).toISOString() }
}
