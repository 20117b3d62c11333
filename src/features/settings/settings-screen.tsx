import {
  Coins,
  Database,
  Info,
  LogOut,
  MessageCircle,
  Palette,
  QrCode,
  ShieldCheck,
  UserCog,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { currencyOf } from '../../../schema/money/money'
import { useAuth, useUser } from '../../data/auth-context'
import { useMoney } from '../../data/use-money'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { fetchAccount, isOffline, type AccountUser } from '../../data/account-api'
import { useProfile, useSyncState } from '../../data/hooks'
import { displayName, type User } from '../../data/session'
import { AppearanceSection } from './appearance-section'
import { CurrencySection } from './currency-section'
import { DataSection } from './data-section'
import { APP_VERSION, SETTINGS_TEXT } from './messages'
import { GoalsSummary } from './goals-summary'
import { ProfileSection } from './profile-section'
import { SettingsSection } from './section'
import { SecuritySection } from './security-section'
import { UpiSection } from './upi-section'
import './settings.css'
import { WhatsappSection } from './whatsapp-section'

/** The cached user carries the server's fields too (it is what /auth/me last answered). */
type AccountView = User & Partial<Omit<AccountUser, 'role'>>

type SectionId = 'whatsapp' | 'profile' | 'upi' | 'security' | 'currency' | 'appearance' | 'data' | 'about'

/**
 * The account as the server has it (GET /auth/me), starting from the cached copy so the screen
 * opens offline; `offline` is true when the refresh could not reach the server.
 */
function useAccount(): { account: AccountView; offline: boolean } {
  const cached: AccountView = useUser()
  const [account, setAccount] = useState<AccountView | null>(null)
  const [offline, setOffline] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    fetchAccount(controller.signal)
      .then(setAccount)
      .catch((error: unknown) => {
        if (!controller.signal.aborted && isOffline(error)) setOffline(true)
      })
    return () => controller.abort()
  }, [])
  return { account: account ?? cached, offline }
}

/** The signed-in person's initial, name and e-mail at the top of the screen. */
function SettingsHeader({ account }: { account: AccountView }) {
  const name = displayName(account)
  const initial = (name.trim()[0] ?? 'U').toUpperCase()
  return (
    <header className="settings-header">
      <span className="settings-header__avatar" aria-hidden="true">
        {initial}
      </span>
      <div className="settings-header__text">
        <h1 data-testid="settings-name">{name}</h1>
        <p data-testid="settings-email">{account.email}</p>
      </div>
    </header>
  )
}

function AboutFacts() {
  return (
    <dl className="settings-facts">
      <div>
        <dt>App</dt>
        <dd>Hisaab, your personal finance tracker</dd>
      </div>
      <div>
        <dt>Version</dt>
        <dd data-testid="app-version">{APP_VERSION}</dd>
      </div>
      <div>
        <dt>Works offline</dt>
        <dd>Entries are saved on this device first and sync when you’re online.</dd>
      </div>
    </dl>
  )
}

interface SectionSpec {
  id: SectionId
  title: string
  summary: string
  icon: LucideIcon
  body: ReactNode
}

/** The eight sections in screen order, each with its collapsed summary and its body. */
function useSectionSpecs(account: AccountView, onSecurityDone: () => void): SectionSpec[] {
  const profile = useProfile()
  const { currency } = useMoney()
  const { symbol, name: currencyName } = currencyOf(currency)
  // Null while the profile has not reached this device: the sections say so instead of showing defaults.
  const known = profile.data
  return [
    {
      id: 'whatsapp',
      title: 'WhatsApp Integration',
      summary: account.phone_number ? 'Number saved' : 'Log expenses by message',
      icon: MessageCircle,
      body: <WhatsappSection phone={account.phone_number} monthlyReport={known?.monthlyReportByWhatsapp ?? null} />,
    },
    {
      id: 'profile',
      title: 'Profile Details',
      summary: 'Name, birthday, income range, address',
      icon: UserCog,
      body: (
        <>
          <ProfileSection key={account.updated_at ?? 'cached'} account={account} />
          <GoalsSummary profile={known} />
        </>
      ),
    },
    {
      id: 'upi',
      title: 'UPI ID',
      summary: known?.upiId || 'Let household members pay you',
      icon: QrCode,
      body: <UpiSection current={known ? known.upiId : null} />,
    },
    {
      id: 'security',
      title: 'Security',
      summary: 'Change password',
      icon: ShieldCheck,
      body: <SecuritySection onDone={onSecurityDone} />,
    },
    {
      id: 'currency',
      title: 'Currency',
      summary: `${symbol} ${currencyName}`,
      icon: Coins,
      body: <CurrencySection current={currency} legacy={known?.legacyCurrency} />,
    },
    {
      id: 'appearance',
      title: 'Appearance',
      summary: 'Dark mode, balance, notifications',
      icon: Palette,
      body: <AppearanceSection hideBalance={known?.hideBalance ?? null} />,
    },
    {
      id: 'data',
      title: 'Data Management',
      summary: 'Export or clear your data',
      icon: Database,
      body: <DataSection customCategories={known?.customCategories ?? null} />,
    },
    { id: 'about', title: 'About', summary: `Version ${APP_VERSION}`, icon: Info, body: <AboutFacts /> },
  ]
}

/** The sections as an accordion: opening one closes the one that was open. */
function SettingsSections({ account }: { account: AccountView }) {
  const [open, setOpen] = useState<SectionId | null>(null)
  const specs = useSectionSpecs(account, () => setOpen(null))
  return (
    <div className="settings-sections">
      {specs.map((spec) => (
        <SettingsSection
          key={spec.id}
          title={spec.title}
          summary={spec.summary}
          icon={spec.icon}
          open={open === spec.id}
          onToggle={() => setOpen((current) => (current === spec.id ? null : spec.id))}
        >
          {spec.body}
        </SettingsSection>
      ))}
    </div>
  )
}

/** Logout asks first, then returns to /login. */
function LogoutButton() {
  const { logout } = useAuth()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const onLogout = async () => {
    setConfirming(false)
    if (await logout()) void navigate('/login', { replace: true })
  }
  return (
    <>
      <Button
        variant="outline"
        fullWidth
        icon={<LogOut size={18} />}
        className="settings-logout"
        onClick={() => setConfirming(true)}
      >
        Logout
      </Button>
      <ConfirmDialog
        open={confirming}
        title={SETTINGS_TEXT.logoutConfirm}
        description="You’ll need your e-mail and password to sign in again."
        confirmLabel="Logout"
        onConfirm={() => void onLogout()}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}

/** /settings and /profile (spec part 1 §2 'Settings'): one collapsible section open at a time. */
export default function SettingsScreen() {
  const { account, offline: accountOffline } = useAccount()
  const sync = useSyncState()
  const offline = !sync.browserOnline || !sync.serverReachable || accountOffline
  return (
    <div className="settings">
      <SettingsHeader account={account} />
      {offline ? (
        <p className="settings-callout settings-callout--warn" data-testid="settings-offline">
          You’re offline. Appearance and Data Management work as usual; WhatsApp, profile, password and currency changes
          need an internet connection.
        </p>
      ) : null}
      <SettingsSections account={account} />
      <LogoutButton />
    </div>
  )
}
