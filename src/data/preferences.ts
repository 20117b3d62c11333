import { Profile } from '../../schema/entities/profile'
import { userData } from './database'

/**
 * Remembers whether the balance is hidden (the home screen's eye toggle) in the profile document,
 * so it holds on every device; a local write that syncs like any other.
 */
export async function setHideBalance(hide: boolean): Promise<void> {
  const { db, userId, pending } = userData()
  const existing = await db.profile.findOne(userId).exec()
  const updatedAt = Math.max(Date.now(), (existing?.updatedAt ?? 0) + 1)
  pending.add('profile', userId, updatedAt)
  if (!existing) {
    await db.profile.insert(Profile.parse({ id: userId, ownerId: userId, updatedAt, hideBalance: hide }))
    return
  }
  await existing.incrementalModify((current) => ({ ...current, hideBalance: hide, updatedAt }))
}
