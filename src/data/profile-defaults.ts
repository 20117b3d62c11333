import type { DocOf } from '../../schema/collections'
import { profileDefaults } from '../../schema/profile-merge'
import { readSession } from './session'

/**
 * The profile a user has before they change anything: the defaults, in the account's currency.
 * Derived when read and never stored by itself: a stored default would be a version of the profile
 * that only this device made up (schema/profile-merge.ts says how one that got stored is settled).
 */
export function defaultProfile(userId: string): DocOf<'profile'> {
  const user = readSession()?.user
  return profileDefaults(userId, user?.id === userId ? (user.currency ?? undefined) : undefined)
}
