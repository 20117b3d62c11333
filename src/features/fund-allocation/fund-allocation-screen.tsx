import { AlertTriangle, CheckCircle2, Pencil, Wallet } from 'lucide-react'
import { useMemo, useState, type FormEvent } from 'react'
import type { AllocationView, IncomeBasis } from '../../../schema/calc/allocation'
import {
  allocationCeiling,
  allocationIncome,
  allocationView,
  ALLOCATION_TEXTS,
  overAllocatedBy,
} from '../../../schema/calc/allocation'
import { budgetLimit, budgetsSpan, budgetStatus, countInBudget } from '../../../schema/calc/budget-status'
import { categoryEmoji } from '../../../schema/categories'
import { PERIOD_LABELS } from '../../../schema/entities/budget'
import { entryCurrency, type HomeCurrency } from '../../../schema/money/currency'
import { formatDecimal, formatMoney, type Paise } from '../../../schema/money/money'
import { totalsOf } from '../../../schema/calc/totals'
import { checkAllocation, parseAllocation, parseIncome, PLAN_MESSAGES } from '../../../schema/validation/plan-input'
import { useMoney, type MoneyFormat } from '../../data/use-money'
import { useNow } from '../../lib/use-now'
import { ProfilePending } from '../../components/profile/profile-pending'
import { Amount, EntryAmount } from '../../components/ui/amount'
import { Button, ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { AmountField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { PageHeader } from '../../components/ui/page-header'
import { useToast } from '../../components/ui/toast'
import { allocateToBudget, setMonthlyIncome } from '../../data/allocation'
import type { BudgetDoc } from '../../data/budgets'
import {
  throwIfUnread,
  useBudgets,
  useHomeCurrency,
  useInHome,
  useMonthTransactions,
  useProfile,
  useTransactionsBetween,
} from '../../data/hooks'
import { useRecheck } from '../../lib/use-recheck'
import './fund-allocation.css'

interface AmountDialogProps {
  open: boolean
  title: string
  label: string
  description: string
  initial: Paise
  parse: (text: string) => { ok: true; value: Paise } | { ok: false; error: string }
  /** A warning about what is typed, shown as it is typed: before saving, not after. */
  warn?: (text: string) => string | null
  onSave: (paise: Paise) => Promise<void>
  onClose: () => void
}

/** One amount, validated before anything is saved: Update Monthly Income and Allocate/Adjust. */
function AmountDialog(props: AmountDialogProps) {
  const { open, title, label, description, initial, parse, warn, onSave, onClose } = props
  const [text, setText] = useState(() => (initial > 0 ? formatDecimal(initial).replace(/\.00$/, '') : ''))
  const [failed, setFailed] = useState(false)
  const [saving, setSaving] = useState(false)
  const check = useRecheck(() => parse(text))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const parsed = check.submit()
    if (!parsed.ok) return
    setFailed(false)
    setSaving(true)
    try {
      await onSave(parsed.value)
      onClose()
    } catch (e) {
      console.error(e)
      setFailed(true)
      setSaving(false)
    }
  }
  const warning = warn?.(text) ?? null
  const refused = check.result && !check.result.ok ? check.result.error : null
  // A refusal that says what the warning says is shown once, as the warning.
  const error = refused === warning ? null : (refused ?? (failed ? 'Could not save. Please try again.' : null))

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
        {warning && !error ? (
          <p className="money-form__warning" role="alert" data-testid="allocation-warning">
            <AlertTriangle size={16} aria-hidden="true" />
            <span>{warning}</span>
          </p>
        ) : null}
        <ModalFormActions onCancel={onClose} submitLabel="Save" saving={saving} />
      </form>
    </Modal>
  )
}

interface Line {
  budget: BudgetDoc
  /** The budget's limit in the home currency; null when it has no rate to it. */
  limit: Paise | null
  allocated: Paise
  spent: Paise
}

type DialogState = { kind: 'income' } | { kind: 'allocate'; budget: BudgetDoc } | null

const BASIS_LABEL: Record<IncomeBasis, string> = {
  planned: 'Planned monthly income',
  recorded: 'Income recorded this month',
}

