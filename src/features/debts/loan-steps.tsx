import type { ChangeEvent } from 'react'
import { INTEREST_TYPES, LOAN_FREQUENCIES } from '../../../schema/entities/loan'
import { AmountField, ChoiceField, TextAreaField, TextField } from '../../components/ui/field'
import { Switch } from '../../components/ui/switch'
import { Amount } from '../../components/ui/amount'
import { FREQUENCY_LABEL, INTEREST_TYPE_LABEL, LOAN_TYPE_INFO } from './loan-types'
import type { LoanForm } from './loan-form'
import { LoanCurrencyFields } from './loan-currency'
import { LOAN_TEXT_LIMITS } from '../../../schema/validation/loan-input'
import { MAX_NAME_CHARS } from '../../../schema/validation/rules'

export interface StepProps {
  form: LoanForm
  set: (patch: Partial<LoanForm>) => void
  today: string
}

/** The form's fields that hold free text (amounts and dates are typed as text too). */
type TextKey = { [K in keyof LoanForm]: string extends LoanForm[K] ? K : never }[keyof LoanForm]

/** `value` and `onChange` of an input bound to one text field of the form. */
function bind({ form, set }: Pick<StepProps, 'form' | 'set'>, field: TextKey) {
  return {
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [field]: e.target.value }),
  }
}

