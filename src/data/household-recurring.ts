import { z } from 'zod'
import type { SplitPart } from '../../schema/calc/splits'
import type { HouseholdFrequency, SplitMethod } from '../../schema/entities/household'
import { amountText } from '../../schema/money/currency'
import type { Paise } from '../../schema/money/money'
import { ApiError, apiFetch } from './http'
import { readToken } from './session'

/**
 * Recurring household expenses live on the household document (they arrive by sync); adding,
 * editing and stopping one are the server's to accept, over REST (NetworkError when offline).
 */
export interface RecurringInput {
  householdId: string
  amount: Paise
  category: string
  description: string
  paidBy: string
  splitMethod: SplitMethod
  splits: SplitPart[]
  frequency: HouseholdFrequency
  dayOfMonth: number
  startDate: string
  /** '' = no end. */
  endDate: string
  /** What the amounts are in, and the rate to the household currency (null: not converted). */
  currency: string
  fxRate: number | null
}

function token(): string {
  const value = readToken()
  if (!value) throw new ApiError(401, 'Not signed in')
  return value
}

/** A split part as the API takes it: what the method was made from. */
function splitBody(method: SplitMethod, part: SplitPart, currency: string) {
  if (method === 'exact') return { user_id: part.userId, amount_owed: amountText(part.amount, currency) }
  if (method === 'percentage') return { user_id: part.userId, percentage: part.weight / 100 }
  if (method === 'shares') return { user_id: part.userId, shares: part.weight }
  return { user_id: part.userId }
}

function bodyOf(input: RecurringInput) {
  return {
    // In the currency's own digits, as the server reads a body naming it.
    amount: amountText(input.amount, input.currency),
    currency: input.currency,
    fx_rate: input.fxRate,
    category: input.category,
    description: input.description,
    paid_by: input.paidBy,
    split_method: input.splitMethod,
    splits: input.splits.map((p) => splitBody(input.splitMethod, p, input.currency)),
    frequency: input.frequency,
    day_of_month: input.dayOfMonth,
    start_date: input.startDate,
    end_date: input.endDate || null,
  }
}

/** Adds a recurring expense (`ruleId` null) or changes the occurrences of one not yet added. */
export async function saveRecurringExpense(ruleId: string | null, input: RecurringInput): Promise<void> {
  const base = `/households/${encodeURIComponent(input.householdId)}/recurring`
  await apiFetch(ruleId ? `${base}/${encodeURIComponent(ruleId)}` : base, z.unknown(), {
    method: ruleId ? 'PUT' : 'POST',
    body: bodyOf(input),
    token: token(),
  })
}

/** No more occurrences; the ones already added stay. */
export async function stopRecurringExpense(householdId: string, ruleId: string): Promise<void> {
  const path = `/households/${encodeURIComponent(householdId)}/recurring/${encodeURIComponent(ruleId)}`
  await apiFetch(path, z.unknown(), { method: 'DELETE', token: token() })
}
