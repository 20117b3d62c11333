import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { createHousehold, householdError } from '../../data/households'
import { FormFooter } from './form-footer'
import { checkDraft, EMPTY_DRAFT, HouseholdFields, type DraftErrors, type HouseholdDraft } from './household-fields'
import './households.css'

/** /households/create: name (required), description, icon, colour, monthly budget, review period. */
export default function CreateHouseholdScreen() {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<HouseholdDraft>(EMPTY_DRAFT)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { input, errors: found } = checkDraft(draft)
    setErrors(found)
    if (!input) return
    setBusy(true)
    try {
      const id = await createHousehold(input)
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
