import { ArrowLeft } from 'lucide-react'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'

/** A loan id that is not (or no longer) on this device: for the detail and edit screens. */
export function LoanNotFound() {
  return (
    <Card className="debts-empty" padding="lg">
      <p className="debts-empty__title">Loan not found</p>
      <ButtonLink to="/debts" variant="outline" icon={<ArrowLeft size={18} />}>
        Back to Debts
      </ButtonLink>
    </Card>
  )
}
