/**
 * The server's VAPID key pair (RFC 8292), which identifies it to the browsers' push services:
 * from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or generated once into DATA_DIR/vapid.json (like
 * the JWT secret), so subscriptions made against the public key keep working across restarts.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'

export interface VapidDetails {
  /** base64url of the uncompressed P-256 point (65 bytes): what browsers subscribe with. */
  publicKey: string
  /** base64url, 32 bytes. Never leaves the server. */
  privateKey: string
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string
}

const base64urlOf = (bytes: number, name: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .refine(
      (v) => v === undefined || (/^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes),
      `${name} must be ${bytes} bytes in URL-safe base64 (as web-push generate-vapid-keys prints it)`,
    )

/** The environment variables read here (merged into config.ts's Env). */
export const VapidEnv = {
  VAPID_PUBLIC_KEY: base64urlOf(65, 'VAPID_PUBLIC_KEY'),
  VAPID_PRIVATE_KEY: base64urlOf(32, 'VAPID_PRIVATE_KEY'),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .refine(
      (v) => v === undefined || /^(mailto:.+@.+|https:\/\/.+)$/.test(v),
      'VAPID_SUBJECT must be mailto: or https:',
    ),
}

interface VapidEnvValues {
  VAPID_PUBLIC_KEY?: string | undefined
  VAPID_PRIVATE_KEY?: string | undefined
  VAPID_SUBJECT?: string | undefined
  PUBLIC_URL?: string | undefined
  ADMIN_EMAIL?: string | undefined
}

/** The key pair from the environment, else DATA_DIR/vapid.json (created on first start). */
export function loadVapidKeys(env: VapidEnvValues, dataDir: string): { publicKey: string; privateKey: string } {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env
  if (publicKey && privateKey) return { publicKey, privateKey }
  if (publicKey || privateKey)
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together')
  return persistentKeys(join(dataDir, 'vapid.json'))
}

const StoredKeys = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) })

function persistentKeys(file: string): { publicKey: string; privateKey: string } {
  const read = () => StoredKeys.parse(JSON.parse(readFileSync(file, 'utf8')))
  try {
    return read()
  } catch {
    // Not there yet (or unreadable): create it below.
  }
  const keys = webpush.generateVAPIDKeys()
  try {
    // 'wx' fails if another process wrote it meanwhile; then that one wins.
    writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600, flag: 'wx' })
    return keys
  } catch {
    return read()
  }
}

/** VAPID_SUBJECT, else the public https URL, else the admin's e-mail, else a placeholder contact. */
export function vapidSubject(env: VapidEnvValues): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT
  if (env.PUBLIC_URL?.startsWith('https://')) return env.PUBLIC_URL
  if (env.ADMIN_EMAIL) return `mailto:${env.ADMIN_EMAIL}`
  return 'mailto:reminders@hisaab.invalid'
}
