import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { checkLoan } from '../../../schema/validation/loan-input'
import { toDayString } from '../../../schema/time'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { useToast } from '../../components/ui/toast'
import { useHomeCurrency } from '../../data/hooks'
import { addLoan } from '../../data/loans'
import { LoanMoney } from './loan-currency'
import { useNow } from '../../lib/use-now'
import { formatDecimal } from '../../../schema/money/money'
import {
  computedBalance,
  EMPTY_FORM,
  stepProblem,
  suggestedEmi,
  toInput,
  type LoanForm,
  type StepNumber,
} from './loan-form'
import { DetailsStep, KindStep, NotesField, PlanStep, StandingStep, StartStep } from './loan-steps'
import { LoanReview } from './loan-review'
import { WizardHeader } from './wizard-header'
import './debts.css'
import { AlertLine } from '../../components/ui/alert-line'

const STEP_TITLES: Record<StepNumber, string> = {
  1: 'What kind of loan?',
  2: 'New or existing?',
  3: 'Loan details',
  4: 'Current status',
  5: 'Payment plan',
  6: 'Review and confirm',
}

/** Step 4 is only for existing loans: a new loan has 5 steps and the counter shows one less after step 3. */
function stepCounter(step: StepNumber, existing: boolean): { shown: number; total: number } {
  if (existing) return { shown: step, total: 6 }
  return { shown: step > 4 ? step - 1 : step, total: 5 }
}

function nextStep(step: StepNumber, existing: boolean): StepNumber {
  if (step === 3 && !existing) return 5
  return Math.min(6, step + 1) as StepNumber
}

function previousStep(step: StepNumber, existing: boolean): StepNumber {
  if (step === 5 && !existing) return 3
  return Math.max(1, step - 1) as StepNumber
}

function WizardFrame(props: {
  step: StepNumber
  existing: boolean
  onBack: () => void
  children: ReactNode
  footer: ReactNode
}) {
  const { shown, total } = stepCounter(props.step, props.existing)
  return (
    <div className="wizard">
      <WizardHeader
        onBack={props.onBack}
        backLabel={props.step === 1 ? 'Back to debts' : 'Previous step'}
        counter={`Step ${shown} of ${total}`}
        counterTestId="step-counter"
        title={STEP_TITLES[props.step]}
      />
      <div className="wizard__meter" aria-hidden="true">
        <div className="wizard__meter-fill" style={{ width: `${(shown / total) * 100}%` }} />
      </div>
      <Card className="wizard__body" padding="lg">
        {props.children}
      </Card>
      {props.footer}
    </div>
  )
}

function WizardFooter(props: {
  step: StepNumber
  problem: string | null
  failure: string | null
  canSubmit: boolean
  onBack: () => void
  onNext: () => void
  onSubmit: () => void
}) {
  const { step, problem, failure, canSubmit, onBack, onNext, onSubmit } = props
  return (
    <div className="wizard__footer">
      {problem && step !== 6 ? (
        <p className="wizard__need" aria-live="polite">
          {problem}
        </p>
      ) : null}
      <AlertLine message={failure} className="wizard__failure" />
      <div className="wizard__buttons">
        {step > 1 ? (
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
        ) : null}
        {step === 6 ? (
          <Button onClick={onSubmit} disabled={!canSubmit}>
            Add Debt
          </Button>
        ) : (
          <Button onClick={onNext} disabled={problem !== null}>
            Continue
          </Button>
        )}
      </div>
    </div>
  )
}

/** /debts/add: the six-step wizard of spec part 2 §2; the loan is written locally (works offline). */
export default function AddDebtScreen() {
  const navigate = useNavigate()
  const toast = useToast()
  const now = useNow()
  const today = toDayString(now)
  const [form, setForm] = useState<LoanForm>(EMPTY_FORM)
  const [step, setStep] = useState<StepNumber>(1)
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const existing = form.status === 'existing'
  const { currency: home } = useHomeCurrency()
  const set = (patch: Partial<LoanForm>) => setForm((f) => ({ ...f, ...patch }))
  const problem = stepProblem(step, form, today)
  const checked = checkLoan(toInput(form), today)

  const goNext = () => {
    const next = nextStep(step, existing)
    // Entering the plan step with no EMI yet: propose the schedule's instalment.
    const suggestion = suggestedEmi(form, today)
    if (next === 5 && form.emi === '' && suggestion !== null) set({ emi: formatDecimal(suggestion) })
    setStep(next)
  }
  const goBack = () => (step === 1 ? navigate('/debts') : setStep(previousStep(step, existing)))

  const submit = async () => {
    if (!checked.ok || saving) return
    setSaving(true)
    setFailure(null)
    try {
      await addLoan(checked.value, home, now)
      toast.show('Debt added')
      void navigate('/debts')
    } catch (e) {
      setFailure(`Failed to create loan: ${e instanceof Error && e.message ? e.message : 'Unknown error'}`)
      setSaving(false)
    }
  }

  const footer = (
    <WizardFooter
      step={step}
      problem={problem}
      failure={failure}
      canSubmit={checked.ok && !saving}
      onBack={goBack}
      onNext={goNext}
      onSubmit={() => void submit()}
    />
  )

  const props = { form, set, today }
  return (
    <LoanMoney currency={form.currency || home}>
      <WizardFrame step={step} existing={existing} onBack={goBack} footer={footer}>
        {step === 1 ? <KindStep {...props} /> : null}
        {step === 2 ? <StartStep {...props} /> : null}
        {step === 3 ? <DetailsStep {...props} /> : null}
        {step === 4 ? <StandingStep {...props} balance={computedBalance(form, today)} /> : null}
        {step === 5 ? <PlanStep {...props} suggestion={suggestedEmi(form, today)} /> : null}
        {step === 6 && checked.ok ? (
          <>
            <LoanReview fields={checked.value} />
            <NotesField form={form} set={set} />
          </>
        ) : null}
      </WizardFrame>
    </LoanMoney>
  )
}
