import { useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { useAuth } from './auth-context'

/** A pathname without its trailing slash ('/home/' is '/home'; '/' stays). */
export const pagePath = (pathname: string) => pathname.replace(/(.)\/$/, '$1')

/** The first signed-in page this page load rendered, and whether another has been rendered since. */
const pagesShown: { first: string | null; movedOn: boolean } = { first: null, movedOn: false }

/** Records that `path` is being rendered; true while it is still the page the app opened on. */
function stillOnFirstPage(path: string): boolean {
  pagesShown.first ??= path
  // Once moved on, for good: coming back to the first page does not bring its saved screen back.
  if (path !== pagesShown.first) pagesShown.movedOn = true
  return !pagesShown.movedOn
}

/**
 * Whether a saved screen may stand in: only on the signed-in page the app opened on,
 * until the user first moves to another. By then the database is open, and a saved screen may be
 * older than what they have just done elsewhere (an entry added on another page), so a page opened
 * later waits for its own data instead. The app shell calls it on every signed-in page to record it.
 */
export function useSavedScreensAllowed(): boolean {
  return stillOnFirstPage(pagePath(useLocation().pathname))
}

/**
 * The signed-in user's saved screen of `path` (`read` for their id, once per mount), when the
 * page is `path`, the app opened on it, and it is not the demo; else null.
 */
export function useSavedScreen<T>(path: string, read: (userId: string) => T | null): T | null {
  const { user, demo } = useAuth()
  const here = pagePath(useLocation().pathname)
  const allowed = useSavedScreensAllowed()
  const userId = allowed && !demo && here === path ? user?.id : undefined
  return useMemo(() => (userId ? read(userId) : null), [userId, read])
}
