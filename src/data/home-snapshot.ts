import * as z from 'zod/mini'
import { localWeekWindow } from '../../schema/calc/periods'
import { HomeView } from '../../schema/home-view'
import { localMonthWindow } from '../../schema/time'
import { forgetHomeSnapshot, homeSnapshotKey } from './home-snapshot-key'

export { forgetHomeSnapshot, homeSnapshotKey }

/**
 * The last home screen a user saw, kept in localStorage under their own id (issue #15): a cold
 * start paints it while the database opens, then the live screen replaces it. No rxdb here: the
 * frame reads it before the data layer has loaded. Removed on logout and account deletion; read
 * only for the user it was written for, and only in the week and month it was written in (its
 * figures are those of that week and month).
 */

export const HOME_SNAPSHOT_VERSION = 1
/** A home screen is 1–3 KB; a larger one (say fifty payments due) is not kept: that load waits for the database. */
export const HOME_SNAPSHOT_MAX_CHARS = 8_000

export const HomeSnapshot = z.object({
  version: z.literal(HOME_SNAPSHOT_VERSION),
  userId: z.string().check(z.minLength(1)),
  savedAt: z.number(),
  monthStart: z.number(),
  weekStart: z.number(),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** The balance was hidden: the snapshot's amounts are drawn masked. */
  hidden: z.boolean(),
  view: HomeView,
})
export type HomeSnapshot = z.infer<typeof HomeSnapshot>

export interface HomeSnapshotInput {
  currency: string
  hidden: boolean
  view: HomeView
}

function periodOf(now: number) {
  return { monthStart: localMonthWindow(now).start, weekStart: localWeekWindow(now).start }
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null // storage disabled: no snapshot, the screen waits for the database as before
  }
}

/** Saves the user's home screen; false when it is too large or storage refused it (nothing kept then). */
export function writeHomeSnapshot(userId: string, input: HomeSnapshotInput, now: number): boolean {
  const store = storage()
  if (!store || !userId) return false
  const key = homeSnapshotKey(userId)
  const snapshot: HomeSnapshot = { version: HOME_SNAPSHOT_VERSION, userId, savedAt: now, ...periodOf(now), ...input }
  const raw = JSON.stringify(snapshot)
  // An unchanged home screen is not written again (savedAt aside).
  if (withoutSavedAt(store.getItem(key)) === withoutSavedAt(raw)) return true
  if (raw.length > HOME_SNAPSHOT_MAX_CHARS) {
    forgetHomeSnapshot(userId)
    return false
  }
  try {
    store.setItem(key, raw)
    return true
  } catch {
    forgetHomeSnapshot(userId)
    return false
  }
}

/**
 * The user's saved home screen, or null when there is none, it is not this user's, it is from
 * another version, week or month, or it does not parse. A broken one is removed.
 */
export function readHomeSnapshot(userId: string, now: number): HomeSnapshot | null {
  const store = storage()
  if (!store || !userId) return null
  const key = homeSnapshotKey(userId)
  const raw = store.getItem(key)
  if (raw === null) return null
  let snapshot: HomeSnapshot | null = null
  if (raw.length <= HOME_SNAPSHOT_MAX_CHARS) {
    try {
      const parsed = HomeSnapshot.safeParse(JSON.parse(raw))
      if (parsed.success) snapshot = parsed.data
    } catch {
      snapshot = null
    }
  }
  if (!snapshot || snapshot.userId !== userId) {
    forgetHomeSnapshot(userId)
    return null
  }
  const period = periodOf(now)
  if (snapshot.monthStart !== period.monthStart || snapshot.weekStart !== period.weekStart) return null
  return snapshot
}

function withoutSavedAt(raw: string | null): string | null {
  return raw && raw.replace(/"savedAt":\d+,/, '')
}
