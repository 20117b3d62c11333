import { Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../schema/entities/household'
import {
  HOUSEHOLD_MESSAGES,
  householdAmountError,
  MAX_REFERENCE_CHARS,
} from '../../../schema/validation/household-input'
import { MAX_NOTE_CHARS } from '../../../schema/validation/rules'
import { AmountField, ChoiceField, SelectField, TextAreaField, TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { recordSettlement, type HouseholdDoc } from '../../data/households'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useMoneyFormat, type MoneyFormat } from '../../lib/money-format'
import { inHome } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { useRecheck } from '../../lib/use-recheck'
import { useHouseholdLedger } from './balances-tab'
import { FormFooter } from './form-footer'
import { memberName, METHOD_LABELS } from './household-look'
import { useOwed } from './use-owed'
import './households.css'
import { HouseholdFormPage } from './household-form-page'
import { EntryCurrencyFields, useEntryCurrency } from './household-money'
import { UpiPay } from './upi-pay'

type Problem = { field: 'amount' | 'rate' | 'to' | 'form'; message: string }

function settlementProblem(amountError: string | null, rateProblem: boolean, to: string): Problem | null {
  if (amountError) return { field: 'amount', message: amountError }
  if (rateProblem) return { field: 'rate', message: HOUSEHOLD_MESSAGES.rateInvalid }
  return to ? null : { field: 'to', message: HOUSEHOLD_MESSAGES.targetRequired }
}

/** The payment as typed (the amount prefilled with what you owe), and a submit that asks before recording more. */
function useSettleForm(household: HouseholdDoc, me: string, initialTo: string) {
  const navigate = useNavigate()
  const toast = useToast()
  // In the household currency (HouseholdFormPage provides it).
  const money = useMoneyFormat()
  const currency = useEntryCurrency(household)
  const ledger = useHouseholdLedger(household)
  const owedTo = (to: string) => ledger.plan.find((p) => p.from === me && p.to === to)?.amount ?? 0
  const owed = useOwed(household)
  const others = household.members.filter((m) => m.userId !== me)
  const [to, setTo] = useState(others.some((m) => m.userId === initialTo) ? initialTo : '')
  const [amount, setAmount] = useState<string | null>(null)
  const [details, setDetails] = useState({ method: 'upi' as PaymentMethod, transactionId: '', note: '' })
  const [failed, setFailed] = useState(false)
  const [saving, setSaving] = useState(false)
  const [askOver, setAskOver] = useState(false)
  // Prefilled with what you owe the person chosen, until you type your own figure.
  const shown = amount ?? (to && !currency.foreign ? currency.edit.forEdit(owedTo(to)) : '')
  const typed = currency.read(shown)
  const limit = to ? owed(me, to) : 0
  // Compared in the household currency; a payment with no rate to it cannot be compared yet.
  const paid =
    typed === null ? null : inHome({ amount: typed, ...currency.money, rate: currency.money.fxRate }, money.currency)
  // Until this device's entries are read, what is owed is not known: no warning, and no saving yet.
  const loading = ledger.loading
  const warning =
    !loading && to !== '' && paid !== null && paid > limit ? overText(memberName(household, to), limit, money) : null
  const check = useRecheck(() =>
    settlementProblem(householdAmountError(shown, currency.currency), currency.rateProblem, to),
  )
  const problem: Problem | null =
    check.result ?? (failed ? { field: 'form', message: HOUSEHOLD_MESSAGES.settlementFailed } : null)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (saving || loading) return
    if (check.submit() !== null) return
    setFailed(false)
    // More than is owed is allowed (the payer knows what they paid), once they say so.
    if (warning) return setAskOver(true)
    void save()
  }

  async function save() {
    setAskOver(false)
    setSaving(true)
    try {
      const fields = { householdId: household.id, toUserId: to, amount: typed ?? 0, ...details }
      await recordSettlement({ ...fields, ...currency.money })
      toast.show('Payment recorded: waiting for them to confirm')
      void navigate(`/households/${household.id}?tab=balances`, { replace: true })
    } catch (error) {
      console.error(error)
      setFailed(true)
      setSaving(false)
    }
  }

  const errorOf = (field: Problem['field']) => (problem?.field === field ? problem.message : null)
  const askText = warning ? `${warning} Record ${formatMoney(typed ?? 0, currency.currency)} anyway?` : ''
  const ask = { askOver, setAskOver, askText, currency }
  const busy = saving || loading
  return {
    others,
    to,
    setTo,
    shown,
    setAmount,
    details,
    setDetails,
    warning,
    errorOf,
    saving,
    busy,
    submit,
    save,
    ...ask,
  }
}

function SettleForm({ household, me, initialTo }: { household: HouseholdDoc; me: string; initialTo: string }) {
  const form = useSettleForm(household, me, initialTo)
  const { details, setDetails, errorOf } = form
  const detail = (patch: Partial<typeof details>) => setDetails((d) => ({ ...d, ...patch }))
  return (
    <form className="hh-form" onSubmit={form.submit} noValidate>
      <SelectField label="Paid to" value={form.to} error={errorOf('to')} onChange={(e) => form.setTo(e.target.value)}>
        <option value="">Select who you paid</option>
        {form.others.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.name}
          </option>
        ))}
      </SelectField>
      <AmountField
        label="Amount"
        value={form.shown}
        currency={form.currency.currency}
        error={errorOf('amount')}
        hint={form.warning ?? undefined}
        // What the field shows when it is focused is what gets edited: a prefill that arrives
        // later (what is owed, once the entries are read) never lands in the middle of typing.
        onFocus={() => form.setAmount((typed) => typed ?? form.shown)}
        onChange={(e) => form.setAmount(e.target.value)}
      />
      <EntryCurrencyFields choice={form.currency} rateError={errorOf('rate')} />
      <UpiPay
        household={household}
        to={form.to}
        amountText={form.shown}
        onReference={(transactionId) => detail({ method: 'upi', transactionId })}
      />
      <ChoiceField
        label="Payment method"
        choices={PAYMENT_METHODS}
        labelOf={(m) => METHOD_LABELS[m]}
        value={details.method}
        onChange={(e) => detail({ method: e.target.value as PaymentMethod })}
      />
      <TextField
        label="Transaction ID (optional)"
        value={details.transactionId}
        maxLength={MAX_REFERENCE_CHARS}
        onChange={(e) => detail({ transactionId: e.target.value })}
      />
      <TextAreaField
        label="Notes (optional)"
        value={details.note}
        maxLength={MAX_NOTE_CHARS}
        rows={2}
        onChange={(e) => detail({ note: e.target.value })}
      />
      <FormFooter
        error={errorOf('form')}
        cancelTo={`/households/${household.id}?tab=balances`}
        submitLabel="Record Payment"
        icon={<Send size={18} />}
        busy={form.busy}
      />
      <ConfirmDialog
        open={form.askOver}
        title="Record more than you owe?"
        description={form.askText}
        confirmLabel="Record anyway"
        cancelLabel="Change amount"
        tone="primary"
        busy={form.saving}
        onConfirm={() => void form.save()}
        onCancel={() => form.setAskOver(false)}
      />
    </form>
  )
}

/** The over-the-debt warning: what you owe them, payments waiting for their confirmation counted as paid. */
function overText(name: string, owed: number, money: MoneyFormat): string {
  return owed === 0
    ? `You don't owe ${name} anything right now.`
    : `That is more than you owe ${name} (${money.format(owed)}).`
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
