import { useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { checkLoan } from '../../../schema/validation/loan-input'
import { toDayString } from '../../../schema/time'
import { Button, ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Spinner } from '../../components/ui/spinner'
import { useToast } from '../../components/ui/toast'
import { useLoan, useLoanPayments } from '../../data/loan-hooks'
import { updateLoan, type LoanDoc } from '../../data/loans'
import { useHomeCurrency } from '../../data/hooks'
import { entryCurrency } from '../../../schema/money/currency'
import { LoanMoney } from './loan-currency'
import { useNow } from '../../lib/use-now'
import { computedBalance, formOf, suggestedEmi, toInput, type LoanForm } from './loan-form'
import { DetailsStep, KindStep, NotesField, PlanStep, StandingStep, StartStep } from './loan-steps'
import { loanTitle } from './loan-types'
import './debts.css'
import { AlertLine } from '../../components/ui/alert-line'
import { LoanNotFound } from './loan-not-found'
import { WizardHeader } from './wizard-header'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="wizard__body" padding="lg">
      <h2 className="section-title">{title}</h2>
      {children}
    </Card>
  )
}

function EditForm({ loan, regularPayments }: { loan: LoanDoc; regularPayments: number }) {
  const navigate = useNavigate()
  const toast = useToast()
  const today = toDayString(useNow())
  const home = useHomeCurrency()
  // A loan made before loans had a currency is in the legacy (else home) one: the form says so.
  const [form, setForm] = useState<LoanForm>(() => ({ ...formOf(loan), currency: entryCurrency(loan, home) }))
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<LoanForm>) => setForm((f) => ({ ...f, ...patch }))
  // Dates kept as they were are not refused for having passed since.
  const checked = checkLoan(toInput(form), today, loan)
  const props = { form, set, today }
  const save = async () => {
    if (!checked.ok || saving) return
    setSaving(true)
    try {
      await updateLoan(loan.id, checked.value, regularPayments, home.currency)
      toast.show('Loan updated')
      void navigate(`/debts/${loan.id}`)
    } catch (e) {
      console.error(e)
      setFailure('Failed to update loan')
      setSaving(false)
    }
  }
  return (
    <LoanMoney currency={form.currency || home.currency}>
      <Section title="Loan type">
        <KindStep {...props} />
      </Section>
      <Section title="Start">
        <StartStep {...props} />
      </Section>
      <Section title="Loan details">
        <DetailsStep {...props} />
      </Section>
      {form.status === 'existing' ? (
        <Section title="Current status">
          <StandingStep {...props} balance={computedBalance(form, today)} />
        </Section>
      ) : null}
      <Section title="Payment plan">
        <PlanStep {...props} suggestion={suggestedEmi(form, today)} />
        <NotesField form={form} set={set} />
      </Section>
      <div className="wizard__footer">
        {!checked.ok ? (
          <p className="wizard__need" aria-live="polite">
            {checked.error}
          </p>
        ) : null}
        <AlertLine message={failure} className="wizard__failure" />
        <div className="wizard__buttons">
          <ButtonLink to={`/debts/${loan.id}`} variant="outline">
            Cancel
          </ButtonLink>
          <Button onClick={() => void save()} disabled={!checked.ok || saving}>
            Save Changes
          </Button>
        </div>
      </div>
    </LoanMoney>
  )
}

/** /debts/{id}/edit: every field of the wizard on one page. */
export default function EditLoanScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const loan = useLoan(id)
  const payments = useLoanPayments(id)
  if (loan.loading || payments.loading) return <Spinner />
  if (!loan.data) return <LoanNotFound />
  return (
    <div className="wizard">
      <WizardHeader
        onBack={() => void navigate(`/debts/${id}`)}
        backLabel="Back to loan"
        counter="Edit loan"
        title={loanTitle(loan.data)}
      />
      <EditForm
        key={loan.data.id}
        loan={loan.data}
        regularPayments={payments.data.filter((p) => p.type === 'regular').length}
      />
    </div>
  )
}
