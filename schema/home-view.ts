// zod/mini (6 KB against classic zod's 24 KB, gzipped): a cold start checks the saved home screen
// before it paints it, and classic zod is not loaded by then.
import * as z from 'zod/mini'
import { barColour, budgetStatus, type BudgetInput } from './calc/budget-status'
import type { LedgerEntry } from './calc/totals'

/**
 * What /home shows, as plain data: the live screen draws it from the database, and the last one
 * drawn is kept per user (src/data/home-snapshot.ts) so the next cold start can paint it while the
 * database opens. Computed text that depends on "now" (due dates, relative times) is not stored:
 * it is worked out again when drawn.
 */

/** Spec part 1 §9: 5 recent transactions, 3 budgets; the home screen's bars turn red above 80 %. */
export const HOME_RECENT_COUNT = 5
export const HOME_BUDGET_COUNT = 3
export const HOME_INSIGHT_COUNT = 3
export const HOME_DANGER_PERCENT = 80
/** More due payments than any reminder window holds in practice; the card lists them all. */
const HOME_DUE_MAX = 50

const Money = z.int()

export const HomeFigures = z.object({
  income: Money,
  expenses: Money,
  balance: Money,
  thisWeek: Money,
  /** The month's entries left out of the figures: another currency and no rate. */
  notConverted: z.optional(z.int()),
  trend: z.object({ direction: z.enum(['up', 'down', 'same', 'none']), text: z.string().check(z.maxLength(80)) }),
})
export type HomeFigures = z.infer<typeof HomeFigures>

export const HomeBudgetLine = z.object({
  id: z.string().check(z.maxLength(100)),
  category: z.string().check(z.maxLength(60)),
  spent: Money,
  limit: Money,
  remaining: Money,
  overBy: Money,
  percent: z.int(),
  colour: z.enum(['red', 'yellow', 'green']),
})
export type HomeBudgetLine = z.infer<typeof HomeBudgetLine>

export const HomeDueLine = z.object({
  id: z.string().check(z.maxLength(100)),
  name: z.string().check(z.maxLength(100)),
  /** In the payment's own currency (absent: the home currency), with its rate to the home one. */
  amount: Money,
  currency: z.optional(z.string().check(z.length(3))),
  fxRate: z.optional(z.nullable(z.number())),
  fxHome: z.optional(z.string().check(z.length(3))),
  /** 'YYYY-MM-DD'. */
  nextDueDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
})
export type HomeDueLine = z.infer<typeof HomeDueLine>

export const HomeInsightLine = z.object({
  key: z.string().check(z.maxLength(200)),
  icon: z.enum(['risk', 'due', 'up', 'down', 'projection']),
  tone: z.enum(['up', 'down', 'warn', 'info']),
  text: z.string().check(z.maxLength(300)),
})
export type HomeInsightLine = z.infer<typeof HomeInsightLine>

export const HomeRecentRow = z.object({
  id: z.string().check(z.maxLength(100)),
  type: z.enum(['expense', 'income']),
  amount: Money,
  category: z.string().check(z.maxLength(60)),
  description: z.string().check(z.maxLength(500)),
  date: z.int(),
  /** The entry's own currency when it has one, and its rate (absent in snapshots saved before). */
  currency: z.optional(z.string().check(z.maxLength(3))),
  fxRate: z.optional(z.nullable(z.number())),
})
export type HomeRecentRow = z.infer<typeof HomeRecentRow>

export const HomeView = z.object({
  figures: HomeFigures,
  budgets: z.array(HomeBudgetLine).check(z.maxLength(HOME_BUDGET_COUNT)),
  due: z.array(HomeDueLine).check(z.maxLength(HOME_DUE_MAX)),
  insights: z.array(HomeInsightLine).check(z.maxLength(HOME_INSIGHT_COUNT)),
  recent: z.array(HomeRecentRow).check(z.maxLength(HOME_RECENT_COUNT)),
})
export type HomeView = z.infer<typeof HomeView>

/** A budget's line on /home: its status in its current window and the bar's colour. */
export function homeBudgetLine(
  budget: BudgetInput & { id: string },
  entries: Iterable<LedgerEntry>,
  now: number,
): HomeBudgetLine {
  const status = budgetStatus(budget, entries, now)
  return {
    id: budget.id,
    category: budget.category,
    ...status,
    colour: barColour(status.spent, status.limit, HOME_DANGER_PERCENT),
  }
}

/** The fields of a transaction a recent row draws (nothing else of the document is kept). */
export function homeRecentRow(tx: HomeRecentRow): HomeRecentRow {
  return {
    id: tx.id,
    type: tx.type,
    amount: tx.amount,
    category: tx.category,
    description: tx.description,
    date: tx.date,
    ...(tx.currency ? { currency: tx.currency, fxRate: tx.fxRate ?? null } : {}),
  }
}

/** The due-soon payments as the card draws them. */
export function homeDueLine(p: HomeDueLine): HomeDueLine {
  const { id, name, amount, nextDueDate, currency, fxRate, fxHome } = p
  return {
    id,
    name,
    amount,
    nextDueDate,
    ...(currency ? { currency, fxRate: fxRate ?? null } : {}),
    ...(fxHome ? { fxHome } : {}),
  }
}
