import { Coins, Database, Info, LogOut, MessageCircle, Palette, ShieldCheck, UserCog } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { currencyOf } from '../../../schema/money/money'
import { useAuth, useUser } from '../../lib/auth-context'
import { useMoney } from '../../lib/use-money'
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
import './settings.css'
import { WhatsappSection } from './whatsapp-section'

/** The cached user carries the server's fields too (it is what /auth/me last answered). */
type AccountView = User & Partial<Omit<AccountUser, 'role'>>

type SectionId = 'whatsapp' | 'profile' | 'security' | 'currency' | 'appearance' | 'data' | 'about'

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

/** /settings and /profile (spec part 1 §2 'Settings'): one collapsible section open at a time. */
export default function SettingsScreen() {
  const { logout } = useAuth()
  const navigate = useNavigate()
  const { account, offline: accountOffline } = useAccount()
  const profile = useProfile()
  const sync = useSyncState()
  const [open, setOpen] = useState<SectionId | null>(null)
  const [confirmLogout, setConfirmLogout] = useState(false)
  const toggle = (id: SectionId) => setOpen((current) => (current === id ? null : id))

  const name = displayName(account)
  const initial = (name.trim()[0] ?? 'U').toUpperCase()
  const { currency } = useMoney()
  const { symbol, name: currencyName } = currencyOf(currency)
  const offline = !sync.browserOnline || !sync.serverReachable || accountOffline

  const onLogout = async () => {
    setConfirmLogout(false)
    if (await logout()) void navigate('/login', { replace: true })
  }

  return (
    <div className="settings">
      <header className="settings-header">
        <span className="settings-header__avatar" aria-hidden="true">
          {initial}
        </span>
        <div className="settings-header__text">
          <h1 data-testid="settings-name">{name}</h1>
          <p data-testid="settings-email">{account.email}</p>
        </div>
      </header>

      {offline ? (
        <p className="settings-callout settings-callout--warn" data-testid="settings-offline">
          You’re offline. Appearance and Data Management work as usual; WhatsApp, profile, password and currency changes
          need an internet connection.
        </p>
      ) : null}

      <div className="settings-sections">
        <SettingsSection
          title="WhatsApp Integration"
          summary={account.phone_number ? 'Number saved' : 'Log expenses by message'}
          icon={MessageCircle}
          open={open === 'whatsapp'}
          onToggle={() => toggle('whatsapp')}
        >
          <WhatsappSection phone={account.phone_number} monthlyReport={profile.data?.monthlyReportByWhatsapp ?? true} />
        </SettingsSection>
        <SettingsSection
          title="Profile Details"
          summary="Name, birthday, income range, address"
          icon={UserCog}
          open={open === 'profile'}
          onToggle={() => toggle('profile')}
        >
          <ProfileSection key={account.updated_at ?? 'cached'} account={account} />
          <GoalsSummary profile={profile.data} />
        </SettingsSection>
        <SettingsSection
          title="Security"
          summary="Change password"
          icon={ShieldCheck}
          open={open === 'security'}
          onToggle={() => toggle('security')}
        >
          <SecuritySection onDone={() => setOpen(null)} />
        </SettingsSection>
        <SettingsSection
          title="Currency"
          summary={`${symbol} ${currencyName}`}
          icon={Coins}
          open={open === 'currency'}
          onToggle={() => toggle('currency')}
        >
          <CurrencySection current={currency} />
        </SettingsSection>
        <SettingsSection
          title="Appearance"
          summary="Dark mode, balance, notifications"
          icon={Palette}
          open={open === 'appearance'}
          onToggle={() => toggle('appearance')}
        >
          <AppearanceSection hideBalance={profile.data?.hideBalance ?? false} />
        </SettingsSection>
        <SettingsSection
          title="Data Management"
          summary="Export or clear your data"
          icon={Database}
          open={open === 'data'}
          onToggle={() => toggle('data')}
        >
          <DataSection customCategories={profile.data?.customCategories ?? []} />
        </SettingsSection>
        <SettingsSection
          title="About"
          summary={`Version ${APP_VERSION}`}
          icon={Info}
          open={open === 'about'}
          onToggle={() => toggle('about')}
        >
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
        </SettingsSection>
      </div>

      <Button
        variant="outline"
        fullWidth
        icon={<LogOut size={18} />}
        className="settings-logout"
        onClick={() => setConfirmLogout(true)}
      >
        Logout
      </Button>
      <ConfirmDialog
        open={confirmLogout}
        title={SETTINGS_TEXT.logoutConfirm}
        description="You’ll need your e-mail and password to sign in again."
        confirmLabel="Logout"
        onConfirm={() => void onLogout()}
        onCancel={() => setConfirmLogout(false)}
      />
    </div>
  )
}
