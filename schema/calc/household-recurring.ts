import type { HouseholdFrequency } from '../entities/household'

/** When a recurring household expense falls (days are 'YYYY-MM-DD', compared as strings). */
export interface RecurringSchedule {
  frequency: HouseholdFrequency
  /** Monthly and yearly: the day of the month, clamped to the month's last day (31 → 30 Apr, 28/29 Feb). */
  dayOfMonth: number
  startDate: string
  /** '' = no end. */
  endDate: string
}

const DAY_MS = 86_400_000

function utcDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d)
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

function clampedDay(year: number, month: number, dayOfMonth: number): string {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return dayOf(Date.UTC(year, month, Math.min(dayOfMonth, last)))
}

/** The schedule's days on or after `from`, in order, without end unless the schedule has one. */
function* occurrencesFrom(s: RecurringSchedule, from: string): Generator<string> {
  const first = from > s.startDate ? from : s.startDate
  const start = utcDay(s.startDate)
  const begin = new Date(utcDay(first))
  let year = begin.getUTCFullYear()
  let month = begin.getUTCMonth()
  let week = Math.ceil((utcDay(first) - start) / (7 * DAY_MS))
  for (;;) {
    let day: string
    if (s.frequency === 'weekly') day = dayOf(start + week++ * 7 * DAY_MS)
    else if (s.frequency === 'monthly') {
      day = clampedDay(year, month, s.dayOfMonth)
      year += month === 11 ? 1 : 0
      month = (month + 1) % 12
    } else {
      day = clampedDay(year++, new Date(start).getUTCMonth(), s.dayOfMonth)
    }
    if (s.endDate && day > s.endDate) return
    if (day >= first) yield day
  }
}

/** The day after 'YYYY-MM-DD'. */
export function dayAfter(day: string): string {
  return dayOf(utcDay(day) + DAY_MS)
}

/**
 * The occurrence days `d` with `after` < d ≤ `through` (`after` '' = from the start), in order,
 * at most `limit` of them: what a run on `through` adds when the previous run handled `after`.
 * Runs that split a range anywhere produce together exactly what one run over it produces.
 */
export function occurrencesBetween(s: RecurringSchedule, after: string, through: string, limit = 1000): string[] {
  const days: string[] = []
  if (through < s.startDate) return days
  for (const day of occurrencesFrom(s, after ? dayAfter(after) : s.startDate)) {
    if (day > through || days.length >= limit) break
    days.push(day)
  }
  return days
}

/** The next `count` occurrence days after `after` (fewer when the schedule ends first). */
export function nextOccurrences(s: RecurringSchedule, after: string, count: number): string[] {
  const days: string[] = []
  if (count <= 0) return days
  for (const day of occurrencesFrom(s, dayAfter(after))) {
    days.push(day)
    if (days.length >= count) break
  }
  return days
}

/**
 * The id of the expense a rule adds on a day: the same on every run, instance and restart, so
 * adding it only when absent adds it exactly once (a deleted one stays deleted: its tombstone holds the id).
 */
export function occurrenceId(ruleId: string, day: string): string {
  return `${ruleId}-${day.replaceAll('-', '')}`
}

/** The day before 'YYYY-MM-DD'. */
export function dayBefore(day: string): string {
  return dayOf(utcDay(day) - DAY_MS)
}

/**
 * The next day a rule adds an expense, seen on `today`: today's counts while the server has not
 * added it yet; null once the schedule is over.
 */
export function nextOccurrenceOf(rule: RecurringSchedule & { addedThrough: string }, today: string): string | null {
  const yesterday = dayBefore(today)
  return nextOccurrences(rule, rule.addedThrough > yesterday ? rule.addedThrough : yesterday, 1)[0] ?? null
}
