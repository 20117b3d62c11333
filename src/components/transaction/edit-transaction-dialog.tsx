import { useState, type FormEvent } from 'react'
import { categoryOptions } from '../../../schema/categories'
import { amountText as ownAmountText, entryCurrency } from '../../../schema/money/currency'
import { formatDecimal } from '../../../schema/money/money'
import { fromDayString, toDayString } from '../../../schema/time'
import { checkTransaction, withRateHome, type TransactionField } from '../../../schema/validation/transaction-input'
import { updateTransaction, type TransactionDoc } from '../../data/transactions'
import { ReceiptField } from '../receipt/receipt-field'
import { useReceiptChange } from '../receipt/use-receipt-change'
import { useRecheck } from '../../lib/use-recheck'
import { useMoneyFormat } from '../../lib/money-format'
import { CurrencyFields, currencyDraft, useCurrencyChoice } from './currency-fields'
import { NoteField } from './note-field'
import { AmountField, ChoiceField, TextField } from '../ui/field'
import { Modal, ModalFormActions } from '../ui/modal'
import { useToast } from '../ui/toast'
import './transaction.css'

type FieldName = TransactionField

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

interface EditValues {
  amount: string
  category: string
  description: string
  day: string
}

/**
 * Edits an expense or income in the local database (works offline, syncs later). Amount,
 * category (or source) and date are required, with the add screens' limits and messages.
 */
export function EditTransactionDialog({ tx, customCategories, onClose }: Props) {
  const toast = useToast()
  const isExpense = tx.type === 'expense'
  const money = useMoneyFormat()
  const home = money.currency
  const own = entryCurrency(tx, money)
  // A rate given toward another home currency does not apply to this one: the field starts empty.
  const choice = useCurrencyChoice(home, { currency: own, rate: tx.fxHome === home ? (tx.fxRate ?? null) : null })
  const [values, setValues] = useState<EditValues>(() => ({
    amount: own === home ? amountText(tx.amount) : ownAmountText(tx.amount, own),
    category: tx.category,
    description: tx.description,
    day: toDayString(tx.date),
  }))
  const [saving, setSaving] = useState(false)
  const photo = useReceiptChange(tx.receipt ?? null, 'transactions', tx.id)
  const check = useRecheck(() =>
    checkTransaction({
      type: tx.type,
      ...currencyDraft(values.amount, choice, home),
      category: values.category,
      date: values.day ? dayAtTimeOf(values.day, tx.date) : NaN,
      description: values.description,
    }),
  )

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const checked = check.submit()
    if (!checked.ok) return
    setSaving(true)
    try {
      const { amount, category, description, date, currency, fxRate, fxHome } = withRateHome(checked.value, home)
      const money = { currency, fxRate: fxRate ?? null, ...(fxHome ? { fxHome } : {}) }
      await updateTransaction(tx.id, { amount, category, description, date, ...money, ...photo.changes })
      await photo.saved()
      toast.show(isExpense ? '✅ Expense updated' : '✅ Income updated')
      onClose()
    } catch (e) {
      console.error(e)
      toast.show('Failed to update transaction', 'error')
      setSaving(false)
    }
  }

  // Closing without saving: a photo picked here is not kept.
  const cancel = () => {
    photo.cancel()
    onClose()
  }
  const change = (key: keyof EditValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }))
  const result = check.result

  return (
    <Modal open title={isExpense ? 'Edit Expense' : 'Edit Income'} onClose={cancel}>
      <form className="tx-edit" onSubmit={(e) => void onSubmit(e)} noValidate>
        <EditFields
          type={tx.type}
          options={categoryOptions(tx.type, 'edit', customCategories, tx.category)}
          values={values}
          message={(field) => (result && !result.ok && result.field === field ? result.error : null)}
          change={change}
        />
        <CurrencyFields
          choice={choice}
          home={home}
          rateError={result && !result.ok && result.field === 'fxRate' ? result.error : null}
        />
        {isExpense ? <ReceiptField value={photo.receipt} onChange={photo.set} /> : null}
        <ModalFormActions onCancel={cancel} submitLabel="Save Changes" saving={saving} />
      </form>
    </Modal>
  )
}

interface EditFieldsProps {
  type: TransactionDoc['type']
  options: string[]
  values: EditValues
  message: (field: FieldName) => string | null
  change: (key: keyof EditValues) => (value: string) => void
}

function EditFields({ type, options, values, message, change }: EditFieldsProps) {
  const isExpense = type === 'expense'
  return (
    <>
      <AmountField
        label="Amount"
        name="amount"
        placeholder={undefined}
        value={values.amount}
        error={message('amount')}
        onChange={(e) => change('amount')(e.target.value)}
        className="field__control tx-edit__amount"
        required
      />
      <ChoiceField
        label={isExpense ? 'Category' : 'Source'}
        name="category"
        choices={options}
        placeholder={{ text: isExpense ? 'Select a category' : 'Select a source' }}
        value={values.category}
        error={message('category')}
        onChange={(e) => change('category')(e.target.value)}
        required
      />
      <NoteField value={values.description} onChange={change('description')} />
      <TextField
        label="Date"
        type="date"
        name="date"
        value={values.day}
        error={message('date')}
        onChange={(e) => change('day')(e.target.value)}
        required
      />
    </>
  )
}
