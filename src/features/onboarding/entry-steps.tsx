import { useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/button'
import { AmountField, ChoiceField, TextField } from '../../components/ui/field'
import { PERIOD_LABELS } from '../../../schema/entities/budget'
import { MAX_EXPENSE_PAISE } from '../../../schema/entities/transaction'
import { toPaise } from '../../../schema/money/money'
import {
  ONBOARDING_BUDGET_PERIODS,
  ONBOARDING_EXPENSE_CATEGORIES,
  ONBOARDING_MESSAGES,
} from '../../../schema/onboarding'
import { toDayString } from '../../../schema/time'
import { useNow } from '../../lib/use-now'
import { StepFrame, StepSuccess } from './step-frame'
import type { Onboarding } from './use-onboarding'
import { useRecheck } from '../../lib/use-recheck'

const saves = () => import('../../data/onboarding-save')

/** Spec part 1 §9: success screens show for 2 s. */
export const SUCCESS_MS = 2000

/** A whole amount of at least 1 (spec §5 'min 1'), as paise; null otherwise. */
function atLeastOne(text: string): number | null {
  const paise = toPaise(text)
  return paise !== null && paise >= 100 ? paise : null
}

function useLater() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (fn: () => void, ms: number) => {
    timer.current = setTimeout(fn, ms)
  }
}

/** Step 7: the first expense, saved as a real transaction (offline too). */
export function FirstExpenseStep({ onboarding }: { onboarding: Onboarding }) {
  const today = toDayString(useNow())
  const [form, setForm] = useState(
    onboarding.data.firstExpense ?? { amount: '', category: '', date: today, description: '' },
  )
  const [failed, setFailed] = useState<string | null>(null)
  const [state, setState] = useState<'form' | 'saving' | 'done'>('form')
  const later = useLater()
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }))
  const check = useRecheck(() => {
    const amount = atLeastOne(form.amount)
    if (amount === null || !form.category) return { problem: ONBOARDING_MESSAGES.expenseRequired, amount }
    if (amount > MAX_EXPENSE_PAISE)
      return { problem: '⚠️ Amount seems too large. Maximum allowed is 10,000,000. Please check for typos.', amount }
    return { problem: null, amount }
  })

  const save = async () => {
    const { problem, amount } = check.submit()
    if (problem !== null || amount === null) return
    setFailed(null)
    setState('saving')
    try {
      const [y, m, d] = (form.date || today).split('-').map(Number)
      const now = new Date()
      const date = new Date(y!, m! - 1, d, now.getHours(), now.getMinutes(), now.getSeconds()).getTime()
      await (await saves()).saveFirstExpense({ amount, category: form.category, date, description: form.description })
      onboarding.update({ firstExpense: form })
      setState('done')
      later(onboarding.next, SUCCESS_MS)
    } catch (e) {
      console.error(e)
      setFailed('Could not save the expense. Please try again.')
      setState('form')
    }
  }

  if (state === 'done') return <StepSuccess title="Expense added!" text="It is on your home screen now." />
  return (
    <StepFrame
      title="Add your first expense"
      lead="Something you spent today, big or small."
      error={check.result?.problem ?? failed}
      onSubmit={() => void save()}
      submitLabel={state === 'saving' ? 'Saving...' : 'Add Expense'}
      submitting={state === 'saving'}
      secondary={
        <Button variant="ghost" onClick={onboarding.next}>
          Skip for now
        </Button>
      }
    >
      <AmountField label="Amount" min="1" value={form.amount} onChange={(e) => set({ amount: e.target.value })} />
      <ChoiceField
        label="Category"
        choices={ONBOARDING_EXPENSE_CATEGORIES}
        placeholder={{ text: 'Choose a category' }}
        value={form.category}
        onChange={(e) => set({ category: e.target.value })}
      />
      <TextField
        label="Date"
        type="date"
        value={form.date}
        max={today}
        onChange={(e) => set({ date: e.target.value })}
      />
      <TextField
        label="Description (optional)"
        maxLength={500}
        value={form.description}
        onChange={(e) => set({ description: e.target.value })}
      />
    </StepFrame>
  )
}

/** Step 8: the first budget; then home (after the Done screen when one was made, at once when skipped). */
export function BudgetStep({ onboarding, onFinish }: { onboarding: Onboarding; onFinish: () => void }) {
  const [form, setForm] = useState(
    onboarding.data.firstBudget ?? { category: '', limit: '', period: 'monthly' as const },
  )
  const [failed, setFailed] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }))
  const check = useRecheck(() => {
    const amount = atLeastOne(form.limit)
    return { problem: amount === null || !form.category ? ONBOARDING_MESSAGES.budgetRequired : null, amount }
  })

  const save = async () => {
    const { problem, amount } = check.submit()
    if (problem !== null || amount === null) return
    setFailed(null)
    setSaving(true)
    try {
      await (await saves()).saveFirstBudget({ category: form.category, amount, period: form.period })
      onboarding.update({ firstBudget: form })
      onboarding.next()
    } catch (e) {
      console.error(e)
      setFailed('Could not save the budget. Please try again.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <StepFrame
      title="Set your first budget"
      lead="A limit for one category. You'll see how much is left as you spend."
      error={check.result?.problem ?? failed}
      onSubmit={() => void save()}
      submitLabel={saving ? 'Saving...' : 'Create Budget'}
      submitting={saving}
      secondary={
        <Button variant="ghost" onClick={onFinish}>
          Skip for now
        </Button>
      }
    >
      <ChoiceField
        label="Category"
        choices={ONBOARDING_EXPENSE_CATEGORIES}
        placeholder={{ text: 'Choose a category' }}
        value={form.category}
        onChange={(e) => set({ category: e.target.value })}
      />
      <AmountField label="Limit" min="1" value={form.limit} onChange={(e) => set({ limit: e.target.value })} />
      <ChoiceField
        label="Period"
        choices={ONBOARDING_BUDGET_PERIODS}
        labelOf={(p) => PERIOD_LABELS[p]}
        value={form.period}
        onChange={(e) => set({ period: e.target.value as (typeof ONBOARDING_BUDGET_PERIODS)[number] })}
      />
    </StepFrame>
  )
}

/** Step 9: done; home follows after 2 s (or at once with the button). */
export function DoneStep({ onFinish }: { onFinish: () => void }) {
  const later = useLater()
  useEffect(() => later(onFinish, SUCCESS_MS), []) // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="onb-step onb-success" role="status">
      <div className="onb-success__mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="onb-step__title">You're all set!</h1>
      <p className="onb-step__lead">Your budget is ready. Taking you to your home screen…</p>
      <Button size="lg" fullWidth onClick={onFinish}>
        Go to Home
      </Button>
    </div>
  )
}
