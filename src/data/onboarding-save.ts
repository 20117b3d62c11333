import { SuccessUser } from '../../schema/api/auth'
import type { OnboardingGoal } from '../../schema/onboarding'
import type { Paise } from '../../schema/money/money'
import type { BudgetPeriod } from '../../schema/entities/budget'
import { fetchWhatsappStatus, updatePhone, type AccountUser } from './account-api'
import { createBudget } from './budgets'
import { openUserData } from './database'
import { apiFetch } from './http'
import { readSession, readToken, writeUser } from './session'
import { addTransaction } from './transactions'
import { patchProfile } from './writes'

/**
 * Onboarding's saves once the account exists. The profile, goals, first expense and first
 * budget go to the local database (so they work offline and sync); the name and the WhatsApp
 * number belong to the account on the server and need a connection.
 */

async function ready(): Promise<void> {
  const user = readSession()?.user
  if (!user) throw new Error('Onboarding saves need a signed-in user')
  await openUserData(user.id, readToken)
}

export interface OnboardingProfile {
  currency: string
  monthlyIncome: Paise
  savings: Paise
  age: number | null
  userType: 'type_a' | 'type_b'
}

export async function saveOnboardingProfile(profile: OnboardingProfile): Promise<void> {
  await ready()
  await patchProfile({
    currency: profile.currency,
    monthlyIncome: profile.monthlyIncome,
    savings: profile.savings,
    age: profile.age,
    userType: profile.userType,
  })
}

export async function saveOnboardingGoals(goals: readonly OnboardingGoal[]): Promise<void> {
  await ready()
  await patchProfile({ goals: goals.map((g) => ({ ...g })) })
}

/** Sets the account's name; the server leaves the other profile fields as they are. */
export async function saveAccountName(name: string): Promise<AccountUser> {
  const { user } = await apiFetch('/auth/update-profile', SuccessUser, {
    method: 'PUT',
    token: readToken(),
    body: { name },
  })
  writeUser(user)
  return user
}

/** Claims the number; it links once `link <code>` is sent from it (Settings shows the code). */
export async function linkWhatsapp(phone: string): Promise<AccountUser> {
  return (await updatePhone(phone)).user
}

export async function saveFirstExpense(input: {
  amount: Paise
  category: string
  date: number
  description: string
}): Promise<void> {
  await ready()
  await addTransaction({ type: 'expense', ...input, origin: 'onboarding' })
}

export async function saveFirstBudget(input: { category: string; amount: Paise; period: BudgetPeriod }): Promise<void> {
  await ready()
  await createBudget(input)
}

/** The wa.me link with the join phrase, or null when the server has no WhatsApp number. */
export async function whatsappJoinUrl(): Promise<string | null> {
  return (await fetchWhatsappStatus()).join_url
}
