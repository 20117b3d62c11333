import type { DocOf } from './collections'
import { newTransaction } from './entities/transaction'
import { nextDueDay } from './calc/recurrence'
import { toDayString } from './time'
import { DEMO_OWNER } from './demo-owner'

export interface DemoData {
  transactions: DocOf<'transactions'>[]
  budgets: DocOf<'budgets'>[]
  recurring_payments: DocOf<'recurring_payments'>[]
  profile: DocOf<'profile'>[]
}

/** A month of a plausible Bengaluru salary earner, in rupees; repeated with variation for each month. */
const MONTHLY_PATTERN: readonly {
  day: number
  type: 'expense' | 'income'
  rupees: number
  category: string
  description: string
}[] = [
  { day: 1, type: 'income', rupees: 85_000, category: 'Salary', description: 'Salary credited' },
  { day: 2, type: 'expense', rupees: 22_000, category: 'Bills & Utilities', description: 'House rent' },
  { day: 3, type: 'expense', rupees: 2_340, category: 'Food & Dining', description: 'Groceries at BigBasket' },
  { day: 5, type: 'expense', rupees: 1_180, category: 'Bills & Utilities', description: 'Electricity bill' },
  { day: 6, type: 'expense', rupees: 450, category: 'Transportation', description: 'Metro card recharge' },
  { day: 8, type: 'expense', rupees: 649, category: 'Entertainment', description: 'Netflix' },
  { day: 9, type: 'expense', rupees: 380, category: 'Food & Dining', description: 'Swiggy dinner' },
  { day: 11, type: 'expense', rupees: 1_850, category: 'Shopping', description: 'Shoes' },
  { day: 12, type: 'income', rupees: 12_000, category: 'Freelance', description: 'Logo design project' },
  { day: 14, type: 'expense', rupees: 720, category: 'Healthcare', description: 'Pharmacy' },
  { day: 15, type: 'expense', rupees: 2_100, category: 'Food & Dining', description: 'Weekend groceries' },
  { day: 17, type: 'expense', rupees: 260, category: 'Transportation', description: 'Auto to office' },
  { day: 19, type: 'expense', rupees: 999, category: 'Education', description: 'Online course' },
  { day: 21, type: 'expense', rupees: 540, category: 'Food & Dining', description: 'Lunch with team' },
  { day: 23, type: 'expense', rupees: 300, category: 'Personal Care', description: 'Haircut' },
  { day: 25, type: 'expense', rupees: 1_600, category: 'Transportation', description: 'Petrol' },
  { day: 27, type: 'expense', rupees: 4_500, category: 'Travel', description: 'Train tickets home' },
]

/** A small deterministic variation (±15 %) so months differ but every run shows the same numbers. */
function vary(rupees: number, seed: number): number {
  const factor = 0.85 + (((seed * 9301 + 49297) % 233280) / 233280) * 0.3
  return Math.max(1, Math.round(rupees * factor))
}

/** Three months of MONTHLY_PATTERN up to `now` (salary fixed, the rest varied). */
function demoTransactions(now: number): DocOf<'transactions'>[] {
  const today = new Date(now)
  const transactions: DocOf<'transactions'>[] = []
  for (let back = 2; back >= 0; back--) {
    const month = new Date(today.getFullYear(), today.getMonth() - back, 1)
    for (const [i, entry] of MONTHLY_PATTERN.entries()) {
      const date = new Date(month.getFullYear(), month.getMonth(), entry.day, 9 + (i % 10), (i * 7) % 60).getTime()
      if (date > now) continue
      const rupees =
        entry.type === 'income' && entry.category === 'Salary' ? entry.rupees : vary(entry.rupees, back * 100 + i)
      const { type, category, description } = entry
      const content = { type, amount: rupees * 100, category, description, date, origin: 'demo' as const }
      transactions.push(newTransaction(content, { id: `demo-t-${back}-${i}`, ownerId: DEMO_OWNER, updatedAt: now }))
    }
  }
  return transactions
}

/**
 * Sample data for the public demo: three months of transactions up to `now` (nothing in the
 * future), three budgets, three recurring payments and a profile. Pure and deterministic for
 * a given `now`; every amount is whole paise.
 */
export function demoData(now: number): DemoData {
  const budget = (id: string, category: string, rupees: number, allocatedRupees: number): DocOf<'budgets'> => ({
    id,
    ownerId: DEMO_OWNER,
    updatedAt: now,
    category,
    amount: rupees * 100,
    period: 'monthly',
    allocated: allocatedRupees * 100,
    refusedAllocation: 0,
    createdAt: now - 90 * 86_400_000,
  })
  const due = (daysAhead: number) => toDayString(now + daysAhead * 86_400_000)
  const recurring = (
    id: string,
    name: string,
    rupees: number,
    category: string,
    firstDue: string,
  ): DocOf<'recurring_payments'> => ({
    id,
    ownerId: DEMO_OWNER,
    updatedAt: now,
    name,
    amount: rupees * 100,
    category,
    frequency: 'monthly',
    dueDate: firstDue,
    nextDueDate: firstDue,
    reminderDays: 3,
  })
  return {
    transactions: demoTransactions(now),
    budgets: [
      budget('demo-b-food', 'Food & Dining', 8_000, 8_000),
      budget('demo-b-transport', 'Transportation', 3_000, 2_500),
      budget('demo-b-shopping', 'Shopping', 2_500, 2_000),
    ],
    recurring_payments: [
      recurring('demo-r-rent', 'House rent', 22_000, 'Bills & Utilities', due(2)),
      recurring('demo-r-netflix', 'Netflix', 649, 'Entertainment', due(6)),
      recurring('demo-r-sip', 'Mutual fund SIP', 5_000, 'Others', nextDueDay(due(-10), 'monthly')),
    ],
    profile: [
      {
        id: DEMO_OWNER,
        ownerId: DEMO_OWNER,
        updatedAt: now,
        currency: 'INR',
        customCategories: [],
        monthlyIncome: 85_000 * 100,
        hideBalance: false,
        monthlyReportByWhatsapp: false,
        userType: 'type_b',
        upiId: '',
        age: null,
        savings: 0,
        goals: [],
      },
    ],
  }
}
