import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { categoryOptions, OTHER_CATEGORY } from '../../../schema/categories'
import { toPaise } from '../../../schema/money/money'
import { toDayString } from '../../../schema/time'
import { amountProblem, dateProblem, TRANSACTION_MESSAGES } from '../../../schema/validation/transaction-input'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { AmountField, ChoiceField, TextAreaField, TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { useProfile } from '../../data/hooks'
import { addCustomCategory } from '../../data/profile'
import { addTransaction, type TransactionDoc } from '../../data/transactions'
import { dayAtCurrentTime } from './day-at-current-time'
import './transactions.css'

/** Spec part 1 §9: after an add, go home 1 s later (the toast stays 3 s). */
const REDIRECT_MS = 1_000

interface Props {
  type: 'expense' | 'income'
  /** A second line for the success toast about what was saved (e.g. a budget alert), or null. */
  followUp?: (saved: TransactionDoc) => Promise<string | null>
}

export function TransactionForm({ type, followUp }: Props) {
  const isExpense = type === 'expense'
  const navigate = useNavigate()
  const toast = useToast()
  const profile = useProfile()
  const [amount, setAmount] = useState('')
  const [category, setCategory] = useState('')
  const [custom, setCustom] = useState('')
  const [day, setDay] = useState(() => toDayString(Date.now()))
  const [description, setDescription] = useState('')
  const [error, setError] = useState<{ field: 'amount' | 'category' | 'custom' | 'date'; message: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const [done, setDone] = useState(false)

  const options = categoryOptions(type, 'add', profile.data?.customCategories ?? [])
  const isOther = category === OTHER_CATEGORY

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving || done) return
    const paise = amount.trim() === '' ? null : toPaise(amount)
    const amountError = amountProblem(type, paise)
    if (amountError) return setError({ field: 'amount', message: amountError })
    if (!category)
      return setError({
        field: 'category',
        message: isExpense ? TRANSACTION_MESSAGES.categoryRequired : TRANSACTION_MESSAGES.sourceRequired,
      })
    if (isExpense && isOther && !custom.trim())
      return setError({ field: 'custom', message: TRANSACTION_MESSAGES.customCategoryRequired })
    const date = dayAtCurrentTime(day)
    const dateError = dateProblem(date)
    if (dateError) return setError({ field: 'date', message: dateError })

    setError(null)
    setSaving(true)
    try {
      const finalCategory = isExpense && isOther ? custom.trim() : category
      const saved = await addTransaction({ type, amount: paise!, category: finalCategory, description, date })
      if (isExpense && isOther) await addCustomCategory(finalCategory).catch((e: unknown) => console.warn(e))
      const note = followUp ? await followUp(saved).catch((e: unknown) => (console.warn(e), null)) : null
      setDone(true)
      const text = isExpense ? '✅ Expense added successfully!' : '✅ Income added successfully!'
      toast.show(note ? `${text}\n${note}` : text, note ? 'info' : 'success')
      setTimeout(() => void navigate('/home'), REDIRECT_MS)
    } catch (e) {
      console.error(e)
      toast.show('❌ Could not save. Please try again.', 'error')
      setSaving(false)
    }
  }

  const message = (field: NonNullable<typeof error>['field']) => (error?.field === field ? error.message : null)

  return (
    <div className="tx-page">
      <PageHeader
        title={isExpense ? 'Add Expense' : 'Add Income'}
        subtitle={`${isExpense ? 'Record money you spent.' : 'Record money you received.'} Works offline.`}
        badge={isExpense ? '💸' : '💰'}
        badgeClassName={`tx-page__badge--${type}`}
      />
      <Card padding="lg" variant="elevated">
        <form className="tx-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <AmountField
            label="Amount"
            name="amount"
            value={amount}
            error={message('amount')}
            onChange={(e) => setAmount(e.target.value)}
            className="field__control tx-form__amount"
            autoFocus
          />
          <ChoiceField
            label={isExpense ? 'Category' : 'Source'}
            name="category"
            choices={options}
            placeholder={{ text: isExpense ? 'Select a category' : 'Select a source', disabled: true }}
            value={category}
            error={message('category')}
            onChange={(e) => setCategory(e.target.value)}
          />
          {isExpense && isOther ? (
            <TextField
              label="Custom Category"
              name="custom-category"
              maxLength={60}
              placeholder="e.g. Pets"
              value={custom}
              error={message('custom')}
              onChange={(e) => setCustom(e.target.value)}
              hint="Saved to your categories for next time."
            />
          ) : null}
          <TextField
            label="Date"
            type="date"
            name="date"
            value={day}
            error={message('date')}
            onChange={(e) => setDay(e.target.value)}
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
          <Button type="submit" size="lg" fullWidth disabled={saving || done}>
            {isExpense ? 'Add Expense' : 'Add Income'}
          </Button>
        </form>
      </Card>
    </div>
  )
}
