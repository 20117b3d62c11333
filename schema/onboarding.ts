import { z } from 'zod'

/** Onboarding (spec part 1 §2 'Onboarding', §3 'Onboarding data', §4, §5): pure rules and texts. */

export const ONBOARDING_STEPS = [
  'Welcome',
  'Signup',
  'User Type',
  'WhatsApp',
  'Profile',
  'Goals',
  'Plan',
  'First Entry',
  'Budget',
  'Done',
] as const
export const LAST_STEP = ONBOARDING_STEPS.length - 1

/** The progress bar's percent: step / 9, rounded (step 0 hides the bar). */
export function progressPercent(step: number): number {
  return Math.round((clampStep(step) / LAST_STEP) * 100)
}

export function clampStep(step: number): number {
  return Number.isInteger(step) ? Math.min(LAST_STEP, Math.max(0, step)) : 0
}

export const PRIMARY_GOALS = [
  { id: 'track_expenses', label: 'Track expenses' },
  { id: 'create_budget', label: 'Create a budget' },
  { id: 'manage_debt', label: 'Manage debt' },
  { id: 'save_for_goal', label: 'Save for a goal' },
  { id: 'all', label: 'All of the above' },
] as const
export type PrimaryGoalId = (typeof PRIMARY_GOALS)[number]['id']
const INDIVIDUAL_GOALS = PRIMARY_GOALS.map((g) => g.id).filter((id) => id !== 'all')

/**
 * Toggles one choice of step 0 (spec §4): 'all' selects everything and unselecting it clears
 * everything; picking the fourth individual goal adds 'all'; dropping one removes 'all'.
 * The order is the order of selection, so the first element is the primary goal.
 */
export function toggleGoal(selected: readonly PrimaryGoalId[], goal: PrimaryGoalId): PrimaryGoalId[] {
  const on = selected.includes(goal)
  if (goal === 'all')
    return on
      ? []
      : [...selected.filter((g) => g !== 'all'), ...INDIVIDUAL_GOALS.filter((g) => !selected.includes(g)), 'all']
  if (on) return selected.filter((g) => g !== goal && g !== 'all')
  const next = [...selected, goal]
  return INDIVIDUAL_GOALS.every((g) => next.includes(g)) ? [...next, 'all'] : next
}

export const USER_TYPES = [
  { id: 'type_a', title: 'Full control', text: 'Track every rupee, set detailed budgets and see where it all goes.' },
  {
    id: 'type_b',
    title: 'Grow my savings',
    text: 'Set a few goals and let the app show how much you can put aside. Recommended for beginners.',
  },
] as const
export type UserType = (typeof USER_TYPES)[number]['id']

export const ONBOARDING_COUNTRY_CODES = [
  { code: '91', name: 'India' },
  { code: '1', name: 'USA' },
  { code: '44', name: 'UK' },
  { code: '971', name: 'UAE' },
  { code: '65', name: 'Singapore' },
  { code: '61', name: 'Australia' },
] as const

export const ONBOARDING_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SGD'] as const

export const ONBOARDING_EXPENSE_CATEGORIES = [
  'Food & Dining',
  'Transportation',
  'Shopping',
  'Entertainment',
  'Bills & Utilities',
  'Healthcare',
  'Education',
  'Personal Care',
  'Other',
] as const

export const ONBOARDING_BUDGET_PERIODS = ['monthly', 'weekly', 'daily'] as const

export const MATERIAL_GOALS = ['New Phone', 'Bike', 'Car', 'House', 'Vacation', 'Wedding'] as const
export const FINANCIAL_GOALS = [
  'Emergency Fund',
  'Month End Balance',
  'Debt Free',
  'Retirement',
  'Investments',
  'Monthly Savings',
] as const

export const ONBOARDING_MESSAGES = {
  phoneInvalid: 'Please enter a valid phone number',
  whatsappFailed: 'Failed to connect WhatsApp. Please try again.',
  nameRequired: 'Name is required',
  incomeRequired: 'Monthly income is required',
  ageRange: 'Age must be between 18 and 100',
  savingsNegative: 'Savings cannot be negative',
  goalsRequired: 'Please select at least one goal',
  expenseRequired: 'Please fill in amount and category',
  budgetRequired: 'Please fill in category and limit',
} as const

/** Words that make a custom goal financial rather than a thing to buy (spec §4). */
const FINANCE_WORDS = [
  'emergency',
  'saving',
  'retire',
  'invest',
  'debt',
  'loan',
  'insurance',
  'education',
  'business',
  'fund',
  'pension',
  'mutual',
  'sip',
  'stock',
  'share',
  'deposit',
  'emi',
  'tax',
  'wealth',
  'corpus',
  'mortgage',
  'credit',
] as const

/** 'financial' when the name contains a finance word (as the start of a word), else 'material'. */
export function classifyGoal(name: string): 'financial' | 'material' {
  const words = name.toLowerCase().split(/[^a-z]+/)
  return words.some((w) => FINANCE_WORDS.some((f) => w.startsWith(f))) ? 'financial' : 'material'
}

