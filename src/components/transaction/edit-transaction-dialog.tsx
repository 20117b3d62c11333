import { useState, type FormEvent } from 'react'
import { categoryOptions } from '../../../schema/categories'
import { formatDecimal, toPaise } from '../../../schema/money/money'
import { fromDayString, toDayString } from '../../../schema/time'
import { amountProblem, dateProblem, TRANSACTION_MESSAGES } from '../../../schema/validation/transaction-input'
import { updateTransaction, type TransactionDoc } from '../../data/transactions'
import { AmountField, ChoiceField, TextAreaField, TextField } from '../ui/field'
import { Modal, ModalFormActions } from '../ui/modal'
import { useToast } from '../ui/toast'
import './transaction.css'

type FieldName = 'amount' | 'category' | 'date'

/** The picked day at the original entry's time of day, so entries keep their order within a day. */
function dayAtTimeOf(day: string, original: number): number {
  const midnight = fromDayString(day)
  if (Number.isNaN(midnight)) return NaN
  const at = new Date(midnight)
  const was = new Date(original)
  at.setHours(was.getHours(), was.getMinutes(), was.getSeconds(), was.getMilliseconds())
  return at.getTime()
}

/** '500' for whole rupees, else '500.50': what the user typed, not float noise. */
function amountText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : formatDecimal(paise)
}

interface Props {
  tx: TransactionDoc
  customCategories: readonly string[]
  onClose: () => void
}

/**
 * Edits an expense or income in the local database (works offline, syncs later). Amount,
 * category (or source) and date are required, with the add screens' limits and messages.
 */
export function EditTransactionDialog({ tx, customCategories, onClose }: Props) {
  const toast = useToast()
  const isExpense = tx.type === 'expense'
  const [amount, setAmount] = useState(() => amountText(tx.amount))
  const [category, setCategory] = useState(tx.category)
  const [description, setDescription] = useState(tx.description)
  const [day, setDay] = useState(() => toDayString(tx.date))
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const options = categoryOptions(tx.type, 'edit', customCategories, tx.category)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const paise = amount.trim() === '' ? null : toPaise(amount)
    const amountError = amountProblem(tx.type, paise)
    if (amountError || paise === null)
      return setError({ field: 'amount', message: amountError ?? TRANSACTION_MESSAGES.amountInvalid })
    if (!category.trim())
      return setError({
        field: 'category',
        message: isExpense ? TRANSACTION_MESSAGES.categoryRequired : TRANSACTION_MESSAGES.sourceRequired,
      })
    const date = day ? dayAtTimeOf(day, tx.date) : NaN
    const dateError = dateProblem(date)
    if (dateError) return setError({ field: 'date', message: dateError })
    setError(null)
    setSaving(true)
    try {
      await updateTransaction(tx.id, { amount: paise, category, description: description.trim(), date })
      toast.show(isExpense ? '✅ Expense updated' : '✅ Income updated')
      onClose()
    } catch (e) {
      console.error(e)
      toast.show('Failed to update transaction', 'error')
      setSaving(false)
    }
  }

  const clear = (field: FieldName) => setError((e) => (e?.field === field ? null : e))
  const message = (field: FieldName) => (error?.field === field ? error.message : null)

  return (
    <Modal open title={isExpense ? 'Edit Expense' : 'Edit Income'} onClose={onClose}>
      <form className="tx-edit" onSubmit={(e) => void onSubmit(e)} noValidate>
        <AmountField
          label="Amount"
          name="amount"
          placeholder={undefined}
          value={amount}
          error={message('amount')}
          onChange={(e) => {
            setAmount(e.target.value)
            clear('amount')
          }}
          className="field__control tx-edit__amount"
          required
        />
        <ChoiceField
          label={isExpense ? 'Category' : 'Source'}
          name="category"
          choices={options}
          placeholder={{ text: isExpense ? 'Select a category' : 'Select a source' }}
          value={category}
          error={message('category')}
          onChange={(e) => {
            setCategory(e.target.value)
            clear('category')
          }}
          required
        />
        <TextAreaField
          label="Description"
          name="description"
          maxLength={500}
          rows={2}
          placeholder="Optional note"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <TextField
          label="Date"
          type="date"
          name="date"
          value={day}
          error={message('date')}
          onChange={(e) => {
            setDay(e.target.value)
            clear('date')
          }}
          required
        />
        <ModalFormActions onCancel={onClose} submitLabel="Save Changes" saving={saving} />
      </form>
    </Modal>
  )
}
