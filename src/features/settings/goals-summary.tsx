import { ProfilePending } from '../../components/profile/profile-pending'
import { ButtonLink } from '../../components/ui/button'
import type { ProfileDoc } from '../../data/profile'
import { useMoney } from '../../data/use-money'

/** The goals and figures onboarding saved in the profile document (offline, synced); null while it is on its way. */
export function GoalsSummary({ profile }: { profile: ProfileDoc | null }) {
  const money = useMoney()
  if (!profile) return <ProfilePending label="your goals and income" />
  const financial = profile.goals.filter((g) => g.category === 'financial')
  const material = profile.goals.filter((g) => g.category === 'material')
  return (
    <div className="settings-stack" aria-labelledby="goals-summary-title">
      <h3 className="settings-subtitle" id="goals-summary-title">
        Your goals
      </h3>
      {profile.goals.length === 0 ? (
        <p className="settings-note">No goals yet. Onboarding asks for them; you can start it again any time.</p>
      ) : (
        <dl className="data-counts">
          <div>
            <dt>Financial</dt>
            <dd>{financial.map((g) => g.name).join(', ') || '—'}</dd>
          </div>
          <div>
            <dt>Things to buy</dt>
            <dd>{material.map((g) => g.name).join(', ') || '—'}</dd>
          </div>
        </dl>
      )}
      <p className="settings-note">
        Monthly income {money.format(profile.monthlyIncome)} · savings {money.format(profile.savings)}
        {profile.age ? ` · age ${profile.age}` : ''} · {profile.userType === 'type_a' ? 'Full control' : 'Grow savings'}
      </p>
      <ButtonLink to="/onboarding" variant="outline" size="sm">
        Update goals
      </ButtonLink>
    </div>
  )
}
