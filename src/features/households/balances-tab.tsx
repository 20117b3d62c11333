import { throwIfUnread } from '../../data/hooks'
import { ArrowRight } from 'lucide-react'
import { useMemo } from 'react'
import { householdBalances, type PlannedPayment } from '../../../schema/calc/household-balances'
import { householdCurrencyOf, inHouseholdCurrency } from '../../../schema/calc/household-money'
import { fewestPayments } from '../../../schema/calc/settle-plan'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { Amount } from '../../components/ui/amount'
import { ButtonLink } from '../../components/ui/button'
import { useHouseholdExpenses, useSettlements } from '../../data/household-hooks'
import type { HouseholdDoc } from '../../data/households'
import { memberName } from './household-look'
import { SettlementHistory } from './settlement-history'

/**
 * Balances in the household currency (approved expenses, confirmed settlements, each at its own
 * rate), the fewest payments that clear them, and how many entries have no rate and are left out.
 */
export function useHouseholdLedger(household: HouseholdDoc) {
  const expenses = useHouseholdExpenses(household.id)
  const settlements = useSettlements(household.id)
  throwIfUnread(expenses, settlements)
  return useMemo(() => {
    const money = inHouseholdCurrency(
      expenses.data.filter((e) => e.status === 'approved'),
      settlements.data.filter((s) => s.status === 'confirmed'),
      householdCurrencyOf(household),
    )
    const balances = householdBalances(household.memberIds, money.expenses, money.settlements)
    return {
      loading: expenses.loading || settlements.loading,
      balances,
      plan: fewestPayments(balances),
      settlements: settlements.data,
      notConverted: money.notConverted.expenses.length + money.notConverted.settlements.length,
    }
  }, [household, expenses, settlements])
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
      {owed > 0 && household.memberIds.includes(userId) ? (
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

export function BalancesTab({ household, me }: { household: HouseholdDoc; me: string }) {
  const ledger = useHouseholdLedger(household)
  if (ledger.loading) return null
  const owedBy = (to: string) => ledger.plan.find((p) => p.from === me && p.to === to)?.amount ?? 0
  return (
    <>
      <section className="hh-section" aria-labelledby="hh-balances">
        <h2 id="hh-balances">Balances</h2>
        <NotConvertedNote count={ledger.notConverted} where="these balances" />
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
        <SettlementHistory household={household} me={me} settlements={ledger.settlements} />
      ) : null}
    </>
  )
}
