/**
 * Calendar arithmetic in a named IANA time zone, for work that happens away from the user's device
 * (the server's reminders). The app's own calculations use the device's local time (schema/time.ts);
 * these give the same answers when the zone is the device's, whatever the zone the process runs in.
 */
import type { BudgetPeriod } from '../entities/budget'
import type { Window } from './periods'

export interface ZonedParts {
  year: number
  /** 0–11, as Date's. */
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** 0 = Sunday, as Date's. */
  weekday: number
}

const DAY_MS = 86_400_000
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/**
 * Old IANA names that browsers still report (ICU keeps them canonical), by their current names:
 * an Indian phone says "Asia/Calcutta", which its owner knows as Kolkata.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
}

/** A zone by its current IANA name (the same zone: only the name changes). */
export function currentZoneName(zone: string): string {
  return RENAMED_ZONES[zone] ?? zone
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone)
    return true
  } catch {
    return false
  }
}

/** The wall clock in `timeZone` at `ms`. */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {}
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month) - 1,
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  }
}

/** How far the zone's wall clock is ahead of UTC at `ms` (whole seconds, in ms). */
function offsetAt(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone)
  const wall = Date.UTC(p.year, p.month, p.day, p.hour, p.minute, p.second)
  return wall - Math.floor(ms / 1000) * 1000
}

/**
 * The instant the zone's wall clock shows this date and time. Days and months overflow as in
 * Date.UTC (day 32 is the next month's 1st). A wall time shown twice (autumn) is its first
 * instant; one skipped by a daylight-saving change is the instant after the change, so a day
 * that starts at 01:00 (DST at midnight) starts then, never on the day before.
 */
export function zonedTime(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(year, month, day, hour, minute)
  const first = wall - offsetAt(wall, timeZone)
  const second = wall - offsetAt(first, timeZone)
  if (second + offsetAt(second, timeZone) === wall) return second
  if (first + offsetAt(first, timeZone) === wall) return first
  // In a gap: both guesses land beside it; the later one is the instant the clock jumped to.
  return Math.max(first, second)
}

/** Midnight (the day's first instant) of the zone's calendar day containing `ms`. */
export function zonedStartOfDay(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone)
  return zonedTime(timeZone, p.year, p.month, p.day)
}

/** 'YYYY-MM-DD' of the zone's calendar day containing `ms`. */
export function zonedDayString(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone)
  return `${String(p.year).padStart(4, '0')}-${String(p.month + 1).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}

/** Whole calendar days from the zone's day of `now` to the day 'YYYY-MM-DD' (0 = today, negative = past). */
export function zonedDaysUntil(day: string, now: number, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const p = zonedParts(now, timeZone)
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(p.year, p.month, p.day)) / DAY_MS)
}

/** The zone's current window of a budget period: as budgetWindow, with the zone's calendar. */
export function zonedBudgetWindow(period: BudgetPeriod, now: number, createdAt: number, timeZone: string): Window {
  const p = zonedParts(now, timeZone)
  const at = (y: number, m: number, d: number) => zonedTime(timeZone, y, m, d)
  switch (period) {
    case 'daily':
      return { start: at(p.year, p.month, p.day), end: at(p.year, p.month, p.day + 1) }
    case 'weekly': {
      // Weeks start on Monday, as in the app (periods.ts).
      const monday = p.day - ((p.weekday + 6) % 7)
      return { start: at(p.year, p.month, monday), end: at(p.year, p.month, monday + 7) }
    }
    case 'monthly':
      return { start: at(p.year, p.month, 1), end: at(p.year, p.month + 1, 1) }
    case 'yearly':
      return { start: at(p.year, 0, 1), end: at(p.year + 1, 0, 1) }
    case 'one-time':
      return { start: zonedStartOfDay(createdAt, timeZone), end: Number.MAX_SAFE_INTEGER }
  }
}
