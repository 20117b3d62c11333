import { useMemo, useState, type FormEvent } from 'react'
import { paymentLimits, proposeSplit } from '../../../schema/calc/loan-figures'
import { PAYMENT_METHODS, PAYMENT_TYPES } from '../../../schema/entities/loan'
import { formatDecimal } from '../../../schema/money/money'
import { checkPayment, type PaymentField } from '../../../schema/validation/loan-input'
import { toDayString } from '../../../schema/time'
import { AmountField, ChoiceField, TextField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { recordLoanPayment, updateLoanPayment, type LoanDoc, type LoanPaymentDoc } from '../../data/loans'
import { useMoneyFormat } from '../../lib/money-format'
import { useRecheck } from '../../lib/use-recheck'
import { PAYMENT_METHOD_LABEL, PAYMENT_TYPE_LABEL } from './loan-types'
import { MAX_NOTE_CHARS } from '../../../schema/validation/rules'

interface Props {
  loan: LoanDoc
  /** What the loan owes without this payment (the one being edited left out). */
  balance: number
  now: number
  /** The payment being corrected; absent to record a new one. */
  editing?: LoanPaymentDoc
  onClose: () => void
  onSaved: () => void
}

type FieldError = { field: PaymentField | 'form'; message: string } | null

/** The principal and interest parts, proposed from the schedule and editable. */
function SplitFields(props: {
  principal: string
  interest: string
  error: FieldError
  onPrincipal: (v: string) => void
  onInterest: (v: string) => void
}) {
  const { principal, interest, error } = props
  const message = (field: PaymentField) => (error?.field === field ? error.message : null)
  const setPrincipal = props.onPrincipal
  const setInterest = props.onInterest
  return (
    <div className="form-pair">
      <AmountField
        label="Principal part"
        name="principal-paid"
        value={principal}
        error={message('principal')}
        onChange={(e) => setPrincipal(e.target.value)}
      />
      <AmountField
        label="Interest part"
        name="interest-paid"
        value={interest}
        error={message('interest')}
        onChange={(e) => setInterest(e.target.value)}
      />
    </div>
  )
}

function PaymentOptions(props: {
  date: string
  today: string
  error: FieldError
  onDate: (v: string) => void
  type: string
  method: string
  note: string
  onType: (v: string) => void
  onMethod: (v: string) => void
  onNote: (v: string) => void
}) {
  const { type, method, note } = props
  const [setType, setMethod, setNote] = [props.onType, props.onMethod, props.onNote]
  const { date, today, error } = props
  const setDate = props.onDate
  const message = (field: PaymentField) => (error?.field === field ? error.message : null)
  return (
    <>
      <TextField
        label="Payment date"
        name="payment-date"
        type="date"
        max={today}
        value={date}
        error={message('date')}
        onChange={(e) => setDate(e.target.value)}
      />
      <div className="form-pair">
        <ChoiceField
          label="Payment type"
          name="payment-type"
          choices={PAYMENT_TYPES}
          labelOf={(t) => PAYMENT_TYPE_LABEL[t]}
          value={type}
          onChange={(e) => setType(e.target.value)}
        />
        <ChoiceField
          label="Method"
          name="payment-method"
          choices={PAYMENT_METHODS}
          labelOf={(m) => PAYMENT_METHOD_LABEL[m]}
          value={method}
          onChange={(e) => setMethod(e.target.value)}
        />
      </div>
      <TextField
        label="Note (optional)"
        name="payment-note"
        maxLength={MAX_NOTE_CHARS}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </>
  )
}

type Parts = { principal: number; interest: number }

/** The form's starting values: the EMI and its proposed parts, or the payment being edited. */
function startingValues(loan: LoanDoc, editing: LoanPaymentDoc | undefined, today: string, parts: Parts) {
  if (editing)
    return {
      amount: formatDecimal(editing.amount),
      principal: formatDecimal(editing.principalPaid),
      interest: formatDecimal(editing.interestPaid),
      date: toDayString(editing.date),
      type: editing.type as string,
      method: editing.method as string,
      note: editing.note,
    }
  return {
    amount: loan.emi === 0 ? '' : formatDecimal(loan.emi),
    principal: formatDecimal(parts.principal),
    interest: formatDecimal(parts.interest),
    date: today,
    type: 'regular',
    method: 'upi',
    note: '',
  }
}

type Values = ReturnType<typeof startingValues>

/** The form's check (live once submitted) and the one message it shows, a failed save's included. */
function usePaymentCheck(run: () => ReturnType<typeof checkPayment>) {
  const [failed, setFailed] = useState(false)
  const check = useRecheck(run)
  const result = check.result
  const error: FieldError =
    result && !result.ok
      ? { field: result.field, message: result.error }
      : failed
        ? { field: 'form', message: 'Failed to record payment' }
        : null
  return { check, error, setFailed }
}

/**
 * The form's values. Parts the user changed are checked as typed; proposed ones follow the amount
 * (and are left for the rules to propose again), so a refusal speaks of the amount the user typed.
 */
function usePaymentValues(start: Values, partsGiven: boolean, split: (amount: number) => Parts) {
  const money = useMoneyFormat()
  const [values, setValues] = useState(start)
  const [partsEdited, setPartsEdited] = useState(partsGiven)
  const set = (field: keyof Values) => (text: string) => setValues((old) => ({ ...old, [field]: text }))
  return {
    values,
    set,
    setPart: (field: 'principal' | 'interest') => (text: string) => {
      setPartsEdited(true)
      set(field)(text)
    },
    changeAmount: (text: string) => {
      const paise = money.fromEdit(text)
      const parts = paise === null || paise <= 0 ? null : split(paise)
      if (parts) setPartsEdited(false)
      setValues((old) => ({
        ...old,
        amount: text,
        ...(parts ? { principal: formatDecimal(parts.principal), interest: formatDecimal(parts.interest) } : {}),
      }))
    },
    input: () => (partsEdited ? values : { ...values, principal: '', interest: '' }),
  }
}

/**
 * Record a payment, or correct one (`editing`): the amount starts at the EMI and its principal /
 * interest parts are proposed from the schedule (this month's interest first); both stay editable.
 * A payment may repay no more than `balance` (what the loan owes without the edited payment): the
 * form refuses more before saving. Method defaults to UPI. Saved locally at once (offline too); the
 * balance follows from the payment.
 */
export function RecordPaymentDialog({ loan, balance, now, editing, onClose, onSaved }: Props) {
  const money = useMoneyFormat()
  const today = toDayString(now)
  const split = (amount: number) => proposeSplit(loan, balance, amount)
  const limits = useMemo(() => paymentLimits(loan, balance), [loan, balance])
  const form = usePaymentValues(startingValues(loan, editing, today, split(loan.emi)), Boolean(editing), split)
  const { values } = form
  const [saving, setSaving] = useState(false)
  const format = (paise: number) => money.format(paise, { exact: true })
  const { check, error, setFailed } = usePaymentCheck(() =>
    checkPayment(form.input(), today, split, { limits, format }),
  )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const checked = check.submit()
    if (!checked.ok) return
    setFailed(false)
    setSaving(true)
    try {
      if (editing) await updateLoanPayment(editing.id, checked.value)
      else await recordLoanPayment(loan.id, checked.value)
      onSaved()
    } catch (e) {
      console.error(e)
      setFailed(true)
      setSaving(false)
    }
  }

  return (
    <Modal open title={editing ? 'Edit Payment' : 'Record Payment'} onClose={onClose}>
      <form className="payment-form" onSubmit={(e) => void submit(e)} noValidate>
        <AmountField
          label="Amount paid"
          name="amount-paid"
          value={values.amount}
          error={error?.field === 'amount' ? error.message : null}
          onChange={(e) => form.changeAmount(e.target.value)}
          autoFocus
        />
        <SplitFields
          principal={values.principal}
          interest={values.interest}
          error={error}
          onPrincipal={form.setPart('principal')}
          onInterest={form.setPart('interest')}
        />
        <PaymentOptions
          date={values.date}
          today={today}
          error={error}
          onDate={form.set('date')}
          type={values.type}
          method={values.method}
          note={values.note}
          onType={form.set('type')}
          onMethod={form.set('method')}
          onNote={form.set('note')}
        />
        {error?.field === 'form' ? (
          <p className="wizard__failure" role="alert">
            {error.message}
          </p>
        ) : null}
        <ModalFormActions onCancel={onClose} submitLabel="Save Payment" saving={saving} />
      </form>
    </Modal>
  )
}
