import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { createHousehold, householdError } from '../../data/households'
import { useRecheck } from '../../lib/use-recheck'
import { FormFooter } from './form-footer'
import { checkDraft, EMPTY_DRAFT, HouseholdFields, type DraftErrors, type HouseholdDraft } from './household-fields'
import './households.css'

/** /households/create: name (required), description, icon, colour, monthly budget, review period. */
export default function CreateHouseholdScreen() {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<HouseholdDraft>(EMPTY_DRAFT)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = useRecheck(() => checkDraft(draft))
  const errors: DraftErrors = check.result?.errors ?? {}

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { input } = check.submit()
    if (!input) return
    setFailure(null)
    setBusy(true)
    try {
      const id = await createHousehold(input)
      void navigate(`/households/${id}`, { replace: true })
    } catch (error) {
      setFailure(householdError(error, HOUSEHOLD_MESSAGES.createFailed))
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
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            nameError={errors.name}
            budgetError={errors.budget}
          />
          <FormFooter
            error={errors.form ?? failure}
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
