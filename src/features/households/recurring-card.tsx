import { Pencil, Plus, Repeat, Square } from 'lucide-react'
import { useState } from 'react'
import { nextOccurrenceOf } from '../../../schema/calc/household-recurring'
import { formatDueDay } from '../../../schema/calc/recurring-schedule'
import type { RecurringHouseholdExpense } from '../../../schema/entities/household'
import { toDayString } from '../../../schema/time'
import { AlertLine } from '../../components/ui/alert-line'
import { EntryAmount } from '../../components/ui/amount'
import { Button, ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useToast } from '../../components/ui/toast'
import { stopRecurringExpense } from '../../data/household-recurring'
import { householdError, type HouseholdDoc } from '../../data/households'
import { useNow } from '../../lib/use-now'
import { memberName } from './household-look'
import { scheduleText } from './recurring-text'
import './recurring.css'

interface Upcoming {
  rule: RecurringHouseholdExpense
  next: string | null
  /** Someone it names left: the server adds nothing until it is edited. */
  paused: boolean
}

function upcoming(household: HouseholdDoc, today: string): Upcoming[] {
  return household.recurring
    .map((rule) => ({
      rule,
      next: nextOccurrenceOf(rule, today),
      paused: [rule.paidBy, ...rule.splits.map((s) => s.userId)].some((id) => !household.memberIds.includes(id)),
    }))
    .sort((a, b) => (a.next ?? '9999').localeCompare(b.next ?? '9999'))
}

function NextLine({ item, today }: { item: Upcoming; today: string }) {
  if (item.paused) return <span className="hh-recurring__paused">Paused: someone in it left the household</span>
  if (!item.next) return <span>Ended</span>
  const when = item.next === today ? 'today' : formatDueDay(item.next, item.next.slice(0, 4) !== today.slice(0, 4))
  return <span className="hh-recurring__next">Next: {when}</span>
}

function RuleRow({ item, household, me, today, onStop }: RowProps) {
  const { rule } = item
  const payer = rule.paidBy === me ? 'you' : memberName(household, rule.paidBy)
  return (
    <li className="hh-recurring__item" data-testid="recurring-expense">
      <div className="hh-recurring__top">
        <span className="hh-recurring__title">{rule.category}</span>
        <EntryAmount entry={rule} className="hh-recurring__amount" />
      </div>
      {rule.description ? <p className="hh-recurring__description">{rule.description}</p> : null}
      <div className="hh-recurring__meta">
        <span>
          {scheduleText(rule)} · Paid by {payer}
        </span>
        <NextLine item={item} today={today} />
      </div>
      <div className="hh-recurring__actions">
        <ButtonLink
          to={`/households/${household.id}/recurring/${rule.id}`}
          variant="outline"
          size="sm"
          icon={<Pencil size={16} />}
          aria-label={`Edit recurring ${rule.category}`}
        >
          Edit
        </ButtonLink>
        <Button
          variant="ghost"
          size="sm"
          icon={<Square size={16} />}
          aria-label={`Stop recurring ${rule.category}`}
          onClick={() => onStop(rule)}
        >
          Stop
        </Button>
      </div>
    </li>
  )
}

interface RowProps {
  item: Upcoming
  household: HouseholdDoc
  me: string
  today: string
  onStop: (rule: RecurringHouseholdExpense) => void
}

/** Stopping asks first; the server then adds no more (the ones already added stay). */
function useStop(household: HouseholdDoc) {
  const toast = useToast()
  const [asking, setAsking] = useState<RecurringHouseholdExpense | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function confirm() {
    if (!asking) return
    setBusy(true)
    try {
      await stopRecurringExpense(household.id, asking.id)
      toast.show('Recurring expense stopped')
      setError(null)
    } catch (e) {
      setError(householdError(e, 'Failed to stop the recurring expense'))
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }
  return { asking, setAsking, busy, error, confirm }
}

/** The household page's recurring expenses: what is coming next, with Edit and Stop. */
export function RecurringCard({ household, me }: { household: HouseholdDoc; me: string }) {
  const today = toDayString(useNow(60_000))
  const stop = useStop(household)
  const items = upcoming(household, today)
  return (
    <Card padding="md" className="hh-recurring">
      <section aria-labelledby="hh-recurring-title" className="hh-recurring__section">
        <div className="hh-recurring__head">
          <h2 id="hh-recurring-title">
            <Repeat size={18} aria-hidden="true" /> Coming next
          </h2>
          <ButtonLink
            to={`/households/${household.id}/recurring/new`}
            variant="outline"
            size="sm"
            icon={<Plus size={16} />}
          >
            Add Recurring
          </ButtonLink>
        </div>
        {items.length === 0 ? (
          <p className="hh-recurring__empty">Rent, the cook, internet: add them once and they appear on their day.</p>
        ) : (
          <ul className="hh-recurring__list">
            {items.map((item) => (
              <RuleRow
                key={item.rule.id}
                item={item}
                household={household}
                me={me}
                today={today}
                onStop={stop.setAsking}
              />
            ))}
          </ul>
        )}
        <AlertLine message={stop.error} />
      </section>
      <ConfirmDialog
        open={stop.asking !== null}
        title={`Stop recurring ${stop.asking?.category ?? ''}?`}
        description="No more will be added. The ones already added stay."
        confirmLabel="Stop"
        busy={stop.busy}
        onConfirm={() => void stop.confirm()}
        onCancel={() => stop.setAsking(null)}
      />
    </Card>
  )
}
