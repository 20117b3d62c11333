import { lazy, Suspense } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { isHelpHidden } from '../../features/help/help-exclusions'
import { useBrand } from '../../lib/use-brand'

// Loaded only where it shows, so the sign-in screens stay small.
const HelpWidget = lazy(() => import('../../features/help/help-widget'))

/** Every page, plus the floating Help widget on pages outside its exclusion list. */
export function RootLayout() {
  const { pathname } = useLocation()
  // The brand (title, colours, manifest) applies on every page, signed in or not.
  useBrand()
  return (
    <>
      <Outlet />
      {isHelpHidden(pathname) ? null : (
        <Suspense fallback={null}>
          <HelpWidget />
        </Suspense>
      )}
    </>
  )
}
