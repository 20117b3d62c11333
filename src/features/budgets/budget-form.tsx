import { useState, type FormEvent } from 'react'
import { BUDGET_PERIODS, PERIOD_LABELS, type BudgetPeriod } from '../../../schema/entities/budget'
import { MAX_INCOME_PAISE } from '../../../schema/entities/transaction'
import { categoryOptions, OTHER_CATEGORY } from '../../../schema/categories'
import { amountText, entryCurrency } from '../../../schema/money/currency'
import { formatDecimal } from '../../../schema/money/money'
import { TRANSACTION_MESSAGES } from '../../../schema/validation/transaction-input'
import { CurrencyFields, currencyDraft, useCurrencyChoice } from '../../components/transaction/currency-fields'
import { AmountField, ChoiceField, CustomCategoryField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import type { BudgetDoc, BudgetFields } from '../../data/budgets'
import { useMoneyFormat } from '../../lib/money-format'
import { useRecheck } from '../../lib/use-recheck'

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

type Field = 'category' | 'custom' | 'amount' | 'period' | 'fxRate'

interface Props {
  /** The budget being edited, or null to create one. */
  editing: BudgetDoc | null
  budgets: readonly BudgetDoc[]
  customCategories: readonly string[]
  onClose: () => void
  onSubmit: (fields: BudgetFields, customCategory: string | null) => Promise<void>
}

type Checked =
  { ok: true; category: string; paise: number; fxRate: number | null } | { ok: false; field: Field; message: string }

/** What the form read: the amount in stored units of its currency (null: unreadable), the rate (NaN: unreadable). */
type Money = { amount: string; paise: number | null; fxRate: number | null | undefined }

/** The form's rules in the order the user meets them; another budget may not share category and period. */
function checkBudget(
  input: { category: string; custom: string; money: Money; period: BudgetPeriod },
  budgets: readonly BudgetDoc[],
  editingId: string | undefined,
): Checked {
  const fail = (field: Field, message: string): Checked => ({ ok: false, field, message })
  const { category, custom, money, period } = input
  if (!category) return fail('category', BUDGET_MESSAGES.categoryRequired)
  const finalCategory = category === OTHER_CATEGORY ? custom.trim() : category
  if (!finalCategory) return fail('custom', BUDGET_MESSAGES.customRequired)
  if (money.amount.trim() === '') return fail('amount', BUDGET_MESSAGES.amountRequired)
  const paise = money.paise
  if (paise === null) return fail('amount', BUDGET_MESSAGES.amountInvalid)
  if (paise <= 0) return fail('amount', BUDGET_MESSAGES.amountPositive)
  if (paise > MAX_INCOME_PAISE) return fail('amount', BUDGET_MESSAGES.amountTooLarge)
  const fxRate = money.fxRate ?? null
  if (fxRate !== null && Number.isNaN(fxRate)) return fail('fxRate', TRANSACTION_MESSAGES.rateInvalid)
  const duplicate = budgets.find(
    (b) => b.id !== editingId && b.period === period && b.category.toLowerCase() === finalCategory.toLowerCase(),
  )
  if (duplicate)
    return fail(
      'period',
      `⚠️ You already have a ${PERIOD_LABELS[period].toLowerCase()} budget for ${duplicate.category}!`,
    )
  return { ok: true, category: finalCategory, paise, fxRate }
}

/** A limit as the amount field shows it: in its currency's own digits ("500" yen). */
function limitText(amount: number, currency: string, home: string): string {
  return currency === home ? formatDecimal(amount) : amountText(amount, currency)
}

/** The Create/Edit Budget modal: category and amount required, period monthly unless chosen. */
export function BudgetFormModal({ editing, budgets, customCategories, onClose, onSubmit }: Props) {
  const options = categoryOptions('expense', 'add', customCategories, editing?.category)
  const [category, setCategory] = useState(editing?.category ?? '')
  const [custom, setCustom] = useState('')
  const format = useMoneyFormat()
  const home = format.currency
  // A budget naming no currency is in the one it was made in (the legacy one after a change).
  const own = editing ? entryCurrency(editing, format) : home
  // A rate given toward another home currency does not apply to this one: the field starts empty.
  const choice = useCurrencyChoice(
    home,
    editing ? { currency: own, rate: editing.fxHome === home ? (editing.fxRate ?? null) : null } : undefined,
  )
  const [amount, setAmount] = useState(() => (editing ? limitText(editing.amount, own, home) : ''))
  const [period, setPeriod] = useState<BudgetPeriod>(editing?.period ?? 'monthly')
  const [failed, setFailed] = useState(false)
  const [saving, setSaving] = useState(false)
  const isOther = category === OTHER_CATEGORY
  const draft = currencyDraft(amount, choice, home)
  const money: Money = { amount, paise: draft.amount ?? null, fxRate: draft.fxRate }
  const check = useRecheck(() => checkBudget({ category, custom, money, period }, budgets, editing?.id))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const checked = check.submit()
    if (!checked.ok) return
    setFailed(false)
    setSaving(true)
    try {
      const { currency } = choice
      const fields = { category: checked.category, amount: checked.paise, period, currency, fxRate: checked.fxRate }
      await onSubmit({ ...fields, fxHome: home }, isOther ? checked.category : null)
    } catch (e) {
      console.error(e)
      setSaving(false)
      setFailed(true)
    }
  }

  const message = (field: Field) => {
    const result = check.result
    if (result && !result.ok) return result.field === field ? result.message : null
    return field === 'amount' && failed ? BUDGET_MESSAGES.saveFailed : null
  }

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
        {isOther ? <CustomCategoryField value={custom} error={message('custom')} onValue={setCustom} /> : null}
        <AmountField
          label="Amount"
          name="amount"
          value={amount}
          error={message('amount')}
          onChange={(e) => setAmount(e.target.value)}
        />
        <CurrencyFields choice={choice} home={home} rateError={message('fxRate')} />
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
