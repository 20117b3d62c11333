import { useLocation } from 'react-router-dom'

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
 * Whether a saved screen (issue #15) may stand in: only on the signed-in page the app opened on,
 * until the user first moves to another. By then the database is open, and a saved screen may be
 * older than what they have just done elsewhere (an entry added on another page), so a page opened
 * later waits for its own data instead.
 */
export function useSavedScreensAllowed(): boolean {
  return stillOnFirstPage(useLocation().pathname.replace(/(.)\/$/, '$1'))
}