/** Step 1: the loan type (nine choices, each with icon, name and description) and an optional name. */
export function KindStep({ form, set }: StepProps) {
  return (
    <>
      <fieldset className="choice-grid">
        <legend className="choice-grid__legend">Loan type</legend>
        {LOAN_TYPE_INFO.map(({ type, name, description, icon: Icon }) => (
          <label key={type} className={`choice-card${form.type === type ? ' choice-card--on' : ''}`}>
            <input
              type="radio"
              name="loan-type"
              value={type}
              checked={form.type === type}
              onChange={() => set({ type })}
              className="choice-card__input"
            />
            <span className="choice-card__icon" aria-hidden="true">
              <Icon size={22} />
            </span>
            <span className="choice-card__name">{name}</span>
            <span className="choice-card__description">{description}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label="Name (optional)"
        name="loan-name"
        maxLength={MAX_NAME_CHARS}
        placeholder="e.g. SBI home loan"
        {...bind({ form, set }, 'name')}
      />
    </>
  )
}

/** Step 2: new or existing, and the start date (New sets it to today). */
export function StartStep({ form, set, today }: StepProps) {
  const options = [
    { value: 'new' as const, name: 'New loan', description: 'Just taken; nothing repaid yet' },
    { value: 'existing' as const, name: 'Existing loan', description: 'Running for a while; some already repaid' },
  ]
  return (
    <>
      <fieldset className="choice-grid choice-grid--two">
        <legend className="choice-grid__legend">Is this loan new or existing?</legend>
        {options.map((o) => (
          <label key={o.value} className={`choice-card${form.status === o.value ? ' choice-card--on' : ''}`}>
            <input
              type="radio"
              name="loan-status"
              value={o.value}
              checked={form.status === o.value}
              onChange={() => set(o.value === 'new' ? { status: 'new', startDate: today } : { status: 'existing' })}
              className="choice-card__input"
            />
            <span className="choice-card__name">{o.name}</span>
            <span className="choice-card__description">{o.description}</span>
          </label>
        ))}
      </fieldset>
      <TextField label="Start date" name="start-date" type="date" max={today} {...bind({ form, set }, 'startDate')} />
    </>
  )
}

/** The duration as months or as a payoff date (spec part 2 §5: choose one). */
function DurationFields({ form, set, today }: StepProps) {
  return (
    <>
      <fieldset className="segmented">
        <legend className="choice-grid__legend">Duration</legend>
        {(['months', 'date'] as const).map((mode) => (
          <label
            key={mode}
            className={`segmented__option${form.durationMode === mode ? ' segmented__option--on' : ''}`}
          >
            <input
              type="radio"
              name="duration-mode"
              checked={form.durationMode === mode}
              onChange={() => set({ durationMode: mode })}
            />
            {mode === 'months' ? 'In months' : 'Payoff date'}
          </label>
        ))}
      </fieldset>
      {form.durationMode === 'months' ? (
        <TextField
          label="Duration (months)"
          name="duration-months"
          type="number"
          inputMode="numeric"
          min="1"
          max="600"
          step="1"
          {...bind({ form, set }, 'durationMonths')}
        />
      ) : (
        <TextField
          label="Final payoff date"
          name="payoff-date"
          type="date"
          min={today}
          {...bind({ form, set }, 'payoffDate')}
        />
      )}
    </>
  )
}

/** Step 3: currency (and rate), amount, interest rate (0 allowed) and type, duration, lender, collateral. */
export function DetailsStep({ form, set, today }: StepProps) {
  return (
    <>
      <LoanCurrencyFields form={form} set={set} />
      <AmountField label="Loan amount (principal)" name="principal" {...bind({ form, set }, 'principal')} />
      <div className="form-pair">
        <TextField
          label="Interest rate (% a year)"
          name="interest-rate"
          type="number"
          inputMode="decimal"
          min="0"
          max="100"
          step="0.01"
          placeholder="0"
          {...bind({ form, set }, 'interestRate')}
        />
        <ChoiceField
          label="Interest type"
          name="interest-type"
          choices={INTEREST_TYPES}
          labelOf={(t) => INTEREST_TYPE_LABEL[t]}
          value={form.interestType}
          onChange={(e) => set({ interestType: e.target.value as LoanForm['interestType'] })}
        />
      </div>
      <DurationFields form={form} set={set} today={today} />
      <div className="form-pair">
        <TextField
          label="Lender (optional)"
          name="lender"
          maxLength={LOAN_TEXT_LIMITS.lender}
          {...bind({ form, set }, 'lender')}
        />
        <TextField
          label="Collateral (optional)"
          name="collateral"
          maxLength={LOAN_TEXT_LIMITS.collateral}
          {...bind({ form, set }, 'collateral')}
        />
      </div>
    </>
  )
}

/** Step 4 (existing loans only): what has been paid, the last payment, missed payments; the balance it leaves. */
export function StandingStep({ form, set, today, balance }: StepProps & { balance: number | null }) {
  return (
    <>
      <AmountField label="Paid so far (total)" name="paid-so-far" {...bind({ form, set }, 'paidSoFar')} />
      <div className="form-pair">
        <TextField
          label="Last payment date (optional)"
          name="last-payment-date"
          type="date"
          max={today}
          {...bind({ form, set }, 'lastPaymentDate')}
        />
        <AmountField
          label="Last payment amount (optional)"
          name="last-payment-amount"
          {...bind({ form, set }, 'lastPaymentAmount')}
        />
      </div>
      <TextField
        label="Missed payments"
        name="missed-payments"
        type="number"
        inputMode="numeric"
        min="0"
        step="1"
        {...bind({ form, set }, 'missedPayments')}
      />
      {balance !== null ? (
        <p className="wizard__computed" data-testid="computed-balance">
          Current balance from the schedule: <Amount value={balance} exact />
        </p>
      ) : null}
    </>
  )
}

/** Step 5: the EMI (proposed from the schedule), how often, the next due date, early settlement. */
export function PlanStep({ form, set, today, suggestion }: StepProps & { suggestion: number | null }) {
  return (
    <>
      <AmountField
        label="EMI (each payment)"
        name="emi"
        {...bind({ form, set }, 'emi')}
        hint={
          suggestion !== null ? (
            <>
              The schedule gives <Amount value={suggestion} exact /> for these terms.
            </>
          ) : undefined
        }
      />
      <div className="form-pair">
        <ChoiceField
          label="Payment frequency"
          name="frequency"
          choices={LOAN_FREQUENCIES}
          labelOf={(f) => FREQUENCY_LABEL[f]}
          value={form.frequency}
          onChange={(e) => set({ frequency: e.target.value as LoanForm['frequency'] })}
        />
        <TextField
          label="Next due date (optional)"
          name="next-due-date"
          type="date"
          min={today}
          {...bind({ form, set }, 'nextDueDate')}
        />
      </div>
      <Switch
        checked={form.allowsEarlySettlement}
        onChange={(allowsEarlySettlement) => set({ allowsEarlySettlement })}
        label="Early settlement allowed"
        description="The lender accepts prepayments or closing the loan early"
      />
    </>
  )
}

export function NotesField({ form, set }: Pick<StepProps, 'form' | 'set'>) {
  return (
    <TextAreaField
      label="Notes (optional)"
      name="notes"
      maxLength={LOAN_TEXT_LIMITS.notes}
      rows={3}
      {...bind({ form, set }, 'notes')}
    />
  )
}
