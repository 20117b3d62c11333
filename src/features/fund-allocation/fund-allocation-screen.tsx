import { AlertTriangle, CheckCircle2, Pencil, Wallet } from 'lucide-react'
import { useMemo, useState, type FormEvent } from 'react'
import { allocationView, ALLOCATION_TEXTS } from '../../../schema/calc/allocation'
import { budgetsSpan, budgetStatus } from '../../../schema/calc/budget-status'
import { categoryEmoji } from '../../../schema/categories'
import { PERIOD_LABELS } from '../../../schema/entities/budget'
import { formatDecimal, formatMoney, type Paise } from '../../../schema/money/money'
import { parseAllocation, parseIncome } from '../../../schema/validation/plan-input'
import { useUser } from '../../lib/auth-context'
import { Button, ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { AmountField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { PageHeader } from '../../components/ui/page-header'
import { useToast } from '../../components/ui/toast'
import { allocateToBudget, setMonthlyIncome } from '../../data/allocation'
import type { BudgetDoc } from '../../data/budgets'
import { useBudgets, useProfile, useTransactionsBetween } from '../../data/hooks'
import './fund-allocation.css'
import { displayCurrency } from '../../lib/display-currency'

interface AmountDialogProps {
  open: boolean
  title: string
  label: string
  description: string
  initial: Paise
  parse: (text: string) => { ok: true; value: Paise } | { ok: false; error: string }
  onSave: (paise: Paise) => Promise<void>
  onClose: () => void
}

/** One amount, validated before anything is saved: Update Monthly Income and Allocate/Adjust. */
function AmountDialog({ open, title, label, description, initial, parse, onSave, onClose }: AmountDialogProps) {
  const [text, setText] = useState(() => (initial > 0 ? formatDecimal(initial).replace(/\.00$/, '') : ''))
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const parsed = parse(text)
    if (!parsed.ok) return setError(parsed.error)
    setError(null)
    setSaving(true)
    try {
      await onSave(parsed.value)
      onClose()
    } catch (e) {
      console.error(e)
      setError('Could not save. Please try again.')
      setSaving(false)
    }
  }

  return (
    <Modal open={open} title={title} description={description} onClose={onClose}>
      <form className="money-form" onSubmit={(e) => void submit(e)} noValidate>
        <AmountField
          label={label}
          placeholder="0"
          value={text}
          error={error}
          onChange={(e) => setText(e.target.value)}
          autoFocus
        />
        <ModalFormActions onCancel={onClose} submitLabel="Save" saving={saving} />
      </form>
    </Modal>
  )
}

export default function FundAllocationScreen() {
  const user = useUser()
  const toast = useToast()
  const [now] = useState(() => Date.now())
  const profile = useProfile()
  const budgets = useBudgets()
  const currency = displayCurrency(profile.data, user)
  const income = profile.data?.monthlyIncome ?? 0
  const [dialog, setDialog] = useState<{ kind: 'income' } | { kind: 'allocate'; budget: BudgetDoc } | null>(null)

  // One date-indexed query spans every budget's current window.
  const covered = budgetsSpan(budgets.data, now)
  const span = useTransactionsBetween(covered?.start ?? 0, covered?.end ?? 0)

  const lines = useMemo(
    () =>
      budgets.data.map((b) => ({ budget: b, allocated: b.allocated, spent: budgetStatus(b, span.data, now).spent })),
    [budgets.data, span.data, now],
  )
  const view = allocationView(income, lines)
  const money = (paise: Paise) => formatMoney(paise, currency)
  const loading = profile.loading || budgets.loading

  return (
    <div className="money">
      <PageHeader
        title="Your Money"
        subtitle="Give every rupee of your monthly income a job."
        badge={<Wallet size={24} />}
        badgeClassName="money__badge"
      />

      <section className="money-hero" aria-labelledby="income-title">
        <div className="money-hero__head">
          <p className="money-hero__label" id="income-title">
            Monthly income
          </p>
          <button
            type="button"
            className="money-hero__edit"
            onClick={() => setDialog({ kind: 'income' })}
            aria-label="Update Monthly Income"
            title="Update Monthly Income"
          >
            <Pencil size={16} aria-hidden="true" />
            <span>Edit</span>
          </button>
        </div>
        <p className="money-hero__value" data-testid="money-income">
          {money(income)}
        </p>
        <dl className="money-hero__grid">
          <div>
            <dt>Allocated</dt>
            <dd data-testid="money-allocated">
              {money(view.totalAllocated)} <span className="money-hero__percent">({view.allocatedPercent}%)</span>
            </dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd data-testid="money-available" className={view.available < 0 ? 'money-hero__negative' : undefined}>
              {money(view.available)}
            </dd>
          </div>
          <div>
            <dt>Spent</dt>
            <dd data-testid="money-spent">{money(view.totalSpent)}</dd>
          </div>
          <div>
            <dt>Remaining</dt>
            <dd data-testid="money-remaining" className={view.remaining < 0 ? 'money-hero__negative' : undefined}>
              {money(view.remaining)}
            </dd>
          </div>
        </dl>
      </section>

      {view.note === 'over' ? (
        <p className="money-note money-note--over" role="alert" data-testid="money-note">
          <AlertTriangle size={18} aria-hidden="true" />
          <span>
            <strong>{ALLOCATION_TEXTS.over}</strong> Reduce an allocation or update your income. Over by{' '}
            {money(-view.available)}.
          </span>
        </p>
      ) : view.note === 'ok' ? (
        <p className="money-note money-note--ok" role="status" data-testid="money-note">
          <CheckCircle2 size={18} aria-hidden="true" />
          <span>
            {ALLOCATION_TEXTS.ok} {money(view.available)} unallocated.
          </span>
        </p>
      ) : null}

      <Card padding="none" variant="elevated" className="money-card" role="region" aria-labelledby="allocations-title">
        <h2 className="money-card__title" id="allocations-title">
          Budgets
        </h2>
        {loading ? null : lines.length === 0 ? (
          <div className="money-card__empty">
            <p>No budgets yet. Create a budget, then set aside part of your income for it here.</p>
            <ButtonLink to="/budgets" variant="secondary" size="sm">
              Create a budget
            </ButtonLink>
          </div>
        ) : (
          <ul className="allocation-list">
            {lines.map(({ budget, allocated, spent }) => {
              const left = allocated - spent
              return (
                <li key={budget.id} className="allocation" data-testid="allocation-row">
                  <span className="allocation__emoji" aria-hidden="true">
                    {categoryEmoji(budget.category, 'expense')}
                  </span>
                  <div className="allocation__body">
                    <p className="allocation__name">{budget.category}</p>
                    <p className="allocation__meta">
                      {PERIOD_LABELS[budget.period]} · limit {money(budget.amount)}
                    </p>
                    <p className="allocation__figures">
                      <span data-testid="allocation-allocated">Allocated {money(allocated)}</span>
                      <span data-testid="allocation-spent">Spent {money(spent)}</span>
                      {allocated > 0 ? (
                        <span className={left < 0 ? 'allocation__over' : undefined}>
                          {left < 0 ? `Over by ${money(-left)}` : `${money(left)} left`}
                        </span>
                      ) : null}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant={allocated === 0 ? 'primary' : 'outline'}
                    onClick={() => setDialog({ kind: 'allocate', budget })}
                    aria-label={`${allocated === 0 ? 'Allocate' : 'Adjust'} ${budget.category}`}
                  >
                    {allocated === 0 ? 'Allocate' : 'Adjust'}
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </Card>

      {dialog?.kind === 'income' ? (
        <AmountDialog
          open
          title="Update Monthly Income"
          label="Monthly income"
          description="Your take-home income for a month. Allocations are measured against it."
          initial={income}
          parse={parseIncome}
          onSave={async (paise) => {
            await setMonthlyIncome(paise)
            toast.show(`Monthly income updated to ${money(paise)}`)
          }}
          onClose={() => setDialog(null)}
        />
      ) : dialog?.kind === 'allocate' ? (
        <AmountDialog
          open
          title={`${dialog.budget.allocated === 0 ? 'Allocate to' : 'Adjust'} ${dialog.budget.category}`}
          label="Amount to allocate"
          description={`Available now: ${money(view.available + dialog.budget.allocated)} (including what this budget already has).`}
          initial={dialog.budget.allocated}
          parse={parseAllocation}
          onSave={async (paise) => {
            await allocateToBudget(dialog.budget.id, paise)
            toast.show(`${money(paise)} allocated to ${dialog.budget.category}`)
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  )
}
