/**
 * Where a user's saved screens live: the last /home and the head of /transactions,
 * each in localStorage under the user's own id. Apart from their schemas so that logout can remove
 * them without loading zod or the data layer.
 */
const PREFIXES = { home: 'hisaab.views.', ledger: 'hisaab.ledger.' } as const

export type SavedScreenKind = keyof typeof PREFIXES

/** The start of every user's key for `kind`. */
export const savedScreenPrefix = (kind: SavedScreenKind) => PREFIXES[kind]

export const savedScreenKey = (kind: SavedScreenKind, userId: string) => `${savedScreenPrefix(kind)}${userId}`

export function forgetSavedScreen(kind: SavedScreenKind, userId: string): void {
  try {
    localStorage.removeItem(savedScreenKey(kind, userId))
  } catch {
    // storage disabled: nothing was kept
  }
}

/** Logout and account deletion: nothing of the user's screens stays on the device. */
export function forgetSavedScreens(userId: string): void {
  for (const kind of Object.keys(PREFIXES) as SavedScreenKind[]) forgetSavedScreen(kind, userId)
}
