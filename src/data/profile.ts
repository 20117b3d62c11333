import { combineLatest, from, map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { userData } from './database'
import { plainDoc } from './plain'
import { defaultProfile } from './profile-defaults'
import { patchProfile } from './writes'

export type ProfileDoc = DocOf<'profile'>

/**
 * Resolves once this device holds the server's copy of the profile (or knows there is none): at
 * once on a device that finished its first download, else when the profile has been pulled.
 */
function profileKnown(): Promise<void> {
  const { replication } = userData()
  return replication ? replication.collectionSynced('profile') : Promise.resolve()
}

/**
 * The user's profile document (id = user id), or the defaults when the server has none, live. Nothing
 * is emitted while the server's copy may exist and has not reached this device (a new device, or one
 * whose storage was cleared): until then the screens show that it is loading, not defaults.
 */
export function profile$(): Observable<ProfileDoc> {
  const { db, userId } = userData()
  const doc$ = db.profile.findOne(userId).$.pipe(map((doc) => plainDoc<ProfileDoc>(doc)))
  return combineLatest([doc$, from(profileKnown())]).pipe(map(([doc]) => doc ?? defaultProfile(userId)))
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
