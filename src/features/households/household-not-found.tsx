import { ArrowLeft } from 'lucide-react'
import { ButtonLink } from '../../components/ui/button'

/** What a household screen shows for an id this device does not have (or no longer may see). */
export function HouseholdNotFound() {
  return (
    <div className="hh">
      <p>Household not found</p>
      <ButtonLink to="/households" variant="outline" icon={<ArrowLeft size={18} />}>
        Back to Households
      </ButtonLink>
    </div>
  )
}
