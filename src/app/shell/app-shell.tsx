import { LogOut, Plus } from 'lucide-react'
import { startTransition, Suspense, useContext, useEffect, useRef, useState } from 'react'
import { NavLink, useLocation, useNavigate } from 'react-router-dom'
import type { User } from '../../data/session'
import { LoadingScreen } from '../../components/ui/spinner'
import { ThemeToggle } from '../../components/ui/theme-toggle'
import { displayName } from '../../data/session'
import { useAuth } from '../../data/auth-context'
import { useBrand } from '../../data/use-brand'
import { useSavedScreensAllowed } from '../../data/use-saved-screen'
import { afterPlaceholderPaint, markPlaceholderPainted, PagePlaceholder } from './page-placeholder'
import { HelpSlotContext } from '../../lib/help-slot'
import { warmDateFormat } from '../../lib/warm-date-format'
import { initials } from './initials'
import { navItemsFor, QUICK_ACTION_DELAY_MS, QUICK_ACTIONS_PATH, splitAroundAdd, type NavItem } from './nav-items'
import { QuickActionsSheet } from './quick-actions-sheet'
import { TopNav } from './top-nav'
import './shell.css'
import { FirstDownloadBar, SyncIndicator, SyncNoticeBar } from './sync-indicator'
import type * as UserDataGateModule from './user-data-gate'

type DataGate = typeof UserDataGateModule
let loadedGate: DataGate | null = null
// The page area brings the data layer (rxdb, zod schemas): in its own chunk the frame paints without waiting for it.
const loadGate = () =>
  afterPlaceholderPaint()
    .then(() => {
      warmDateFormat()
      return import('./user-data-gate')
    })
    .then((gate) => (loadedGate = gate))

/**
 * The page area once the data layer's chunk is in, its fallback meanwhile. Loaded with state, not
 * React.lazy: a Suspense fallback, once shown, holds the content back at least 300 ms (React's
 * reveal throttle), which delayed every cold start's live screen by that much.
 */
function PageArea() {
  const [gate, setGate] = useState(loadedGate)
  const [failed, setFailed] = useState<unknown>(null)
  useEffect(() => {
    if (!gate) loadGate().then((loaded) => startTransition(() => setGate(loaded)), setFailed)
  }, [gate])
  if (failed) throw failed instanceof Error ? failed : new Error('Could not load the app', { cause: failed })
  return gate ? <gate.GatedOutlet /> : <PageFallback />
}

/**
 * True once the frame has painted. The demo starts loading its data code only then: on a slow phone the
 * banner and navigation show at once instead of after some 250 KB of database code.
 */
function useFramePainted(wait: boolean): boolean {
  const [painted, setPainted] = useState(!wait)
  useEffect(() => {
    if (painted) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // A timeout queued from an animation frame runs after that frame's paint.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [painted])
  return painted
}

/**
 * The page area's stand-in while the data layer loads: the page's saved screen on /home and
 * /transactions (in its own boundary, so the frame stays up meanwhile), elsewhere the loading screen.
 */
function PageFallback() {
  return (
    <>
      <PagePlaceholder />
      <PaintedMark />
    </>
  )
}

/** Tells the data layer's loader that the stand-in above has painted (a timeout queued from a frame runs after it). */
function PaintedMark() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => (timer = setTimeout(markPlaceholderPainted)))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return null
}

/** The demo says what it is and how to leave it: back to the account behind it, or sign up / exit. */
function DemoBanner() {
  const { hasAccount, leaveDemo } = useAuth()
  const { appName } = useBrand()
  const navigate = useNavigate()
  const leave = (to: string) => void leaveDemo().then(() => navigate(to, { replace: true }))
  return (
    <div className="demo-banner" role="note">
      <span>You're exploring {appName} with sample data. Nothing is saved or sent.</span>
      <span className="demo-banner__actions">
        {hasAccount ? (
          <button type="button" className="demo-banner__primary" onClick={() => leave('/home')}>
            Back to my account
          </button>
        ) : (
          <>
            <button type="button" className="demo-banner__primary" onClick={() => leave('/signup')}>
              Create free account
            </button>
            <button type="button" className="demo-banner__secondary" onClick={() => leave('/login')}>
              Exit demo
            </button>
          </>
        )}
      </span>
    </div>
  )
}

