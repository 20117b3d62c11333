import { randomBytes } from 'node:crypto'
import type { UsersRepository } from '../../db/users'
import { hashPassword } from './passwords'

export interface AdminSettings {
  email: string | undefined
  password: string | undefined
}

/**
 * Makes sure one admin exists. With ADMIN_EMAIL/ADMIN_PASSWORD that account is created (or an
 * existing one promoted and given that password); without them `admin@localhost` gets a random
 * password that is printed once, here, and nowhere stored in clear.
 */
export async function ensureAdmin(
  users: UsersRepository,
  settings: AdminSettings,
  print: (line: string) => void = console.log,
): Promise<void> {
  if (await users.findAdmin()) return
  const email = (settings.email ?? 'admin@localhost').toLowerCase()
  const oneTime = settings.password === undefined
  const password = settings.password ?? randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(password)
  const existing = await users.findByEmail(email)
  // Promoting an existing account also resets its password, so only the operator can use it.
  if (existing) await users.bumpTokenVersion(existing.id, { role: 'admin', passwordHash })
  else await users.create({ email, passwordHash, name: 'Admin', role: 'admin' })
  if (oneTime) {
    print(
      `\n  First admin account: ${email}\n  One-time password:   ${password}\n` +
        '  Sign in and change it in Settings. It will not be shown again.\n',
    )
  }
}
