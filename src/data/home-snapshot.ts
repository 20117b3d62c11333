import * as z from 'zod/mini'
import { localWeekWindow } from '../../schema/calc/periods'
import { HomeView } from '../../schema/home-view'
import { localMonthWindow } from '../../schema/time'
import { savedScreen } from './saved-screen'
import { savedScreenKey } from './saved-screen-keys'

/**
 * The last home screen a user saw, kept under their own id: a cold start paints it
 * while the database opens (src/data/saved-screen.ts). Read only in the week and month it was
 * written in (its figures are those of that week and month).
 */

export const HOME_SNAPSHOT_VERSION = 1
/** A home screen is 1–3 KB; a larger one (say fifty payments due) is not kept: that load waits for the database. */
export const HOME_SNAPSHOT_MAX_CHARS = 8_000

export const homeSnapshotKey = (userId: string) => savedScreenKey('home', userId)

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

const saved = savedScreen('home', HomeSnapshot, HOME_SNAPSHOT_MAX_CHARS)

function periodOf(now: number) {
  return { monthStart: localMonthWindow(now).start, weekStart: localWeekWindow(now).start }
}

/** Saves the user's home screen; false when it is too large or storage refused it (nothing kept then). */
export function writeHomeSnapshot(userId: string, input: HomeSnapshotInput, now: number): boolean {
  return saved.write({ version: HOME_SNAPSHOT_VERSION, userId, savedAt: now, ...periodOf(now), ...input })
}

/**
 * The user's saved home screen, or null when there is none, it is not this user's, it is from
 * another version, week or month, or it does not parse. A broken one is removed.
 */
export function readHomeSnapshot(userId: string, now: number): HomeSnapshot | null {
  const snapshot = saved.read(userId)
  if (!snapshot) return null
  const period = periodOf(now)
  if (snapshot.monthStart !== period.monthStart || snapshot.weekStart !== period.weekStart) return null
  return snapshot
}
