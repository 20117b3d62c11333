import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { LoadingScreen } from '../../components/ui/spinner'
import { useAuth } from '../../lib/auth-context'

/** Spec part 1 §2: Loading while auth state loads, /login when signed out, else the page. */
export function RequireAuth() {
  const { status } = useAuth()
  const location = useLocation()
  if (status === 'loading') return <LoadingScreen />
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />
  return <Outlet />
}

/** The landing page and login are for signed-out visitors; a signed-in one goes to /home. */
export function PublicOnly() {
  const { status } = useAuth()
  if (status === 'loading') return <LoadingScreen />
  if (status === 'signed-in') return <Navigate to="/home" replace />
  return <Outlet />
}

/**
 * /demo, /demo/reports, /demo/settings: start the demo (sample data in memory, no account) and
 * show that screen. A signed-in user sees their own data instead: the demo database opens only
 * when no user database is.
 */
export function DemoEntry({ to }: { to: string }) {
  const { status, startDemo } = useAuth()
  useEffect(() => {
    if (status === 'signed-out') startDemo()
  }, [status, startDemo])
  if (status === 'loading' || status === 'signed-out') return <LoadingScreen />
  return <Navigate to={to} replace />
}
