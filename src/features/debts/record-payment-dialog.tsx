import { useState, type FormEvent } from 'react'
import { proposeSplit } from '../../../schema/calc/loan-figures'
import { PAYMENT_METHODS, PAYMENT_TYPES } from '../../../schema/entities/loan'
import { formatDecimal } from '../../../schema/money/money'
import { checkPayment, type PaymentField } from '../../../schema/validation/loan-input'
import { toDayString } from '../../../schema/time'
import { AmountField, ChoiceField, TextField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { recordLoanPayment, type LoanDoc } from '../../data/loans'
import { useMoney } from '../../lib/use-money'
import { useRecheck } from '../../lib/use-recheck'
import { PAYMENT_METHOD_LABEL, PAYMENT_TYPE_LABEL } from './loan-types'

interface Props {
  loan: LoanDoc
  balance: number
  now: number
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
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </>
  )
}

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
 * Record a payment: the amount starts at the EMI and its principal / interest parts are proposed
 * from the schedule (this month's interest first); both stay editable. Method defaults to UPI.
 * Saved locally at once (offline too); the balance follows from the payment.
 */
export function RecordPaymentDialog({ loan, balance, now, onClose, onSaved }: Props) {
  const money = useMoney()
  const today = toDayString(now)
  const split = (amount: number) => proposeSplit(loan, balance, amount)
  const [amount, setAmount] = useState(money.forEdit(loan.emi))
  const [principal, setPrincipal] = useState(formatDecimal(split(loan.emi).principal))
  const [interest, setInterest] = useState(formatDecimal(split(loan.emi).interest))
  const [date, setDate] = useState(today)
  const [type, setType] = useState<string>('regular')
  const [method, setMethod] = useState<string>('upi')
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const { check, error, setFailed } = usePaymentCheck(() =>
    checkPayment({ amount, principal, interest, date, type, method, note }, today, split),
  )

  const changeAmount = (text: string) => {
    setAmount(text)
    const paise = money.fromEdit(text)
    if (paise === null || paise <= 0) return
    const parts = split(paise)
    setPrincipal(formatDecimal(parts.principal))
    setInterest(formatDecimal(parts.interest))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const checked = check.submit()
    if (!checked.ok) return
    setFailed(false)
    setSaving(true)
    try {
      await recordLoanPayment(loan.id, checked.value)
      onSaved()
    } catch (e) {
      console.error(e)
      setFailed(true)
      setSaving(false)
    }
  }

  return (
    <Modal open title="Record Payment" onClose={onClose}>
      <form className="payment-form" onSubmit={(e) => void submit(e)} noValidate>
        <AmountField
          label="Amount paid"
          name="amount-paid"
          value={amount}
          error={error?.field === 'amount' ? error.message : null}
          onChange={(e) => changeAmount(e.target.value)}
          autoFocus
        />
        <SplitFields
          principal={principal}
          interest={interest}
          error={error}
          onPrincipal={setPrincipal}
          onInterest={setInterest}
        />
        <PaymentOptions
          date={date}
          today={today}
          error={error}
          onDate={setDate}
          type={type}
          method={method}
          note={note}
          onType={setType}
          onMethod={setMethod}
          onNote={setNote}
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