export const OnboardingGoal = z.object({
  name: z.string().trim().min(1).max(100),
  category: z.enum(['financial', 'material']),
  custom: z.boolean(),
  amount: z.number().int().min(0),
})
export type OnboardingGoal = z.infer<typeof OnboardingGoal>

/** Adds a custom goal, classified; an empty name or one already chosen changes nothing. */
export function addCustomGoal(goals: readonly OnboardingGoal[], name: string): OnboardingGoal[] {
  const trimmed = name.trim().slice(0, 100)
  if (!trimmed || goals.some((g) => g.name.toLowerCase() === trimmed.toLowerCase())) return [...goals]
  return [...goals, { name: trimmed, category: classifyGoal(trimmed), custom: true, amount: 0 }]
}

/** Picks or drops one of the listed goals. */
export function toggleListedGoal(
  goals: readonly OnboardingGoal[],
  name: string,
  category: OnboardingGoal['category'],
): OnboardingGoal[] {
  return goals.some((g) => g.name === name)
    ? goals.filter((g) => g.name !== name)
    : [...goals, { name, category, custom: false, amount: 0 }]
}

/** The plan (step 6): financial goals first (priority 1), then material ones; the first 4 show, then '+N more'. */
export function planGoals(goals: readonly OnboardingGoal[], shown = 4) {
  const ordered = [
    ...goals.filter((g) => g.category === 'financial'),
    ...goals.filter((g) => g.category === 'material'),
  ]
  return {
    financial: goals.filter((g) => g.category === 'financial'),
    material: goals.filter((g) => g.category === 'material'),
    shown: ordered.slice(0, shown),
    more: Math.max(0, ordered.length - shown),
  }
}

/** Step 3: digits only (spaces and dashes allowed while typing), 10 to 15 of them. */
export function whatsappDigits(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '')
  return /^\d{10,15}$/.test(compact) ? compact : null
}

export interface ProfileInput {
  name: string
  age: string
  income: string
  savings: string
}
export type ProfileErrors = Partial<Record<keyof ProfileInput, string>>

/** Step 4's field errors; empty when the profile may be saved. Numbers are as typed. */
export function profileErrors(input: ProfileInput): ProfileErrors {
  const errors: ProfileErrors = {}
  if (!input.name.trim()) errors.name = ONBOARDING_MESSAGES.nameRequired
  const income = Number(input.income)
  if (!input.income.trim() || !Number.isFinite(income) || income <= 0)
    errors.income = ONBOARDING_MESSAGES.incomeRequired
  if (input.age.trim()) {
    const age = Number(input.age)
    if (!Number.isInteger(age) || age < 18 || age > 100) errors.age = ONBOARDING_MESSAGES.ageRange
  }
  if (input.savings.trim()) {
    const savings = Number(input.savings)
    if (!Number.isFinite(savings) || savings < 0) errors.savings = ONBOARDING_MESSAGES.savingsNegative
  }
  return errors
}

/** What onboarding keeps in session storage while it runs (spec §3 'Onboarding data'). */
export const OnboardingData = z.object({
  primaryGoal: z.string().max(40).nullable().default(null),
  selectedGoals: z.array(z.enum(PRIMARY_GOALS.map((g) => g.id) as [PrimaryGoalId, ...PrimaryGoalId[]])).default([]),
  userType: z.enum(['type_a', 'type_b']).default('type_b'),
  countryCode: z.string().max(4).default('91'),
  whatsappNumber: z.string().max(20).default(''),
  profile: z
    .object({
      name: z.string().max(100).default(''),
      age: z.string().max(5).default(''),
      income: z.string().max(20).default(''),
      savings: z.string().max(20).default(''),
      currency: z.enum(ONBOARDING_CURRENCIES).default('INR'),
    })
    .default({ name: '', age: '', income: '', savings: '', currency: 'INR' }),
  goals: z.array(OnboardingGoal).max(50).default([]),
  firstExpense: z
    .object({
      amount: z.string().max(20),
      category: z.string().max(60),
      date: z.string().max(10),
      description: z.string().max(500),
    })
    .nullable()
    .default(null),
  firstBudget: z
    .object({ category: z.string().max(60), limit: z.string().max(20), period: z.enum(ONBOARDING_BUDGET_PERIODS) })
    .nullable()
    .default(null),
})
export type OnboardingData = z.infer<typeof OnboardingData>

export const OnboardingState = z.object({
  step: z.number().int().min(0).max(LAST_STEP).catch(0),
  data: OnboardingData.catch(() => OnboardingData.parse({})),
})
export type OnboardingState = z.infer<typeof OnboardingState>

/** Reads the stored state; anything unreadable starts over at step 0. */
export function parseOnboardingState(json: string | null): OnboardingState {
  if (!json) return { step: 0, data: OnboardingData.parse({}) }
  try {
    return OnboardingState.parse(JSON.parse(json))
  } catch {
    return { step: 0, data: OnboardingData.parse({}) }
  }
}
