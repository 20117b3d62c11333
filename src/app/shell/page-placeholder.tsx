import { createElement, Suspense } from 'react'
import { useLocation } from 'react-router-dom'
import { LoadingScreen } from '../../components/ui/spinner'
import { pagePath } from '../../data/use-saved-screen'
import { lazyScreen, type LazyScreen } from '../lazy-screen'

type Placeholder = LazyScreen<{ label?: string }>

/**
 * The page area's stand-ins until the data layer has loaded: on /home the last home
 * screen the user saw, on /transactions the head of the list. Their chunks have no data layer
 * (rxdb), so they paint long before the database opens.
 */
const PLACEHOLDERS: Record<string, Placeholder> = {
  '/home': lazyScreen(() => import('../../features/home/home-snapshot')),
  '/transactions': lazyScreen(() => import('../../features/transactions/ledger-snapshot')),
}

/** The path's stand-in, if it has one (elsewhere the loading screen stands in). */
export const placeholderAt = (pathname: string): Placeholder | null => PLACEHOLDERS[pagePath(pathname)] ?? null

/** The page's stand-in (its saved screen, or the loading screen when it has none or none is kept). */
export function PagePlaceholder({ label }: { label?: string }) {
  // A lookup of a module-level screen, not a component made during render.
  const placeholder = placeholderAt(useLocation().pathname)
  if (!placeholder) return <LoadingScreen label={label} />
  return <Suspense fallback={<LoadingScreen label={label} />}>{createElement(placeholder, { label })}</Suspense>
}

let painted: () => void = () => undefined
const placeholderPainted = new Promise<void>((resolve) => (painted = resolve))

/** The stand-in has painted (the app shell calls it once the placeholder's first frame is out). */
export function markPlaceholderPainted(): void {
  painted()
}

/** A stand-in that never paints (its chunk failed) holds the data layer back no longer than this. */
const PAINT_WAIT_MS = 1000

/**
 * On a page with a stand-in the data layer's chunks (some 400 KB of rxdb and schemas to parse)
 * start only once it has painted: loaded together, they held the saved screen back by a few
 * hundred ms on a slow phone. Other pages do not wait.
 */
export function afterPlaceholderPaint(): Promise<void> {
  if (!placeholderAt(window.location.pathname)) return Promise.resolve()
  return Promise.race([placeholderPainted, new Promise<void>((resolve) => setTimeout(resolve, PAINT_WAIT_MS))])
}
