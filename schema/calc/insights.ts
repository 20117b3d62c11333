import type { BudgetPeriod } from '../entities/budget'
import type { Frequency } from '../entities/recurring'
import { entryCurrency, type HomeCurrency } from '../money/currency'
import { DEFAULT_CURRENCY, formatMoney, type Paise } from '../money/money'
import { fromDayString, startOfLocalDay } from '../time'
import { budgetWindow, type BudgetInput } from './budget-status'
import { inWindow, localDaysBetween } from './periods'
import { monthWindow, shiftMonth, yearMonthOf } from './report'
import { inHomeCurrency, type LedgerEntry } from './totals'

/**
 * Insights computed from the user's own entries only: plain arithmetic on what was recorded,
 * worded as such. Every function returns nothing (null or []) rather than a guess when the data
 * does not support a statement.
 */

/** How many previous months the category comparison looks back at. */
export const AVERAGE_MONTHS = 3
/** A category is mentioned when it is at least this many percent above or below its average. */
export const NOTABLE_PERCENT = 10

export interface CategoryComparison {
  category: string
  /** Spent this month so far. */
  current: Paise
  /** Average monthly spending over the previous `months` months that have any entry. */
  average: Paise
  /** How many previous months (1–3) the average is over. */
  months: number
  /** (current − average) ÷ average in whole percent, rounded half away from zero. */
  percent: number
}

/**
 * This month's spending per category against its average over the previous three months. Only
 * months with at least one entry count (a new user's empty months would drag the average
 * down); with none there is no comparison. Categories are listed when they differ by at least
 * NOTABLE_PERCENT and had spending before, largest difference first.
 */
export function categoryVsAverage(entries: Iterable<LedgerEntry>, now: number, limit = 3): CategoryComparison[] {
  const current = monthWindow(yearMonthOf(now))
  const previous = Array.from({ length: AVERAGE_MONTHS }, (_, i) => monthWindow(shiftMonth(yearMonthOf(now), -(i + 1))))
  const active = new Set<number>()
  const now$ = new Map<string, Paise>()
  const past = new Map<string, Paise>()
  for (const e of entries) {
    if (inWindow(e.date, current)) {
      if (e.type === 'expense' && e.date <= now) now$.set(e.category, (now$.get(e.category) ?? 0) + e.amount)
      continue
    }
    const index = previous.findIndex((w) => inWindow(e.date, w))
    if (index < 0) continue
    active.add(index)
    if (e.type === 'expense') past.set(e.category, (past.get(e.category) ?? 0) + e.amount)
  }
  const months = active.size
  if (months === 0) return []
  const rows: CategoryComparison[] = []
  for (const [category, spent] of now$) {
    const total = past.get(category) ?? 0
    if (total <= 0) continue
    const average = Math.round(total / months)
    const exact = ((spent - average) * 100) / average
    const percent = Math.sign(exact) * Math.round(Math.abs(exact))
    if (Math.abs(percent) >= NOTABLE_PERCENT) rows.push({ category, current: spent, average, months, percent })
  }
  return rows
    .sort((a, b) => Math.abs(b.percent) - Math.abs(a.percent) || a.category.localeCompare(b.category))
    .slice(0, limit)
}

/** 'your 3-month average', 'your 2-month average', 'last month'. */
export function averageLabel(months: number): string {
  return months === 1 ? 'last month' : `your ${months}-month average`
}

/** 'Food & Dining: ₹6,200 so far, 40% above your 3-month average'. */
export function describeComparison(c: CategoryComparison, currency?: string): string {
  const direction = c.percent > 0 ? 'above' : 'below'
  const against = c.months === 1 ? 'what you spent last month' : averageLabel(c.months)
  return `${c.category}: ${formatMoney(c.current, currency)} so far, ${Math.abs(c.percent)}% ${direction} ${against}`
}

export interface MonthProjection {
  spentSoFar: Paise
  /** spentSoFar ÷ daysElapsed × daysInMonth; never below spentSoFar. */
  projected: Paise
  /** Days of the month so far, today included (1 on the 1st). */
  daysElapsed: number
  daysInMonth: number
}

/** Month-end spending at the pace so far, or null when nothing was spent yet. */
export function projectMonthEnd(spentSoFar: Paise, now: number): MonthProjection | null {
  if (spentSoFar <= 0) return null
  const d = new Date(now)
  const daysInMonth = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()
  const daysElapsed = d.getDate()
  const projected = Math.max(spentSoFar, Math.round((spentSoFar * daysInMonth) / daysElapsed))
  return { spentSoFar, projected, daysElapsed, daysInMonth }
}

export function describeProjection(p: MonthProjection, currency?: string): string {
  const days = p.daysElapsed === 1 ? '1 day' : `${p.daysElapsed} days`
  return (
    `Projected month-end spending: ${formatMoney(p.projected, currency)} ` +
    `if you keep spending as in the first ${days} ` +
    `(${formatMoney(p.spentSoFar, currency)} so far). This is a projection, not a forecast.`
  )
}

export interface BudgetRisk {
  category: string
  period: BudgetPeriod
  spent: Paise
  limit: Paise
  /** Spending at the end of the period at the current pace (equal to spent when already over). */
  projected: Paise
  alreadyOver: boolean
}

/**
 * Budgets over their limit, or on course to be at the current pace: spent ÷ days elapsed (today
 * included) × days in the period. Daily budgets have no pace to speak of and one-time budgets
 * no end, so those two are listed only when already over.
 */
