import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import {
  barColour,
  budgetLimit,
  budgetsSpan,
  budgetStatus,
  budgetWindow,
  countInBudget,
} from '../../../schema/calc/budget-status'
import { categoryEmoji } from '../../../schema/categories'
import { PERIOD_LABELS, type BudgetPeriod } from '../../../schema/entities/budget'
import { entryCurrency } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { useMoney } from '../../data/use-money'
import { useNow } from '../../lib/use-now'
import { Amount, EntryAmount } from '../../components/ui/amount'
import { BudgetMeter } from '../../components/budget/budget-meter'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { useToast } from '../../components/ui/toast'
import type { BudgetDoc } from '../../data/budgets'
import { throwIfUnread, useBudgets, useInHome, useProfile } from '../../data/hooks'
import { createBudget, deleteBudget, updateBudget, type BudgetFields } from '../../data/budgets'
import { useExpensesBetween } from '../../data/planning-hooks'
import { addCustomCategory } from '../../data/profile'
import type { TransactionDoc } from '../../data/transactions'
import { BudgetFormModal } from './budget-form'
import './budgets.css'

const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })

/** What 'spent' covers for a period: 'this month', 'since 3 Jan 2027'. */
function windowText(period: BudgetPeriod, createdAt: number, now: number): string {
  switch (period) {
    case 'daily':
      return 'today'
    case 'weekly':
      return 'this week'
    case 'monthly':
      return 'this month'
    case 'yearly':
      return 'this year'
    case 'one-time':
      return `since ${dayMonth.format(budgetWindow(period, now, createdAt).start)}`
  }
}

/** The meter and what is left; with a limit not converted (`status` null), why nothing is compared. */
function BudgetProgress(props: {
  budget: BudgetDoc
  status: ReturnType<typeof budgetStatus> | null
  colour: ReturnType<typeof barColour>
  masked: boolean
}) {
  const { budget, status, colour, masked } = props
  const money = useMoney()
  if (!status)
    return (
      <p className="not-converted" role="note" data-testid="budget-not-converted">
        This budget's limit is in {entryCurrency(budget, money)} with no rate to {money.currency}, so it is not compared
        with your spending: edit the budget to add a rate.
      </p>
    )
  const over = status.overBy > 0
  return (
    <>
      <BudgetMeter category={budget.category} percent={status.percent} colour={colour} />
      <p className={over ? 'budget-card__over' : 'budget-card__left'} data-testid="budget-remaining">
        {over ? 'Over by ' : null}
        <Amount value={over ? status.overBy : status.remaining} masked={masked} />
        {over ? null : ' remaining'}
      </p>
    </>
  )
}