function BottomLink({ item }: { item: NavItem }) {
  const Icon = item.icon
  return (
    <NavLink to={item.to} className="bottombar__link">
      <Icon size={22} aria-hidden="true" />
      <span>{item.shortLabel ?? item.label}</span>
    </NavLink>
  )
}

function TopBar({ user, demo, onLogout }: { user: User | null; demo: boolean; onLogout: () => void }) {
  const name = displayName(user)
  const { appName } = useBrand()
  const helpSlot = useContext(HelpSlotContext)
  return (
    <header className="topbar">
      <div className="topbar__inner">
        <NavLink to="/home" className="brand" aria-label={`${appName} home`}>
          <img src="/icons/icon.svg" alt="" width={28} height={28} />
          <span className="brand__name">{appName}</span>
        </NavLink>
        {demo ? (
          <span className="demo-badge" data-testid="demo-badge">
            Demo
          </span>
        ) : (
          <SyncIndicator />
        )}
        <ThemeToggle />
        {/* The Help button's place, sized for it, so nothing moves when it loads after the page. */}
        <span className="topbar__help" ref={helpSlot} />
        <div className="topbar__user">
          <span
            className="avatar"
            role="img"
            aria-label={`Signed in as ${name}`}
            title={name}
            data-testid="user-initials"
          >
            {initials(name)}
          </span>
          <button type="button" className="topbar__logout" onClick={onLogout} title="Logout">
            <LogOut size={18} aria-hidden="true" />
            <span className="topbar__logout-text">Logout</span>
          </button>
        </div>
      </div>
      <FirstDownloadBar />
      {demo ? <DemoBanner /> : <SyncNoticeBar />}
    </header>
  )
}

function BottomBar({ onAdd }: { onAdd: () => void }) {
  const { left, right } = splitAroundAdd(navItemsFor('bottom'))
  return (
    <nav className="bottombar" aria-label="Main">
      <div className="bottombar__inner">
        {left.map((item) => (
          <BottomLink key={item.to} item={item} />
        ))}
        <div className="bottombar__add-slot">
          <button
            type="button"
            className="bottombar__add"
            aria-label="Add"
            aria-haspopup="dialog"
            title="Add"
            onClick={onAdd}
          >
            <Plus size={28} strokeWidth={2.5} aria-hidden="true" />
          </button>
        </div>
        {right.map((item) => (
          <BottomLink key={item.to} item={item} />
        ))}
      </div>
    </nav>
  )
}

/** The Quick Actions sheet: open from the Add button or the /add route; a pick navigates after the delay. */
function useQuickActions() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const onAddRoute = pathname === QUICK_ACTIONS_PATH
  const [sheetOpen, setSheetOpen] = useState(false)
  /** An action was picked: the sheet is closed while the navigation delay runs. */
  const [leaving, setLeaving] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const close = () => {
    setSheetOpen(false)
    if (onAddRoute) void navigate('/home', { replace: true })
  }
  const pick = (to: string) => {
    setSheetOpen(false)
    setLeaving(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setLeaving(false)
      // From /add, replace it so Back does not reopen the sheet.
      void navigate(to, { replace: onAddRoute })
    }, QUICK_ACTION_DELAY_MS)
  }
  return { open: (sheetOpen || onAddRoute) && !leaving, show: () => setSheetOpen(true), close, pick }
}

/**
 * The signed-in frame (spec part 1 §2 'Navigation chrome'): top bar with the sync state, theme
 * toggle, initials and Logout; the nav row on wide screens; on phones a bottom bar whose centre
 * Add button opens the Quick Actions sheet (also opened by the /add route).
 */
export default function AppShell() {
  const { user, logout, demo } = useAuth()
  const navigate = useNavigate()
  const sheet = useQuickActions()
  const framePainted = useFramePainted(demo)
  // Every signed-in page passes here: a saved screen stands in only on the first.
  useSavedScreensAllowed()
  const onLogout = async () => {
    if (await logout()) void navigate('/login', { replace: true })
  }

  return (
    <div className="shell">
      <TopBar user={user} demo={demo} onLogout={() => void onLogout()} />
      <TopNav />
      <main className="shell__main">
        <Suspense fallback={<PageFallback />}>{framePainted ? <PageArea /> : <LoadingScreen />}</Suspense>
      </main>
      <BottomBar onAdd={sheet.show} />
      <QuickActionsSheet open={sheet.open} onClose={sheet.close} onPick={sheet.pick} />
    </div>
  )
}
