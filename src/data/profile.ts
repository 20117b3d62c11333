import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { Profile } from '../../schema/entities/profile'
import { userData } from './database'
import { plainDoc } from './plain'
import { patchProfile } from './writes'

export type ProfileDoc = DocOf<'profile'>

function defaults(userId: string, currency?: string): ProfileDoc {
  return Profile.parse({ id: userId, ownerId: userId, updatedAt: Date.now(), ...(currency ? { currency } : {}) })
}

/** The user's profile document (id = user id), or null until it exists locally. */
export function profile$(): Observable<ProfileDoc | null> {
  const { db, userId } = userData()
  return db.profile.findOne(userId).$.pipe(map((doc) => plainDoc<ProfileDoc>(doc)))
}

/**
 * Creates the profile with defaults when it is still absent after the first pull of the profile
 * collection, so a new device never overwrites the server's copy with defaults.
 */
export async function ensureProfile(currency?: string): Promise<void> {
  const { db, userId, replication } = userData()
  await replication?.collectionSynced('profile')
  if (db.closed) return
  const existing = await db.profile.findOne(userId).exec()
  if (existing) return
  const doc = defaults(userId, currency)
  // A concurrent pull may have inserted it: then the insert throws and the server's copy stays.
  await db.profile.insert(doc).catch(() => undefined)
}

/** Remembers a category the user typed after choosing 'Others', for next time. */
export async function addCustomCategory(name: string): Promise<void> {
  const category = name.trim()
  if (!category) return
  await patchProfile((current) =>
    current.customCategories.some((c) => c.toLowerCase() === category.toLowerCase())
      ? {}
      : { customCategories: [...current.customCategories, category].slice(-200) },
  )
}
