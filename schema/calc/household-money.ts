import { DEFAULT_HOUSEHOLD_CURRENCY } from '../entities/household'
import { inHome, moneyEntryOf, type CurrencyFields, type HomeCurrency } from '../money/currency'
import type { BalanceExpense, BalanceSettlement } from './household-balances'

/** A household's side of its money: what totals add up in, and the currency of entries with none. */
export function householdCurrencyOf(household: { currency?: string | undefined; legacyCurrency?: string | undefined }) {
  const currency = household.currency ?? DEFAULT_HOUSEHOLD_CURRENCY
  return { currency, legacyCurrency: household.legacyCurrency ?? null } satisfies HomeCurrency
}

/**
 * `parts` scaled so they add up to exactly `total`, by largest remainder: each part gets the
 * floor of its exact share total × part / Σparts, and the units left over (fewer than there are
 * parts) go one each to the parts with the largest remainders, the earlier part on a tie. Every
 * result is a whole number, none is below its floor or more than one above it, and when `total`
 * equals Σparts each part comes back unchanged. Integer arithmetic throughout (BigInt).
 */
export function distributeByLargestRemainder(total: number, parts: readonly number[]): number[] {
  const sum = parts.reduce((a, b) => a + b, 0)
  if (sum === 0) return parts.map((_, i) => (i === 0 ? total : 0))
  const big = BigInt(total)
  const whole = parts.map((p) => (big * BigInt(p)) / BigInt(sum))
  const remainders = parts.map((p, i) => ({ i, r: (big * BigInt(p)) % BigInt(sum) }))
  let left = Number(big - whole.reduce((a, b) => a + b, 0n))
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))
  for (const { i } of remainders) {
    if (left <= 0) break
    whole[i]! += 1n
    left -= 1
  }
  return whole.map(Number)
}

type Expense = BalanceExpense & CurrencyFields
type Payment = BalanceSettlement & CurrencyFields

/**
 * An expense in the household currency: its amount converted once at its own rate, and its
 * splits (kept in the expense's currency) scaled to that converted total by largest remainder,
 * so the converted parts still add up to exactly what the payer is owed. Null when it has no rate
 * to the household currency ("not converted"): it is never counted 1:1.
 */
export function expenseInHousehold<E extends Expense>(expense: E, household: HomeCurrency): E | null {
  const converted = inHome(moneyEntryOf(expense, household), household.currency)
  if (converted === null) return null
  if (converted === expense.amount) return expense
  const amounts = distributeByLargestRemainder(
    converted,
    expense.splits.map((s) => s.amount),
  )
  return { ...expense, amount: converted, splits: expense.splits.map((s, i) => ({ ...s, amount: amounts[i]! })) }
}

/** A payment in the household currency at its own rate; null when it has none. */
export function settlementInHousehold<S extends Payment>(settlement: S, household: HomeCurrency): S | null {
  const converted = inHome(moneyEntryOf(settlement, household), household.currency)
  if (converted === null) return null
  return converted === settlement.amount ? settlement : { ...settlement, amount: converted }
}

/** Expenses and payments in the household currency, and those left out because they have no rate. */
export interface HouseholdMoney<E, S> {
  expenses: E[]
  settlements: S[]
  notConverted: { expenses: E[]; settlements: S[] }
}

/**
 * Brings every expense and payment to the household currency (see `expenseInHousehold`) for the
 * balance calculations, which then work in one currency; what has no rate is listed apart.
 * With every entry converted, balances from the result sum to exactly zero.
 */
export function inHouseholdCurrency<E extends Expense, S extends Payment>(
  expenses: Iterable<E>,
  settlements: Iterable<S>,
  household: HomeCurrency,
): HouseholdMoney<E, S> {
  const money: HouseholdMoney<E, S> = { expenses: [], settlements: [], notConverted: { expenses: [], settlements: [] } }
  for (const e of expenses) {
    const converted = expenseInHousehold(e, household)
    if (converted) money.expenses.push(converted)
    else money.notConverted.expenses.push(e)
  }
  for (const s of settlements) {
    const converted = settlementInHousehold(s, household)
    if (converted) money.settlements.push(converted)
    else money.notConverted.settlements.push(s)
  }
  return money
}

/** Whether an entry is in another currency than the household's (the row shows both figures). */
export function isForeignEntry(entry: CurrencyFields, household: HomeCurrency): boolean {
  return moneyEntryOf({ ...entry, amount: 0 }, household).currency !== household.currency
}
