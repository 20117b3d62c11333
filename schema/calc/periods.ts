import { fromDayString, localMonthWindow, startOfLocalDay } from '../time'

/** A half-open time window [start, end) in ms. */
export interface Window {
  start: number
  end: number
}

export const PERIOD_FILTERS = ['all', 'today', 'week', 'month', 'custom'] as const
export type PeriodFilter = (typeof PERIOD_FILTERS)[number]

const DAY = 86_400_000

/** [start, end) of the local calendar day after `ms`'s day, DST-safe (days are not always 24 h). */
function nextLocalDay(ms: number): number {
  const d = new Date(startOfLocalDay(ms))
  d.setDate(d.getDate() + 1)
  return d.getTime()
}

/** Monday 00:00 local of the week containing `ms` (weeks start on Monday, as in India). */
export function startOfLocalWeek(ms: number): number {
  const d = new Date(startOfLocalDay(ms))
  const sinceMonday = (d.getDay() + 6) % 7
  d.setDate(d.getDate() - sinceMonday)
  return d.getTime()
}

export function localWeekWindow(ms: number): Window {
  const start = startOfLocalWeek(ms)
  const end = new Date(start)
  end.setDate(end.getDate() + 7)
  return { start, end: end.getTime() }
}

/**
 * The window a /transactions period filter selects, in the user's local time. `custom` takes
 * 'YYYY-MM-DD' days; its end day is inclusive (to the end of that day). Returns null for `all`
 * or for a custom range with a missing or unreadable bound (that bound is then open).
 */
export function periodWindow(
  filter: PeriodFilter,
  now: number,
  custom: { from?: string; to?: string } = {},
): Window | null {
  switch (filter) {
    case 'all':
      return null
    case 'today':
      return { start: startOfLocalDay(now), end: nextLocalDay(now) }
    case 'week':
      return localWeekWindow(now)
    case 'month':
      return localMonthWindow(now)
    case 'custom': {
      const from = custom.from ? fromDayString(custom.from) : NaN
      const to = custom.to ? fromDayString(custom.to) : NaN
      if (Number.isNaN(from) && Number.isNaN(to)) return null
      return {
        start: Number.isNaN(from) ? 0 : from,
        end: Number.isNaN(to) ? Number.MAX_SAFE_INTEGER : nextLocalDay(to),
      }
    }
  }
}

export function inWindow(ms: number, window: Window | null): boolean {
  return window === null || (ms >= window.start && ms < window.end)
}

/** Whole local days from `from`'s day to `to`'s day (negative when `to` is earlier). */
export function localDaysBetween(from: number, to: number): number {
  return Math.round((startOfLocalDay(to) - startOfLocalDay(from)) / DAY)
}
