import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { LoadingScreen } from '../../components/ui/spinner'
import { useAuth } from '../../data/auth-context'

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
 * show that screen. A signed-in user gets the demo too, with their account kept behind it (the
 * demo banner leads back); the demo database replaces theirs while it is open.
 */
export function DemoEntry({ to }: { to: string }) {
  const { status, demo, startDemo } = useAuth()
  useEffect(() => {
    if (status !== 'loading' && !demo) startDemo()
  }, [status, demo, startDemo])
  if (!demo) return <LoadingScreen />
  return <Navigate to={to} replace />
}
