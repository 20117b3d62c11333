import { Home, LogOut, MinusCircle, PlusCircle } from 'lucide-react'
import { Suspense } from 'react'
import { NavLink, Outlet, useNavigate } from 'react-router-dom'
import { LoadingScreen } from '../../components/ui/spinner'
import { displayName } from '../../data/session'
import { useAuth } from '../auth/auth-context'
import '../app.css'
import { FirstDownloadBar, SyncIndicator } from './sync-indicator'
import { UserDataGate } from './user-data-gate'

function initials(name: string): string {
  return name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2).toUpperCase() || 'U'
}

/** The signed-in frame: top bar with the sync state, navigation, and the screen. */
export default function AppShell() {
  const { user, logout } = useAuth()
  const navigate = useNavigate()
  const name = displayName(user)

  const onLogout = async () => {
    if (await logout()) void navigate('/login', { replace: true })
  }

  return (
    <div className="shell">
      <header className="topbar">
        <div className="topbar__inner">
          <NavLink to="/home" className="brand" aria-label="Hisaab home">
            <img src="/icons/icon.svg" alt="" width={28} height={28} />
            <span className="brand__name">Hisaab</span>
          </NavLink>
          <SyncIndicator />
          <span className="avatar" title={name} aria-hidden="true">
            {initials(name)}
          </span>
        </div>
        <FirstDownloadBar />
      </header>
      <nav className="nav" aria-label="Main">
        <div className="nav__inner">
          <NavLink to="/home" className="nav__link">
            <Home size={20} aria-hidden="true" />
            <span>Home</span>
          </NavLink>
          <NavLink to="/add-expense" className="nav__link">
            <MinusCircle size={20} aria-hidden="true" />
            <span>Add Expense</span>
          </NavLink>
          <NavLink to="/add-income" className="nav__link">
            <PlusCircle size={20} aria-hidden="true" />
            <span>Add Income</span>
          </NavLink>
          <button type="button" className="nav__link nav__link--button" onClick={() => void onLogout()}>
            <LogOut size={20} aria-hidden="true" />
            <span>Logout</span>
          </button>
        </div>
      </nav>
      <main className="shell__main">
        <UserDataGate>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </UserDataGate>
      </main>
    </div>
  )
}
