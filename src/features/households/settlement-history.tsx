import { Check, Undo2, X } from 'lucide-react'
import { useState } from 'react'
import { countsInBalances } from '../../../schema/calc/settlements'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { householdCurrencyOf, settlementInHousehold } from '../../../schema/calc/household-money'
import { entryCurrency } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useToast } from '../../components/ui/toast'
import { decideSettlement, type HouseholdDoc, type SettlementDoc } from '../../data/households'
import { useMoneyFormat } from '../../lib/money-format'
import { ForeignNote, foreignText } from './household-money'
import { formatDay, memberName, METHOD_LABELS } from './household-look'
import { ReasonDialog } from './reason-dialog'
import { useOwed } from './use-owed'

const STATUS = {
  pending: { label: 'Pending confirmation', tone: 'pending' },
  confirmed: { label: 'Confirmed', tone: 'approved' },
  declined: { label: 'Declined', tone: 'denied' },
  cancelled: { label: 'Cancelled', tone: 'cancelled' },
} as const

interface RowProps {
  s: SettlementDoc
  household: HouseholdDoc
  me: string
  /** What the payer owed the receiver without this payment; shown to the receiver when it is more. */
  owed: number
  onDecline: () => void
  onCancel: () => void
}

/** What happened to a payment that no longer waits, in words; nothing for pending and confirmed ones. */
function Outcome({ s, household, me }: Pick<RowProps, 's' | 'household' | 'me'>) {
  const who = (id: string) => (id === me ? 'You' : memberName(household, id))
  const when = s.decidedAt > 0 ? ` on ${formatDay(s.decidedAt)}` : ''
  if (s.status === 'declined')
    return (
      <p className="hh-expense__reason hh-settlement__declined" data-testid="settlement-outcome">
        {who(s.toUserId)} declined{when}: {s.declineReason}
      </p>
    )
  if (s.status === 'cancelled')
    return (
      <p className="hh-muted" data-testid="settlement-outcome">
        {who(s.fromUserId)} cancelled this payment{when}. It does not count in balances.
      </p>
    )
  return null
}

function SettlementRow({ s, household, me, owed, onDecline, onCancel }: RowProps) {
  const toast = useToast()
  const money = useMoneyFormat()
  const [busy, setBusy] = useState(false)
  const who = (id: string) => (id === me ? 'You' : memberName(household, id))
  const pending = s.status === 'pending'
  async function confirm() {
    setBusy(true)
    try {
      await decideSettlement(s.id, { status: 'confirmed' })
      toast.show('Payment confirmed')
    } catch {
      toast.show('Could not confirm. Please try again.', 'error')
      setBusy(false)
    }
  }
  const status = STATUS[s.status]
  const hc = householdCurrencyOf(household)
  const code = entryCurrency(s, hc)
  const foreign = foreignText(s, household)
  // Compared with what is owed in the household currency; with no rate it cannot be.
  const inHousehold = settlementInHousehold(s, hc)?.amount ?? null
  const voided = !pending && !countsInBalances(s)
  return (
    <li
      className={`hh-settlement${voided ? ' hh-settlement--void' : ''}`}
      data-testid="settlement-row"
      data-status={s.status}
    >
      <div className="hh-expense__top">
        <span>
          {who(s.fromUserId)} paid {s.toUserId === me ? 'you' : memberName(household, s.toUserId)}
        </span>
        {foreign ? (
          <span className="amount hh-settlement__amount">{formatMoney(s.amount, code, { exact: true })}</span>
        ) : (
          <Amount value={s.amount} className="hh-settlement__amount" />
        )}
      </div>
      <ForeignNote collection="settlements" entry={s} payer={s.fromUserId} household={household} me={me} />
      <div className="hh-expense__meta">
        <span>
          {METHOD_LABELS[s.method]}
          {s.transactionId ? ` · ${s.transactionId}` : ''} · {formatDay(s.date)}
        </span>
        <span className={`hh-status hh-status--${status.tone}`}>{status.label}</span>
      </div>
      {s.note ? <p className="hh-expense__reason">{s.note}</p> : null}
      <Outcome s={s} household={household} me={me} />
      {pending && s.toUserId === me && inHousehold !== null && inHousehold > owed ? (
        <p className="hh-settlement__warning" data-testid="settlement-warning">
          {owed > 0
            ? `More than ${memberName(household, s.fromUserId)} owes you (${money.format(owed)}).`
            : `${memberName(household, s.fromUserId)} does not owe you anything right now.`}
        </p>
      ) : null}
      {pending && s.toUserId === me ? (
        <div className="hh-review__actions">
          <Button size="sm" variant="outline" icon={<X size={16} />} onClick={onDecline} disabled={busy}>
            Decline
          </Button>
          <Button size="sm" icon={<Check size={16} />} onClick={() => void confirm()} disabled={busy}>
            Confirm
          </Button>
        </div>
      ) : null}
      {pending && s.fromUserId === me ? (
        <div className="hh-review__actions">
          <Button size="sm" variant="outline" icon={<Undo2 size={16} />} onClick={onCancel}>
            Cancel payment
          </Button>
        </div>
      ) : null}
    </li>
  )
}

/**
 * Every payment recorded in the household, newest first: pending ones with the receiver's Confirm
 * and Decline and the payer's Cancel; declined and cancelled ones stay in the history, marked as
 * not counting, with the reason.
 */
export function SettlementHistory({
  household,
  me,
  settlements,
}: {
  household: HouseholdDoc
  me: string
  settlements: readonly SettlementDoc[]
}) {
  const owed = useOwed(household)
  const toast = useToast()
  const [declining, setDeclining] = useState<SettlementDoc | null>(null)
  const [cancelling, setCancelling] = useState<SettlementDoc | null>(null)
  async function cancel() {
    if (!cancelling) return
    try {
      await decideSettlement(cancelling.id, { status: 'cancelled' })
      toast.show('Payment cancelled')
    } catch {
      toast.show('Could not cancel. Please try again.', 'error')
    } finally {
      setCancelling(null)
    }
  }
  return (
    <section className="hh-section" aria-labelledby="hh-settlements">
      <h2 id="hh-settlements">Settlements</h2>
      <ul className="hh-expenses">
        {settlements.map((s) => (
          <SettlementRow
            key={s.id}
            s={s}
            household={household}
            me={me}
            owed={s.status === 'pending' ? owed(s.fromUserId, s.toUserId, s.id) : 0}
            onDecline={() => setDeclining(s)}
            onCancel={() => setCancelling(s)}
          />
        ))}
      </ul>
      <ReasonDialog
        open={declining !== null}
        title="Decline payment"
        description="Tell them why this payment does not stand. It will not count in balances."
        actionLabel="Decline"
        reasonRequired={HOUSEHOLD_MESSAGES.declineReasonRequired}
        failed="Could not decline. Please try again."
        done="Payment declined"
        onSubmit={(reason) =>
          declining ? decideSettlement(declining.id, { status: 'declined', reason }) : Promise.resolve()
        }
        onClose={() => setDeclining(null)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this payment?"
        description="It will not count in balances, and they can no longer confirm it. You can record it again later."
        confirmLabel="Cancel payment"
        cancelLabel="Keep it"
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(null)}
      />
    </section>
  )
}