function MoneyHero(props: { view: AllocationView; basis: IncomeBasis; recorded: Paise; onEdit: () => void }) {
  const { view, basis, recorded, onEdit } = props
  return (
    <section className="money-hero" aria-labelledby="income-title">
      <div className="money-hero__head">
        <p className="money-hero__label" id="income-title" data-testid="money-income-basis">
          {BASIS_LABEL[basis]}
        </p>
        <button type="button" className="money-hero__edit" onClick={onEdit} aria-label="Update Monthly Income">
          <Pencil size={16} aria-hidden="true" />
          <span>Update</span>
        </button>
      </div>
      <p className="money-hero__value">
        <Amount value={view.totalIncome} data-testid="money-income" />
      </p>
      <p className="money-hero__basis">
        {basis === 'planned' ? (
          <>
            Your planned figure. Recorded so far this month: <Amount value={recorded} />.
          </>
        ) : (
          'From the income you have recorded this month. Set a planned figure with Update.'
        )}
      </p>
      <dl className="money-hero__grid">
        <div>
          <dt>Allocated</dt>
          <dd data-testid="money-allocated">
            <Amount value={view.totalAllocated} compact />{' '}
            <span className="money-hero__percent">({view.allocatedPercent}%)</span>
          </dd>
        </div>
        <HeroFigure label="Available" testId="money-available" value={view.available} />
        <HeroFigure label="Spent" testId="money-spent" value={view.totalSpent} />
        <HeroFigure label="Remaining" testId="money-remaining" value={view.remaining} />
      </dl>
    </section>
  )
}

function HeroFigure({ label, testId, value }: { label: string; testId: string; value: Paise }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={value < 0 ? 'money-hero__negative' : undefined}>
        <Amount value={value} compact data-testid={testId} />
      </dd>
    </div>
  )
}

function MoneyNote({ view }: { view: AllocationView }) {
  if (view.note === 'over')
    return (
      <p className="money-note money-note--over" role="alert" data-testid="money-note">
        <AlertTriangle size={18} aria-hidden="true" />
        <span>
          <strong>{ALLOCATION_TEXTS.over}</strong> Reduce an allocation or update your income. Over by{' '}
          <Amount value={-view.available} />.
        </span>
      </p>
    )
  if (view.note === 'ok')
    return (
      <p className="money-note money-note--ok" role="status" data-testid="money-note">
        <CheckCircle2 size={18} aria-hidden="true" />
        <span>
          {ALLOCATION_TEXTS.ok} <Amount value={view.available} /> unallocated.
        </span>
      </p>
    )
  return null
}

function AllocationRow({ line, onAllocate }: { line: Line; onAllocate: () => void }) {
  const { budget, limit, allocated, spent } = line
  const left = allocated - spent
  // A limit with no rate to the home currency is compared with nothing.
  const overLimit = limit === null ? 0 : overAllocatedBy(allocated, limit)
  return (
    <li className="allocation" data-testid="allocation-row">
      <span className="allocation__emoji" aria-hidden="true">
        {categoryEmoji(budget.category, 'expense')}
      </span>
      <div className="allocation__body">
        <p className="allocation__name">{budget.category}</p>
        <p className="allocation__meta">
          {PERIOD_LABELS[budget.period]} · limit <EntryAmount entry={budget} />
        </p>
        <p className="allocation__figures">
          <span data-testid="allocation-allocated">
            Allocated <Amount value={allocated} />
          </span>
          <span data-testid="allocation-spent">
            Spent <Amount value={spent} />
          </span>
          {allocated > 0 ? (
            <span className={left < 0 ? 'allocation__over' : undefined}>
              {left < 0 ? 'Over by ' : null}
              <Amount value={Math.abs(left)} />
              {left < 0 ? null : ' left'}
            </span>
          ) : null}
        </p>
        {overLimit > 0 ? (
          <p className="allocation__warning" role="note" data-testid="allocation-over-limit">
            ⚠️ <Amount value={overLimit} /> more than this budget's limit is set aside for it.
          </p>
        ) : null}
        {budget.refusedAllocation > 0 ? (
          <p className="allocation__refused" role="note" data-testid="allocation-refused">
            <Amount value={budget.refusedAllocation} /> was not allocated: by the time it reached the server, it was
            more than your income had left. Adjust to allocate what is available.
          </p>
        ) : null}
      </div>
      <Button
        size="sm"
        variant={allocated === 0 ? 'primary' : 'outline'}
        onClick={onAllocate}
        aria-label={`${allocated === 0 ? 'Allocate' : 'Adjust'} ${budget.category}`}
      >
        {allocated === 0 ? 'Allocate' : 'Adjust'}
      </Button>
    </li>
  )
}

function AllocationsCard(props: { lines: Line[]; loading: boolean; onAllocate: (b: BudgetDoc) => void }) {
  const { lines, loading, onAllocate } = props
  return (
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
          {lines.map((line) => (
            <AllocationRow key={line.budget.id} line={line} onAllocate={() => onAllocate(line.budget)} />
          ))}
        </ul>
      )}
    </Card>
  )
}

/** A budget's limit in the home currency, or in its own when it has no rate to the home one. */
function limitText(budget: BudgetDoc, home: HomeCurrency, money: MoneyFormat): string {
  const limit = budgetLimit(budget, home)
  if (limit !== null) return money.format(limit)
  return `${formatMoney(budget.amount, entryCurrency(budget, home), { exact: true })} (not converted)`
}

