/**
 * Reports benchmark (pure functions in node): the month report and the 12-month trend over 100k
 * generated transactions, and the status of a set of budgets over the same 100k. Target: month
 * report + trend ≤ 100 ms. Each figure is the median of several runs after a warm-up.
 */
import { performance } from 'node:perf_hooks'
import { budgetStatus, type BudgetInput } from '../schema/calc/budget-status'
import { monthReport, monthWindow, trendBuckets, yearMonthOf } from '../schema/calc/report'
import type { LedgerEntry } from '../schema/calc/totals'
import { EXPENSE_CATEGORIES as CATEGORIES } from '../schema/categories'

const DAY = 86_400_000

/** `n` transactions spread over the two years before `now` (one in six is income), deterministic. */
export function generateLedger(n: number, now: number): LedgerEntry[] {
  let x = 0x2545f491
  const next = () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 2 ** 32
  }
  return Array.from({ length: n }, () => {
    const income = next() < 1 / 6
    return {
      type: income ? 'income' : 'expense',
      amount: 100 + Math.floor(next() * 2_000_000),
      category: income ? 'Salary' : CATEGORIES[Math.floor(next() * CATEGORIES.length)]!,
      date: now - Math.floor(next() * 730 * DAY),
    } satisfies LedgerEntry
  })
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function time(run: () => unknown, runs = 7): number {
  run()
  const samples: number[] = []
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now()
    run()
    samples.push(performance.now() - start)
  }
  return Math.round(median(samples) * 100) / 100
}

export interface ReportsBench {
  /** The month report: the month's entries picked from all 100k (as the date-index query would) and aggregated. */
  reportMs: number
  /** The 12-month trend buckets over all 100k entries. */
  trendMs: number
  /** Ten budgets (every period) over all 100k entries. */
  budgetStatusMs: number
  budgets: number
  docs: number
}

export function benchReports(n = 100_000, now = Date.now()): ReportsBench {
  const entries = generateLedger(n, now)
  const ym = yearMonthOf(now)
  const { start, end } = monthWindow(ym)
  const budgets: BudgetInput[] = CATEGORIES.map((category, i) => ({
    category,
    amount: 50_000_00,
    period: (['daily', 'weekly', 'monthly', 'yearly', 'one-time'] as const)[i % 5]!,
    createdAt: now - 200 * DAY,
  }))
  let sink = 0
  const reportMs = time(() => {
    const report = monthReport(entries.filter((e) => e.date >= start && e.date < end))
    sink += report.expenses
  })
  const trendMs = time(() => {
    sink += trendBuckets(entries, ym).length
  })
  const budgetStatusMs = time(() => {
    for (const b of budgets) sink += budgetStatus(b, entries, now).spent
  })
  if (sink === 0) throw new Error('nothing was computed')
  return { reportMs, trendMs, budgetStatusMs, budgets: budgets.length, docs: n }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(benchReports())
