import { ArrowLeft, Plus, Settings } from 'lucide-react'
import { useId, type KeyboardEvent } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { LoadingScreen } from '../../components/ui/spinner'
import { useHousehold } from '../../data/household-hooks'
import { useAuth } from '../../data/auth-context'
import { BalancesTab } from './balances-tab'
import { HouseholdMoneyProvider } from './household-money'
import { ExpensesTab } from './expenses-tab'
import { HouseholdBudget } from './household-budget'
import { HouseholdBadge } from './household-look'
import { MembersTab } from './members-tab'
import { RecurringCard } from './recurring-card'
import './households.css'
import { isHouseholdAdmin } from './member-text'

const TABS = [
  { key: 'expenses', label: 'Expenses' },
  { key: 'balances', label: 'Balances' },
  { key: 'members', label: 'Members' },
] as const
type TabKey = (typeof TABS)[number]['key']

function Tabs({ current, onSelect, idBase }: { current: TabKey; onSelect: (key: TabKey) => void; idBase: string }) {
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.key === current)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    const next = TABS[(index + step + TABS.length) % TABS.length]!
    onSelect(next.key)
    document.getElementById(`${idBase}-tab-${next.key}`)?.focus()
  }
  return (
    <div className="hh-tabs" role="tablist" aria-label="Household" onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t.key}
          id={`${idBase}-tab-${t.key}`}
          type="button"
          role="tab"
          aria-selected={current === t.key}
          aria-controls={`${idBase}-panel`}
          tabIndex={current === t.key ? 0 : -1}
          className="hh-tabs__tab"
          onClick={() => onSelect(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}

function NotFound() {
  return (
    <div className="hh">
      <Card padding="lg" variant="elevated" className="hh-empty">
        <h1 className="hh-empty__title">Household not found</h1>
        <p>It may still be on its way to this device, or you are no longer a member.</p>
        <ButtonLink to="/households" variant="outline" icon={<ArrowLeft size={18} />}>
          Back to Households
        </ButtonLink>
      </Card>
    </div>
  )
}

/** /households/{id}: tabs Expenses, Balances, Members; settings link and Add Expense in the header. */
export default function HouseholdScreen() {
  const { id = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const { user } = useAuth()
  const household = useHousehold(id)
  const idBase = useId()
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'expenses'
  if (household.loading) return <LoadingScreen label="Loading household" />
  if (!household.data) return <NotFound />
  const h = household.data
  const me = user?.id ?? ''
  const isAdmin = isHouseholdAdmin(h.members, me)

  return (
    <HouseholdMoneyProvider household={h}>
      <div className="hh">
        <header className="hh-head">
          <Link to="/households" className="icon-btn" aria-label="Back to Households">
            <ArrowLeft size={20} aria-hidden="true" />
          </Link>
          <HouseholdBadge household={h} size={48} />
          <div className="hh-head__text">
            <h1>{h.name}</h1>
            {h.description ? <p>{h.description}</p> : null}
          </div>
          <Link to={`/households/${h.id}/settings`} className="icon-btn" aria-label="Household settings">
            <Settings size={20} aria-hidden="true" />
          </Link>
        </header>
        <ButtonLink to={`/households/${h.id}/add-expense`} icon={<Plus size={18} />} className="hh-head__add">
          Add Expense
        </ButtonLink>
        <HouseholdBudget household={h} isAdmin={isAdmin} />
        <RecurringCard household={h} me={me} />
        <Tabs current={tab} idBase={idBase} onSelect={(key) => setParams({ tab: key }, { replace: true })} />
        <section id={`${idBase}-panel`} role="tabpanel" aria-labelledby={`${idBase}-tab-${tab}`} className="hh-panel">
          {tab === 'expenses' ? <ExpensesTab household={h} me={me} /> : null}
          {tab === 'balances' ? <BalancesTab household={h} me={me} /> : null}
          {tab === 'members' ? <MembersTab household={h} me={me} isAdmin={isAdmin} /> : null}
        </section>
      </div>
    </HouseholdMoneyProvider>
  )
}
