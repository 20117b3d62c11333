import { Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../schema/entities/household'
import { HOUSEHOLD_MESSAGES, MAX_HOUSEHOLD_RUPEES } from '../../../schema/validation/household-input'
import { AmountField, ChoiceField, SelectField, TextAreaField, TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { recordSettlement, type HouseholdDoc } from '../../data/households'
import { useMoney } from '../../lib/use-money'
import { useRecheck } from '../../lib/use-recheck'
import { useHouseholdLedger } from './balances-tab'
import { FormFooter } from './form-footer'
import { METHOD_LABELS } from './household-look'
import './households.css'
import { HouseholdFormPage } from './household-form-page'

type Problem = { field: 'amount' | 'to' | 'form'; message: string }

function settlementProblem(paise: number | null, to: string): Problem | null {
  if (paise === null || paise <= 0 || paise > MAX_HOUSEHOLD_RUPEES * 100)
    return { field: 'amount', message: HOUSEHOLD_MESSAGES.amountInvalid }
  return to ? null : { field: 'to', message: HOUSEHOLD_MESSAGES.targetRequired }
}

function SettleForm({ household, me, initialTo }: { household: HouseholdDoc; me: string; initialTo: string }) {
  const navigate = useNavigate()
  const toast = useToast()
  const money = useMoney()
  const ledger = useHouseholdLedger(household)
  const owedTo = (to: string) => ledger.plan.find((p) => p.from === me && p.to === to)?.amount ?? 0
  const others = household.members.filter((m) => m.userId !== me)
  const [to, setTo] = useState(others.some((m) => m.userId === initialTo) ? initialTo : '')
  const [amount, setAmount] = useState<string | null>(null)
  const [method, setMethod] = useState<PaymentMethod>('upi')
  const [transactionId, setTransactionId] = useState('')
  const [note, setNote] = useState('')
  const [failed, setFailed] = useState(false)
  const [saving, setSaving] = useState(false)
  // Prefilled with what you owe the person chosen, until you type your own figure.
  const shown = amount ?? (to ? money.forEdit(owedTo(to)) : '')
  const check = useRecheck(() => settlementProblem(money.fromEdit(shown), to))
  const problem: Problem | null =
    check.result ?? (failed ? { field: 'form', message: HOUSEHOLD_MESSAGES.settlementFailed } : null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    const paise = money.fromEdit(shown)
    if (check.submit() !== null || paise === null) return
    setFailed(false)
    setSaving(true)
    try {
      await recordSettlement({ householdId: household.id, toUserId: to, amount: paise, method, transactionId, note })
      toast.show('Payment recorded: waiting for them to confirm')
      void navigate(`/households/${household.id}?tab=balances`, { replace: true })
    } catch (error) {
      console.error(error)
      setFailed(true)
      setSaving(false)
    }
  }

  const errorOf = (field: Problem['field']) => (problem?.field === field ? problem.message : null)
  return (
    <form className="hh-form" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField label="Paid to" value={to} error={errorOf('to')} onChange={(e) => setTo(e.target.value)}>
        <option value="">Select who you paid</option>
        {others.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.name}
          </option>
        ))}
      </SelectField>
      <AmountField label="Amount" value={shown} error={errorOf('amount')} onChange={(e) => setAmount(e.target.value)} />
      <ChoiceField
        label="Payment method"
        choices={PAYMENT_METHODS}
        labelOf={(m) => METHOD_LABELS[m]}
        value={method}
        onChange={(e) => setMethod(e.target.value as PaymentMethod)}
      />
      <TextField
        label="Transaction ID (optional)"
        value={transactionId}
        maxLength={100}
        onChange={(e) => setTransactionId(e.target.value)}
      />
      <TextAreaField
        label="Notes (optional)"
        value={note}
        maxLength={500}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
      />
      <FormFooter
        error={errorOf('form')}
        cancelTo={`/households/${household.id}?tab=balances`}
        submitLabel="Record Payment"
        icon={<Send size={18} />}
        busy={saving}
      />
    </form>
  )
}

/** /households/{id}/settle?user=…: record money you paid; it counts once the receiver confirms. */
export default function SettleScreen() {
  const [params] = useSearchParams()
  return (
    <HouseholdFormPage
      title="Settle Up"
      subtitle={(household) => `Record a payment in ${household.name}. It counts once they confirm.`}
      form={(household, me) => <SettleForm household={household} me={me} initialTo={params.get('user') ?? ''} />}
    />
  )
}
