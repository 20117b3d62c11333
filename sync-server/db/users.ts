import { randomUUID } from 'node:crypto'
import { first, only } from './rows'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { PublicUser } from '../../schema/api/auth'
import type { AppDatabase } from './database'
import { documents, users } from './tables'
import type { UserProfileFields, UserRole, UserRow } from './tables'

export interface NewUser {
  email: string
  passwordHash: string
  name?: string | null
  phoneNumber?: string | null
  phoneVerified?: boolean
  role?: UserRole
}

export type UserPatch = Partial<
  Pick<UserRow, 'email' | 'passwordHash' | 'name' | 'phoneNumber' | 'phoneVerified' | 'role' | 'currency' | 'profile'>
>

/** Accounts. Emails are stored lowercase; callers pass them lowercased. */
export class UsersRepository {
  constructor(private readonly db: AppDatabase) {}

  async findById(id: string): Promise<UserRow | undefined> {
    return await first(this.db.select().from(users).where(eq(users.id, id)))
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return await first(this.db.select().from(users).where(eq(users.email, email.toLowerCase())))
  }

  /** `phone` in stored form (`whatsapp:+91…`, see normalizePhone). */
  async findByPhone(phone: string): Promise<UserRow | undefined> {
    return await first(this.db.select().from(users).where(eq(users.phoneNumber, phone)))
  }

  /** The account whose proven number this is: the only one WhatsApp messages from it reach. */
  async findByVerifiedPhone(phone: string): Promise<UserRow | undefined> {
    return await first(
      this.db
        .select()
        .from(users)
        .where(and(eq(users.phoneNumber, phone), eq(users.phoneVerified, true))),
    )
  }

  /** Users with a proven phone number (linked to WhatsApp), oldest account first. */
  async listWithPhone(): Promise<UserRow[]> {
    return await this.db
      .select()
      .from(users)
      .where(and(isNotNull(users.phoneNumber), eq(users.phoneVerified, true)))
      .orderBy(asc(users.createdAt))
  }

  async findAdmin(): Promise<UserRow | undefined> {
    return await first(this.db.select().from(users).where(eq(users.role, 'admin')).limit(1))
  }

  async create(input: NewUser): Promise<UserRow> {
    const now = Date.now()
    return await only(
      this.db
        .insert(users)
        .values({
          id: randomUUID(),
          email: input.email.toLowerCase(),
          passwordHash: input.passwordHash,
          name: input.name ?? null,
          phoneNumber: input.phoneNumber ?? null,
          phoneVerified: input.phoneVerified ?? false,
          role: input.role ?? 'user',
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    )
  }

  async update(id: string, patch: UserPatch): Promise<UserRow> {
    return await only(
      this.db
        .update(users)
        .set({ ...patch, updatedAt: Date.now() })
        .where(eq(users.id, id))
        .returning(),
    )
  }

  /** Sets or clears an admin's suspension (sign-in and every token refused while set). */
  async setSuspended(id: string, suspended: boolean): Promise<UserRow> {
    return await only(
      this.db.update(users).set({ suspended, updatedAt: Date.now() }).where(eq(users.id, id)).returning(),
    )
  }

  /**
   * Removes the account's own documents (rows, not tombstones) and then the account, whose removal
   * cascades to the rows that reference it. Runs inside the caller's unit of work.
   */
  async removeWithDocuments(id: string): Promise<void> {
    await this.db.delete(documents).where(eq(documents.ownerId, id))
    await this.db.delete(users).where(eq(users.id, id))
  }

  /** Revokes every token issued so far (password change, logout everywhere). */
  async bumpTokenVersion(id: string, patch: UserPatch = {}): Promise<UserRow> {
    return await only(
      this.db
        .update(users)
        .set({ ...patch, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: Date.now() })
        .where(eq(users.id, id))
        .returning(),
    )
  }
}

/** The user as the API shows it: never the password hash or the token version. */
export function toPublicUser(row: UserRow): PublicUser {
  const p: UserProfileFields = row.profile
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone_number: row.phoneNumber,
    phone_verified: row.phoneNumber !== null && row.phoneVerified,
    role: row.role,
    currency: row.currency,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    date_of_birth: p.date_of_birth ?? null,
    nationality: p.nationality ?? null,
    state_province: p.state_province ?? null,
    annual_income_range: p.annual_income_range ?? null,
    family_size: p.family_size ?? null,
    number_of_dependents: p.number_of_dependents ?? null,
    job_title: p.job_title ?? null,
    is_non_resident: p.is_non_resident ?? false,
    address: p.address ?? null,
  }
}
