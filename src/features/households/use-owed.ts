import { useCallback } from 'react'
import { householdCurrencyOf, inHouseholdCurrency } from '../../../schema/calc/household-money'
import { owedBetween } from '../../../schema/calc/settlements'
import type { Paise } from '../../../schema/money/money'
import { useHouseholdExpenses, useSettlements } from '../../data/household-hooks'
import type { HouseholdDoc } from '../../data/households'

/**
 * What one member owes another in this household, in its currency (approved expenses; confirmed and pending
 * payments counted as paid), optionally leaving one settlement out: the figure a new payment, or a
 * pending one, is checked against before anyone is asked to confirm more than that.
 */
export function useOwed(household: HouseholdDoc): (from: string, to: string, leaveOut?: string) => Paise {
  const expenses = useHouseholdExpenses(household.id).data
  const settlements = useSettlements(household.id).data
  return useCallback(
    (from, to, leaveOut) => {
      // In the household currency; what has no rate to it is left out.
      const money = inHouseholdCurrency(
        expenses.filter((e) => e.status === 'approved'),
        settlements.filter((s) => s.id !== leaveOut),
        householdCurrencyOf(household),
      )
      return owedBetween(household.memberIds, money.expenses, money.settlements, from, to)
    },
    [household, expenses, settlements],
  )
}
