import { allocationCeiling, allocationIncome } from '../../../schema/calc/allocation'
import { Budget } from '../../../schema/entities/budget'
import { formatMoney, sumPaise, type Paise } from '../../../schema/money/money'
import { inHomeCurrency } from '../../../schema/calc/totals'
import { localMonthWindow } from '../../../schema/time'
import type { DocumentsRepository, PushRule } from '../../db/documents'

/**
 * As on the Your Money screen: the planned figure when set, else this month's recorded income in
 * the home currency (income with no rate to it is left out, as the screen leaves it out).
 */
export async function incomeOf(documents: DocumentsRepository, ownerId: string, at: number) {
  const profile = await documents.getOwned('profile', ownerId, ownerId)
  const data = profile && !profile.deleted ? profile.data : undefined
  const home = { currency: data?.currency ?? 'INR', legacyCurrency: data?.legacyCurrency ?? null }
  const month = localMonthWindow(at)
  const income = (await documents.listByOwnerInRange('transactions', ownerId, 'date', month.start, month.end))
    .map((d) => d.data)
    .filter((t) => t.type === 'income')
  const recorded = sumPaise(inHomeCurrency(income, home).entries.map((t) => t.amount))
  return allocationIncome(data?.monthlyIncome ?? 0, recorded)
}

/** The most budget `budgetId` may have allocated (`allocationCeiling`), from what the server holds. */
export async function ceilingFor(
  documents: DocumentsRepository,
  ownerId: string,
  budgetId: string,
  current: Paise,
  at: number,
): Promise<Paise> {
  const elsewhere = sumPaise(
    (await documents.listByOwner('budgets', ownerId)).filter((d) => d.id !== budgetId).map((d) => d.data.allocated),
  )
  return allocationCeiling((await incomeOf(documents, ownerId, at)).income, elsewhere, current)
}

/** Amounts in refusals as the owner's devices show them: their currency, paise only when there are some. */
export async function moneyFor(documents: DocumentsRepository, ownerId: string): Promise<(paise: Paise) => string> {
  const profile = await documents.getOwned('profile', ownerId, ownerId)
  const currency = profile && !profile.deleted ? profile.data.currency : undefined
  return (paise) => formatMoney(paise, currency, { exact: true })
}

/**
 * Judges a pushed budget's allocation against the income the server knows of, as the screen does
 * before saving. Only a raise is judged (lowering is always allowed). A raise beyond what the income
 * leaves (two devices allocating the same money offline) is not taken: the allocation stays as it
 * was and the amount asked for is kept in `refusedAllocation`, so the screen can say so.
 */
export function allocationRule(documents: DocumentsRepository, now: () => number): PushRule {
  return async (incoming, { ownerId, current }) => {
    const budget = Budget.parse(incoming)
    const before = current && !current.deleted ? Budget.parse(current.data).allocated : 0
    if (budget.allocated <= before) return budget
    if (budget.allocated <= (await ceilingFor(documents, ownerId, budget.id, before, now()))) return budget
    return { ...budget, allocated: before, refusedAllocation: budget.allocated }
  }
}
