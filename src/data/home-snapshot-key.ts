/**
 * Where the user's saved home screen lives (src/data/home-snapshot.ts), apart from its schema so
 * that logout can remove it without loading zod or the data layer.
 */
export const homeSnapshotKey = (userId: string) => `hisaab.views.${userId}`

export function forgetHomeSnapshot(userId: string): void {
  try {
    localStorage.removeItem(homeSnapshotKey(userId))
  } catch {
    // storage disabled: nothing was kept
  }
}
