import type { Paise } from '../money/money'
import { inWindow, localWeekWindow } from './periods'
import type { LedgerEntry } from './totals'

export interface WeeklyTrend {
  thisWeek: Paise
  lastWeek: Paise
  /** thisWeek − lastWeek: positive means spending went up. */
  change: Paise
  /** Change against last week in whole percent, or null when last week had no spending. */
  percent: number | null
}

/** This local week's spending (Monday to now) against all of last week's. */
export function weeklyTrend(entries: Iterable<LedgerEntry>, now: number): WeeklyTrend {
  const current = localWeekWindow(now)
  const previous = localWeekWindow(current.start - 1)
  let thisWeek = 0
  let lastWeek = 0
  for (const e of entries) {
    if (e.type !== 'expense') continue
    if (inWindow(e.date, current)) thisWeek += e.amount
    else if (inWindow(e.date, previous)) lastWeek += e.amount
  }
  const change = thisWeek - lastWeek
  return { thisWeek, lastWeek, change, percent: lastWeek === 0 ? null : Math.round((change / lastWeek) * 100) }
}
