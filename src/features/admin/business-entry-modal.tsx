import { useState, type FormEvent } from 'react'
import { BUSINESS_EXPENSE_CATEGORIES, BUSINESS_REVENUE_SOURCES } from '../../../schema/calc/pnl'
import { fromDayString, toDayString } from '../../../schema/time'
import { Button } from '../../components/ui/button'
import { AmountField, ChoiceField, TextField } from '../../components/ui/field'
import { Modal } from '../../components/ui/modal'
import { useToast } from '../../components/ui/toast'
import { addBusinessEntry, type BusinessEntryDoc } from '../../data/business'
import { useMoney } from '../../lib/use-money'

const NOON_MS = 12 * 3_600_000

interface Errors {
  amount?: string
  category?: string
  date?: string
}

/** Add Expense / Add Revenue (spec part 2 §2): amount, category or source, description, date. */
export function BusinessEntryModal({
  kind,
  now,
  onClose,
}: {
  kind: BusinessEntryDoc['kind'] | null
  now: number
  onClose: () => void
}) {
  const money = useMoney()
  const toast = useToast()
  const [amount, setAmount] = useState('')
  const [category, setCategory] = useState('')
  const [description, setDescription] = useState('')
  const [day, setDay] = useState(() => toDayString(now))
  const [errors, setErrors] = useState<Errors>({})
  const expense = kind === 'expense'
  const choices = expense ? BUSINESS_EXPENSE_CATEGORIES : BUSINESS_REVENUE_SOURCES

  const close = () => {
    setAmount('')
    setCategory('')
    setDescription('')
    setDay(toDayString(now))
    setErrors({})
    onClose()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!kind) return
    const paise = money.fromEdit(amount)
    const date = fromDayString(day)
    const next: Errors = {}
    if (paise === null || paise <= 0) next.amount = 'Please enter a valid amount'
    if (!category) next.category = expense ? 'Please select a category' : 'Please select a source'
    if (Number.isNaN(date)) next.date = 'Please pick a date'
    setErrors(next)
    if (Object.keys(next).length > 0 || paise === null) return
    try {
      await addBusinessEntry({ kind, amount: paise, category, description, date: date + NOON_MS })
      toast.show(expense ? 'Expense added' : 'Revenue added')
      close()
    } catch (error) {
      console.error(error)
      toast.show('Could not save the entry', 'error')
    }
  }

  return (
    <Modal open={kind !== null} title={expense ? 'Add Business Expense' : 'Add Revenue'} onClose={close}>
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        <AmountField
          label={`Amount (${money.currency})`}
          value={amount}
          error={errors.amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <ChoiceField
          label={expense ? 'Category' : 'Source'}
          choices={choices}
          placeholder={{ text: expense ? 'Select a category' : 'Select a source', disabled: true }}
          value={category}
          error={errors.category}
          onChange={(e) => setCategory(e.target.value)}
        />
        <TextField
          label="Description"
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <TextField label="Date" type="date" value={day} error={errors.date} onChange={(e) => setDay(e.target.value)} />
        <div className="modal__actions">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit">Add</Button>
        </div>
      </form>
    </Modal>
  )
}
