import { useState, type FormEvent } from 'react'
import { BUDGET_PERIODS, PERIOD_LABELS, type BudgetPeriod } from '../../../schema/entities/budget'
import { MAX_INCOME_PAISE } from '../../../schema/entities/transaction'
import { categoryOptions, OTHER_CATEGORY } from '../../../schema/categories'
import { formatDecimal, toPaise } from '../../../schema/money/money'
import { AmountField, ChoiceField, TextField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import type { BudgetDoc, BudgetFields } from '../../data/budgets'

/** In the add screens' voice (⚠️ … !), so a form's problem reads the same everywhere. */
export const BUDGET_MESSAGES = {
  categoryRequired: '⚠️ Please choose a category!',
  customRequired: '⚠️ Please enter a category name!',
  amountRequired: '⚠️ Please enter a budget amount!',
  amountInvalid: '⚠️ Please enter a valid amount!',
  amountPositive: '⚠️ Amount must be greater than zero!',
  amountTooLarge: '⚠️ Amount seems too large. Maximum allowed is 100,000,000. Please check for typos.',
  saveFailed: '❌ Could not save the budget. Please try again.',
} as const

type Field = 'category' | 'custom' | 'amount' | 'period'

interface Props {
  /** The budget being edited, or null to create one. */
  editing: BudgetDoc | null
  budgets: readonly BudgetDoc[]
  customCategories: readonly string[]
  onClose: () => void
  onSubmit: (fields: BudgetFields, customCategory: string | null) => Promise<void>
}

/** The Create/Edit Budget modal: category and amount required, period monthly unless chosen. */
export function BudgetFormModal({ editing, budgets, customCategories, onClose, onSubmit }: Props) {
  const options = categoryOptions('expense', 'add', customCategories, editing?.category)
  const [category, setCategory] = useState(editing?.category ?? '')
  const [custom, setCustom] = useState('')
  const [amount, setAmount] = useState(editing ? formatDecimal(editing.amount) : '')
  const [period, setPeriod] = useState<BudgetPeriod>(editing?.period ?? 'monthly')
  const [error, setError] = useState<{ field: Field; message: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const isOther = category === OTHER_CATEGORY

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    if (!category) return setError({ field: 'category', message: BUDGET_MESSAGES.categoryRequired })
    const finalCategory = isOther ? custom.trim() : category
    if (!finalCategory) return setError({ field: 'custom', message: BUDGET_MESSAGES.customRequired })
    if (amount.trim() === '') return setError({ field: 'amount', message: BUDGET_MESSAGES.amountRequired })
    const paise = toPaise(amount)
    if (paise === null) return setError({ field: 'amount', message: BUDGET_MESSAGES.amountInvalid })
    if (paise <= 0) return setError({ field: 'amount', message: BUDGET_MESSAGES.amountPositive })
    if (paise > MAX_INCOME_PAISE) return setError({ field: 'amount', message: BUDGET_MESSAGES.amountTooLarge })
    const duplicate = budgets.find(
      (b) => b.id !== editing?.id && b.period === period && b.category.toLowerCase() === finalCategory.toLowerCase(),
    )
    if (duplicate)
      return setError({
        field: 'period',
        message: `⚠️ You already have a ${PERIOD_LABELS[period].toLowerCase()} budget for ${duplicate.category}!`,
      })
    setError(null)
    setSaving(true)
    try {
      await onSubmit({ category: finalCategory, amount: paise, period }, isOther ? finalCategory : null)
    } catch (e) {
      console.error(e)
      setSaving(false)
      setError({ field: 'amount', message: BUDGET_MESSAGES.saveFailed })
    }
  }

  const message = (field: Field) => (error?.field === field ? error.message : null)

  return (
    <Modal open title={editing ? 'Edit Budget' : 'Create Budget'} onClose={onClose}>
      <form className="budget-form" onSubmit={(e) => void submit(e)} noValidate>
        <ChoiceField
          label="Category"
          name="category"
          choices={options}
          placeholder={{ text: 'Select a category', disabled: true }}
          value={category}
          error={message('category')}
          onChange={(e) => setCategory(e.target.value)}
        />
        {isOther ? (
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
        <AmountField
          label="Amount"
          name="amount"
          value={amount}
          error={message('amount')}
          onChange={(e) => setAmount(e.target.value)}
        />
        <ChoiceField
          label="Period"
          name="period"
          choices={BUDGET_PERIODS}
          labelOf={(p) => PERIOD_LABELS[p]}
          value={period}
          error={message('period')}
          onChange={(e) => setPeriod(e.target.value as BudgetPeriod)}
        />
        <ModalFormActions onCancel={onClose} submitLabel={editing ? 'Save Changes' : 'Create Budget'} saving={saving} />
      </form>
    </Modal>
  )
}
