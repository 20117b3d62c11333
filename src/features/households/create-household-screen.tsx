import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { toPaise } from '../../../schema/money/money'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { createHousehold, householdError } from '../../data/households'
import { FormFooter } from './form-footer'
import { EMPTY_DRAFT, HouseholdFields, type HouseholdDraft } from './household-fields'
import './households.css'

/** The draft's budget in rupees, or null when it is not a valid amount (blank = 0). */
export function budgetRupees(text: string): number | null {
  if (text.trim() === '') return 0
  const paise = toPaise(text)
  return paise === null || paise < 0 ? null : paise / 100
}

/** /households/create: name (required), description, icon, colour, monthly budget, review period. */
export default function CreateHouseholdScreen() {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<HouseholdDraft>(EMPTY_DRAFT)
  const [errors, setErrors] = useState<{ name?: string; budget?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const budget = budgetRupees(draft.budget)
    const next = {
      name: draft.name.trim() ? undefined : HOUSEHOLD_MESSAGES.nameRequired,
      budget: budget === null ? HOUSEHOLD_MESSAGES.amountInvalid : undefined,
    }
    setErrors(next)
    if (next.name || next.budget || budget === null) return
    setBusy(true)
    try {
      const id = await createHousehold({
        name: draft.name.trim(),
        description: draft.description.trim(),
        icon: draft.icon,
        color: draft.color,
        monthly_budget: budget,
        review_period_hours: draft.reviewPeriodHours,
      })
      void navigate(`/households/${id}`, { replace: true })
    } catch (error) {
      setErrors({ form: householdError(error, HOUSEHOLD_MESSAGES.createFailed) })
      setBusy(false)
    }
  }

  return (
    <div className="hh">
      <PageHeader title="Create Household" subtitle="Everyone you invite reviews shared expenses before they count." />
      <Card variant="elevated" padding="lg">
        <form className="hh-form" onSubmit={(e) => void submit(e)} noValidate>
          <HouseholdFields
            draft={draft}
            onChange={(patch) => {
              setDraft((d) => ({ ...d, ...patch }))
              // A fixed field stops showing its message.
              if (patch.name?.trim()) setErrors((e) => ({ ...e, name: undefined }))
            }}
            nameError={errors.name}
            budgetError={errors.budget}
          />
          <FormFooter
            error={errors.form}
            cancelTo="/households"
            submitLabel={busy ? 'Creating…' : 'Create Household'}
            icon={<Plus size={18} />}
            busy={busy}
          />
        </form>
      </Card>
    </div>
  )
}
