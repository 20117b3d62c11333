import { Plus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../components/ui/button'
import { ChoiceField, TextField } from '../../components/ui/field'
import { toPaise } from '../../../schema/money/money'
import {
  addCustomGoal,
  FINANCIAL_GOALS,
  MATERIAL_GOALS,
  ONBOARDING_CURRENCIES,
  ONBOARDING_MESSAGES,
  planGoals,
  profileErrors,
  toggleListedGoal,
  type OnboardingData,
  type ProfileErrors,
} from '../../../schema/onboarding'
import { useAuth } from '../../data/auth-context'
import { ChoiceChip, StepFrame } from './step-frame'
import type { Onboarding } from './use-onboarding'
import { useRecheck } from '../../lib/use-recheck'

const saves = () => import('../../data/onboarding-save')

/** Spec part 1 §9: the plan's loading animation lasts 2.5 s. */
export const PLAN_LOADING_MS = 2500

type ProfileForm = OnboardingData['profile']

function ProfileFields({
  profile: p,
  errors,
  set,
}: {
  profile: ProfileForm
  errors: ProfileErrors
  set: (patch: Partial<ProfileForm>) => void
}) {
  return (
    <>
      <TextField
        label="Name"
        autoComplete="name"
        value={p.name}
        error={errors.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <TextField
        label="Age (optional)"
        type="number"
        inputMode="numeric"
        min={18}
        max={100}
        value={p.age}
        error={errors.age}
        onChange={(e) => set({ age: e.target.value })}
      />
      <TextField
        label="Monthly income"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={p.income}
        error={errors.income}
        onChange={(e) => set({ income: e.target.value })}
      />
      <TextField
        label="Savings so far (optional)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={p.savings}
        error={errors.savings}
        onChange={(e) => set({ savings: e.target.value })}
      />
      <ChoiceField
        label="Currency"
        choices={ONBOARDING_CURRENCIES}
        value={p.currency}
        onChange={(e) => set({ currency: e.target.value as OnboardingData['profile']['currency'] })}
      />
    </>
  )
}

/** Step 4: name, age, monthly income, savings, currency; saved to the account and the profile. */
export function ProfileStep({ onboarding }: { onboarding: Onboarding }) {
  const { data, update, next } = onboarding
  const { setUser } = useAuth()
  const [saving, setSaving] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const p = data.profile
  const set = (patch: Partial<OnboardingData['profile']>) => update((d) => ({ profile: { ...d.profile, ...patch } }))
  const check = useRecheck(() => profileErrors(p))

  const save = async () => {
    if (Object.keys(check.submit()).length > 0) return
    setSaving(true)
    setFailed(null)
    try {
      const { saveAccountName, saveOnboardingProfile } = await saves()
      await saveOnboardingProfile({
        currency: p.currency,
        monthlyIncome: toPaise(p.income) ?? 0,
        savings: p.savings.trim() ? (toPaise(p.savings) ?? 0) : 0,
        age: p.age.trim() ? Number(p.age) : null,
        userType: data.userType,
      })
      // The name lives on the account: it needs the server, the rest above is already saved locally.
      await saveAccountName(p.name.trim()).then(setUser, (error: unknown) => {
        console.warn('Could not save the name', error)
      })
      next()
    } catch (error) {
      console.error(error)
      setFailed('Could not save your profile. Please try again.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <StepFrame
      title="About you"
      lead="This shapes your plan. Only your name and monthly income are needed."
      error={failed}
      onSubmit={() => void save()}
      submitting={saving}
      submitLabel={saving ? 'Saving...' : 'Continue'}
    >
      <ProfileFields profile={p} errors={check.result ?? {}} set={set} />
    </StepFrame>
  )
}

function GoalGroup({
  title,
  names,
  category,
  onboarding,
}: {
  title: string
  names: readonly string[]
  category: 'financial' | 'material'
  onboarding: Onboarding
}) {
  const { data, update } = onboarding
  return (
    <div role="group" aria-labelledby={`goals-${category}`} className="onb-group">
      <h2 className="onb-group__title" id={`goals-${category}`}>
        {title}
      </h2>
      <div className="onb-chips">
        {names.map((name) => (
          <ChoiceChip
            key={name}
            pressed={data.goals.some((g) => g.name === name)}
            onToggle={() => update((d) => ({ goals: toggleListedGoal(d.goals, name, category) }))}
          >
            {name}
          </ChoiceChip>
        ))}
      </div>
    </div>
  )
}

/** Step 5: what you are saving for; a custom goal is classified by its words. */
export function GoalsStep({ onboarding }: { onboarding: Onboarding }) {
  const { data, update, next } = onboarding
  const [custom, setCustom] = useState('')
  const [failed, setFailed] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const customGoals = data.goals.filter((g) => g.custom)
  const check = useRecheck(() => (data.goals.length === 0 ? ONBOARDING_MESSAGES.goalsRequired : null))

  const save = async () => {
    if (check.submit() !== null) return
    setFailed(null)
    setSaving(true)
    try {
      await (await saves()).saveOnboardingGoals(data.goals)
      next()
    } catch (e) {
      console.error(e)
      setFailed('Could not save your goals. Please try again.')
    } finally {
      setSaving(false)
    }
  }
  const addCustom = () => {
    update((d) => ({ goals: addCustomGoal(d.goals, custom) }))
    setCustom('')
  }

  return (
    <StepFrame
      title="Your goals"
      lead="Pick what matters to you. You can add your own."
      error={check.result ?? failed}
      onSubmit={() => void save()}
      submitting={saving}
    >
      <GoalGroup title="Financial goals" names={FINANCIAL_GOALS} category="financial" onboarding={onboarding} />
      <GoalGroup title="Things to buy" names={MATERIAL_GOALS} category="material" onboarding={onboarding} />
      <div className="onb-custom">
        <TextField
          label="Your own goal"
          maxLength={100}
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              addCustom()
            }
          }}
        />
        <Button variant="secondary" icon={<Plus size={18} />} onClick={addCustom}>
          Add
        </Button>
      </div>
      {customGoals.length ? (
        <ul className="onb-custom-list" aria-label="Your own goals">
          {customGoals.map((g) => (
            <li key={g.name}>
              <ChoiceChip pressed onToggle={() => update((d) => ({ goals: d.goals.filter((x) => x.name !== g.name) }))}>
                {g.name} · {g.category === 'financial' ? 'Financial' : 'Material'}
              </ChoiceChip>
            </li>
          ))}
        </ul>
      ) : null}
    </StepFrame>
  )
}

/** Step 6: a moment of 'building', then the goals in priority order. */
export function PlanStep({ onboarding }: { onboarding: Onboarding }) {
  const [loading, setLoading] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), PLAN_LOADING_MS)
    return () => clearTimeout(timer)
  }, [])
  if (loading)
    return (
      <div className="onb-step onb-plan-loading" role="status">
        <span className="onb-plan-loading__dots" aria-hidden="true" />
        <h1 className="onb-step__title">Building your plan…</h1>
      </div>
    )
  const plan = planGoals(onboarding.data.goals)
  const shown = new Set(plan.shown)
  return (
    <StepFrame
      title="Your plan"
      lead="Build the foundation first, then the things you want."
      onSubmit={onboarding.next}
    >
      <PlanPriority
        n={1}
        title="Financial foundation"
        goals={plan.financial.filter((g) => shown.has(g))}
        empty="Start with an emergency fund: three months of expenses."
      />
      <PlanPriority
        n={2}
        title="Material goals"
        goals={plan.material.filter((g) => shown.has(g))}
        empty={plan.material.length ? null : 'None chosen yet.'}
      />
      {plan.more > 0 ? <p className="onb-plan__more">+{plan.more} more</p> : null}
    </StepFrame>
  )
}

function PlanPriority({
  n,
  title,
  goals,
  empty,
}: {
  n: number
  title: string
  goals: { name: string }[]
  empty: string | null
}) {
  if (goals.length === 0 && !empty) return null
  return (
    <section className="onb-plan" aria-label={`Priority ${n}: ${title}`}>
      <h2 className="onb-group__title">
        Priority {n}: {title}
      </h2>
      {goals.length ? (
        <ol className="onb-plan__list">
          {goals.map((g) => (
            <li key={g.name}>{g.name}</li>
          ))}
        </ol>
      ) : (
        <p className="onb-step__note">{empty}</p>
      )}
    </section>
  )
}
