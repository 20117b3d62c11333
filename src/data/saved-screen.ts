import type { ZodMiniType } from 'zod/mini'
import { forgetSavedScreen, savedScreenKey, type SavedScreenKind } from './saved-screen-keys'
import { whenIdle } from '../lib/idle'
import { readSession } from './session'

/**
 * One kind of saved screen: a cold start paints it while the database opens, then the
 * live screen replaces it. No rxdb here: the frame reads it before the data layer has loaded. Read
 * only for the user it was written for; a broken, foreign or oversized one is removed.
 */
export interface SavedScreen<T> {
  /** Saves it; false when it is too large or storage refused it (nothing kept then). */
  write: (value: T) => boolean
  /** The user's saved screen, or null when there is none, it is not theirs or it does not parse. */
  read: (userId: string) => T | null
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null // storage disabled: no saved screen, the page waits for the database as before
  }
}

const withoutSavedAt = (raw: string | null) => raw && raw.replace(/"savedAt":\d+,/, '')

export function savedScreen<T extends { userId: string; savedAt: number }>(
  kind: SavedScreenKind,
  schema: ZodMiniType<T>,
  maxChars: number,
): SavedScreen<T> {
  return {
    write(value) {
      const store = storage()
      if (!store || !value.userId) return false
      const key = savedScreenKey(kind, value.userId)
      const raw = JSON.stringify(value)
      // An unchanged screen is not written again (savedAt aside).
      if (withoutSavedAt(store.getItem(key)) === withoutSavedAt(raw)) return true
      if (raw.length > maxChars) {
        forgetSavedScreen(kind, value.userId)
        return false
      }
      try {
        store.setItem(key, raw)
        return true
      } catch {
        forgetSavedScreen(kind, value.userId)
        return false
      }
    },
    read(userId) {
      const store = storage()
      if (!store || !userId) return null
      const raw = store.getItem(savedScreenKey(kind, userId))
      if (raw === null) return null
      let saved: T | null = null
      if (raw.length <= maxChars) {
        try {
          const parsed = schema.safeParse(JSON.parse(raw))
          if (parsed.success) saved = parsed.data
        } catch {
          saved = null
        }
      }
      if (!saved || saved.userId !== userId) {
        forgetSavedScreen(kind, userId)
        return null
      }
      return saved
    },
  }
}

/**
 * Runs a screen's `save` once the page is idle (the last of a burst of changes: the effect that
 * calls it cancels the one before) and only while `userId` is still signed in, so a logout that
 * came in between does not bring the saved screen back. Returns the cancel.
 */
export function saveWhenIdle(userId: string, save: () => void): () => void {
  return whenIdle(() => {
    if (readSession()?.user?.id === userId) save()
  }, 1000)
}
