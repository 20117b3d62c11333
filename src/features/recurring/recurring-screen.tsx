import { CalendarClock, CheckCircle2, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { daysUntil, dueGroup, dueText, type DueGroup } from '../../../schema/calc/recurrence'
import { DUE_GROUPS, formatDueDay, groupByDue, nextDueAfterPaid } from '../../../schema/calc/recurring-schedule'
import { categoryEmoji, EXPENSE_CATEGORIES } from '../../../schema/categories'
import { FREQUENCIES } from '../../../schema/entities/recurring'
import { amountText, entryCurrency, parseRate, type HomeCurrency } from '../../../schema/money/currency'
import type { PaidRate } from '../../../schema/calc/mark-paid'
import { DEFAULT_REMINDER_DAYS, parseRecurring, type RecurringField } from '../../../schema/validation/plan-input'
import { useMoney } from '../../data/use-money'
import { useNow } from '../../lib/use-now'
import { useRecheck } from '../../lib/use-recheck'
import { CurrencyFields, useCurrencyChoice } from '../../components/transaction/currency-fields'
import { EntryAmount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { AmountField, ChoiceField, TextField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { PageHeader } from '../../components/ui/page-header'
import { useToast } from '../../components/ui/toast'
import { throwIfUnread, useHomeCurrency, useProfile, useRecurringPayments } from '../../data/hooks'
import {
  addRecurringPayment,
  deleteRecurringPayment,
  markRecurringPaid,
  updateRecurringPayment,
  type RecurringDoc,
} from '../../data/recurring'
import { paidInOtherCurrency, PaidRateDialog, RecurringTotals } from './recurring-currency'
import './recurring.css'

const FREQUENCY_LABEL: Record<RecurringDoc['frequency'], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
}
const DELETE_QUESTION = 'Are you sure you want to delete this recurring payment?'

interface FormProps {
  editing: RecurringDoc | null
  categories: readonly string[]
  onClose: () => void
  onSaved: (message: string) => void
}

/** The form's fields as typed, and a submit that validates with parseRecurring and saves. */
function useRecurringForm({ editing, onClose, onSaved }: Omit<FormProps, 'categories'>) {
  const home = useHomeCurrency()
  const code = editing ? entryCurrency(editing, home) : home.currency
  const rate = editing?.fxHome === home.currency ? (editing.fxRate ?? null) : null
  const choice = useCurrencyChoice(home.currency, editing ? { currency: code, rate } : undefined)
  const [name, setName] = useState(editing?.name ?? '')
  const [amount, setAmount] = useState(editing ? amountText(editing.amount, code).replace(/\.0+$/, '') : '')
  const [category, setCategory] = useState(editing?.category ?? '')
  const [frequency, setFrequency] = useState<string>(editing?.frequency ?? 'monthly')
  const shownDueDate = editing?.nextDueDate ?? ''
  const [dueDate, setDueDate] = useState(shownDueDate)
  const [reminderDays, setReminderDays] = useState(String(editing?.reminderDays ?? DEFAULT_REMINDER_DAYS))
  const [failed, setFailed] = useState(false)
  const [saving, setSaving] = useState(false)
  const fxRate = choice.rate.trim() === '' ? null : (parseRate(choice.rate) ?? Number.NaN)
  const check = useRecheck(() =>
    parseRecurring({ name, amount, category, frequency, dueDate, reminderDays, currency: choice.currency, fxRate }),
  )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const parsed = check.submit()
    if (!parsed.ok) return
    setFailed(false)
    setSaving(true)
    try {
      if (editing) await updateRecurringPayment(editing.id, parsed.value, shownDueDate, home.currency)
      else await addRecurringPayment(parsed.value, home.currency)
      onSaved(editing ? 'Recurring payment updated' : 'Recurring payment added')
      onClose()
    } catch (e) {
      console.error(e)
      setFailed(true)
      setSaving(false)
    }
  }
  const message = (field: RecurringField) => {
    const result = check.result
    if (result && !result.ok) return result.field === field ? result.error : null
    return field === 'name' && failed ? 'Could not save. Please try again.' : null
  }
  const fields = { name, amount, category, frequency, dueDate, reminderDays }
  const setters = { setName, setAmount, setCategory, setFrequency, setDueDate, setReminderDays }
  return { fields, setters, message, saving, submit, choice, home: home.currency }
}

type RecurringFormState = ReturnType<typeof useRecurringForm>

/** Frequency beside the (next) due date, then how many days before to remind. */
function ScheduleFields({ form, editing }: { form: RecurringFormState; editing: boolean }) {
  const { fields, setters, message } = form
  return (
    <>
      <div className="recurring-form__pair">
        <ChoiceField
          label="Frequency"
          name="frequency"
          choices={FREQUENCIES}
          labelOf={(f) => FREQUENCY_LABEL[f]}
          value={fields.frequency}
          error={message('frequency')}
          onChange={(e) => setters.setFrequency(e.target.value)}
        />
        <TextField
          label={editing ? 'Next due date' : 'Due date'}
          name="due-date"
          type="date"
          value={fields.dueDate}
          error={message('dueDate')}
          onChange={(e) => setters.setDueDate(e.target.value)}
        />
      </div>
      <TextField
        label="Remind me (days before)"
        name="reminder-days"
        type="number"
        inputMode="numeric"
        min="0"
        max="30"
        step="1"
        value={fields.reminderDays}
        error={message('reminderDays')}
        onChange={(e) => setters.setReminderDays(e.target.value)}
        hint="0 to 30 days. Inside this window the payment shows on Home."
      />
    </>
  )
}

function RecurringForm({ editing, categories, onClose, onSaved }: FormProps) {
  const form = useRecurringForm({ editing, onClose, onSaved })
  const { fields, setters, message, saving, submit, choice, home } = form
  const { category } = fields
  const options = category && !categories.includes(category) ? [...categories, category] : categories

  return (
    <Modal open title={editing ? 'Edit Recurring Payment' : 'Add Recurring Payment'} onClose={onClose}>
      <form className="recurring-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Name"
          name="name"
          maxLength={100}
          placeholder="e.g. Rent, Netflix"
          value={fields.name}
          error={message('name')}
          onChange={(e) => setters.setName(e.target.value)}
          autoFocus
        />
        <AmountField
          label="Amount"
          name="amount"
          value={fields.amount}
          error={message('amount')}
          onChange={(e) => setters.setAmount(e.target.value)}
        />
        <CurrencyFields choice={choice} home={home} rateError={message('currency') ?? message('fxRate')} />
        <ChoiceField
          label="Category (optional)"
          name="category"
          choices={options}
          placeholder={{ text: 'None (Bills & Utilities when paid)' }}
          value={category}
          error={message('category')}
          onChange={(e) => setters.setCategory(e.target.value)}
        />
        <ScheduleFields form={form} editing={editing !== null} />
        <ModalFormActions onCancel={onClose} submitLabel={editing ? 'Save Changes' : 'Add Payment'} saving={saving} />
      </form>
    </Modal>
  )
}

function PaymentCard({
  payment,
  now,
  onEdit,
  onDelete,
  onPaid,
  paying,
}: {
  payment: RecurringDoc
  now: number
  onEdit: () => void
  onDelete: () => void
  onPaid: () => void
  paying: boolean
}) {
  const due = dueText(payment.nextDueDate, now)
  const overdue = due.startsWith('Overdue')
  return (
    <li className="payment" data-testid="recurring-card" data-due={payment.nextDueDate}>
      <div className="payment__top">
        <span className="payment__emoji" aria-hidden="true">
          {categoryEmoji(payment.category || 'Bills & Utilities', 'expense')}
        </span>
        <div className="payment__body">
          <p className="payment__name">{payment.name}</p>
          <p className="payment__meta">
            {payment.category || 'No category'} · {FREQUENCY_LABEL[payment.frequency]}
          </p>
        </div>
        <EntryAmount entry={payment} className="payment__amount" data-testid="recurring-amount" />
      </div>
      <p className={`payment__due${overdue ? ' payment__due--overdue' : ''}`}>
        <CalendarClock size={15} aria-hidden="true" />
        <span data-testid="recurring-due">{due}</span>
        <span className="payment__date" data-testid="recurring-date">
          {formatDueDay(payment.nextDueDate, true)}
        </span>
      </p>
      <div className="payment__actions">
        <Button
          size="sm"
          variant="ghost"
          icon={<Pencil size={15} />}
          onClick={onEdit}
          aria-label={`Edit ${payment.name}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash2 size={15} />}
          onClick={onDelete}
          aria-label={`Delete ${payment.name}`}
        >
          Delete
        </Button>
        <Button
          size="sm"
          variant="primary"
          icon={<CheckCircle2 size={15} />}
          onClick={onPaid}
          disabled={paying}
          aria-label={`Mark ${payment.name} paid`}
        >
          Mark Paid
        </Button>
      </div>
    </li>
  )
}

function RecurringEmpty({ onAdd }: { onAdd: () => void }) {
  return (
    <Card padding="lg" variant="elevated" className="recurring__empty">
      <p className="recurring__empty-emoji" aria-hidden="true">
        🗓️
      </p>
      <p className="recurring__empty-title">No recurring payments yet</p>
      <p>Add rent, subscriptions or EMIs to see what is due and mark them paid in one tap.</p>
      <Button icon={<Plus size={18} />} onClick={onAdd}>
        Add Recurring Payment
      </Button>
    </Card>
  )
}

function DeletePaymentDialog({ payment, onClose }: { payment: RecurringDoc | null; onClose: () => void }) {
  const toast = useToast()
  const remove = async () => {
    if (!payment) return
    onClose()
    try {
      await deleteRecurringPayment(payment.id)
      toast.show('Recurring payment deleted')
    } catch (e) {
      console.error(e)
      toast.show('Could not delete. Please try again.', 'error')
    }
  }
  return (
    <ConfirmDialog
      open={payment !== null}
      title={DELETE_QUESTION}
      description={payment ? <p>{payment.name} will be removed. Expenses already recorded stay.</p> : undefined}
      confirmLabel="Delete"
      onConfirm={() => void remove()}
      onCancel={onClose}
    />
  )
}

/**
 * Mark Paid; "now" moves on to the moment of the last payment, so the groups stay right. A payment
 * due later than this week asks first: it books today's expense for a bill that is not due yet.
 */
function useMarkPaid(home: HomeCurrency) {
  const toast = useToast()
  const opened = useNow()
  const [paidAt, setPaidAt] = useState<number | null>(null)
  const [paying, setPaying] = useState<string | null>(null)
  const [asking, setAsking] = useState<RecurringDoc | null>(null)
  const [rating, setRating] = useState<RecurringDoc | null>(null)
  const now = paidAt ?? opened
  // A dialog that asked stays up, its button busy, until the expense is written: closed earlier, it
  // told the user it was done while a page load could still end the write. On failure it stays for a retry.
  const markPaid = async (payment: RecurringDoc, rate?: PaidRate) => {
    setPaying(payment.id)
    try {
      const at = Date.now()
      const { nextDueDate } = await markRecurringPaid(payment, at, rate)
      setPaidAt(at)
      // Only its own dialog: another payment's, opened meanwhile, stays.
      const done = (open: RecurringDoc | null) => (open?.id === payment.id ? null : open)
      setAsking(done)
      setRating(done)
      toast.show(`Marked paid. Next due ${formatDueDay(nextDueDate)}`)
    } catch (e) {
      console.error(e)
      toast.show('Could not mark it paid. Please try again.', 'error')
    } finally {
      setPaying(null)
    }
  }
  // A payment in another currency asks for the rate first (its dialog also says what it books today).
  const ask = (payment: RecurringDoc) =>
    paidInOtherCurrency(payment, home)
      ? setRating(payment)
      : dueGroup(payment.nextDueDate, now) === 'later'
        ? setAsking(payment)
        : void markPaid(payment)
  const cancel = () => {
    setAsking(null)
    setRating(null)
  }
  return { now, paying, asking, rating, ask, markPaid, cancel }
}

/** "Mark … paid now?" for a payment not due this week: what it books and when it was due. */
function EarlyPaymentDialog({
  payment,
  now,
  busy,
  onConfirm,
  onCancel,
}: {
  payment: RecurringDoc | null
  now: number
  busy: boolean
  onConfirm: (p: RecurringDoc) => void
  onCancel: () => void
}) {
  const money = useMoney()
  return (
    <ConfirmDialog
      open={payment !== null}
      title={payment ? `Mark ${payment.name} paid now?` : ''}
      description={
        payment ? (
          <p>
            It is due on {formatDueDay(payment.nextDueDate, true)}, in {daysUntil(payment.nextDueDate, now)} days.
            Marking it paid records an expense of {money.format(payment.amount)} today; the next due date becomes{' '}
            {formatDueDay(nextDueAfterPaid(payment), true)}.
          </p>
        ) : undefined
      }
      confirmLabel="Mark Paid"
      tone="primary"
      busy={busy}
      onConfirm={() => payment && onConfirm(payment)}
      onCancel={onCancel}
    />
  )
}

export default function RecurringScreen() {
  const toast = useToast()
  const profile = useProfile()
  const payments = useRecurringPayments()
  const home = useHomeCurrency()
  const { now, paying, asking, rating, ask, markPaid, cancel } = useMarkPaid(home)
  const [form, setForm] = useState<{ editing: RecurringDoc | null } | null>(null)
  const [deleting, setDeleting] = useState<RecurringDoc | null>(null)
  throwIfUnread(payments)
  const groups = groupByDue(payments.data, now)
  const categories = [...EXPENSE_CATEGORIES.filter((c) => c !== 'Others'), ...(profile.data?.customCategories ?? [])]

  return (
    <div className="recurring">
      <PageHeader
        title="Recurring Payments"
        subtitle="Bills and subscriptions, with what is due next."
        badge={<CalendarClock size={24} />}
        badgeClassName="recurring__badge"
      >
        <Button className="recurring__add" icon={<Plus size={18} />} onClick={() => setForm({ editing: null })}>
          Add
        </Button>
      </PageHeader>
      {payments.loading ? null : payments.data.length === 0 ? (
        <RecurringEmpty onAdd={() => setForm({ editing: null })} />
      ) : (
        <RecurringTotals payments={payments.data} now={now} home={home} />
      )}
      {payments.loading || payments.data.length === 0
        ? null
        : DUE_GROUPS.map(({ key, title }) => (
            <Group
              key={key}
              group={key}
              title={title}
              items={groups[key]}
              now={now}
              paying={paying}
              onEdit={(p) => setForm({ editing: p })}
              onDelete={setDeleting}
              onPaid={ask}
            />
          ))}
      {form ? (
        <RecurringForm
          key={form.editing?.id ?? 'new'}
          editing={form.editing}
          categories={categories}
          onClose={() => setForm(null)}
          onSaved={(m) => toast.show(m)}
        />
      ) : null}
      <DeletePaymentDialog payment={deleting} onClose={() => setDeleting(null)} />
      <EarlyPaymentDialog
        payment={asking}
        now={now}
        busy={paying !== null}
        onConfirm={(p) => void markPaid(p)}
        onCancel={cancel}
      />
      {rating ? (
        <PaidRateDialog
          key={rating.id}
          payment={rating}
          home={home}
          saving={paying !== null}
          onConfirm={(rate) => void markPaid(rating, rate)}
          onCancel={cancel}
        />
      ) : null}
    </div>
  )
}

interface GroupProps {
  group: DueGroup
  title: string
  items: RecurringDoc[]
  now: number
  paying: string | null
  onEdit: (p: RecurringDoc) => void
  onDelete: (p: RecurringDoc) => void
  onPaid: (p: RecurringDoc) => void
}

function Group({ group, title, items, now, paying, onEdit, onDelete, onPaid }: GroupProps) {
  if (items.length === 0) return null
  const id = `due-${group}`
  return (
    <section className="recurring__group" aria-labelledby={id} data-testid={`group-${group}`}>
      <h2 className="recurring__group-title" id={id}>
        {title} <span className="recurring__count">{items.length}</span>
      </h2>
      <ul className="payment-list">
        {items.map((p) => (
          <PaymentCard
            key={p.id}
            payment={p}
            now={now}
            paying={paying === p.id}
            onEdit={() => onEdit(p)}
            onDelete={() => onDelete(p)}
            onPaid={() => onPaid(p)}
          />
        ))}
      </ul>
    </section>
  )
}