export function budgetsAtRisk(
  budgets: Iterable<BudgetInput>,
  entries: readonly LedgerEntry[],
  now: number,
): BudgetRisk[] {
  const risks: BudgetRisk[] = []
  for (const b of budgets) {
    const window = budgetWindow(b.period, now, b.createdAt)
    const category = b.category.toLowerCase()
    let spent = 0
    for (const e of entries)
      if (e.type === 'expense' && e.date <= now && e.category.toLowerCase() === category && inWindow(e.date, window))
        spent += e.amount
    if (spent > b.amount) {
      risks.push({
        category: b.category,
        period: b.period,
        spent,
        limit: b.amount,
        projected: spent,
        alreadyOver: true,
      })
      continue
    }
    if (spent === 0 || b.period === 'daily' || b.period === 'one-time') continue
    const elapsed = localDaysBetween(window.start, now) + 1
    const length = localDaysBetween(window.start, window.end - 1) + 1
    const projected = Math.round((spent * length) / elapsed)
    if (projected > b.amount)
      risks.push({ category: b.category, period: b.period, spent, limit: b.amount, projected, alreadyOver: false })
  }
  return risks.sort(
    (a, b) => Number(b.alreadyOver) - Number(a.alreadyOver) || b.projected * a.limit - a.projected * b.limit,
  )
}

const PERIOD_NOUN: Record<BudgetPeriod, string> = {
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  'one-time': 'one-time',
}

export function describeRisk(r: BudgetRisk, currency?: string): string {
  const period = PERIOD_NOUN[r.period]
  const limit = formatMoney(r.limit, currency)
  const spent = formatMoney(r.spent, currency)
  if (r.alreadyOver) {
    const over = formatMoney(r.spent - r.limit, currency)
    return `${r.category} is over its ${period} budget by ${over} (${spent} of ${limit}).`
  }
  const projected = formatMoney(r.projected, currency)
  return `${r.category} is on pace for ${projected} against a ${period} budget of ${limit} (${spent} spent so far).`
}

export interface DuePayment {
  name: string
  /** In `currency`, the payment's own (absent: the home currency). */
  amount: Paise
  currency?: string
  frequency: Frequency
  nextDueDate: string
  /** Days from today to the due day: negative when overdue, 0 today. */
  days: number
}

/** Window of the 'due this week' insight: today and the next 7 days (spec: upcoming is 1–7). */
export const DUE_SOON_DAYS = 7

/** Payments due within the next 7 days (overdue ones too), soonest first. */
export function paymentsDueSoon(
  payments: Iterable<{ name: string; amount: Paise; currency?: string; frequency: Frequency; nextDueDate: string }>,
  now: number,
): DuePayment[] {
  const today = startOfLocalDay(now)
  const due: DuePayment[] = []
  for (const p of payments) {
    const day = fromDayString(p.nextDueDate)
    if (Number.isNaN(day)) continue
    const days = localDaysBetween(today, day)
    if (days <= DUE_SOON_DAYS) {
      const { name, amount, currency, frequency, nextDueDate } = p
      due.push({ name, amount, ...(currency ? { currency } : {}), frequency, nextDueDate, days })
    }
  }
  return due.sort((a, b) => a.days - b.days || a.name.localeCompare(b.name))
}

const dueDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' })

/**
 * A due payment as a sentence; its amount in its own currency, else in the one it was made in (the
 * profile's legacy currency once the home one changed, else the home one), as every entry reads.
 */
export function describeDue(p: DuePayment, home: HomeCurrency = { currency: DEFAULT_CURRENCY }): string {
  const when =
    p.days < 0
      ? `overdue by ${-p.days === 1 ? '1 day' : `${-p.days} days`}`
      : p.days === 0
        ? 'due today'
        : p.days === 1
          ? 'due tomorrow'
          : `due in ${p.days} days`
  // In another currency than the home one, to the cent, as the rows show it.
  const code = entryCurrency(p, home)
  const amount = formatMoney(p.amount, code, code === home.currency ? undefined : { exact: true })
  return `${p.name}: ${amount} ${when} (${dueDate.format(fromDayString(p.nextDueDate))})`
}

export interface Insights {
  categories: CategoryComparison[]
  projection: MonthProjection | null
  risks: BudgetRisk[]
  due: DuePayment[]
  /** Entries left out of every figure: in another currency with no rate to the home currency. */
  notConverted: number
}

/**
 * All insights for `now`. `entries` must cover the previous three months, this month, and the
 * current window of every budget given (the caller's range query). Every figure is in the home
 * currency: entries are converted first, and those with no rate are left out and counted.
 */
export function buildInsights(
  all: readonly LedgerEntry[],
  budgets: readonly BudgetInput[],
  payments: Parameters<typeof paymentsDueSoon>[0],
  now: number,
  home: HomeCurrency,
): Insights {
  const { entries, notConverted } = inHomeCurrency(all, home)
  const month = monthWindow(yearMonthOf(now))
  let spentSoFar = 0
  for (const e of entries) if (e.type === 'expense' && e.date <= now && inWindow(e.date, month)) spentSoFar += e.amount
  return {
    categories: categoryVsAverage(entries, now),
    projection: projectMonthEnd(spentSoFar, now),
    risks: budgetsAtRisk(budgets, entries, now),
    // A payment is due in its own currency: it is named in it, not converted.
    due: paymentsDueSoon(
      [...payments].map((p) => ({ ...p, currency: entryCurrency(p, home) })),
      now,
    ),
    notConverted: notConverted.length,
  }
}

/** The window `buildInsights` needs for `now` (without budgets): start of three months back to this month's end. */
export function insightsWindow(now: number): { start: number; end: number } {
  const ym = yearMonthOf(now)
  return { start: monthWindow(shiftMonth(ym, -AVERAGE_MONTHS)).start, end: monthWindow(ym).end }
}
