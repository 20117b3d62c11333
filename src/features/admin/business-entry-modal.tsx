import { useState, type FormEvent } from 'react'
import { BUSINESS_EXPENSE_CATEGORIES, BUSINESS_REVENUE_SOURCES } from '../../../schema/calc/pnl'
import { fromDayString, toDayString } from '../../../schema/time'
import { Button } from '../../components/ui/button'
import { AmountField, ChoiceField, TextField } from '../../components/ui/field'
import { Modal } from '../../components/ui/modal'
import { useToast } from '../../components/ui/toast'
import { addBusinessEntry, type BusinessEntryDoc } from '../../data/business'
import { BUSINESS_CURRENCY } from '../../../schema/entities/business'
import { isWholeIn } from '../../../schema/entities/entry-currency'
import { isRate } from '../../../schema/money/currency'
import { TRANSACTION_MESSAGES } from '../../../schema/validation/transaction-input'
import { CurrencyFields, currencyDraft, useCurrencyChoice } from '../../components/transaction/currency-fields'

/** What the amount, currency and rate fields say (currency-fields.tsx's `currencyDraft`). */
interface AmountDraft {
  amount: number | null
  currency: string
  fxRate: number | null
}
import { useRecheck } from '../../lib/use-recheck'

const NOON_MS = 12 * 3_600_000

interface Errors {
  amount?: string
  fxRate?: string
  category?: string
  date?: string
}

/** Add Expense / Add Revenue (spec part 2 §2): amount, category or source, description, date. */
/** The entry's problems by field, with the amount and date read from what was typed. */
function checkEntry(draft: AmountDraft, category: string, date: number, expense: boolean) {
  const errors: Errors = {}
  const paise = draft.amount
  if (paise === null || paise <= 0 || !isWholeIn(paise, draft.currency)) errors.amount = 'Please enter a valid amount'
  if (draft.fxRate !== null && !isRate(draft.fxRate)) errors.fxRate = TRANSACTION_MESSAGES.rateInvalid
  if (!category) errors.category = expense ? 'Please select a category' : 'Please select a source'
  if (Number.isNaN(date)) errors.date = 'Please pick a date'
  return { errors, paise, date }
}

export function BusinessEntryModal({
  kind,
  now,
  onClose,
}: {
  kind: BusinessEntryDoc['kind'] | null
  now: number
  onClose: () => void
}) {
  const toast = useToast()
  // The business books in INR: an entry in another currency carries its rate to INR.
  const choice = useCurrencyChoice(BUSINESS_CURRENCY)
  const [amount, setAmount] = useState('')
  const [category, setCategory] = useState('')
  const [description, setDescription] = useState('')
  const [day, setDay] = useState(() => toDayString(now))
  const expense = kind === 'expense'
  const choices = expense ? BUSINESS_EXPENSE_CATEGORIES : BUSINESS_REVENUE_SOURCES
  const typed = currencyDraft(amount, choice, BUSINESS_CURRENCY)
  const draft: AmountDraft = { amount: typed.amount, currency: choice.currency, fxRate: typed.fxRate ?? null }
  const check = useRecheck(() => checkEntry(draft, category, fromDayString(day), expense))
  const errors = check.result?.errors ?? {}

  const close = () => {
    setAmount('')
    setCategory('')
    setDescription('')
    setDay(toDayString(now))
    // The next entry starts in INR too: a rate left from this one would be saved unseen with it.
    choice.setCurrency(BUSINESS_CURRENCY)
    check.reset()
    onClose()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!kind) return
    const { errors: found, paise, date } = check.submit()
    if (Object.keys(found).length > 0 || paise === null) return
    const { currency, fxRate } = draft
    try {
      await addBusinessEntry({ kind, amount: paise, category, description, date: date + NOON_MS, currency, fxRate })
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
          label={`Amount (${choice.currency})`}
          value={amount}
          error={errors.amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <CurrencyFields choice={choice} home={BUSINESS_CURRENCY} rateError={errors.fxRate ?? null} />
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