function BudgetCard({
  budget,
  expenses,
  notConverted,
  now,
  masked,
  onEdit,
  onDelete,
}: {
  budget: BudgetDoc
  /** In the home currency. */
  expenses: readonly TransactionDoc[]
  /** Expenses in another currency with no rate: left out, and said so. */
  notConverted: readonly TransactionDoc[]
  now: number
  /** Hide Balance: the figures are dots. */
  masked: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const money = useMoney()
  const home = { currency: money.currency, legacyCurrency: money.legacyCurrency }
  const limit = budgetLimit(budget, home)
  // A limit with no rate to the home currency compares with nothing: spending shows, no percentage.
  const status = budgetStatus({ ...budget, amount: limit ?? 0 }, expenses, now)
  const colour = limit === null ? 'green' : barColour(status.spent, status.limit)
  // Without a currency of its own the limit is in the one it was made in (the legacy one after a change).
  const limitEntry = { ...budget, currency: entryCurrency(budget, home) }
  return (
    <Card
      variant="elevated"
      className="budget-card"
      data-testid="budget-card"
      data-colour={colour}
      role="group"
      aria-label={`${budget.category} ${PERIOD_LABELS[budget.period].toLowerCase()} budget`}
    >
      <div className="budget-card__top">
        <span className="emoji-tile" aria-hidden="true">
          {categoryEmoji(budget.category, 'expense')}
        </span>
        <span className="budget-card__title">
          <span className="budget-card__category">{budget.category}</span>
          <span className="budget-card__period">{PERIOD_LABELS[budget.period]}</span>
        </span>
        <span className="budget-card__actions">
          <button
            type="button"
            className="icon-btn"
            aria-label={`Edit ${budget.category} budget`}
            title="Edit"
            onClick={onEdit}
          >
            <Pencil size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-btn budget-card__delete"
            aria-label={`Delete ${budget.category} budget`}
            title="Delete"
            onClick={onDelete}
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </span>
      </div>
      <div className="budget-card__figures">
        <span>
          <Amount value={status.spent} masked={masked} className="budget-card__spent" data-testid="budget-spent" />{' '}
          <span className="budget-card__of">
            of <EntryAmount entry={limitEntry} masked={masked} data-testid="budget-limit" /> spent{' '}
            {windowText(budget.period, budget.createdAt, now)}
          </span>
        </span>
        {limit === null ? null : (
          <span className={`budget-card__percent budget-card__percent--${colour}`} data-testid="budget-percent">
            {status.percent}% used
          </span>
        )}
      </div>
      <BudgetProgress budget={budget} status={limit === null ? null : status} colour={colour} masked={masked} />
      <NotConvertedNote count={countInBudget(budget, notConverted, now)} where="this budget" />
    </Card>
  )
}

function BudgetsEmpty({ onCreate }: { onCreate: () => void }) {
  return (
    <Card variant="elevated" padding="lg" className="budgets__empty" data-testid="budgets-empty">
      <p className="budgets__empty-emoji" aria-hidden="true">
        🎯
      </p>
      <h2>No budgets yet</h2>
      <p>Set a limit for a category — food, travel, bills — and see how much is left as you spend.</p>
      <Button icon={<Plus size={18} />} onClick={onCreate}>
        Create your first budget
      </Button>
    </Card>
  )
}

/** The limit as typed: in the budget's own currency (the one it was made in when it names none). */
function limitText(budget: BudgetDoc, money: ReturnType<typeof useMoney>): string {
  const code = entryCurrency(budget, money)
  if (code === money.currency) return money.format(budget.amount)
  return formatMoney(budget.amount, code, { exact: true })
}

/** Delete with a confirmation that names the budget; nothing changes until it is confirmed. */
function DeleteBudgetDialog({ budget, onClose }: { budget: BudgetDoc | null; onClose: () => void }) {
  const toast = useToast()
  const money = useMoney()
  const [busy, setBusy] = useState(false)
  const confirmDelete = async () => {
    if (!budget) return
    setBusy(true)
    try {
      await deleteBudget(budget.id)
      toast.show('🗑️ Budget deleted')
      onClose()
    } catch (e) {
      console.error(e)
      toast.show('❌ Could not delete the budget. Please try again.', 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <ConfirmDialog
      open={budget !== null}
      title="Are you sure you want to delete this budget?"
      description={
        budget ? `${budget.category} · ${PERIOD_LABELS[budget.period]} · ${limitText(budget, money)}` : undefined
      }
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => void confirmDelete()}
      onCancel={onClose}
    />
  )
}

/** Budgets & Goals (spec part 1 §2): every budget with its current period's spending; create, edit and delete. */
export default function BudgetsScreen() {
  const toast = useToast()
  const now = useNow()
  const profile = useProfile()
  const budgets = useBudgets()
  const span = useMemo(() => budgetsSpan(budgets.data, now), [budgets.data, now])
  const expenses = useExpensesBetween(span?.start ?? 0, span?.end ?? 0)
  // Budgets are in the home currency: spending counts converted, never a foreign amount 1:1.
  const inHome = useInHome(expenses.data)
  throwIfUnread(budgets, expenses)
  const [form, setForm] = useState<{ editing: BudgetDoc | null } | null>(null)
  const [deleting, setDeleting] = useState<BudgetDoc | null>(null)

  const save = async (fields: BudgetFields, customCategory: string | null) => {
    const editing = form?.editing ?? null
    if (editing) await updateBudget(editing.id, fields)
    else await createBudget(fields)
    if (customCategory) await addCustomCategory(customCategory).catch((e: unknown) => console.warn(e))
    setForm(null)
    toast.show(editing ? '✅ Budget updated' : '✅ Budget created')
  }

  return (
    <div className="budgets">
      <header className="budgets__header">
        <div>
          <h1>Budgets &amp; Goals</h1>
          <p>Limits per category; spending counts in each budget's current period.</p>
        </div>
        <Button icon={<Plus size={18} />} onClick={() => setForm({ editing: null })}>
          Create Budget
        </Button>
      </header>
      {budgets.loading ? null : budgets.data.length === 0 ? (
        <BudgetsEmpty onCreate={() => setForm({ editing: null })} />
      ) : (
        <div className="budgets__list">
          {budgets.data.map((b) => (
            <BudgetCard
              key={b.id}
              budget={b}
              expenses={inHome.entries}
              notConverted={inHome.notConverted}
              now={now}
              masked={profile.data?.hideBalance ?? false}
              onEdit={() => setForm({ editing: b })}
              onDelete={() => setDeleting(b)}
            />
          ))}
        </div>
      )}
      {form ? (
        <BudgetFormModal
          key={form.editing?.id ?? 'new'}
          editing={form.editing}
          budgets={budgets.data}
          customCategories={profile.data?.customCategories ?? []}
          onClose={() => setForm(null)}
          onSubmit={save}
        />
      ) : null}
      <DeleteBudgetDialog budget={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}
