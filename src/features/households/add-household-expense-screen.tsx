import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { splitMismatch } from '../../../schema/calc/splits'
import { DEFAULT_HOUSEHOLD_CATEGORY, HOUSEHOLD_CATEGORIES } from '../../../schema/entities/household'
import { fromDayString, startOfLocalDay, toDayString } from '../../../schema/time'
import { HOUSEHOLD_MESSAGES, householdAmountError } from '../../../schema/validation/household-input'
import { AmountField, ChoiceField, SelectField, TextAreaField, TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { addHouseholdExpense, type HouseholdDoc } from '../../data/households'
import { queueReceiptUpload } from '../../data/receipts'
import { ReceiptField } from '../../components/receipt/receipt-field'
import type { Receipt } from '../../../schema/entities/receipt'
import { FormFooter } from './form-footer'
import { equalSplit, SplitEditor, splitParts, type SplitState } from './split-editor'
import './households.css'
import { HouseholdFormPage } from './household-form-page'
import { EntryCurrencyFields, useEntryCurrency } from './household-money'
import { useRecheck } from '../../lib/use-recheck'
import { MAX_NOTE_CHARS } from '../../../schema/validation/rules'

type Problem = { field: 'amount' | 'rate' | 'category' | 'split' | 'form'; message: string }

/** The first rule the expense breaks (spec part 2 §5), in the form's order, or null. */
function expenseProblem(
  amountError: string | null,
  rateProblem: boolean,
  category: string,
  mismatch: string | null,
): Problem | null {
  if (amountError) return { field: 'amount', message: amountError }
  if (rateProblem) return { field: 'rate', message: HOUSEHOLD_MESSAGES.rateInvalid }
  if (!category) return { field: 'category', message: HOUSEHOLD_MESSAGES.categoryRequired }
  return mismatch ? { field: 'split', message: mismatch } : null
}

/** The expense as typed, its split (equal follows the amount) and a submit that saves it for review. */
function useExpenseForm(household: HouseholdDoc, me: string) {
  const navigate = useNavigate()
  const toast = useToast()
  const [amount, setAmount] = useState('')
  const [category, setCategory] = useState<string>(DEFAULT_HOUSEHOLD_CATEGORY)
  const [description, setDescription] = useState('')
  const [day, setDay] = useState(() => toDayString(Date.now()))
  const [paidBy, setPaidBy] = useState(household.memberIds.includes(me) ? me : household.memberIds[0]!)
  const currency = useEntryCurrency(household)
  // The amount and its parts are typed in the chosen currency's own digits.
  const money = currency.edit
  const [split, setSplit] = useState<SplitState>(() => equalSplit(household.memberIds, 0, money))
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const [failed, setFailed] = useState(false)
  const [saving, setSaving] = useState(false)

  const total = currency.read(amount) ?? 0
  const parts = splitParts(split, household.memberIds, total, money)
  const mismatch = total > 0 ? splitMismatch(total, parts) : null
  const check = useRecheck(() =>
    expenseProblem(householdAmountError(amount, currency.currency), currency.rateProblem, category, mismatch),
  )
  const problem: Problem | null =
    check.result ?? (failed ? { field: 'form', message: HOUSEHOLD_MESSAGES.addExpenseFailed } : null)

  function changeAmount(text: string) {
    setAmount(text)
    // An equal split follows the amount; other methods keep what the user typed.
    if (split.method === 'equal') setSplit(equalSplit(household.memberIds, currency.read(text) ?? 0, money))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    if (check.submit()) return
    setFailed(false)
    setSaving(true)
    try {
      const date = fromDayString(day)
      const now = Date.now()
      const saved = await addHouseholdExpense({
        household,
        amount: total,
        category,
        description,
        date: Number.isNaN(date) ? now : date + (now - startOfLocalDay(now)),
        paidBy,
        splitMethod: split.method,
        splits: parts,
        receipt,
        ...currency.money,
      })
      if (receipt) await queueReceiptUpload(receipt, 'household_expenses', saved.id)
      toast.show('Expense added: the others will review it')
      void navigate(`/households/${household.id}`, { replace: true })
    } catch (error) {
      console.error(error)
      setFailed(true)
      setSaving(false)
    }
  }

  const errorOf = (field: Problem['field']) => (problem?.field === field ? problem.message : null)
  const fields = { amount, category, description, day, paidBy, split, receipt }
  const setters = { setCategory, setDescription, setDay, setPaidBy, setSplit, setReceipt }
  return { fields, setters, changeAmount, total, mismatch, errorOf, saving, submit, currency }
}

function PaidBySelect({ household, me, value, onValue }: PaidByProps) {
  return (
    <SelectField label="Paid by" value={value} onChange={(e) => onValue(e.target.value)}>
      {household.members.map((m) => (
        <option key={m.userId} value={m.userId}>
          {m.userId === me ? `${m.name} (you)` : m.name}
        </option>
      ))}
    </SelectField>
  )
}

interface PaidByProps {
  household: HouseholdDoc
  me: string
  value: string
  onValue: (userId: string) => void
}

function ExpenseForm({ household, me }: { household: HouseholdDoc; me: string }) {
  const form = useExpenseForm(household, me)
  const { fields, setters, changeAmount, total, mismatch, errorOf, saving, submit, currency } = form
  const { amount, category, description, day, paidBy, split, receipt } = fields
  return (
    <form className="hh-form" onSubmit={(e) => void submit(e)} noValidate>
      <AmountField
        label="Amount"
        value={amount}
        currency={currency.currency}
        error={errorOf('amount')}
        onChange={(e) => changeAmount(e.target.value)}
      />
      <EntryCurrencyFields choice={currency} rateError={errorOf('rate')} />
      <ChoiceField
        label="Category"
        choices={HOUSEHOLD_CATEGORIES}
        value={category}
        error={errorOf('category')}
        onChange={(e) => setters.setCategory(e.target.value)}
      />
      <TextAreaField
        label="Description"
        value={description}
        maxLength={MAX_NOTE_CHARS}
        rows={2}
        onChange={(e) => setters.setDescription(e.target.value)}
      />
      <TextField label="Date" type="date" value={day} onChange={(e) => setters.setDay(e.target.value)} />
      <PaidBySelect household={household} me={me} value={paidBy} onValue={setters.setPaidBy} />
      <SplitEditor
        household={household}
        total={total}
        state={split}
        onChange={setters.setSplit}
        mismatch={mismatch}
        money={currency.edit}
      />
      <ReceiptField value={receipt} onChange={setters.setReceipt} />
      <FormFooter
        error={errorOf('form')}
        cancelTo={`/households/${household.id}`}
        submitLabel="Add Expense"
        icon={<Plus size={18} />}
        busy={saving}
      />
    </form>
  )
}

/** /households/{id}/add-expense: saved on the device at once, reviewed by the others. */
export default function AddHouseholdExpenseScreen() {
  return (
    <HouseholdFormPage
      title="Add Expense"
      subtitle={(household) => household.name}
      form={(household, me) => <ExpenseForm household={household} me={me} />}
    />
  )
}
