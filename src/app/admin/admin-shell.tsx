import { LogOut, ShieldCheck } from 'lucide-react'
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { LoadingScreen } from '../../components/ui/spinner'
import { ThemeToggle } from '../../components/ui/theme-toggle'
import { useAuth } from '../../data/auth-context'
import { useBrand } from '../../data/use-brand'
import { GatedOutlet } from '../shell/user-data-gate'
import { ADMIN_NAV } from './admin-nav'
import './admin-shell.css'

/**
 * The back office frame (its own chunk; the user navbar is not shown here). Signed-out visitors
 * go to /admin/login and signed-in non-admins to /home; the server checks the role on every
 * admin call as well.
 */
export default function AdminShell() {
  const { status, user, logout } = useAuth()
  const { appName } = useBrand()
  const navigate = useNavigate()
  const location = useLocation()
  if (status === 'loading') return <LoadingScreen />
  if (status === 'signed-out') return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />
  if (user?.role !== 'admin') return <Navigate to="/home" replace />

  const onLogout = async () => {
    if (await logout()) void navigate('/admin/login', { replace: true })
  }

  return (
    <div className="admin-shell">
      <header className="admin-topbar">
        <div className="admin-topbar__inner">
          <NavLink to="/admin" end className="admin-brand">
            <ShieldCheck size={22} aria-hidden="true" />
            <span className="admin-brand__name">{appName}</span>
            <span className="admin-brand__badge">Admin</span>
          </NavLink>
          <ThemeToggle />
          <button type="button" className="admin-logout" onClick={() => void onLogout()}>
            <LogOut size={18} aria-hidden="true" />
            <span>Logout</span>
          </button>
        </div>
        <nav className="admin-nav" aria-label="Admin">
          <div className="admin-nav__inner">
            {ADMIN_NAV.map(({ to, label, icon: Icon, end }) => (
              <NavLink key={to} to={to} end={end} className="admin-nav__link">
                <Icon size={17} aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            ))}
          </div>
        </nav>
      </header>
      <main className="admin-main">
        <GatedOutlet />
      </main>
    </div>
  )
}
