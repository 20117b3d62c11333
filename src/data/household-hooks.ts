import { useObservable, type Live } from './hooks'
import {
  allHouseholdExpenses$,
  household$,
  householdExpenses$,
  households$,
  settlements$,
  type HouseholdDoc,
  type HouseholdExpenseDoc,
  type SettlementDoc,
} from './households'

const NO_HOUSEHOLDS: HouseholdDoc[] = []
const NO_EXPENSES: HouseholdExpenseDoc[] = []
const NO_SETTLEMENTS: SettlementDoc[] = []

export function useHouseholds(): Live<HouseholdDoc[]> {
  return useObservable(() => households$(), NO_HOUSEHOLDS, [])
}

export function useHousehold(id: string): Live<HouseholdDoc | null> {
  return useObservable(() => household$(id), null, [id])
}

export function useHouseholdExpenses(householdId: string): Live<HouseholdExpenseDoc[]> {
  return useObservable(() => householdExpenses$(householdId), NO_EXPENSES, [householdId])
}

export function useAllHouseholdExpenses(): Live<HouseholdExpenseDoc[]> {
  return useObservable(() => allHouseholdExpenses$(), NO_EXPENSES, [])
}

export function useSettlements(householdId: string): Live<SettlementDoc[]> {
  return useObservable(() => settlements$(householdId), NO_SETTLEMENTS, [householdId])
}
