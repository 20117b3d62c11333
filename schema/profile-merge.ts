import { Profile } from './entities/profile'

/** The fields a person edits; id, owner and version are the document's own. */
type Field = Exclude<keyof Profile, 'id' | 'ownerId' | 'updatedAt'>

const FIELDS = Object.keys(Profile.shape).filter(
  (key): key is Field => key !== 'id' && key !== 'ownerId' && key !== 'updatedAt',
)

/** Equal JSON values (the profile holds strings, numbers, booleans, null, arrays and plain objects). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

/**
 * What a device made its profile from when it has never seen the server's copy: the defaults (the
 * account's currency included, which the server keeps on the account as well).
 */
export function profileDefaults(ownerId: string, currency?: string): Profile {
  const parsed = Profile.safeParse({ id: ownerId, ownerId, updatedAt: 0, currency })
  return parsed.success ? parsed.data : Profile.parse({ id: ownerId, ownerId, updatedAt: 0 })
}

export interface ProfileConflict {
  /** The device's version, refused by the server. */
  local: Profile
  /** The server's current version. */
  server: Profile
  /**
   * The server's version the device's edits started from, or null when the device made its
   * profile itself: then the defaults it was made from are the base.
   */
  base: Profile | null
}

/**
 * Settles a profile the server refused, three ways: only the fields the device changed from its
 * base are the device's, every other field is the server's, so a field the device never touched (a
 * default it filled in) can never replace what the server holds. The device's changes win when its
 * version is newer (last writer wins); custom categories it added join the server's whatever the
 * versions; the legacy currency is pinned once. Returns `server` itself when nothing of the
 * device's remains, else a version newer than both, which the device pushes.
 */
export function mergeProfile({ local, server, base }: ProfileConflict): Profile {
  const from = base ?? profileDefaults(local.ownerId, local.currency)
  const changed = FIELDS.filter((field) => !same(local[field], from[field]))
  const merged: Profile = { ...server }
  let kept = false
  for (const field of changed) {
    if (field === 'legacyCurrency') {
      // Pinned once, to the home currency before the first change: the server's pin stands; a device
      // that made its profile up pinned a currency it guessed, so the server's home currency is the old one.
      if (server.legacyCurrency !== undefined) continue
      merged.legacyCurrency = base ? local.legacyCurrency : server.currency
      kept = true
    } else if (field === 'customCategories') {
      const known = new Set([...from.customCategories, ...server.customCategories].map((c) => c.toLowerCase()))
      const added = local.customCategories.filter((c) => !known.has(c.toLowerCase()))
      if (added.length === 0) continue
      merged.customCategories = [...server.customCategories, ...added].slice(-200)
      kept = true
    } else if (local.updatedAt > server.updatedAt && !same(local[field], server[field])) {
      Object.assign(merged, { [field]: local[field] })
      kept = true
    }
  }
  if (!kept) return server
  return { ...merged, updatedAt: Math.max(local.updatedAt, server.updatedAt + 1) }
}
