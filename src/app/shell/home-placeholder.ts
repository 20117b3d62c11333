import { lazyScreen } from '../lazy-screen'

/**
 * The page area's stand-in until the data layer has loaded: on /home the last home screen the user
 * saw (issue #15). Its chunk has no data layer (rxdb), so it paints long before the database opens.
 */
export const HomePlaceholder = lazyScreen<{ label?: string }>(() => import('../../features/home/home-snapshot'))

let painted: () => void = () => undefined
const placeholderPainted = new Promise<void>((resolve) => (painted = resolve))

/** The stand-in has painted (the app shell calls it once the placeholder's first frame is out). */
export function markPlaceholderPainted(): void {
  painted()
}

/** A stand-in that never paints (its chunk failed) holds the data layer back no longer than this. */
const PAINT_WAIT_MS = 1000

/**
 * On /home the data layer's chunks (some 400 KB of rxdb and schemas to parse) start only once the
 * stand-in has painted: loaded together, they held the saved home screen back by a few hundred ms
 * on a slow phone. Other pages do not wait.
 */
export function afterPlaceholderPaint(): Promise<void> {
  if (window.location.pathname.replace(/(.)\/$/, '$1') !== '/home') return Promise.resolve()
  return Promise.race([placeholderPainted, new Promise<void>((resolve) => setTimeout(resolve, PAINT_WAIT_MS))])
}