function MoneyDialog(props: { dialog: DialogState; planned: Paise; view: AllocationView; onClose: () => void }) {
  const { dialog, planned, view, onClose } = props
  const toast = useToast()
  const money = useMoney()
  const home = useHomeCurrency()
  if (dialog?.kind === 'income')
    return (
      <AmountDialog
        open
        title="Update Monthly Income"
        label="Monthly income"
        description={
          'Your planned take-home income for a month. Allocations are measured against it; ' +
          'leave 0 to use what you record.'
        }
        initial={planned}
        parse={parseIncome}
        onSave={async (paise) => {
          await setMonthlyIncome(paise)
          toast.show(`Monthly income updated to ${money.format(paise)}`)
        }}
        onClose={onClose}
      />
    )
  if (dialog?.kind === 'allocate') {
    const { budget } = dialog
    const ceiling = allocationCeiling(view.totalIncome, view.totalAllocated - budget.allocated, budget.allocated)
    const format = (paise: Paise) => money.format(paise, { exact: true })
    return (
      <AmountDialog
        open
        title={`${budget.allocated === 0 ? 'Allocate to' : 'Adjust'} ${budget.category}`}
        label="Amount to allocate"
        description={
          `Available now: ${money.format(view.available + budget.allocated)} ` +
          `(including what this budget already has). Its limit is ${limitText(budget, home, money)}.`
        }
        initial={budget.allocated}
        parse={(text) => checkAllocation(text, ceiling, format)}
        warn={(text) => {
          const asked = parseAllocation(text)
          return asked.ok && asked.value > ceiling ? PLAN_MESSAGES.allocationOverIncome(format(ceiling)) : null
        }}
        onSave={async (paise) => {
          await allocateToBudget(budget.id, paise)
          toast.show(`${money.format(paise)} allocated to ${budget.category}`)
        }}
        onClose={onClose}
      />
    )
  }
  return null
}

/**
 * The month's recorded income and each budget's spending, in the home currency (one date-indexed
 * query spans every budget's current window), and how many entries they leave out for want of a rate.
 */
function useAllocationFigures(now: number, budgets: readonly BudgetDoc[]) {
  const home = useHomeCurrency()
  const monthRead = useMonthTransactions(now)
  const month = useInHome(monthRead.data)
  const covered = budgetsSpan(budgets, now)
  const spanRead = useTransactionsBetween(covered?.start ?? 0, covered?.end ?? 0)
  const span = useInHome(spanRead.data)
  const recorded = useMemo(() => totalsOf(month.entries).income, [month.entries])
  const lines = useMemo(
    () =>
      budgets.map((b) => ({
        budget: b,
        limit: budgetLimit(b, home),
        allocated: b.allocated,
        spent: budgetStatus(b, span.entries, now).spent,
      })),
    [budgets, span.entries, now, home],
  )
  const notConverted = useMemo(() => {
    const income = month.notConverted.filter((t) => t.type === 'income')
    const spent = span.notConverted.filter((t) => budgets.some((b) => countInBudget(b, [t], now) > 0))
    return new Set([...income, ...spent].map((t) => t.id)).size
  }, [month.notConverted, span.notConverted, budgets, now])
  throwIfUnread(monthRead, spanRead)
  return { recorded, lines, notConverted }
}

export default function FundAllocationScreen() {
  const now = useNow()
  const profile = useProfile()
  const budgets = useBudgets()
  const planned = profile.data?.monthlyIncome ?? 0
  const { recorded, lines, notConverted } = useAllocationFigures(now, budgets.data)
  const { income, basis } = allocationIncome(planned, recorded)
  const [dialog, setDialog] = useState<DialogState>(null)
  const view = allocationView(income, lines)

  return (
    <div className="money">
      <PageHeader
        title="Your Money"
        subtitle="Give every rupee of your monthly income a job."
        badge={<Wallet size={24} />}
        badgeClassName="money__badge"
      />
      {profile.loading ? (
        // The planned income is the profile's: never a made-up 0 while the server's copy is on its way.
        <ProfilePending label="your planned income" />
      ) : (
        <>
          <MoneyHero view={view} basis={basis} recorded={recorded} onEdit={() => setDialog({ kind: 'income' })} />
          <MoneyNote view={view} />
        </>
      )}
      <NotConvertedNote count={notConverted} where="this month's income or your budgets' spending" />
      <AllocationsCard
        lines={lines}
        loading={profile.loading || budgets.loading}
        onAllocate={(budget) => setDialog({ kind: 'allocate', budget })}
      />
      <MoneyDialog dialog={dialog} planned={planned} view={view} onClose={() => setDialog(null)} />
    </div>
  )
}
