import { householdCurrencyOf } from '../../../schema/calc/household-money'
import { ArrowLeft, LogOut, Save, UserMinus } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { formatDecimal } from '../../../schema/money/money'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { LoadingScreen } from '../../components/ui/spinner'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useToast } from '../../components/ui/toast'
import { useHousehold } from '../../data/household-hooks'
import { householdError, leaveHousehold, removeMember, updateHousehold, type HouseholdDoc } from '../../data/households'
import { useAuth } from '../../data/auth-context'
import { HouseholdFields, useHouseholdForm, type HouseholdDraft } from './household-fields'
import { REVIEW_PERIOD_LABELS } from './household-look'
import './households.css'
import { HouseholdNotFound } from './household-not-found'
import { AlertLine } from '../../components/ui/alert-line'
import { isHouseholdAdmin, MemberText } from './member-text'

function draftOf(h: HouseholdDoc): HouseholdDraft {
  return {
    name: h.name,
    description: h.description,
    icon: h.icon,
    color: h.color,
    budget: h.monthlyBudget > 0 ? formatDecimal(h.monthlyBudget) : '',
    reviewPeriodHours: h.reviewPeriodHours,
    currency: householdCurrencyOf(h).currency,
  }
}

function SettingsForm({ household }: { household: HouseholdDoc }) {
  const toast = useToast()
  const form = useHouseholdForm(
    () => draftOf(household),
    async (input) => {
      await updateHousehold(household.id, input)
      toast.show('Household saved')
    },
    'Failed to save household',
  )
  return (
    <form className="hh-form" onSubmit={(e) => void form.submit(e)} noValidate>
      <HouseholdFields form={form} />
      <AlertLine message={form.error} className="hh-form__error" />
      <Button type="submit" icon={<Save size={18} />} disabled={form.busy}>
        Save Changes
      </Button>
    </form>
  )
}

function MembersSection({ household, me, isAdmin }: { household: HouseholdDoc; me: string; isAdmin: boolean }) {
  const toast = useToast()
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null)
  const [busy, setBusy] = useState(false)
  async function remove() {
    if (!removing) return
    setBusy(true)
    try {
      await removeMember(household.id, removing.userId)
      toast.show(`${removing.name} removed`)
    } catch (error) {
      toast.show(householdError(error, 'Failed to remove member'), 'error')
    } finally {
      setBusy(false)
      setRemoving(null)
    }
  }
  return (
    <section className="hh-section" aria-labelledby="hh-settings-members">
      <h2 id="hh-settings-members">Members</h2>
      <ul className="hh-members">
        {household.members.map((m) => (
          <li key={m.userId} className="hh-member">
            <MemberText member={m} me={me} />
            {isAdmin && m.userId !== me ? (
              <Button
                variant="ghost"
                size="sm"
                icon={<UserMinus size={16} />}
                onClick={() => setRemoving(m)}
                aria-label={`Remove ${m.name}`}
              >
                Remove
              </Button>
            ) : (
              <span className={`hh-role hh-role--${m.role}`}>{m.role === 'admin' ? 'Admin' : 'Member'}</span>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        description={
          'They stop seeing this household and its expenses on all their devices. ' +
          'What they owe stays in the balances.'
        }
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  )
}

function LeaveSection({ household }: { household: HouseholdDoc }) {
  const navigate = useNavigate()
  const toast = useToast()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  async function leave() {
    setBusy(true)
    try {
      await leaveHousehold(household.id)
      toast.show(`You left ${household.name}`)
      void navigate('/households', { replace: true })
    } catch (error) {
      toast.show(householdError(error, 'Failed to leave household'), 'error')
      setBusy(false)
      setAsking(false)
    }
  }
  return (
    <section className="hh-section">
      <Button variant="outline" icon={<LogOut size={18} />} onClick={() => setAsking(true)}>
        Leave Household
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Leave ${household.name}?`}
        description="Its expenses disappear from your devices. An admin can invite you again."
        confirmLabel="Leave"
        busy={busy}
        onConfirm={() => void leave()}
        onCancel={() => setAsking(false)}
      />
    </section>
  )
}

/** /households/{id}/settings: admins rename and set budget and review period, and remove members; anyone leaves. */
export default function HouseholdSettingsScreen() {
  const { id = '' } = useParams()
  const { user } = useAuth()
  const household = useHousehold(id)
  if (household.loading) return <LoadingScreen label="Loading household" />
  if (!household.data) return <HouseholdNotFound />
  const h = household.data
  const me = user?.id ?? ''
  const isAdmin = isHouseholdAdmin(h.members, me)
  return (
    <div className="hh">
      <header className="hh-head">
        <Link to={`/households/${h.id}`} className="icon-btn" aria-label={`Back to ${h.name}`}>
          <ArrowLeft size={20} aria-hidden="true" />
        </Link>
        <div className="hh-head__text">
          <h1>Household Settings</h1>
          <p>{h.name}</p>
        </div>
      </header>
      <Card variant="elevated" padding="lg">
        {isAdmin ? (
          <SettingsForm household={h} />
        ) : (
          <p className="hh-muted">
            Review period: {REVIEW_PERIOD_LABELS[h.reviewPeriodHours] ?? `${h.reviewPeriodHours} hours`}. Only a
            household admin changes the settings.
          </p>
        )}
      </Card>
      <MembersSection household={h} me={me} isAdmin={isAdmin} />
      <LeaveSection household={h} />
    </div>
  )
}
