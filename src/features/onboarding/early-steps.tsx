import { Button } from '../../components/ui/button'
import { PRIMARY_GOALS, toggleGoal, USER_TYPES } from '../../../schema/onboarding'
import { ChoiceChip, StepFrame } from './step-frame'
import type { Onboarding } from './use-onboarding'
import { useRecheck } from '../../lib/use-recheck'

/** Step 0: what brings you here; Continue needs one choice, Skip needs none. */
export function WelcomeStep({ onboarding }: { onboarding: Onboarding }) {
  const { data, update, next } = onboarding
  const check = useRecheck(() => (data.selectedGoals.length ? null : 'Choose at least one, or Skip'))
  const toggle = (id: (typeof PRIMARY_GOALS)[number]['id']) => {
    update((d) => {
      const selectedGoals = toggleGoal(d.selectedGoals, id)
      return { selectedGoals, primaryGoal: selectedGoals[0] ?? null }
    })
  }
  return (
    <StepFrame
      title="Welcome to Hisaab"
      lead="What would you like to do? Choose one or more."
      error={check.result}
      onSubmit={() => (check.submit() === null ? next() : undefined)}
      secondary={
        <Button variant="ghost" onClick={next}>
          Skip
        </Button>
      }
    >
      <div className="onb-chips" role="group" aria-label="Your goals">
        {PRIMARY_GOALS.map((g) => (
          <ChoiceChip key={g.id} pressed={data.selectedGoals.includes(g.id)} onToggle={() => toggle(g.id)}>
            {g.label}
          </ChoiceChip>
        ))}
      </div>
    </StepFrame>
  )
}

/** Step 2: the path; type_b is the default and recommended for beginners. */
export function UserTypeStep({ onboarding }: { onboarding: Onboarding }) {
  const { data, update, next } = onboarding
  return (
    <StepFrame title="Choose your path" lead="You can change this later." onSubmit={next}>
      <fieldset className="onb-options">
        <legend className="visually-hidden">Your path</legend>
        {USER_TYPES.map((t) => (
          <label key={t.id} className={data.userType === t.id ? 'onb-option onb-option--on' : 'onb-option'}>
            <input
              type="radio"
              name="user-type"
              value={t.id}
              checked={data.userType === t.id}
              onChange={() => update({ userType: t.id })}
            />
            <span>
              <strong>
                {t.title}
                {t.id === 'type_b' ? <span className="onb-badge">Recommended</span> : null}
              </strong>
              <span className="onb-option__text">{t.text}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </StepFrame>
  )
}
