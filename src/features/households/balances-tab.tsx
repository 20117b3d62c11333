import { ArrowRight, Check } from 'lucide-react'
import { useMemo, useState } from 'react'
import { householdBalances, settlementPlan, type PlannedPayment } from '../../../schema/calc/household-balances'
import { Amount } from '../../components/ui/amount'
import { Button, ButtonLink } from '../../components/ui/button'
import { useToast } from '../../components/ui/toast'
import { useHouseholdExpenses, useSettlements } from '../../data/household-hooks'
import { confirmSettlement, type HouseholdDoc, type SettlementDoc } from '../../data/households'
import { formatDay, memberName, METHOD_LABELS } from './household-look'

/** Balances (approved expenses, confirmed settlements) and the fewest payments that clear them. */
export function useHouseholdLedger(household: HouseholdDoc) {
  const expenses = useHouseholdExpenses(household.id)
  const settlements = useSettlements(household.id)
  return useMemo(() => {
    const balances = householdBalances(
      household.memberIds,
      expenses.data.filter((e) => e.status === 'approved'),
      settlements.data.filter((s) => s.status === 'confirmed'),
    )
    return {
      loading: expenses.loading || settlements.loading,
      balances,
      plan: settlementPlan(balances),
      settlements: settlements.data,
    }
  }, [household.memberIds, expenses, settlements])
}

function BalanceRow({
  household,
  userId,
  balance,
  me,
  owed,
}: {
  household: HouseholdDoc
  userId: string
  balance: number
  me: string
  owed: number
}) {
  const name = userId === me ? 'You' : memberName(household, userId)
  return (
    <li className="hh-balance" data-testid="balance-row">
      <span className="hh-balance__name">{name}</span>
      <span
        className={`hh-balance__figure hh-balance__figure--${balance > 0 ? 'plus' : balance < 0 ? 'minus' : 'zero'}`}
      >
        {balance > 0 ? 'gets back ' : balance < 0 ? (userId === me ? 'owe ' : 'owes ') : 'settled up'}
        {balance !== 0 ? <Amount value={Math.abs(balance)} /> : null}
      </span>
      {owed > 0 ? (
        <ButtonLink
          to={`/households/${household.id}/settle?user=${encodeURIComponent(userId)}`}
          size="sm"
          variant="secondary"
        >
          Settle Up
        </ButtonLink>
      ) : null}
    </li>
  )
}

function Plan({ household, plan, me }: { household: HouseholdDoc; plan: PlannedPayment[]; me: string }) {
  const who = (id: string) => (id === me ? 'You' : memberName(household, id))
  return (
    <section className="hh-section" aria-labelledby="hh-plan">
      <h2 id="hh-plan">Who pays whom</h2>
      {plan.length === 0 ? (
        <p className="hh-muted">Everyone is settled up.</p>
      ) : (
        <ul className="hh-plan">
          {plan.map((p) => (
            <li key={`${p.from}-${p.to}`} data-testid="plan-row">
              <span>{who(p.from)}</span>
              <ArrowRight size={16} aria-label="pays" />
              <span>{who(p.to)}</span>
              <Amount value={p.amount} className="hh-plan__amount" />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function SettlementRow({ s, household, me }: { s: SettlementDoc; household: HouseholdDoc; me: string }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const who = (id: string) => (id === me ? 'You' : memberName(household, id))
  async function confirm() {
    setBusy(true)
    try {
      await confirmSettlement(s.id)
      toast.show('Payment confirmed')
    } catch {
      toast.show('Could not confirm. Please try again.', 'error')
      setBusy(false)
    }
  }
  return (
    <li className="hh-settlement" data-testid="settlement-row" data-status={s.status}>
      <div className="hh-expense__top">
        <span>
          {who(s.fromUserId)} paid {s.toUserId === me ? 'you' : memberName(household, s.toUserId)}
        </span>
        <Amount value={s.amount} />
      </div>
      <div className="hh-expense__meta">
        <span>
          {METHOD_LABELS[s.method]}
          {s.transactionId ? ` · ${s.transactionId}` : ''} · {formatDay(s.date)}
        </span>
        <span className={`hh-status hh-status--${s.status === 'confirmed' ? 'approved' : 'pending'}`}>
          {s.status === 'confirmed' ? 'Confirmed' : 'Pending confirmation'}
        </span>
      </div>
      {s.note ? <p className="hh-expense__reason">{s.note}</p> : null}
      {s.status === 'pending' && s.toUserId === me ? (
        <Button size="sm" icon={<Check size={16} />} onClick={() => void confirm()} disabled={busy}>
          Confirm
        </Button>
      ) : null}
    </li>
  )
}

export function BalancesTab({ household, me }: { household: HouseholdDoc; me: string }) {
  const ledger = useHouseholdLedger(household)
  if (ledger.loading) return null
  const owedBy = (to: string) => ledger.plan.find((p) => p.from === me && p.to === to)?.amount ?? 0
  return (
    <>
      <section className="hh-section" aria-labelledby="hh-balances">
        <h2 id="hh-balances">Balances</h2>
        <ul className="hh-balances">
          {[...ledger.balances].map(([userId, balance]) => (
            <BalanceRow
              key={userId}
              household={household}
              userId={userId}
              balance={balance}
              me={me}
              owed={owedBy(userId)}
            />
          ))}
        </ul>
      </section>
      <Plan household={household} plan={ledger.plan} me={me} />
      {ledger.settlements.length > 0 ? (
        <section className="hh-section" aria-labelledby="hh-settlements">
          <h2 id="hh-settlements">Settlements</h2>
          <ul className="hh-expenses">
            {ledger.settlements.map((s) => (
              <SettlementRow key={s.id} s={s} household={household} me={me} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
