import type { Paise } from '../../schema/money/money'
import { patchDocument, patchProfile } from './writes'

/** Sets the monthly income (profile.monthlyIncome, integer paise ≥ 0); works offline, syncs later. */
export function setMonthlyIncome(paise: Paise): Promise<void> {
  return patchProfile({ monthlyIncome: paise })
}

/**
 * Sets how much income is set aside for a budget (budget.allocated, integer paise ≥ 0); an
 * allocation the server refused earlier is answered by this one, so its note goes.
 */
export async function allocateToBudget(budgetId: string, paise: Paise): Promise<void> {
  if (!(await patchDocument('budgets', budgetId, { allocated: paise, refusedAllocation: 0 })))
    throw new Error(`Budget ${budgetId} not found`)
}
