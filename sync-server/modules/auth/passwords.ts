import { hash, verify } from '@node-rs/argon2'

// Algorithm.Argon2id; the const enum cannot be imported under isolatedModules.
const ARGON2ID = 2

/** argon2id with the library's defaults (19 MiB, 2 passes): the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID })
}

/** False for a wrong password or a malformed hash; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Burns the same time as a real check, so a login for an unknown email cannot be told apart
 * from a wrong password by timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random())
  await verifyPassword(await dummyHash, password)
  return false
}
