/**
 * Pages where the floating Help widget is hidden (spec part 1 §2): the sign-in and onboarding
 * flows, the admin area, and the debts and budgets pages (their own actions sit bottom-right).
 * A path matches an entry exactly, or as a prefix when the entry ends with '*'.
 */
export const HELP_HIDDEN_PATHS: readonly string[] = [
  '/login',
  '/signup',
  '/onboarding',
  '/admin*',
  '/debts*',
  '/budgets',
]

export function isHelpHidden(pathname: string, hidden: readonly string[] = HELP_HIDDEN_PATHS): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return hidden.some((entry) => {
    if (!entry.endsWith('*')) return path === entry
    const base = entry.slice(0, -1)
    return path === base || path.startsWith(`${base}/`)
  })
}
