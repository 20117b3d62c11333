/**
 * Dates in messages: what people type ("kal", "yesterday", "12/11", "3 days ago") and what banks
 * print ("25-11-26", "30-NOV-26", "25Nov26", "2026-11-25:14:22:10", "25 November 2026 at 02:22 PM").
 * Pure: turning a date into a timestamp takes "now" as an argument (resolveEntryDate).
 */
import { DATE_WORDS } from './keywords'

/** Relative ("3 days ago") or calendar (day/month, the year and time of day when given). */
export type EntryDate =
  { daysAgo: number } | { day: number; month: number; year?: number; hour?: number; minute?: number }

export interface DateMention {
  /** null when the mention names no real day (31/02). */
  date: EntryDate | null
  start: number
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|' +
  'nov(?:ember)?|dec(?:ember)?)'
/** An optional time of day right after a date: "14:22:10", ", 14:22", " at 02:22 PM IST". */
const TIME = String.raw`(?:[\s,:]*(?:at\s*)?(\d{1,2}):(\d{2})(?::\d{2})?(?:\s*([ap])\.?m\.?)?(?:\s*(?:hrs|ist))?)?`

const DAYS_AGO_OF = new Map(DATE_WORDS.map(([word, daysAgo]) => [word, daysAgo]))

const PATTERNS: readonly { re: RegExp; read: (m: RegExpExecArray) => EntryDate | null }[] = [
  {
    // ISO, as HDFC prints card spends: 2026-11-25:14:22:10
    re: new RegExp(String.raw`(?<![\p{N}])(\d{4})-(\d{1,2})-(\d{1,2})(?![\p{N}])${TIME}`, 'gu'),
    read: (m) => calendar(m[3], m[2], m[1], m[4], m[5], m[6]),
  },
  {
    // 25-Nov-26, 25Nov26, 30-NOV-2026, 25 November 2026
    re: new RegExp(
      String.raw`(?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th)?[\s\-/.,]*${MONTH_WORD}(?![\p{L}])` +
        String.raw`(?:[\s\-/.,']*((?:19|20)\d{2}|\d{2})(?![\p{N}]))?${TIME}`,
      'gu',
    ),
    read: (m) => calendar(m[1], monthNumber(m[2]), m[3], m[4], m[5], m[6]),
  },
  {
    // Nov 25, 2026
    re: new RegExp(
      String.raw`(?<![\p{L}])${MONTH_WORD}\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s*((?:19|20)\d{2}))?(?![\p{N}])${TIME}`,
      'gu',
    ),
    read: (m) => calendar(m[2], monthNumber(m[1]), m[3], m[4], m[5], m[6]),
  },
  {
    // Indian order with a year: 25/11/2026, 25-11-26, 25.11.26
    re: new RegExp(String.raw`(?<![\p{N}.,:/-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\p{N}])${TIME}`, 'gu'),
    read: (m) => calendar(m[1], m[3], m[4], m[5], m[6], m[7]),
  },
  {
    // Day/month without a year, as typed: 12/11, 12-11. Not glued to other digits.
    re: /(?<![\p{N}.,:/-])(\d{1,2})([/-])(\d{1,2})(?![\p{N}]|[/.:-]\d)/gu,
    read: (m) => calendar(m[1], m[3]),
  },
  {
    re: /(?<![\p{N}.,])(\d{1,3})\s*(?:days?|din)\s+(?:ago|back|pehle|pahle)(?![\p{L}\p{N}])/gu,
    read: (m) => ({ daysAgo: Number(m[1]) }),
  },
  {
    // Relative words, longest first so "day before yesterday" is not read as "yesterday".
    re: new RegExp(`(?<![\\p{L}\\p{N}])(${DATE_WORDS.map(([w]) => w).join('|')})(?![\\p{L}\\p{N}])`, 'gu'),
    read: (m) => ({ daysAgo: DAYS_AGO_OF.get(m[1] ?? '') ?? 0 }),
  },
]

/** A time of day on its own ("10:30", "2:15 pm"): never an amount, and not a date either. */
const LONE_TIME = /(?<![\p{N}.,:])\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?(?![\p{N}])/gu

function monthNumber(word: string | undefined): string {
  const index = MONTHS.findIndex((m) => word?.startsWith(m))
  return String(index + 1)
}

export function isValidCalendarDate(day: number, month: number, year?: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  // Without a year, 29 February is allowed (resolveEntryDate finds the last leap year).
  const daysInMonth = new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate()
  return day <= daysInMonth
}

function calendar(
  d: string | undefined,
  m: string | undefined,
  y?: string,
  hh?: string,
  mm?: string,
  half?: string,
): EntryDate | null {
  const day = Number(d)
  const month = Number(m)
  const year = y === undefined ? undefined : y.length === 2 ? 2000 + Number(y) : Number(y)
  if (!isValidCalendarDate(day, month, year)) return null
  const date: EntryDate = year === undefined ? { day, month } : { day, month, year }
  if (hh === undefined || mm === undefined) return date
  let hour = Number(hh)
  const minute = Number(mm)
  if (half === 'p' && hour < 12) hour += 12
  if (half === 'a' && hour === 12) hour = 0
  return hour < 24 && minute < 60 ? { ...date, hour, minute } : date
}

const blank = (s: string) => ' '.repeat(s.length)

/**
 * Every date mention in `text` (lowercase), in the order they appear, and the text with each
 * mention (and every lone time of day) blanked out, positions kept.
 */
export function findDates(text: string): { mentions: DateMention[]; rest: string } {
  const mentions: DateMention[] = []
  let rest = text
  for (const { re, read } of PATTERNS) {
    for (const m of rest.matchAll(re)) {
      mentions.push({ date: read(m), start: m.index })
      rest = rest.slice(0, m.index) + blank(m[0]) + rest.slice(m.index + m[0].length)
    }
  }
  rest = rest.replace(LONE_TIME, blank)
  mentions.sort((a, b) => a.start - b.start)
  return { mentions, rest }
}

/** Same day (and time, when both name one). */
export function sameDate(a: EntryDate, b: EntryDate): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The timestamp (ms) of a parsed date in the runtime's local time zone, relative to `now`.
 * Today keeps the current time of day; other days are their local midnight, or the time the
 * message gives. A day/month without a year is the most recent such day not after today
 * ("12/11" sent in January is last November; "29/02" is the last leap day).
 */
export function resolveEntryDate(date: EntryDate, now: number): number {
  const today = new Date(now)
  if ('daysAgo' in date) {
    if (date.daysAgo === 0) return now
    // setDate handles month/year boundaries and DST shifts.
    return new Date(today.getFullYear(), today.getMonth(), today.getDate() - date.daysAgo).getTime()
  }
  const at = (year: number) => new Date(year, date.month - 1, date.day, date.hour ?? 0, date.minute ?? 0).getTime()
  if (date.year !== undefined) return at(date.year)
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
  for (let year = today.getFullYear(); year > today.getFullYear() - 8; year--) {
    if (!isValidCalendarDate(date.day, date.month, year)) continue
    if (new Date(year, date.month - 1, date.day).getTime() <= startOfToday) return at(year)
  }
  // Unreachable for valid dates (a leap day occurs within 8 years); fall back to today.
  return now
}

/**
 * The local midnight of the day a date names from today on: a mandate's "on 28-11" is ahead,
 * not behind (resolveEntryDate looks back). Today for a relative date or none.
 */
export function upcomingDate(date: EntryDate | undefined, now: number): number {
  const today = new Date(now)
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
  if (!date || 'daysAgo' in date) return start
  if (date.year !== undefined) return new Date(date.year, date.month - 1, date.day).getTime()
  for (let year = today.getFullYear(); year < today.getFullYear() + 8; year++) {
    const day = new Date(year, date.month - 1, date.day).getTime()
    if (isValidCalendarDate(date.day, date.month, year) && day >= start) return day
  }
  return start
}
