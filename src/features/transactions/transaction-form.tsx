import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { categoryOptions, OTHER_CATEGORY } from '../../../schema/categories'
import type { TransactionType } from '../../../schema/entities/transaction'
import { toPaise } from '../../../schema/money/money'
import { toDayString } from '../../../schema/time'
import {
  checkTransaction,
  type TransactionField,
  type ValidTransaction,
} from '../../../schema/validation/transaction-input'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { AmountField, ChoiceField, CustomCategoryField, TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { useProfile } from '../../data/hooks'
import { NoteField } from '../../components/transaction/note-field'
import { addCustomCategory } from '../../data/profile'
import { addTransaction, type TransactionDoc } from '../../data/transactions'
import { useRecheck } from '../../lib/use-recheck'
import { dayAtCurrentTime } from './day-at-current-time'
import './transactions.css'

/** Spec part 1 §9: after an add, go home 1 s later (the toast stays 3 s). */
const REDIRECT_MS = 1_000

/** A second line for the success toast about what was saved (e.g. a budget alert), or null. */
type FollowUp = (saved: TransactionDoc) => Promise<string | null>

interface Props {
  type: TransactionType
  followUp?: FollowUp
}

export function TransactionForm({ type, followUp }: Props) {
  const isExpense = type === 'expense'
  const profile = useProfile()
  const [amount, setAmount] = useState('')
  const [category, setCategory] = useState('')
  const [custom, setCustom] = useState('')
  const [day, setDay] = useState(() => toDayString(Date.now()))
  const [description, setDescription] = useState('')
  const saver = useSaveTransaction(type, followUp)
  const isCustom = isExpense && category === OTHER_CATEGORY
  const check = useRecheck(() =>
    checkTransaction({
      type,
      amount: amount.trim() === '' ? null : toPaise(amount),
      category,
      ...(isCustom ? { customCategory: custom } : {}),
      date: dayAtCurrentTime(day),
      description,
    }),
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (saver.busy) return
    const checked = check.submit()
    if (checked.ok) void saver.save(checked.value, isCustom)
  }
  const message = (field: TransactionField) =>
    check.result && !check.result.ok && check.result.field === field ? check.result.message : null

  return (
    <div className="tx-page">
      <AddHeader type={type} />
      <Card padding="lg" variant="elevated">
        <form className="tx-form" onSubmit={onSubmit} noValidate>
          <AmountField
            label="Amount"
            name="amount"
            value={amount}
            error={message('amount')}
            onChange={(e) => setAmount(e.target.value)}
            className="field__control tx-form__amount"
            autoFocus
          />
          <CategorySection
            type={type}
            options={categoryOptions(type, 'add', profile.data?.customCategories ?? [])}
            category={category}
            custom={isCustom ? custom : null}
            message={message}
            onCategory={setCategory}
            onCustom={setCustom}
          />
          <DateAndNoteSection
            day={day}
            description={description}
            dateError={message('date')}
            onDay={setDay}
            onDescription={setDescription}
          />
          <Button type="submit" size="lg" fullWidth disabled={saver.busy}>
            {isExpense ? 'Add Expense' : 'Add Income'}
          </Button>
        </form>
      </Card>
    </div>
  )
}

/**
 * Saves a checked entry: the custom category joins the user's list, the toast says what was
 * saved (with the follow-up line), and the screen goes home. `busy` from the first save on.
 */
function useSaveTransaction(type: TransactionType, followUp: FollowUp | undefined) {
  const navigate = useNavigate()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const save = async (value: ValidTransaction, isCustom: boolean) => {
    setBusy(true)
    try {
      const saved = await addTransaction(value)
      if (isCustom) await addCustomCategory(value.category).catch((e: unknown) => console.warn(e))
      const note = followUp ? await followUp(saved).catch((e: unknown) => (console.warn(e), null)) : null
      const text = type === 'expense' ? '✅ Expense added successfully!' : '✅ Income added successfully!'
      toast.show(note ? `${text}\n${note}` : text, note ? 'info' : 'success')
      setTimeout(() => void navigate('/home'), REDIRECT_MS)
    } catch (e) {
      console.error(e)
      toast.show('❌ Could not save. Please try again.', 'error')
      setBusy(false)
    }
  }
  return { busy, save }
}

function AddHeader({ type }: { type: TransactionType }) {
  const isExpense = type === 'expense'
  return (
    <PageHeader
      title={isExpense ? 'Add Expense' : 'Add Income'}
      subtitle={`${isExpense ? 'Record money you spent.' : 'Record money you received.'} Works offline.`}
      badge={isExpense ? '💸' : '💰'}
      badgeClassName={`tx-page__badge--${type}`}
    />
  )
}

interface CategorySectionProps {
  type: TransactionType
  options: string[]
  category: string
  /** The custom name typed beside 'Others', or null when 'Others' is not picked. */
  custom: string | null
  message: (field: TransactionField) => string | null
  onCategory: (value: string) => void
  onCustom: (value: string) => void
}

/** The category (or source) select and, for an expense under 'Others', the custom name. */
function CategorySection({ type, options, category, custom, message, onCategory, onCustom }: CategorySectionProps) {
  const isExpense = type === 'expense'
  return (
    <>
      <ChoiceField
        label={isExpense ? 'Category' : 'Source'}
        name="category"
        choices={options}
        placeholder={{ text: isExpense ? 'Select a category' : 'Select a source', disabled: true }}
        value={category}
        error={message('category')}
        onChange={(e) => onCategory(e.target.value)}
      />
      {custom !== null ? (
        <CustomCategoryField value={custom} error={message('customCategory')} onValue={onCustom} />
      ) : null}
    </>
  )
}

interface DateAndNoteProps {
  day: string
  description: string
  dateError: string | null
  onDay: (value: string) => void
  onDescription: (value: string) => void
}

function DateAndNoteSection({ day, description, dateError, onDay, onDescription }: DateAndNoteProps) {
  return (
    <>
      <TextField
        label="Date"
        type="date"
        name="date"
        value={day}
        error={dateError}
        onChange={(e) => onDay(e.target.value)}
      />
      <NoteField value={description} onChange={onDescription} />
    </>
  )
}
