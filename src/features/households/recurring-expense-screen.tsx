import { Repeat } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { splitMismatch } from '../../../schema/calc/splits'
import { formatBasisPoints } from '../../../schema/calc/splits'
import {
  DEFAULT_HOUSEHOLD_CATEGORY,
  HOUSEHOLD_CATEGORIES,
  HOUSEHOLD_FREQUENCIES,
  type HouseholdFrequency,
  type RecurringHouseholdExpense,
} from '../../../schema/entities/household'
import { isCalendarDay } from '../../../schema/entities/common'
import { entryCurrency, moneyEntryOf } from '../../../schema/money/currency'
import { toDayString } from '../../../schema/time'
import { HOUSEHOLD_MESSAGES, householdAmountError } from '../../../schema/validation/household-input'
import { AmountField, ChoiceField, SelectField, TextAreaField, TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { saveRecurringExpense } from '../../data/household-recurring'
import { householdError, type HouseholdDoc } from '../../data/households'
import type { MoneyFormat } from '../../lib/money-format'
import { EntryCurrencyFields, householdMoney, useEntryCurrency } from './household-money'
import { FormFooter } from './form-footer'
import { HouseholdFormPage } from './household-form-page'
import { equalSplit, SplitEditor, splitParts, type SplitState } from './split-editor'
import { FREQUENCY_LABELS, ordinal } from './recurring-text'
import './households.css'
import { MAX_NOTE_CHARS } from '../../../schema/validation/rules'

type Field = 'amount' | 'rate' | 'category' | 'split' | 'start' | 'end' | 'form'
type Problem = { field: Field; message: string }

interface Dates {
  start: string
  end: string
}

/** The first rule the recurring expense breaks, in the form's order, or null. */
function recurringProblem(
  amountError: string | null,
  rateProblem: boolean,
  category: string,
  mismatch: string | null,
  dates: Dates,
): Problem | null {
  if (amountError) return { field: 'amount', message: amountError }
  if (rateProblem) return { field: 'rate', message: HOUSEHOLD_MESSAGES.rateInvalid }
  if (!category) return { field: 'category', message: HOUSEHOLD_MESSAGES.categoryRequired }
  if (mismatch) return { field: 'split', message: mismatch }
  if (!isCalendarDay(dates.start)) return { field: 'start', message: HOUSEHOLD_MESSAGES.startDateInvalid }
  if (dates.end && (!isCalendarDay(dates.end) || dates.end < dates.start))
    return { field: 'end', message: HOUSEHOLD_MESSAGES.endDateInvalid }
  return null
}

/** A stored rule's currency and its rate to the household currency (none once that currency changed). */
function ruleCurrency(rule: RecurringHouseholdExpense, household: HouseholdDoc) {
  const hc = householdMoney(household)
  return { currency: entryCurrency(rule, hc), rate: moneyEntryOf(rule, hc).rate }
}

/** The split editor's state for a stored rule's split. */
function splitStateOf(rule: RecurringHouseholdExpense, household: HouseholdDoc, money: MoneyFormat): SplitState {
  const start = equalSplit(household.memberIds, rule.amount, money)
  if (rule.splitMethod === 'equal') return start
  const rows = { ...start.rows }
  for (const id of household.memberIds) {
    const part = rule.splits.find((s) => s.userId === id)
    rows[id] = {
      amount: money.forEdit(part?.amount ?? 0),
      percent: formatBasisPoints(rule.splitMethod === 'percentage' ? (part?.weight ?? 0) : 0),
      shares: String(rule.splitMethod === 'shares' ? (part?.weight ?? 0) : 0),
    }
  }
  return { method: rule.splitMethod, rows }
}

function useRecurringForm(household: HouseholdDoc, me: string, rule: RecurringHouseholdExpense | null) {
  const navigate = useNavigate()
  const toast = useToast()
  const currency = useEntryCurrency(household, rule ? ruleCurrency(rule, household) : undefined)
  // The amount and its parts are typed in the chosen currency's own digits.
  const money = currency.edit
  const [today] = useState(() => toDayString(Date.now()))
  const [amount, setAmount] = useState(rule ? money.forEdit(rule.amount) : '')
  const [category, setCategory] = useState<string>(rule?.category ?? DEFAULT_HOUSEHOLD_CATEGORY)
  const [description, setDescription] = useState(rule?.description ?? '')
  const [paidBy, setPaidBy] = useState(
    rule?.paidBy ?? (household.memberIds.includes(me) ? me : household.memberIds[0]!),
  )
  const [split, setSplit] = useState<SplitState>(() =>
    rule ? splitStateOf(rule, household, money) : equalSplit(household.memberIds, 0, money),
  )
  const [frequency, setFrequency] = useState<HouseholdFrequency>(rule?.frequency ?? 'monthly')
  const [dayOfMonth, setDayOfMonth] = useState(rule?.dayOfMonth ?? Number(today.slice(8)))
  const [dates, setDates] = useState<Dates>({ start: rule?.startDate ?? today, end: rule?.endDate ?? '' })
  const [problem, setProblem] = useState<Problem | null>(null)
  const [saving, setSaving] = useState(false)

  const total = currency.read(amount) ?? 0
  const parts = splitParts(split, household.memberIds, total, money)
  const mismatch = total > 0 ? splitMismatch(total, parts) : null

  function changeAmount(text: string) {
    setAmount(text)
    if (split.method === 'equal') setSplit(equalSplit(household.memberIds, money.fromEdit(text) ?? 0, money))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    const found = recurringProblem(
      householdAmountError(amount, currency.currency),
      currency.rateProblem,
      category,
      mismatch,
      dates,
    )
    setProblem(found)
    if (found) return
    setSaving(true)
    try {
      const fields = { amount: total, category, description, paidBy, splitMethod: split.method, splits: parts }
      const { currency: code, fxRate } = currency.money
      const schedule = { frequency, dayOfMonth, startDate: dates.start, endDate: dates.end }
      const input = { householdId: household.id, ...fields, ...schedule, currency: code, fxRate }
      await saveRecurringExpense(rule?.id ?? null, input)
      toast.show(rule ? 'Recurring expense saved' : 'Recurring expense added')
      void navigate(`/households/${household.id}`, { replace: true })
    } catch (error) {
      setProblem({ field: 'form', message: householdError(error, HOUSEHOLD_MESSAGES.addExpenseFailed) })
      setSaving(false)
    }
  }

  const errorOf = (field: Field) => (problem?.field === field ? problem.message : null)
  const fields = { amount, category, description, paidBy, split, frequency, dayOfMonth, dates }
  const setters = { setCategory, setDescription, setPaidBy, setSplit, setFrequency, setDayOfMonth, setDates }
  return { fields, setters, changeAmount, total, mismatch, errorOf, saving, submit, currency }
}

type Form = ReturnType<typeof useRecurringForm>

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1)

