import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { isHelpHidden } from '../../features/help/help-exclusions'
import { whenIdleAfterPaint } from '../../lib/idle'
import { ErrorBoundary } from '../error-boundary'
import { HelpSlotContext } from '../../lib/help-slot'

// Loaded only where it shows, so the sign-in screens stay small.
const HelpWidget = lazy(() => import('../../features/help/help-widget'))
// The service worker (and workbox-window, which registers it) waits for the page to paint too.
const PwaUpdatePrompt = lazy(() => import('../pwa-update-prompt'))

/** True once the browser is idle after the first paint: work nobody waits for starts then, not before. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdleAfterPaint(() => setIdle(true), 3000), [])
  return idle
}

/**
 * A part of the page loaded after it: if its chunk cannot load (the connection dropped before
 * the page was idle, and no service worker holds it yet) it is left out, not the whole app.
 */
function Extra({ element }: { element: ReactNode }) {
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>{element}</Suspense>
    </ErrorBoundary>
  )
}

/**
 * Every page, plus the Help widget and the update prompt. In the signed-in frame Help sits in the
 * top bar's slot on every screen; elsewhere it floats, on pages outside its exclusion list.
 */
export function RootLayout() {
  const { pathname } = useLocation()
  const idle = useIdle()
  const [helpSlot, setHelpSlot] = useState<HTMLElement | null>(null)
  // The brand (title, colours, manifest) applies on every page, signed in or not. Its module (and zod,
  // which checks the record) loads once the page has painted, so it never delays the first screen;
  // offline before it has loaded, the built-in brand stays.
  useEffect(() => {
    if (idle) import('../../data/brand').then((brand) => brand.loadBrand()).catch(() => undefined)
  }, [idle])
  return (
    <>
      <HelpSlotContext.Provider value={setHelpSlot}>
        <Outlet />
      </HelpSlotContext.Provider>
      {idle ? (
        <>
          {helpSlot || !isHelpHidden(pathname) ? <Extra element={<HelpWidget slot={helpSlot} />} /> : null}
          <Extra element={<PwaUpdatePrompt />} />
        </>
      ) : null}
    </>
  )
}
