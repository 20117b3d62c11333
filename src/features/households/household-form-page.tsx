import type { ReactNode } from 'react'
import { useParams } from 'react-router-dom'
import { Card } from '../../components/ui/card'
import { LoadingScreen } from '../../components/ui/spinner'
import { PageHeader } from '../../components/ui/page-header'
import { useHousehold } from '../../data/household-hooks'
import type { HouseholdDoc } from '../../data/households'
import { useAuth } from '../../data/auth-context'
import { HouseholdMoneyProvider } from './household-money'
import { HouseholdNotFound } from './household-not-found'

/** A household's form screen (/households/{id}/…): its header and the form on a card, once the household is open. */
export function HouseholdFormPage({
  title,
  subtitle,
  form,
}: {
  title: string
  subtitle: (household: HouseholdDoc) => string
  form: (household: HouseholdDoc, me: string) => ReactNode
}) {
  const { id = '' } = useParams()
  const { user } = useAuth()
  const household = useHousehold(id)
  if (household.loading) return <LoadingScreen label="Loading household" />
  if (!household.data) return <HouseholdNotFound />
  return (
    <HouseholdMoneyProvider household={household.data}>
      <div className="hh">
        <PageHeader title={title} subtitle={subtitle(household.data)} />
        <Card variant="elevated" padding="lg">
          {form(household.data, user?.id ?? '')}
        </Card>
      </div>
    </HouseholdMoneyProvider>
  )
}
