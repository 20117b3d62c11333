import { Plus } from 'lucide-react'
import { useNavigate } from 'react-router-dom'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { createHousehold } from '../../data/households'
import { useMoney } from '../../data/use-money'
import { FormFooter } from './form-footer'
import { EMPTY_DRAFT, HouseholdFields, useHouseholdForm } from './household-fields'
import './households.css'

/** /households/create: name (required), description, icon, colour, monthly budget, review period. */
export default function CreateHouseholdScreen() {
  const navigate = useNavigate()
  // A new household is in its creator's home currency unless they choose another.
  const home = useMoney().currency
  const form = useHouseholdForm(
    () => ({ ...EMPTY_DRAFT, currency: home }),
    async (input) => {
      const id = await createHousehold(input)
      void navigate(`/households/${id}`, { replace: true })
    },
    HOUSEHOLD_MESSAGES.createFailed,
  )

  return (
    <div className="hh">
      <PageHeader title="Create Household" subtitle="Everyone you invite reviews shared expenses before they count." />
      <Card variant="elevated" padding="lg">
        <form className="hh-form" onSubmit={(e) => void form.submit(e)} noValidate>
          <HouseholdFields form={form} />
          <FormFooter
            error={form.error}
            cancelTo="/households"
            submitLabel={form.busy ? 'Creating…' : 'Create Household'}
            icon={<Plus size={18} />}
            busy={form.busy}
          />
        </form>
      </Card>
    </div>
  )
}