function ScheduleFields({ form }: { form: Form }) {
  const { frequency, dayOfMonth, dates } = form.fields
  const { setFrequency, setDayOfMonth, setDates } = form.setters
  return (
    <>
      <ChoiceField
        label="Repeats"
        choices={HOUSEHOLD_FREQUENCIES}
        labelOf={(f) => FREQUENCY_LABELS[f]}
        value={frequency}
        hint={frequency === 'weekly' ? 'On the weekday of the start date' : undefined}
        onChange={(e) => setFrequency(e.target.value as HouseholdFrequency)}
      />
      {frequency === 'weekly' ? null : (
        <SelectField
          label="Day of the month"
          value={dayOfMonth}
          hint={dayOfMonth > 28 ? 'Shorter months use their last day' : undefined}
          onChange={(e) => setDayOfMonth(Number(e.target.value))}
        >
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {ordinal(d)}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label="Starts"
        type="date"
        value={dates.start}
        error={form.errorOf('start')}
        onChange={(e) => setDates({ ...dates, start: e.target.value })}
      />
      <TextField
        label="Ends (optional)"
        type="date"
        value={dates.end}
        error={form.errorOf('end')}
        onChange={(e) => setDates({ ...dates, end: e.target.value })}
      />
    </>
  )
}

function RecurringForm({ household, me, rule }: FormProps) {
  const form = useRecurringForm(household, me, rule)
  const { amount, category, description, paidBy, split } = form.fields
  const { setCategory, setDescription, setPaidBy, setSplit } = form.setters
  const categories: readonly string[] = HOUSEHOLD_CATEGORIES.includes(category as never)
    ? HOUSEHOLD_CATEGORIES
    : [category, ...HOUSEHOLD_CATEGORIES]
  return (
    <form className="hh-form" onSubmit={(e) => void form.submit(e)} noValidate>
      <AmountField
        label="Amount"
        value={amount}
        currency={form.currency.currency}
        error={form.errorOf('amount')}
        onChange={(e) => form.changeAmount(e.target.value)}
      />
      <EntryCurrencyFields choice={form.currency} rateError={form.errorOf('rate')} />
      <ChoiceField
        label="Category"
        choices={categories}
        value={category}
        error={form.errorOf('category')}
        onChange={(e) => setCategory(e.target.value)}
      />
      <TextAreaField
        label="Description"
        value={description}
        maxLength={MAX_NOTE_CHARS}
        rows={2}
        onChange={(e) => setDescription(e.target.value)}
      />
      <SelectField label="Paid by" value={paidBy} onChange={(e) => setPaidBy(e.target.value)}>
        {household.members.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.userId === me ? `${m.name} (you)` : m.name}
          </option>
        ))}
      </SelectField>
      <SplitEditor
        household={household}
        total={form.total}
        state={split}
        onChange={setSplit}
        mismatch={form.mismatch}
        money={form.currency.edit}
      />
      <ScheduleFields form={form} />
      <FormFooter
        error={form.errorOf('form')}
        cancelTo={`/households/${household.id}`}
        submitLabel={rule ? 'Save Changes' : 'Add Recurring Expense'}
        icon={<Repeat size={18} />}
        busy={form.saving}
      />
    </form>
  )
}

interface FormProps {
  household: HouseholdDoc
  me: string
  rule: RecurringHouseholdExpense | null
}

function RuleForm({ household, me, ruleId }: { household: HouseholdDoc; me: string; ruleId: string | undefined }) {
  const rule = ruleId ? (household.recurring.find((r) => r.id === ruleId) ?? null) : null
  if (ruleId && !rule) return <p role="alert">{HOUSEHOLD_MESSAGES.recurringNotFound}</p>
  return <RecurringForm household={household} me={me} rule={rule} />
}

/**
 * /households/{id}/recurring/new and /households/{id}/recurring/{ruleId}: an expense the server
 * adds on each of its days, for the others to review; an edit changes the ones not yet added.
 */
export default function RecurringExpenseScreen() {
  const { ruleId } = useParams()
  return (
    <HouseholdFormPage
      title={ruleId ? 'Edit Recurring Expense' : 'Add Recurring Expense'}
      subtitle={(household) => household.name}
      form={(household, me) => <RuleForm household={household} me={me} ruleId={ruleId} />}
    />
  )
}
